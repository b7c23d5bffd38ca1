// Users, sessions and login history on PostgreSQL.
import { and, asc, count, desc, eq, gt, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminUserSortColumn } from '../../../shared/schemas/admin';
import type { LoginStore, SessionRecord, SessionStore, UserRecord, UserStore } from '../store';
import type { PgDb } from './open';
import { loginEvents, mailOutbox, passwordResets, sessions, users } from './schema';
import { builderOn, transaction } from './transaction';

/** Literal, case-insensitive substring search on name or email: % and _ are plain characters here. */
function matching(search: string): SQL | undefined {
  if (!search) return undefined;
  return sql`(strpos(lower(${users.name}), lower(${search})) > 0 or strpos(lower(${users.email}), lower(${search})) > 0)`;
}

// Names sort without regard to case, by the expression users_name_lower_idx holds. Emails are
// stored in lower case already.
const SORT_COLUMNS: Record<AdminUserSortColumn, SQLWrapper> = {
  name: sql`lower(${users.name})`,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  lastLogin: users.lastLoginAt,
};

export function pgUsers(db: PgDb): UserStore {
  const countWhere = async (where?: SQL) => (await db.select({ n: count() }).from(users).where(where))[0]!.n;
  return {
    async byEmail(email) {
      return (await db.select().from(users).where(eq(users.email, email)))[0];
    },
    async byId(id) {
      return (await db.select().from(users).where(eq(users.id, id)))[0];
    },
    async insert(user) {
      // Two sign-ups with one email at the same instant: the unique index decides, and the second
      // inserts nothing and returns no row.
      const [created] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
      return created ?? null;
    },
    async setPassword(userId, passwordHash, keepSessionId) {
      await transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
        // A reset link mailed before the change would undo it: the change ends them all.
        await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
        await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'password_reset')));
      });
    },
    async setEmailNotifications(userId, on) {
      await db.update(users).set({ emailNotifications: on }).where(eq(users.id, userId));
    },
    async setAvatar(userId, avatar) {
      // The row locked and read before the update, in one statement: RETURNING alone shows only the new value.
      const { rows } = await db.$client.query<{ previous: string | null }>(
        `update users set avatar = $2
           from (select id, avatar from users where id = $1 for update) prior
          where users.id = prior.id
      returning prior.avatar as previous`,
        [userId, avatar],
      );
      return rows[0];
    },
    async createOrPromoteAdmin(admin) {
      // Insert first: when another process creates the same account at the same moment, the insert
      // waits for it and then finds the email taken, and the update below sees its row.
      return transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        const [created] = await tx
          .insert(users)
          .values({ ...admin, role: 'admin' })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (created) return { outcome: 'created' as const, user: created };
        const [promoted] = await tx
          .update(users)
          .set({ role: 'admin' })
          .where(and(eq(users.email, admin.email), ne(users.role, 'admin')))
          .returning();
        if (promoted) return { outcome: 'promoted' as const, user: promoted };
        const [existing] = await tx.select().from(users).where(eq(users.email, admin.email));
        return { outcome: 'unchanged' as const, user: existing! };
      });
    },
    async count(filter = {}) {
      return countWhere(filter.createdAfter ? gt(users.createdAt, filter.createdAfter) : undefined);
    },
    async newest(limit) {
      return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
    },
    async adminPage(input) {
      const where = and(matching(input.search), input.role === 'all' ? undefined : eq(users.role, input.role));
      const descending = input.sortOrder === 'desc';
      const direction = descending ? desc : asc;
      // Never-logged-in users sort after everyone else either way, as users_last_login_*_idx hold them;
      // the id keeps equal values in a stable order.
      const order =
        input.sortBy === 'lastLogin'
          ? [sql`${users.lastLoginAt} ${descending ? sql`desc` : sql`asc`} nulls last`, direction(users.id)]
          : [direction(SORT_COLUMNS[input.sortBy]), direction(users.id)];
      const [page, total] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(input.limit)
          .offset((input.page - 1) * input.limit),
        countWhere(where),
      ]);
      return { users: page, total };
    },
  };
}

/** Read on every request: one statement, prepared once per connection under its name. */
const LOOKUP_SESSION = {
  name: 'session-lookup',
  text: `select s.id, s.last_seen_at, s.expires_at, u.id as user_id, u.name, u.email, u.role, u.avatar,
           u.email_verified_at is not null as email_verified
         from sessions s join users u on u.id = s.user_id
         where s.id = $1`,
};

interface SessionRow {
  id: string;
  last_seen_at: Date;
  expires_at: Date;
  user_id: number;
  name: string;
  email: string;
  role: UserRecord['role'];
  avatar: string | null;
  email_verified: boolean;
}

export function pgSessions(db: PgDb): SessionStore {
  const expired = (now: number, idleMs: number) =>
    or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - idleMs)));
  return {
    async insert(session) {
      await db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt });
    },
    async lookup(id): Promise<SessionRecord | undefined> {
      const [row] = (await db.$client.query<SessionRow>({ ...LOOKUP_SESSION, values: [id] })).rows;
      return (
        row && {
          sessionId: row.id,
          lastSeenAt: row.last_seen_at,
          expiresAt: row.expires_at,
          user: {
            id: row.user_id,
            name: row.name,
            email: row.email,
            role: row.role,
            avatar: row.avatar,
            emailVerified: row.email_verified,
          },
        }
      );
    },
    async touch(id, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async delete(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async isActive(id, now, idleMs) {
      const [row] = await db
        .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, id));
      return row !== undefined && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now;
    },
    async prune(now, idleMs) {
      return (await db.delete(sessions).where(expired(now, idleMs))).rowCount ?? 0;
    },
  };
}

export function pgLogins(db: PgDb): LoginStore {
  return {
    async record(event, lastLogin, keepSince) {
      await transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        await tx.insert(loginEvents).values({ ...event, createdAt: event.at });
        await tx
          .update(users)
          .set({
            lastLoginAt: event.at,
            lastLoginCity: lastLogin.city,
            lastLoginRegion: lastLogin.region,
            lastLoginCountry: lastLogin.country,
          })
          .where(eq(users.id, event.userId));
        await tx.delete(loginEvents).where(and(eq(loginEvents.userId, event.userId), lt(loginEvents.createdAt, keepSince)));
      });
    },
    async prune(keepSince) {
      return (await db.delete(loginEvents).where(lt(loginEvents.createdAt, keepSince))).rowCount ?? 0;
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
        .limit(limit);
    },
  };
}
