import type { Studio, StudioProps } from '../../domain/studio';

/** Port: the studio_settings row (one; the migration inserts it). */
export abstract class StudioRepository {
  /** The row; `forUpdate` locks it until the transaction ends (a change reads, checks, then writes). */
  abstract load(options?: { forUpdate?: boolean }): Promise<Studio>;
  /** Writes every setting but the logo version; sets updated_at; returns what was stored. */
  abstract save(props: StudioProps): Promise<Studio>;
  /** The next logo version: one more than any before (never reused, even after a removal). */
  abstract allocateLogoVersion(): Promise<number>;
  /** Sets the logo version (null: no logo); returns what was stored. */
  abstract setLogoVersion(version: number | null): Promise<Studio>;
  /**
   * Whether money has moved in the studio's currency: any completed payment (a project's, a credit
   * bundle's, a manual one). A read of the payments table, which the payments module owns.
   */
  abstract moneyHasMoved(): Promise<boolean>;
}
