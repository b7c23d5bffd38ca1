// Contact messages on PostgreSQL. (Being written.)
import type { ContactStore } from '../store';
import type { PgDb } from './open';

export function pgContact(_db: PgDb): ContactStore {
  throw new Error('PostgreSQL contact: not built yet');
}
