// Reading users and their public shape; changing a password.
import { eq } from 'drizzle-orm';
import type { Role } from '../../shared/constants';
import type { ChangePasswordInput } from '../../shared/schemas/user';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, notFound, unauthorized } from './errors';
import { revokeOtherSessions } from './sessions';

export interface User {
  _id: string;
  name: string;
  email: string;
  avatar: string | null;
  role: Role;
}

export function toUser(row: { id: number; name: string; email: string; avatar: string | null; role: Role }): User {
  return { _id: String(row.id), name: row.name, email: row.email, avatar: row.avatar, role: row.role };
}

export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function getUser(db: Db, id: number): User {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw notFound('User not found');
  return toUser(row);
}

/** Checks the current password, stores the new one, and signs out every other session of the user. */
export async function changePassword(deps: AppDeps, userId: number, sessionId: string, input: ChangePasswordInput): Promise<void> {
  const row = deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw unauthorized('Please log in to continue.');
  // One user's hashes queue behind each other, not behind anyone else's.
  const queueKey = `user:${userId}`;
  if (!(await deps.passwords.verify(input.currentPassword, row.passwordHash, queueKey))) {
    throw badRequest('Current password is incorrect.');
  }
  const passwordHash = await deps.passwords.hash(input.newPassword, queueKey);
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    revokeOtherSessions(tx, userId, sessionId);
  });
  deps.streams.endUserSessions(userId, sessionId);
}
