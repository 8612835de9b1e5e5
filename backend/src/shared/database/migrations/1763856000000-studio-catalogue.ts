import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Services, projects with their service lines, and payments. Money is integer cents. Nothing
 * financial cascades: projects and services are deleted softly, and payments keep their project,
 * client and amount forever (CONTRACT §6). Trigram indexes serve the back office's substring searches.
 */
export class StudioCatalogue1763856000000 implements MigrationInterface {
  name = 'StudioCatalogue1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`
      CREATE TABLE services (
        id              SERIAL PRIMARY KEY,
        name            VARCHAR(200)  NOT NULL,
        description     VARCHAR(2000) NOT NULL DEFAULT '',
        price_cents     BIGINT        NOT NULL CHECK (price_cents >= 0),
        is_standard     BOOLEAN       NOT NULL DEFAULT true,
        credit_eligible BOOLEAN       NOT NULL DEFAULT false,
        credit_cost     INTEGER       NOT NULL DEFAULT 1 CHECK (credit_cost >= 1),
        created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
        updated_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
        deleted_at      TIMESTAMPTZ
      )`);
    await q.query(`CREATE INDEX services_name_idx ON services (lower(name), id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX services_price_idx ON services (price_cents, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX services_search_idx ON services USING gin ((name || ' ' || description) gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE projects (
        id             SERIAL PRIMARY KEY,
        name           VARCHAR(200)  NOT NULL,
        description    VARCHAR(2000) NOT NULL DEFAULT '',
        client_id      INTEGER       NOT NULL REFERENCES users (id),
        service_id     INTEGER       REFERENCES services (id),
        thumbnail_url  VARCHAR(2048),
        download_link  VARCHAR(2048),
        photo_count    INTEGER       NOT NULL DEFAULT 0 CHECK (photo_count >= 0),
        price_cents    BIGINT        NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
        is_paid        BOOLEAN       NOT NULL DEFAULT false,
        date           TIMESTAMPTZ   NOT NULL DEFAULT now(),
        created_at     TIMESTAMPTZ   NOT NULL DEFAULT now(),
        updated_at     TIMESTAMPTZ   NOT NULL DEFAULT now(),
        deleted_at     TIMESTAMPTZ
      )`);
    await q.query(`CREATE INDEX projects_date_idx ON projects (date DESC, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_client_date_idx ON projects (client_id, date DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_name_idx ON projects (lower(name), id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_price_idx ON projects (price_cents, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_paid_date_idx ON projects (is_paid, date DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_search_idx ON projects USING gin ((name || ' ' || description) gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE project_services (
        project_id       INTEGER NOT NULL REFERENCES projects (id),
        service_id       INTEGER NOT NULL REFERENCES services (id),
        quantity         INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
        unit_price_cents BIGINT  NOT NULL CHECK (unit_price_cents >= 0),
        PRIMARY KEY (project_id, service_id)
      )`);
    await q.query(`CREATE INDEX project_services_service_idx ON project_services (service_id)`);

    await q.query(`
      CREATE TABLE payments (
        id                SERIAL PRIMARY KEY,
        project_id        INTEGER       NOT NULL REFERENCES projects (id),
        client_id         INTEGER       REFERENCES users (id),
        amount_cents      BIGINT        NOT NULL CHECK (amount_cents >= 0),
        stripe_payment_id VARCHAR(255)  UNIQUE,
        payment_date      TIMESTAMPTZ   NOT NULL DEFAULT now(),
        status            VARCHAR(10)   NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
        note              VARCHAR(2000),
        created_at        TIMESTAMPTZ   NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payments_date_idx ON payments (payment_date DESC, id DESC)`);
    await q.query(`CREATE INDEX payments_project_idx ON payments (project_id)`);
    await q.query(`CREATE INDEX payments_client_idx ON payments (client_id)`);
    await q.query(`CREATE INDEX payments_amount_idx ON payments (amount_cents)`);

    await q.query(`CREATE INDEX users_search_idx ON users USING gin ((username || ' ' || email) gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_username_sort_idx ON users (lower(username), id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_username_sort_idx`);
    await q.query(`DROP INDEX users_search_idx`);
    await q.query(`DROP TABLE payments`);
    await q.query(`DROP TABLE project_services`);
    await q.query(`DROP TABLE projects`);
    await q.query(`DROP TABLE services`);
  }
}
