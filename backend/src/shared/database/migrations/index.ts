import { InitialSchema1763769600000 } from './1763769600000-initial-schema';

/** Every migration, oldest first. A new one is added here and never edited after it lands. */
export const MIGRATIONS = [InitialSchema1763769600000];
