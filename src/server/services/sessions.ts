// Server-side sessions: the client holds 32 random bytes; the database holds only their SHA-256.
// Why sessions live in the database: docs/decisions/0002-sessions-in-the-database.md.
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type Role } from '../../shared/constants';
import type { AppDeps } from '../deps';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  emailVerified: boolean;
  /** Whether two-factor sign-in is on. */
  twoFactor: boolean;
  sessionId: string;
}

/** lastSeenAt is written at most once a minute per session, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(deps: AppDeps, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const expiresAt = new Date(now + SESSION_ABSOLUTE_MS);
  await deps.store.sessions.insert({ id: hashToken(token), userId, createdAt: new Date(now), expiresAt });
  return { token, expiresAt };
}

/** The signed-in user for a token, read fresh from the database (so a role change applies at once), or null. */
export async function findSessionUser(deps: AppDeps, token: string): Promise<SessionUser | null> {
  const { sessions } = deps.store;
  const now = deps.now();
  const found = await sessions.lookup(hashToken(token));
  if (!found) return null;
  if (found.expiresAt.getTime() <= now || found.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await sessions.delete(found.sessionId);
    return null;
  }
  if (now - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await sessions.touch(found.sessionId, new Date(now));
  return { ...found.user, sessionId: found.sessionId };
}

/** Whether a session (by its stored id) still exists and has not expired; it is not touched. */
export function sessionIsActive(deps: AppDeps, sessionId: string): Promise<boolean> {
  return deps.store.sessions.isActive(sessionId, deps.now(), SESSION_IDLE_MS);
}

export async function revokeSession(deps: AppDeps, sessionId: string): Promise<void> {
  await deps.store.sessions.delete(sessionId);
  deps.streams.endSession(sessionId);
}

export function pruneExpiredSessions(deps: AppDeps): Promise<number> {
  return deps.store.sessions.prune(deps.now(), SESSION_IDLE_MS);
}

/** Ends the streams of sessions that expired (or were revoked elsewhere) since they opened, and renews the places of the others. */
export async function checkStreams(deps: AppDeps): Promise<void> {
  for (const sessionId of deps.streams.sessionIds()) {
    if (!(await sessionIsActive(deps, sessionId))) deps.streams.endSession(sessionId);
  }
  await deps.streams.renew();
}
