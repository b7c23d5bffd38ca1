// Sign-up, login (with its second step when two-factor sign-in is on) and logout. Rate limits live here
// so that tRPC and REST share them.
import { LOGIN_FAILED_MESSAGE } from '../../shared/constants';
import { MODERATION_WORDS } from '../../shared/moderation';
import type { LoginInput, SignupInput } from '../../shared/schemas/auth';
import type { LoginCodeInput } from '../../shared/two-factor';
import type { UserRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { conflict, forbidden, tooManyRequests, unauthorized } from '../domain/errors';
import { queueEmailConfirmation } from './email-confirmation';
import { recordLogin, type ClientInfo } from './login-history';
import { takeAll } from './rate-limit';
import { createSession, revokeSession } from './sessions';
import { passLoginChallenge, startLoginChallenge, twoFactorOn } from './two-factor';
import { toUser, type User } from './users';

export interface SignedIn {
  user: User;
  token: string;
  expiresAt: Date;
}

/** The right password of an account with two-factor on: no session yet, a challenge for the code. */
export interface CodeNeeded {
  twoFactorRequired: true;
  challenge: string;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

export async function signup(deps: AppDeps, input: SignupInput, client: ClientInfo): Promise<SignedIn> {
  const { store, limits, now } = deps;
  const wait = await limits.signups.take(client.ip);
  if (wait > 0) throw tooManyRequests('Too many sign-ups from this address. Please try again later.', wait);

  if (await store.users.byEmail(input.email)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const passwordHash = await deps.passwords.hash(input.password, client.ip);
  // `role` is not in the input type: every sign-up is a user; admins are made by create-admin.
  const row = await store.users.insert({ name: input.name, email: input.email, passwordHash, createdAt: new Date(now()) });
  // Two sign-ups with one email at the same instant: the unique index decided.
  if (!row) throw conflict(EMAIL_TAKEN_MESSAGE);
  // Notices are mailed only once the owner of the address has followed this link.
  if (deps.mail.transport) await queueEmailConfirmation(deps, row);
  await recordLogin(deps, row.id, 'signup', client);
  const session = await createSession(deps, row.id);
  return { user: toUser({ ...row, twoFactor: false }, deps.settings.PUBLIC_URL), ...session };
}

export async function login(deps: AppDeps, input: LoginInput, client: ClientInfo): Promise<SignedIn | CodeNeeded> {
  const { store, limits, passwords } = deps;
  const key = `${input.email}|${client.ip}`;
  // Counted as failures before the (slow) password check, so that attempts sent in parallel
  // cannot all pass while the first ones are still hashing; success takes them back.
  const wait = await takeAll([
    [limits.loginFailures, key],
    [limits.loginFailuresPerAddress, client.ip],
  ]);
  if (wait > 0) throw tooManyRequests('Too many failed login attempts. Please try again later.', wait);

  const row = await store.users.byEmail(input.email);
  const valid = row
    ? await passwords.verify(input.password, row.passwordHash, client.ip)
    : (await passwords.burn(input.password, client.ip), false);
  if (!row || !valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
  refuseSuspended(row);
  if (await twoFactorOn(deps, row.id)) {
    // Only this attempt is taken back: the account's earlier failures stay, or signing in again and
    // again would clear the count that limits guessing codes.
    await Promise.all([limits.loginFailures.giveBack(key), limits.loginFailuresPerAddress.giveBack(client.ip)]);
    return { twoFactorRequired: true, challenge: await startLoginChallenge(deps, row.id) };
  }
  await Promise.all([limits.loginFailures.reset(key), limits.loginFailuresPerAddress.giveBack(client.ip)]);
  return signIn(deps, row, false, client);
}

/** A login's second step: the challenge and a code (or a recovery code) sign in as a login does. */
export async function loginWithCode(deps: AppDeps, input: LoginCodeInput, client: ClientInfo): Promise<SignedIn> {
  const userId = await passLoginChallenge(deps, input, client);
  const row = await deps.store.users.byId(userId);
  if (!row) throw unauthorized(LOGIN_FAILED_MESSAGE);
  // Suspended between the two steps: the code was right, the account may not sign in.
  refuseSuspended(row);
  return signIn(deps, row, true, client);
}

/**
 * Said only to whoever knows the password, so it tells nobody else that the account exists. A deleted
 * account has neither an address nor a password a login could match; should one still get this far (a
 * login's second step begun before the deletion), it is refused as any wrong login is.
 */
function refuseSuspended(row: UserRecord): void {
  if (row.status === 'deleted') throw unauthorized(LOGIN_FAILED_MESSAGE);
  if (row.status === 'suspended') throw forbidden(MODERATION_WORDS.suspended(row.suspensionReason));
}

async function signIn(deps: AppDeps, row: UserRecord, twoFactor: boolean, client: ClientInfo): Promise<SignedIn> {
  await recordLogin(deps, row.id, 'login', client);
  // A new session every time: an id planted before login is worth nothing after it.
  const session = await createSession(deps, row.id);
  return { user: toUser({ ...row, twoFactor }, deps.settings.PUBLIC_URL), ...session };
}

export async function logout(deps: AppDeps, sessionId: string | null): Promise<void> {
  if (sessionId) await revokeSession(deps, sessionId);
}
