// What of users and sessions SQLite does its own way (the rest is common/accounts.ts): the admin users
// search, served by an FTS5 trigram index, and the session lookup made on every request.
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminUserSortColumn } from '../../../shared/schemas/admin';
import type { SessionStore, UserStore } from '../store';
import type { SessionRecord, UserRecord } from '../records';
import type { SqliteDb } from './open';
import { users } from './schema';

/** Searches this long and longer are served by the trigram index (users_search, migration 0002). */
const TRIGRAM = 3;

/** Literal, case-insensitive substring search on name or email: % and _ are plain characters here. */
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

const SORT_COLUMNS: Record<AdminUserSortColumn, SQLWrapper> = {
  name: sql`${users.name} collate nocase`,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  lastLogin: users.lastLoginAt,
};

export function sqliteUsers(db: SqliteDb): Pick<UserStore, 'adminPage'> {
  return {
    async adminPage(input) {
      const where = and(matching(input.search), input.role === 'all' ? undefined : eq(users.role, input.role));
      const direction = input.sortOrder === 'asc' ? asc : desc;
      // Never-logged-in users sort after everyone else either way; the id keeps equal values in a stable order.
      const order = [
        ...(input.sortBy === 'lastLogin' ? [sql`${users.lastLoginAt} is null`] : []),
        direction(SORT_COLUMNS[input.sortBy]),
        direction(users.id),
      ];
      const page: UserRecord[] = db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(input.limit)
        .offset((input.page - 1) * input.limit)
        .all();
      return { users: page, total: db.select({ n: count() }).from(users).where(where).get()!.n };
    },
  };
}

type SessionUserValues = [
  id: number,
  name: string,
  email: string,
  role: SessionRecord['user']['role'],
  avatar: string | null,
  emailVerified: 0 | 1,
];

export function sqliteSessions(db: SqliteDb): Pick<SessionStore, 'lookup'> {
  // Read on every request: a plain statement, read raw and mapped by hand, which costs a fraction of
  // Drizzle's mapping of the same row into its nested shape.
  const lookup = db.$client
    .prepare<[string], [sessionId: string, lastSeenAt: number, expiresAt: number, ...user: SessionUserValues]>(
      `select s.id, s.last_seen_at, s.expires_at, u.id, u.name, u.email, u.role, u.avatar, u.email_verified_at is not null
       from sessions s join users u on u.id = s.user_id where s.id = ?`,
    )
    .raw();
  return {
    async lookup(id) {
      const row = lookup.get(id);
      if (!row) return undefined;
      const [sessionId, lastSeenAt, expiresAt, userId, name, email, role, avatar, emailVerified] = row;
      return {
        sessionId,
        lastSeenAt: new Date(lastSeenAt),
        expiresAt: new Date(expiresAt),
        user: { id: userId, name, email, role, avatar, emailVerified: emailVerified === 1 },
      };
    },
  };
}
