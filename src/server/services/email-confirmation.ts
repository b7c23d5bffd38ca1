// Confirming an account's address: sign-up (and the profile, on request) mails a link that works
// once within a day; using it marks the address confirmed, and only confirmed addresses are mailed
// notices. Its token is 32 random bytes, of which the table keeps only the SHA-256, as for sessions
// and password resets; the mail, with the link, waits in the outbox until it is sent.
import { randomBytes } from 'node:crypto';
import {
  ALREADY_CONFIRMED_MESSAGE,
  CONFIRMATION_LINK_INVALID_MESSAGE,
  CONFIRMATION_NEEDS_EMAIL_MESSAGE,
  EMAIL_CONFIRMATION_MS,
  EMAIL_CONFIRMED_MESSAGE,
  HOUR_MS,
  NOT_SIGNED_IN_MESSAGE,
} from '../../shared/constants';
import type { VerifyEmailInput } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { AppError, badRequest, conflict, unauthorized } from '../domain/errors';
import type { ClientInfo } from './login-history';
import { emailConfirmationMessage } from './mail-messages';
import { spendOrRefuse } from './rate-limit';
import { hashToken } from './sessions';

const TOO_MANY_MAILS = 'Too many confirmation mails. Please try again later.';
const TOO_MANY_ATTEMPTS = 'Too many confirmation attempts. Please try again later.';

/** Makes a confirmation link for the account and queues its mail (the caller checked that the site sends mail). */
export async function queueEmailConfirmation(deps: AppDeps, user: { id: number; name: string; email: string }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const link = `${deps.settings.PUBLIC_URL}/verify-email?token=${token}`;
  await deps.store.emailConfirmations.create(
    { id: hashToken(token), userId: user.id, createdAt: new Date(now), expiresAt: new Date(now + EMAIL_CONFIRMATION_MS) },
    emailConfirmationMessage(user, link, EMAIL_CONFIRMATION_MS / HOUR_MS),
  );
}

/** Uses a confirmation link: the address of its account is confirmed from now on. */
export async function verifyEmail(deps: AppDeps, input: VerifyEmailInput, client: ClientInfo): Promise<{ message: string }> {
  // Every attempt counts per address, so that tokens cannot be guessed in bulk.
  await spendOrRefuse([[deps.limits.confirmationsPerAddress, client.ip]], TOO_MANY_ATTEMPTS);
  const userId = await deps.store.emailConfirmations.consume(hashToken(input.token), deps.now());
  if (userId === undefined) throw badRequest(CONFIRMATION_LINK_INVALID_MESSAGE);
  return { message: EMAIL_CONFIRMED_MESSAGE };
}

/** Mails the signed-in user a new confirmation link, a few times an hour at most. */
export async function resendEmailConfirmation(deps: AppDeps, userId: number): Promise<{ message: string }> {
  if (!deps.mail.transport) throw new AppError('unavailable', CONFIRMATION_NEEDS_EMAIL_MESSAGE);
  const user = await deps.store.users.byId(userId);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (user.emailVerifiedAt) throw conflict(ALREADY_CONFIRMED_MESSAGE);
  await spendOrRefuse([[deps.limits.confirmationMailsPerAccount, String(userId)]], TOO_MANY_MAILS);
  await queueEmailConfirmation(deps, user);
  return { message: `We have sent a new link to ${user.email}. It works once, within ${EMAIL_CONFIRMATION_MS / HOUR_MS} hours.` };
}
