import type { IntentRecord } from '../../domain/card-payment';

/** Port: the intents this portal created, so that a later confirmation is checked against them. */
export abstract class CardIntentRepository {
  abstract record(intent: IntentRecord): Promise<void>;
  abstract find(id: string): Promise<IntentRecord | null>;
  /** This user's intents to buy the bundle, newest first. */
  abstract creditIntentsOf(userId: number, bundleId: number): Promise<IntentRecord[]>;
}
