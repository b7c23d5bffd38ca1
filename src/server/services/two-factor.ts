// Two-factor sign-in (docs/rules/accounts.md#two-factor-sign-in): setting up an authenticator, turning it
// on and off, and a login's second step. The secret is sent once, by the set-up; recovery codes once,
// when it is turned on; the database keeps the recovery codes and the login challenges only hashed.
import { randomBytes, randomInt } from 'node:crypto';
import { Secret } from 'otpauth';
import {
  LOGIN_CHALLENGE_MS,
  LOGIN_CHALLENGE_TRIES,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_WORDS,
  type DisableTwoFactorInput,
  type EnableTwoFactorInput,
  type LoginCodeInput,
} from '../../shared/two-factor';
import type { TwoFactorProof, TwoFactorRecord } from '../db/two-factor-store';
import type { AppDeps } from '../deps';
import { conflict, invalid, unauthorized } from '../domain/errors';
import {
  formatRecoveryCode,
  isAuthenticatorCode,
  normalRecoveryCode,
  otpauthUrl,
  provenStep,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_LENGTH,
} from '../domain/two-factor';
import type { ClientInfo } from './login-history';
import { spendOrRefuse } from './rate-limit';
import { hashToken } from './sessions';

/** How authenticator apps name the account's entry. */
const ISSUER = 'Open Auction';

/** 160 random bits, the length RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new pending secret, in place of one pending before; refused while two-factor is on. */
export async function setupTwoFactor(deps: AppDeps, user: { id: number; email: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  if (!(await deps.store.twoFactor.setPending(user.id, secret, new Date(deps.now())))) throw conflict(TWO_FACTOR_WORDS.alreadyOn);
  return { secret, otpauthUrl: otpauthUrl(secret, user.email, ISSUER) };
}

/** Turns on the pending secret once a code proves the app holds it; answers the recovery codes, shown this once. */
export async function enableTwoFactor(deps: AppDeps, userId: number, input: EnableTwoFactorInput): Promise<{ recoveryCodes: string[] }> {
  const { twoFactor } = deps.store;
  const now = deps.now();
  const found = await twoFactor.of(userId);
  if (!found) throw conflict(TWO_FACTOR_WORDS.notSetUp);
  if (found.enabled) throw conflict(TWO_FACTOR_WORDS.alreadyOn);
  const step = provenStep(found.secret, input.code, now, null);
  if (step === null) throw invalid([{ path: 'code', message: TWO_FACTOR_WORDS.codeWrong }]);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  // The step that proved it counts as used: the same code cannot sign in a moment later.
  if (!(await twoFactor.enable(userId, found.secret, step, recoveryCodes.map(hashRecoveryCode), new Date(now)))) {
    throw conflict((await twoFactor.of(userId))?.enabled ? TWO_FACTOR_WORDS.alreadyOn : TWO_FACTOR_WORDS.replaced);
  }
  return { recoveryCodes };
}

/**
 * Turns two-factor off with the password and a code (or a recovery code). A wrong one counts as a
 * failed login, as in the login's second step: otherwise whoever holds a session and the password
 * could guess codes here without limit.
 */
export async function disableTwoFactor(
  deps: AppDeps,
  user: { id: number; email: string },
  input: DisableTwoFactorInput,
  client: ClientInfo,
): Promise<{ message: string }> {
  const { store, limits } = deps;
  const now = deps.now();
  const found = await store.twoFactor.of(user.id);
  if (!found?.enabled) throw conflict(TWO_FACTOR_WORDS.alreadyOff);
  const key = `${user.email}|${client.ip}`;
  await spendOrRefuse(
    [
      [limits.loginFailures, key],
      [limits.loginFailuresPerAddress, client.ip],
    ],
    TWO_FACTOR_WORDS.tooMany,
  );
  const row = await store.users.byId(user.id);
  const passwordRight = row !== undefined && (await deps.passwords.verify(input.password, row.passwordHash, `user:${user.id}`));
  if (!passwordRight) throw invalid([{ path: 'password', message: TWO_FACTOR_WORDS.passwordWrong }]);
  const proof = proofOf(found, input.code, now);
  if (proof === null || !(await store.twoFactor.disable(user.id, proof, new Date(now)))) {
    throw invalid([{ path: 'code', message: TWO_FACTOR_WORDS.codeRefused }]);
  }
  await Promise.all([limits.loginFailures.giveBack(key), limits.loginFailuresPerAddress.giveBack(client.ip)]);
  return { message: TWO_FACTOR_WORDS.disabled };
}

/** Whether a login with the right password still needs a code. */
export async function twoFactorOn(deps: AppDeps, userId: number): Promise<boolean> {
  return (await deps.store.twoFactor.of(userId))?.enabled === true;
}

/** The second step of a login: a challenge token for the client, kept hashed, live for five minutes. */
export async function startLoginChallenge(deps: AppDeps, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.store.twoFactor.createChallenge({
    id: hashToken(token),
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(now + LOGIN_CHALLENGE_MS),
  });
  return token;
}

/**
 * Passes a login's second step with a code or a recovery code; answers the user's id. Every attempt
 * counts as a failed login until it succeeds, as the first step's do; a wrong code also counts against
 * the challenge. An unknown, expired or spent challenge, and a wrong or used code, are refused alike.
 */
export async function passLoginChallenge(deps: AppDeps, input: LoginCodeInput, client: ClientInfo): Promise<number> {
  const { store, limits } = deps;
  const id = hashToken(input.challenge);
  const now = new Date(deps.now());
  const refused = unauthorized(TWO_FACTOR_WORDS.loginCodeRefused);
  const found = await store.twoFactor.challenge(id, now, LOGIN_CHALLENGE_TRIES);
  if (!found) {
    // No account to count it against: the address pays for it.
    await spendOrRefuse([[limits.loginFailuresPerAddress, client.ip]], TWO_FACTOR_WORDS.tooMany);
    throw refused;
  }
  const key = `${found.email}|${client.ip}`;
  await spendOrRefuse(
    [
      [limits.loginFailures, key],
      [limits.loginFailuresPerAddress, client.ip],
    ],
    TWO_FACTOR_WORDS.tooMany,
  );
  const proof = proofOf(found, input.code, now.getTime());
  const userId = proof && (await store.twoFactor.passChallenge(id, now, LOGIN_CHALLENGE_TRIES, proof));
  if (userId === null || userId === undefined) {
    await store.twoFactor.failChallenge(id, now, LOGIN_CHALLENGE_TRIES);
    throw refused;
  }
  await Promise.all([limits.loginFailures.reset(key), limits.loginFailuresPerAddress.giveBack(client.ip)]);
  return userId;
}

/**
 * What a typed code may prove, for the store to use up: an authenticator's code of a step not used
 * yet, or a recovery code by its hash (whether it is one of the user's, unused, only the store knows).
 */
function proofOf(factor: TwoFactorRecord, code: string, now: number): TwoFactorProof | null {
  if (isAuthenticatorCode(code)) {
    const step = provenStep(factor.secret, code.replace(/\s/g, ''), now, factor.lastStep);
    return step === null ? null : { step };
  }
  const recovery = normalRecoveryCode(code);
  return recovery.length === RECOVERY_CODE_LENGTH ? { recoveryCodeHash: hashToken(recovery) } : null;
}

function newRecoveryCode(): string {
  return formatRecoveryCode(Array.from({ length: RECOVERY_CODE_LENGTH }, () => randomInt(RECOVERY_ALPHABET.length)));
}

/** Recovery codes carry about 50 random bits and are tried a few at a time: SHA-256 keeps them as safely as it keeps tokens. */
function hashRecoveryCode(code: string): string {
  return hashToken(normalRecoveryCode(code));
}
