// The public shape of a user; changing a password.
import { NOT_SIGNED_IN_MESSAGE, type Role } from '../../shared/constants';
import type { ChangePasswordInput, UserSettingsInput } from '../../shared/schemas/user';
import type { AppDeps } from '../deps';
import { badRequest, unauthorized } from '../domain/errors';
import { avatarUrl } from './avatars';

export interface User {
  _id: string;
  name: string;
  email: string;
  /** Always a picture's URL: the uploaded photo, or the drawn initial (services/avatars.ts). */
  avatar: string;
  role: Role;
}

/** The user as answers carry them; `publicUrl` (PUBLIC_URL) is where the avatar is served. */
export function toUser(row: { id: number; name: string; email: string; avatar: string | null; role: Role }, publicUrl: string): User {
  return { _id: String(row.id), name: row.name, email: row.email, avatar: avatarUrl(row, publicUrl), role: row.role };
}

/** Checks the current password, stores the new one, and signs out every other session of the user. */
export async function changePassword(deps: AppDeps, user: { id: number; sessionId: string }, input: ChangePasswordInput): Promise<void> {
  const row = await deps.store.users.byId(user.id);
  if (!row) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  // One user's hashes queue behind each other, not behind anyone else's.
  const queueKey = `user:${user.id}`;
  if (!(await deps.passwords.verify(input.currentPassword, row.passwordHash, queueKey))) {
    throw badRequest('Current password is incorrect.');
  }
  const passwordHash = await deps.passwords.hash(input.newPassword, queueKey);
  await deps.store.users.setPassword(user.id, passwordHash, user.sessionId);
  deps.streams.endUserSessions(user.id, user.sessionId);
}

/** The account's own settings: whether notices are mailed, and whether this site sends mail at all. */
export async function userSettings(deps: AppDeps, userId: number): Promise<{ emailNotifications: boolean; mailEnabled: boolean }> {
  const row = await deps.store.users.byId(userId);
  if (!row) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  return { emailNotifications: row.emailNotifications, mailEnabled: deps.mail.transport !== null };
}

export async function updateUserSettings(deps: AppDeps, userId: number, input: UserSettingsInput) {
  await deps.store.users.setEmailNotifications(userId, input.emailNotifications);
  return userSettings(deps, userId);
}
