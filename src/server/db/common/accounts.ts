// Users, sessions and login history, the same on both databases (db/store.ts UserStore, SessionStore,
// LoginStore). What differs stays in sqlite/accounts.ts and pg/accounts.ts: the session lookup made on
// every request, and how the admin users list searches and sorts, by what each database's indexes hold.
import { and, asc, count, desc, eq, gt, lt, ne, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminUsersInput } from '../../../shared/schemas/admin';
import type { LoginStore, SessionStore, UserStore } from '../store';
import { rowLimit, type Dialect } from './dialect';
import { CREATE_ADMIN_OUTCOMES, type CreateAdminOutcome } from '../../../shared/moderation';
import type { UserRecord } from '../records';
import type { Db } from './dialect';
import { recordAudit } from './audit';
import { all, get, run, type Work } from './work';

type NewAdmin = Parameters<UserStore['createOrPromoteAdmin']>[0];

/** How a database searches and sorts the admin users list, by the expressions its indexes hold. */
export interface UserSearch {
  /** Literal, case-insensitive substring search on name or email (% and _ are plain characters). */
  matching(search: string): SQL | undefined;
  /** The name as it sorts, without regard to case. */
  name: SQLWrapper;
  /** The order by last login: never-logged-in users after everyone else either way, then the id. */
  byLastLogin(descending: boolean): SQL[];
}

export function userQueries({ kind, db, t, transaction, write }: Dialect, search: UserSearch): UserStore {
  const { users, sessions, passwordResets, mailOutbox } = t;
  const byEmail = (tx: typeof db, email: string) => tx.select().from(users).where(eq(users.email, email));
  const sortKeys = { name: search.name, email: users.email, role: users.role, createdAt: users.createdAt };
  /** The admin with that email: made, promoted (reinstated too: an administrator is never suspended), or as it was. */
  function* createOrPromote(tx: Db, admin: NewAdmin): Work<{ outcome: CreateAdminOutcome; user: UserRecord }> {
    const existing = yield* get(byEmail(tx, admin.email));
    if (existing?.role === 'admin') return { outcome: 'unchanged', user: existing };
    if (!existing) {
      // When another process creates the same account at this moment (PostgreSQL: READ COMMITTED),
      // the insert waits for it and then finds the email taken, and the update below sees its row.
      const created = yield* get(
        tx
          .insert(users)
          .values({ ...admin, role: 'admin' })
          .onConflictDoNothing({ target: users.email })
          .returning(),
      );
      if (created) return { outcome: 'created', user: created };
    }
    const promoted = yield* get(
      tx
        .update(users)
        .set({ role: 'admin', status: 'active', suspensionReason: null })
        .where(and(eq(users.email, admin.email), ne(users.role, 'admin')))
        .returning(),
    );
    if (promoted) return { outcome: 'promoted', user: promoted };
    const made = yield* get(byEmail(tx, admin.email));
    return { outcome: 'unchanged', user: made! };
  }
  return {
    async adminPage(input: AdminUsersInput) {
      const where = and(search.matching(input.search), input.role === 'all' ? undefined : eq(users.role, input.role));
      const direction = input.sortOrder === 'asc' ? asc : desc;
      // The id keeps equal values in a stable order.
      const order =
        input.sortBy === 'lastLogin'
          ? search.byLastLogin(input.sortOrder === 'desc')
          : [direction(sortKeys[input.sortBy]), direction(users.id)];
      const [page, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(rowLimit(input.limit))
          .offset((input.page - 1) * input.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { users: page, total: total!.n };
    },
    async byEmail(email) {
      return (await byEmail(db, email))[0];
    },
    async byId(id) {
      return (await db.select().from(users).where(eq(users.id, id)))[0];
    },
    async insert(user) {
      // Two sign-ups with one email at the same instant: the unique index decides, and the second
      // inserts nothing and returns no row.
      const created = await write((tx) => get(tx.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning()));
      return created ?? null;
    },
    async setPassword(userId, passwordHash, keepSessionId) {
      await transaction(function* (tx) {
        yield* run(tx.update(users).set({ passwordHash }).where(eq(users.id, userId)));
        yield* run(tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))));
        // A reset link mailed before the change would undo it: the change ends them all, and their mails not sent yet.
        yield* run(tx.delete(passwordResets).where(eq(passwordResets.userId, userId)));
        yield* run(tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'password_reset'))));
      });
    },
    async setEmailNotifications(userId, on) {
      await write((tx) => run(tx.update(users).set({ emailNotifications: on }).where(eq(users.id, userId))));
    },
    setAvatar(userId, avatar) {
      return transaction(function* (tx) {
        const current = tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
        // Two changes at once must each learn the file they replaced: PostgreSQL locks the row before
        // reading it (SQLite's IMMEDIATE transaction holds the write lock already).
        const before = yield* get(kind === 'pg' ? current.for('update') : current);
        if (!before) return undefined;
        yield* run(tx.update(users).set({ avatar }).where(eq(users.id, userId)));
        return { previous: before.avatar };
      });
    },
    createOrPromoteAdmin(admin) {
      return transaction(function* (tx) {
        const done = yield* createOrPromote(tx, admin);
        // Every run is recorded, with what it did, from the command line (no actor, no address).
        const entry = { actor: { id: null, ipAddress: null }, target: { type: 'user' as const, id: done.user.id }, at: admin.createdAt };
        yield* recordAudit(t, tx, { ...entry, action: 'create_admin', reason: CREATE_ADMIN_OUTCOMES[done.outcome] });
        return done;
      });
    },
    async count(filter = {}) {
      const where: SQL | undefined = filter.createdAfter ? gt(users.createdAt, filter.createdAfter) : undefined;
      return (await db.select({ n: count() }).from(users).where(where))[0]!.n;
    },
    async newest(limit) {
      return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(rowLimit(limit));
    },
  };
}

export function sessionQueries({ db, t, write }: Dialect): Omit<SessionStore, 'lookup'> {
  const { sessions } = t;
  const expired = (now: number, idleMs: number) =>
    or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - idleMs)));
  return {
    async insert(session) {
      await write((tx) => run(tx.insert(sessions).values({ ...session, lastSeenAt: session.createdAt })));
    },
    async touch(id, at) {
      await write((tx) => run(tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id))));
    },
    async delete(id) {
      await write((tx) => run(tx.delete(sessions).where(eq(sessions.id, id))));
    },
    async isActive(id, now, idleMs) {
      const [row] = await db
        .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, id));
      return row !== undefined && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now;
    },
    async prune(now, idleMs) {
      return (await write((tx) => all(tx.delete(sessions).where(expired(now, idleMs)).returning({ id: sessions.id })))).length;
    },
  };
}

export function loginQueries({ db, t, transaction, write }: Dialect): LoginStore {
  const { loginEvents, users } = t;
  return {
    async record(event, lastLogin, keepSince) {
      await transaction(function* (tx) {
        yield* run(tx.insert(loginEvents).values({ ...event, createdAt: event.at }));
        yield* run(
          tx
            .update(users)
            .set({
              lastLoginAt: event.at,
              lastLoginCity: lastLogin.city,
              lastLoginRegion: lastLogin.region,
              lastLoginCountry: lastLogin.country,
            })
            .where(eq(users.id, event.userId)),
        );
        yield* run(tx.delete(loginEvents).where(and(eq(loginEvents.userId, event.userId), lt(loginEvents.createdAt, keepSince))));
      });
    },
    async prune(keepSince) {
      return (
        await write((tx) => all(tx.delete(loginEvents).where(lt(loginEvents.createdAt, keepSince)).returning({ id: loginEvents.id })))
      ).length;
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
        .limit(rowLimit(limit));
    },
  };
}
