// The public shape of a user; changing a password; the account's own settings.
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
  /** Whether the owner confirmed the address (by the mailed link): only then are notices mailed to it. */
  emailVerified: boolean;
  /** Whether two-factor sign-in is on: a login then asks for a code after the password. */
  twoFactor: boolean;
}

/** A user as the store reads it (the time the address was confirmed) or as a session carries it (whether it was). */
type UserFields = { id: number; name: string; email: string; avatar: string | null; role: Role; twoFactor: boolean } & (
  { emailVerified: boolean } | { emailVerifiedAt: Date | null }
);

/** The user as answers carry them; `publicUrl` (PUBLIC_URL) is where the avatar is served. */
export function toUser(row: UserFields, publicUrl: string): User {
  const emailVerified = 'emailVerified' in row ? row.emailVerified : row.emailVerifiedAt !== null;
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    avatar: avatarUrl(row, publicUrl),
    role: row.role,
    emailVerified,
    twoFactor: row.twoFactor,
  };
}

/**
 * Checks the current password, stores the new one, and signs out every other session of the user;
 * reset links mailed before the change stop working (their mails not sent yet are dropped).
 */
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

export interface UserSettings {
  /** The user's switch: notices also by mail. */
  emailNotifications: boolean;
  /** Whether the address is confirmed: notices are mailed only then. */
  emailVerified: boolean;
  /** Whether a mail server is set up (SMTP_URL): without one, no mail leaves this site. */
  mailEnabled: boolean;
  /** Development without a mail server: mail is printed in the server's terminal instead. */
  mailPrinted: boolean;
}

/** The account's own settings, and how this site's mail leaves. */
export async function userSettings(deps: AppDeps, userId: number): Promise<UserSettings> {
  const row = await deps.store.users.byId(userId);
  if (!row) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  return {
    emailNotifications: row.emailNotifications,
    emailVerified: row.emailVerifiedAt !== null,
    mailEnabled: deps.mail.delivery === 'smtp',
    mailPrinted: deps.mail.delivery === 'terminal',
  };
}

export async function updateUserSettings(deps: AppDeps, userId: number, input: UserSettingsInput) {
  await deps.store.users.setEmailNotifications(userId, input.emailNotifications);
  return userSettings(deps, userId);
}
