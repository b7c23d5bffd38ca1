// Watchlists on PostgreSQL. (Being written.)
import type { WatchStore } from '../store';
import type { PgDb } from './open';

export function pgWatches(_db: PgDb): WatchStore {
  throw new Error('PostgreSQL watches: not built yet');
}
