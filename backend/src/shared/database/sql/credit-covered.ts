/**
 * The money value of a project's services paid with credits, as a SQL expression over the project row
 * aliased `project` (spec §9: it is not owed in money). The one place this rule is written in SQL:
 * project lists and card payments read it (what is owed is `owedCents`).
 */
export const creditCoveredCents = (project: string): string => `coalesce((
  SELECT sum(ps.unit_price_cents * ps.quantity) FROM project_service_payments psp
    JOIN project_services ps ON ps.project_id = psp.project_id AND ps.service_id = psp.service_id
   WHERE psp.project_id = ${project}.id AND psp.paid_with_credits), 0)`;
