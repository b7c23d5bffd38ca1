// Which database the settings name: PostgreSQL at DATABASE_URL, else the SQLite file at DATABASE_PATH.
// The server, `npm run seed` and `create-admin` all open their database here, so they agree.
import type { Settings } from '../env';
import type { LimitsBackend } from '../services/rate-limit';
import { redactedUrl } from './pg/open';
import { createPgStore } from './pg/store';
import { createSqliteStore } from './sqlite/store';
import type { Store } from './store';

/** The store, and what instances on one database share through it besides: the rate limits' counts. */
export interface SharedState {
  store: Store;
  limits: LimitsBackend;
}

export async function openShared(settings: Settings): Promise<SharedState> {
  const mailNotices = settings.SMTP_URL !== undefined;
  if (settings.DATABASE_URL) {
    const store = await createPgStore(settings.DATABASE_URL, { mailNotices });
    return { store, limits: { kind: 'postgres', pool: store.db.$client } };
  }
  // One process on one file: its limits count in memory.
  return { store: createSqliteStore(settings.DATABASE_PATH, { mailNotices }), limits: { kind: 'memory' } };
}

/** The database in words for a message: the SQLite file, or PostgreSQL's URL without its password. */
export function databaseName(settings: Settings): string {
  return settings.DATABASE_URL ? redactedUrl(settings.DATABASE_URL) : settings.DATABASE_PATH;
}
