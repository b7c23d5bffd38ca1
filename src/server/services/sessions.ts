// Server-side sessions: the client holds 32 random bytes; the database holds only their SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../shared/constants';
import type { Role } from '../../shared/constants';
import type { Db, Queryable } from '../db/client';
import { sessions, users } from '../db/schema';
import { perDb } from '../db/prepared';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  sessionId: string;
}

/** lastSeenAt is written at most once a minute per session, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSession(db: Db, userId: number, now: number): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + SESSION_ABSOLUTE_MS);
  db.insert(sessions)
    .values({ id: hashToken(token), userId, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt })
    .run();
  return { token, expiresAt };
}

const lookup = perDb((db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      avatar: users.avatar,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql`${sql.placeholder('id')}`))
    .prepare(),
);

/** The signed-in user for a token, read fresh from the database (so a role change applies at once), or null. */
export function findSessionUser(db: Db, token: string, now: number): SessionUser | null {
  const row = lookup(db).get({ id: hashToken(token) });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    db.delete(sessions).where(eq(sessions.id, row.sessionId)).run();
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.sessionId)).run();
  }
  const { lastSeenAt: _seen, expiresAt: _expires, ...user } = row;
  return user;
}

/** Whether a session (by its stored id) still exists and has not expired; it is not touched. */
export function sessionIsActive(db: Db, sessionId: string, now: number): boolean {
  const row = db.select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).get();
  return row !== undefined && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + SESSION_IDLE_MS > now;
}

export function revokeSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: string): void {
  db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))).run();
}

export function pruneExpiredSessions(db: Db, now: number): void {
  db.delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))))
    .run();
}
