import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { DataSource } from 'typeorm';

/**
 * @nestjs/throttler's counters in the `rate_limits` table instead of process memory, so several app
 * instances behind one address share one budget. A fixed window per key: the first hit opens it for
 * `ttl` ms (a refused address waits for the window to end); one statement counts the hit and answers the window's state, so concurrent hits (from any
 * instance) are counted exactly once each.
 */
@Injectable()
export class PgThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly dataSource: DataSource) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const rows: Array<{ hits: number; ms_left: number }> = await this.dataSource.query(
      `INSERT INTO rate_limits AS r (key, hits, expires_at)
       VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits       = CASE WHEN r.expires_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
         expires_at = CASE WHEN r.expires_at <= clock_timestamp()
                           THEN clock_timestamp() + $2 * interval '1 millisecond'
                           ELSE r.expires_at END
       RETURNING hits, GREATEST(0, EXTRACT(EPOCH FROM (expires_at - clock_timestamp())) * 1000)::float8 AS ms_left`,
      [`${throttlerName}:${key}`, ttl],
    );
    if (Math.random() < 0.01) void this.prune();
    const hits = Number(rows[0].hits);
    const seconds = Math.ceil(Number(rows[0].ms_left) / 1000);
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }

  private async prune(): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limits WHERE expires_at < now() - interval '1 minute'`).catch(() => undefined);
  }
}
