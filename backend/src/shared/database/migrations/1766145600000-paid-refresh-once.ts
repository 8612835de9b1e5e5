import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0038, cheaper: when payments or service lines change, each of their projects' owed amount is
 * worked out once to find the flags that are wrong, and the row's own trigger (which computes it from
 * the price whatever the writer put) writes the right one. The first version worked it out three times
 * a project, and for every project of the table when a bulk statement touched most of them.
 */
export class PaidRefreshOnce1766145600000 implements MigrationInterface {
  name = 'PaidRefreshOnce1766145600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION projects_paid_refresh(ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
        -- joined to the ids (not \`= ANY\`): a bulk statement's thousands of projects are matched by hash or index
        PERFORM 1 FROM projects p JOIN unnest(ids) AS x(id) ON x.id = p.id ORDER BY p.id FOR UPDATE OF p;
        -- EXECUTE: planned each time with the tables as they are (see PaidIsDerived). OFFSET 0 keeps the
        -- owed amount in the inner select list, worked out for the given projects only; the SET of is_paid
        -- fires projects_paid, which stores the right flag.
        EXECUTE 'UPDATE projects p SET is_paid = p.is_paid
                   FROM (SELECT q.id, q.is_paid AS was, project_owed_cents(q.id, q.price_cents) = 0 AS paid
                           FROM projects q JOIN unnest($1) AS x(id) ON x.id = q.id OFFSET 0) d
                  WHERE p.id = d.id AND d.was IS DISTINCT FROM d.paid' USING ids;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION projects_paid_refresh(ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
        PERFORM 1 FROM projects p JOIN unnest(ids) AS x(id) ON x.id = p.id ORDER BY p.id FOR UPDATE OF p;
        EXECUTE 'UPDATE projects p SET is_paid = (project_owed_cents(p.id, p.price_cents) = 0)
                   FROM unnest($1) AS x(id)
                  WHERE p.id = x.id AND p.is_paid IS DISTINCT FROM (project_owed_cents(p.id, p.price_cents) = 0)' USING ids;
      END $$`);
  }
}
