// Two-factor sign-in (docs/rules/accounts.md#two-factor-sign-in): its limits, its words and the inputs of
// its calls, shared by the server (which enforces and says them) and the client (which repeats them).
import { z } from 'zod';
import { PASSWORD_MAX } from './constants';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, a new code every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A login's second step lasts this long, and allows this many wrong codes. */
export const LOGIN_CHALLENGE_MS = 5 * 60 * 1000;
export const LOGIN_CHALLENGE_TRIES = 5;

export const TWO_FACTOR_WORDS = {
  codeMissing: 'Please enter the code',
  codeNotSix: `Enter the ${TOTP_DIGITS}-digit code your authenticator app shows`,
  /** Setting up: the code does not prove the new secret (mistyped, or the app's clock is off). */
  codeWrong: 'That code is not right. Check that your device’s clock is correct and try the newest code.',
  /** The second step of a login, whatever was wrong: the code, its reuse, or the challenge's age. */
  loginCodeRefused: 'That code did not work. Try the newest code, or sign in again if a few minutes have passed.',
  challengeMissing: 'The sign-in step is incomplete. Please sign in again.',
  passwordMissing: 'Password is required',
  passwordWrong: 'Password is incorrect.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notSetUp: 'Start the set-up first: there is no new secret waiting to be turned on.',
  alreadyOff: 'Two-factor sign-in is already off.',
  /** Set up again (another tab) between showing the QR code and entering its code. */
  replaced: 'A newer set-up replaced this one. Scan the new QR code and enter its code.',
  /** Turning it off: a code of the authenticator's or a recovery code, wrong or used already. */
  codeRefused: 'That code is not right, or it was used already.',
  disabled: 'Two-factor sign-in is off.',
  tooMany: 'Too many failed login attempts. Please try again later.',
};

/** A code as typed: an authenticator's digits or a recovery code, spaces around it ignored. */
const anyCode = z
  .string({ error: TWO_FACTOR_WORDS.codeMissing })
  .trim()
  .min(1, TWO_FACTOR_WORDS.codeMissing)
  .max(64, 'That code is too long');

/** Turning two-factor on proves the new secret with the authenticator's code (spaces inside ignored). */
export const enableTwoFactorInput = z.object({
  code: anyCode
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_WORDS.codeNotSix)),
});
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorInput>;

/** Turning it off takes the password and a code (a recovery code will do). */
export const disableTwoFactorInput = z.object({
  password: z
    .string({ error: TWO_FACTOR_WORDS.passwordMissing })
    .min(1, TWO_FACTOR_WORDS.passwordMissing)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  code: anyCode,
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorInput>;

/** A login's second step: the challenge the first step answered, and a code or a recovery code. */
export const loginCodeInput = z.object({
  challenge: z
    .string({ error: TWO_FACTOR_WORDS.challengeMissing })
    .trim()
    .min(1, TWO_FACTOR_WORDS.challengeMissing)
    .max(200, TWO_FACTOR_WORDS.challengeMissing),
  code: anyCode,
});
export type LoginCodeInput = z.infer<typeof loginCodeInput>;
