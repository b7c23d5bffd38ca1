// Users, sessions and login history on SQLite.
import { and, asc, count, desc, eq, gt, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminUserSortColumn } from '../../../shared/schemas/admin';
import type { LoginStore, SessionRecord, SessionStore, UserRecord, UserStore } from '../store';
import type { SqliteDb } from './open';
import { loginEvents, mailOutbox, passwordResets, sessions, users } from './schema';

const isUniqueViolation = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';

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

export function sqliteUsers(db: SqliteDb): UserStore {
  const countWhere = (where?: SQL) => db.select({ n: count() }).from(users).where(where).get()!.n;
  return {
    async byEmail(email) {
      return db.select().from(users).where(eq(users.email, email)).get();
    },
    async byId(id) {
      return db.select().from(users).where(eq(users.id, id)).get();
    },
    async insert(user) {
      try {
        return db.insert(users).values(user).returning().get();
      } catch (error) {
        // Two sign-ups with one email at the same instant: the unique index decides.
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async setPassword(userId, passwordHash, keepSessionId) {
      db.transaction((tx) => {
        tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
        tx.delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
          .run();
        // A reset link mailed before the change would undo it: the change ends them all.
        tx.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
        tx.delete(mailOutbox)
          .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'password_reset')))
          .run();
      });
    },
    async setEmailNotifications(userId, on) {
      db.update(users).set({ emailNotifications: on }).where(eq(users.id, userId)).run();
    },
    async setAvatar(userId, avatar) {
      return db.transaction(
        (tx) => {
          const before = tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).get();
          if (!before) return undefined;
          tx.update(users).set({ avatar }).where(eq(users.id, userId)).run();
          return { previous: before.avatar };
        },
        { behavior: 'immediate' },
      );
    },
    async createOrPromoteAdmin(admin) {
      return db.transaction(
        (tx) => {
          const existing = tx.select().from(users).where(eq(users.email, admin.email)).get();
          if (existing?.role === 'admin') return { outcome: 'unchanged' as const, user: existing };
          if (existing) {
            const promoted = tx.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id)).returning().get();
            return { outcome: 'promoted' as const, user: promoted };
          }
          const created = tx
            .insert(users)
            .values({ ...admin, role: 'admin' })
            .returning()
            .get();
          return { outcome: 'created' as const, user: created };
        },
        { behavior: 'immediate' },
      );
    },
    async count(filter = {}) {
      return countWhere(filter.createdAfter ? gt(users.createdAt, filter.createdAfter) : undefined);
    },
    async newest(limit) {
      return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).all();
    },
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
      return { users: page, total: countWhere(where) };
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

export function sqliteSessions(db: SqliteDb): SessionStore {
  // Read on every request: a plain statement, read raw and mapped by hand, which costs a fraction of
  // Drizzle's mapping of the same row into its nested shape.
  const lookup = db.$client
    .prepare<[string], [sessionId: string, lastSeenAt: number, expiresAt: number, ...user: SessionUserValues]>(
      `select s.id, s.last_seen_at, s.expires_at, u.id, u.name, u.email, u.role, u.avatar, u.email_verified_at is not null
       from sessions s join users u on u.id = s.user_id where s.id = ?`,
    )
    .raw();
  const expired = (now: number, idleMs: number) =>
    or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - idleMs)));
  return {
    async insert(session) {
      db.insert(sessions)
        .values({ ...session, lastSeenAt: session.createdAt })
        .run();
    },
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
    async touch(id, at) {
      db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)).run();
    },
    async delete(id) {
      db.delete(sessions).where(eq(sessions.id, id)).run();
    },
    async isActive(id, now, idleMs) {
      const row = db
        .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, id))
        .get();
      return row !== undefined && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now;
    },
    async prune(now, idleMs) {
      return db.delete(sessions).where(expired(now, idleMs)).run().changes;
    },
  };
}

export function sqliteLogins(db: SqliteDb): LoginStore {
  return {
    async record(event, lastLogin, keepSince) {
      db.transaction((tx) => {
        tx.insert(loginEvents)
          .values({ ...event, createdAt: event.at })
          .run();
        tx.update(users)
          .set({
            lastLoginAt: event.at,
            lastLoginCity: lastLogin.city,
            lastLoginRegion: lastLogin.region,
            lastLoginCountry: lastLogin.country,
          })
          .where(eq(users.id, event.userId))
          .run();
        tx.delete(loginEvents)
          .where(and(eq(loginEvents.userId, event.userId), lt(loginEvents.createdAt, keepSince)))
          .run();
      });
    },
    async prune(keepSince) {
      return db.delete(loginEvents).where(lt(loginEvents.createdAt, keepSince)).run().changes;
    },
    async newestOf(userId, limit) {
      return db
        .select({
          id: loginEvents.id,
          createdAt: loginEvents.createdAt,
          ipAddress: loginEvents.ipAddress,
          location: loginEvents.location,
          isp: loginEvents.isp,
          device: loginEvents.device,
        })
        .from(loginEvents)
        .where(eq(loginEvents.userId, userId))
        .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
        .limit(limit)
        .all();
    },
  };
}
