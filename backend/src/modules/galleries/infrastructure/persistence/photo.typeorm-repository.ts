import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { GalleryProject, PhotoListFilter, PhotoRepository, PhotoRow } from '../../application/ports/photo.repository';
import { PhotoJob } from '../../domain/photo';
import { returnedRows } from '../../../../shared/database/returned-rows';
import { projectPaidSql } from '../../../billing';

interface Row {
  id: number;
  project_id: number;
  filename: string;
  content_type: string;
  size: string;
  width: number | null;
  height: number | null;
  status: PhotoRow['status'];
  failure_reason: string | null;
  favorited_at: Date | null;
  created_at: Date;
  total?: string;
}

const COLUMNS = 'id, project_id, filename, content_type, size, width, height, status, failure_reason, favorited_at, created_at';
const toPhoto = (r: Row): PhotoRow => ({
  id: r.id,
  projectId: r.project_id,
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.size),
  width: r.width,
  height: r.height,
  status: r.status,
  failureReason: r.failure_reason,
  favorite: r.favorited_at !== null,
  createdAt: r.created_at,
});

/** `photos`, and the `projects` columns the galleries read. */
@Injectable()
export class PhotoTypeormRepository extends PhotoRepository {
  constructor(
    private readonly db: DataSource,
    private readonly tx: TransactionHost,
  ) {
    super();
  }

  /** CONTRACT §10: a project with photos shows its ready ones as its photo count. */
  private async recount(projectId: number): Promise<void> {
    await this.db.query(
      `UPDATE projects SET photo_count = (SELECT count(*) FROM photos WHERE project_id = $1 AND status = 'ready') WHERE id = $1`,
      [projectId],
    );
  }

  async project(id: number): Promise<GalleryProject | null> {
    const rows: Array<{ id: number; client_id: number; is_paid: boolean }> = await this.db.query(
      // The payment gate asks billing's figure (CONTRACT §14), not the projects' list cache.
      `SELECT p.id, p.client_id, ${projectPaidSql('p')} AS is_paid FROM projects p WHERE p.id = $1 AND p.deleted_at IS NULL`,
      [id],
    );
    return rows[0] ? { id: rows[0].id, clientId: rows[0].client_id, isPaid: rows[0].is_paid } : null;
  }

  async startUpload(projectId: number, filename: string, contentType: string): Promise<number> {
    const rows: Array<{ id: number }> = await this.db.query(
      `INSERT INTO photos (project_id, filename, content_type) VALUES ($1, $2, $3) RETURNING id`,
      [projectId, filename, contentType],
    );
    return rows[0].id;
  }

  async uploaded(id: number, size: number): Promise<void> {
    await this.db.query(`UPDATE photos SET status = 'processing', size = $2, next_attempt_at = now() WHERE id = $1`, [id, size]);
  }

  async discard(id: number): Promise<void> {
    await this.db.query(`DELETE FROM photos WHERE id = $1 AND status = 'uploading'`, [id]);
  }

  async staleUploads(before: Date, limit: number): Promise<Array<{ id: number; projectId: number }>> {
    const rows: Array<{ id: number; project_id: number }> = await this.db.query(
      `SELECT id, project_id FROM photos WHERE status = 'uploading' AND created_at < $1 ORDER BY created_at, id LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
  }

  async abandonUpload(id: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE photos SET status = 'failed', failure_reason = $2, processed_at = now() WHERE id = $1 AND status = 'uploading'`,
      [id, reason.slice(0, 500)],
    );
  }

  async ofProject(
    projectId: number,
    offset: number,
    limit: number,
    filter: PhotoListFilter = {},
  ): Promise<{ rows: PhotoRow[]; total: number }> {
    const where = [
      'project_id = $1',
      filter.readyOnly ? "status = 'ready'" : "status <> 'uploading'",
      ...(filter.favorite === undefined ? [] : [filter.favorite ? 'favorited_at IS NOT NULL' : 'favorited_at IS NULL']),
    ].join(' AND ');
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM photos WHERE ${where} ORDER BY id OFFSET $2 LIMIT $3`,
      [projectId, offset, limit],
    );
    const total = rows.length
      ? Number(rows[0].total)
      : Number((await this.db.query(`SELECT count(*) AS n FROM photos WHERE ${where}`, [projectId]))[0].n as string);
    return { rows: rows.map(toPhoto), total };
  }

  async setFavorite(id: number, favorite: boolean): Promise<void> {
    await this.db.query(`UPDATE photos SET favorited_at = CASE WHEN $2 THEN coalesce(favorited_at, now()) END WHERE id = $1`, [
      id,
      favorite,
    ]);
  }

  async find(id: number): Promise<PhotoRow | null> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM photos WHERE id = $1 AND status <> 'uploading'`, [id]);
    return rows[0] ? toPhoto(rows[0]) : null;
  }

  async remove(id: number): Promise<void> {
    const rows: Array<{ project_id: number }> = returnedRows(
      await this.db.query(`DELETE FROM photos WHERE id = $1 RETURNING project_id`, [id]),
    );
    if (rows[0]) await this.recount(rows[0].project_id);
  }

  async removeAllOf(projectId: number): Promise<void> {
    await this.tx.manager.query(`DELETE FROM photos WHERE project_id = $1`, [projectId]);
  }

  async claimDue(limit: number, leaseMs: number): Promise<PhotoJob[]> {
    const result: unknown = await this.db.query(
      `UPDATE photos p
          SET attempts = p.attempts + 1, locked_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE p.id IN (
              SELECT id FROM photos
               WHERE status = 'processing' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
               ORDER BY next_attempt_at, id
               LIMIT $1
               FOR UPDATE SKIP LOCKED)
      RETURNING p.id, p.project_id, p.attempts`,
      [limit, leaseMs],
    );
    return returnedRows<{ id: number; project_id: number; attempts: number }>(result).map(
      (r) => new PhotoJob(r.id, r.project_id, r.attempts),
    );
  }

  async saveOutcome(job: PhotoJob): Promise<void> {
    await this.db.query(
      `UPDATE photos
          SET status = $2::varchar, width = coalesce($3::integer, width), height = coalesce($4::integer, height), failure_reason = $5,
              next_attempt_at = $6, locked_until = NULL,
              processed_at = CASE WHEN $2::varchar IN ('ready', 'failed') THEN now() ELSE processed_at END
        WHERE id = $1 AND status = 'processing'`,
      [job.id, job.status, job.width, job.height, job.failureReason, job.nextAttemptAt],
    );
    if (job.status === 'ready') await this.recount(job.projectId);
  }
}
