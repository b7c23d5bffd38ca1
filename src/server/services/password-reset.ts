// Forgotten passwords: a link mailed to the account's address, used once within the hour (and ended
// sooner by a password change). Its token is 32 random bytes, of which the reset table keeps only the
// SHA-256, as for sessions; the mail itself, with the link, waits in the outbox until it is sent (and
// expires with the link). A link goes to any account's address, confirmed or not: it proves the
// address itself.
import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MS, RESET_LINK_INVALID_MESSAGE, RESET_NEEDS_EMAIL_MESSAGE, RESET_REQUESTED_MESSAGE } from '../../shared/constants';
import type { CheckResetTokenInput, ForgotPasswordInput, ResetPasswordInput } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { AppError, badRequest } from '../domain/errors';
import type { ClientInfo } from './login-history';
import { passwordResetMessage } from './mail-messages';
import { spendOrRefuse } from './rate-limit';
import { hashToken } from './sessions';

const TOO_MANY_REQUESTS = 'Too many password reset requests. Please try again later.';
const TOO_MANY_RESETS = 'Too many password reset attempts. Please try again later.';

/**
 * Queues a reset link for the account with that email, if there is one; the answer is the same
 * either way, and no mail is sent during the request (it leaves through the outbox).
 */
export async function requestPasswordReset(deps: AppDeps, input: ForgotPasswordInput, client: ClientInfo): Promise<{ message: string }> {
  if (!deps.mail.transport) throw new AppError('unavailable', RESET_NEEDS_EMAIL_MESSAGE);
  const { limits } = deps;
  // Per email asked about, whether or not it has an account (the limit tells nobody which do), and
  // per requesting address: a stranger asking from elsewhere spends their own allowance, never the owner's.
  await spendOrRefuse(
    [
      [limits.resetRequestsPerAddress, client.ip],
      [limits.resetRequestsPerAccountAndAddress, `${input.email}|${client.ip}`],
    ],
    TOO_MANY_REQUESTS,
  );
  const user = await deps.store.users.byEmail(input.email);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    const link = `${deps.settings.PUBLIC_URL}/reset-password?token=${token}`;
    await deps.store.passwordResets.create(
      { id: hashToken(token), userId: user.id, createdAt: new Date(now), expiresAt: new Date(now + PASSWORD_RESET_MS) },
      passwordResetMessage(user, link, PASSWORD_RESET_MS / 60_000),
    );
  }
  return { message: RESET_REQUESTED_MESSAGE };
}

/** Sets the new password with a live link, and signs the account out everywhere. */
export async function resetPassword(deps: AppDeps, input: ResetPasswordInput, client: ClientInfo): Promise<{ message: string }> {
  const { limits, store } = deps;
  // Every attempt counts per address, so that tokens cannot be guessed in bulk.
  await spendOrRefuse([[limits.resetsPerAddress, client.ip]], TOO_MANY_RESETS);
  const id = hashToken(input.token);
  const userId = await store.passwordResets.userOf(id, deps.now());
  if (userId === undefined) throw badRequest(RESET_LINK_INVALID_MESSAGE);
  await spendOrRefuse([[limits.resetsPerAccount, String(userId)]], TOO_MANY_RESETS);
  const passwordHash = await deps.passwords.hash(input.password, `user:${userId}`);
  // Used up in the same transaction that sets the password: of two uses at once, one wins.
  if ((await store.passwordResets.consume(id, deps.now(), passwordHash)) === undefined) throw badRequest(RESET_LINK_INVALID_MESSAGE);
  deps.streams.endUserSessions(userId);
  return { message: 'Your password has been changed. You can now log in with the new one.' };
}

/**
 * Whether a reset link can still be used, so that its page shows the form only for one that can. It
 * counts as an attempt to use a link: checking is no faster a way to guess tokens than trying them.
 */
export async function checkResetToken(deps: AppDeps, input: CheckResetTokenInput, client: ClientInfo): Promise<{ valid: boolean }> {
  await spendOrRefuse([[deps.limits.resetsPerAddress, client.ip]], TOO_MANY_RESETS);
  return { valid: (await deps.store.passwordResets.userOf(hashToken(input.token), deps.now())) !== undefined };
}
