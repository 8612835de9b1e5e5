/**
 * What is still owed on a project, in cents, as a SQL expression over the project row aliased `project`
 * (CONTRACT §12, decision 0038): the database function `project_owed_cents` (migration PaidIsDerived), the
 * one rule of what is owed — price, less the services paid with credits, less completed payments net of
 * their refunds, never below 0. `projects.is_paid` is its cache (`owed = 0`), kept by the database.
 */
export const owedCents = (project: string): string => `project_owed_cents(${project}.id, ${project}.price_cents)`;
