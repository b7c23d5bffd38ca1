// The rules of two-factor codes (docs/rules/accounts.md#two-factor-sign-in): RFC 6238's codes, computed by
// otpauth, which 30-second step a typed code proves, and what a recovery code looks like. Pure: the
// clock and the last step used are handed in.
import { HOTP, Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../shared/two-factor';

const ALGORITHM = 'SHA1';

/** The 30-second step `timeMs` falls in (RFC 6238's T, counted from the Unix epoch). */
export function stepAt(timeMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: timeMs });
}

/**
 * The code of a base32 secret at `timeMs`. Digits other than six serve only RFC 6238's own test
 * vectors, which are eight digits long: the same helper is checked against them.
 */
export function codeAt(secretBase32: string, timeMs: number, digits = TOTP_DIGITS): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp: timeMs,
  });
}

/**
 * The step a code proves at `nowMs`: the current step, or the one before or after it (a clock a little
 * off, a code typed as it changed), but never `lastStep` nor one before it, so each code works once.
 * Null when it proves none.
 */
export function provenStep(secretBase32: string, code: string, nowMs: number, lastStep: number | null): number | null {
  const secret = Secret.fromBase32(secretBase32);
  const current = stepAt(nowMs);
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    // otpauth compares in constant time.
    const delta = HOTP.validate({ token: code, secret, algorithm: ALGORITHM, digits: TOTP_DIGITS, counter: step, window: 0 });
    if (delta === 0) return step;
  }
  return null;
}

/** The URL an authenticator app reads from the QR code: the site, the account, and the secret. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** What a person types is an authenticator's code when it is six digits; anything else is tried as a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s/g, ''));
}

/** Recovery codes are made of these: no 0/o, 1/l/i, so that one copied by hand reads back the same. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** A recovery code as shown: two groups of five, e.g. "k3xh7-2mqpa" (about 50 random bits). */
export function formatRecoveryCode(randomIndexes: number[]): string {
  const chars = randomIndexes.slice(0, RECOVERY_CODE_LENGTH).map((i) => RECOVERY_ALPHABET[i]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code as typed, made comparable: case, spaces and dashes do not matter. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
