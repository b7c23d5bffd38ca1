// Which database the settings name: PostgreSQL at DATABASE_URL, else the SQLite file at DATABASE_PATH.
// The server, `npm run seed` and `create-admin` all open their store here, so they agree.
import type { Settings } from '../env';
import { createPgStore } from './pg/store';
import { redactedUrl } from './pg/open';
import { createSqliteStore } from './sqlite/store';
import type { Store } from './store';

export function openStore(settings: Settings): Promise<Store> {
  const mailNotices = settings.SMTP_URL !== undefined;
  if (settings.DATABASE_URL) return createPgStore(settings.DATABASE_URL, { mailNotices });
  return Promise.resolve(createSqliteStore(settings.DATABASE_PATH, { mailNotices }));
}

/** The database in words for a message: the SQLite file, or PostgreSQL's URL without its password. */
export function databaseName(settings: Settings): string {
  return settings.DATABASE_URL ? redactedUrl(settings.DATABASE_URL) : settings.DATABASE_PATH;
}
