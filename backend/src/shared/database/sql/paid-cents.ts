/**
 * What a project's payments paid, net of their refunds, as a SQL expression over the project row aliased
 * `project`: completed payments less what was refunded of them (CONTRACT §11). The one place this rule is
 * written in SQL: project lists show what was paid with it (what is owed is `owedCents`).
 */
export const paidCents = (project: string): string => `coalesce((
  SELECT sum(pay.amount_cents - pay.refunded_cents) FROM payments pay
   WHERE pay.project_id = ${project}.id AND pay.status = 'completed'), 0)`;
