// What of users and sessions SQLite does its own way (the rest is common/accounts.ts): the admin users
// search, served by an FTS5 trigram index, and the session lookup made on every request.
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { UserSearch } from '../common/accounts';
import type { SessionStore } from '../store';
import type { SessionRecord } from '../records';
import type { SqliteDb } from './open';
import { users } from './schema';

/** Searches this long and longer are served by the trigram index (users_search, migration 0002). */
const TRIGRAM = 3;

function matching(search: string): SQL | undefined {
  if (!search) return undefined;
  if ([...search].length >= TRIGRAM) {
    // A quoted FTS5 phrase is matched literally; the trigram tokenizer folds case.
    const phrase = `"${search.replaceAll('"', '""')}"`;
    return sql`${users.id} in (select rowid from users_search where users_search match ${phrase})`;
  }
  // One or two characters make no trigram: read the names. unicode_lower is registered by
  // openSqlite, since SQLite's own lower() folds ASCII only.
  const needle = search.toLowerCase();
  return sql`(instr(unicode_lower(${users.name}), ${needle}) > 0 or instr(unicode_lower(${users.email}), ${needle}) > 0)`;
}

export const sqliteUserSearch: UserSearch = {
  matching,
  name: sql`${users.name} collate nocase`,
  // As users_last_login_*_idx hold them: (is null) first, then the time either way.
  byLastLogin: (descending) => {
    const direction = descending ? desc : asc;
    return [sql`${users.lastLoginAt} is null`, direction(users.lastLoginAt), direction(users.id)];
  },
};

type SessionUserValues = [
  id: number,
  name: string,
  email: string,
  role: SessionRecord['user']['role'],
  avatar: string | null,
  emailVerified: 0 | 1,
  twoFactor: 0 | 1,
];

export function sqliteSessions(db: SqliteDb): Pick<SessionStore, 'lookup'> {
  // Read on every request: a plain statement, read raw and mapped by hand, which costs a fraction of
  // Drizzle's mapping of the same row into its nested shape.
  const lookup = db.$client
    .prepare<[string], [sessionId: string, lastSeenAt: number, expiresAt: number, ...user: SessionUserValues]>(
      `select s.id, s.last_seen_at, s.expires_at, u.id, u.name, u.email, u.role, u.avatar, u.email_verified_at is not null,
              exists (select 1 from two_factor f where f.user_id = u.id and f.enabled_at is not null)
       from sessions s join users u on u.id = s.user_id where s.id = ? and u.status = 'active'`,
    )
    .raw();
  return {
    async lookup(id) {
      const row = lookup.get(id);
      if (!row) return undefined;
      const [sessionId, lastSeenAt, expiresAt, userId, name, email, role, avatar, emailVerified, twoFactor] = row;
      return {
        sessionId,
        lastSeenAt: new Date(lastSeenAt),
        expiresAt: new Date(expiresAt),
        user: { id: userId, name, email, role, avatar, emailVerified: emailVerified === 1, twoFactor: twoFactor === 1 },
      };
    },
  };
}
