// The codes of two-factor sign-in: RFC 6238's own test vectors through the helper the server uses, and
// which step a typed code proves (the steps around now, each once).
import { Secret } from 'otpauth';
import { describe, expect, test } from 'vitest';
import {
  codeAt,
  formatRecoveryCode,
  isAuthenticatorCode,
  normalRecoveryCode,
  otpauthUrl,
  provenStep,
  RECOVERY_ALPHABET,
  stepAt,
} from '../../src/server/domain/two-factor';

describe('RFC 6238, appendix B (SHA-1)', () => {
  // The RFC's SHA-1 key is the ASCII text "12345678901234567890"; its codes are eight digits long.
  const secret = Secret.fromUTF8('12345678901234567890').base32;

  test.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('at %i seconds the code is %s', (seconds, code) => {
    expect(codeAt(secret, seconds * 1000, 8)).toBe(code);
  });

  test('six digits are the last six of the same HOTP value', () => {
    expect(codeAt(secret, 59_000)).toBe('287082');
    expect(codeAt(secret, 1111111109_000)).toBe('081804');
  });
});

describe('provenStep', () => {
  const secret = new Secret({ size: 20 }).base32;
  const now = Date.parse('2026-06-01T12:00:10Z');
  const step = stepAt(now);
  const codeOf = (s: number) => codeAt(secret, s * 30_000);

  test('the current step, the one before and the one after are accepted', () => {
    expect(provenStep(secret, codeOf(step), now, null)).toBe(step);
    expect(provenStep(secret, codeOf(step - 1), now, null)).toBe(step - 1);
    expect(provenStep(secret, codeOf(step + 1), now, null)).toBe(step + 1);
  });

  test('two steps away is refused either way', () => {
    expect(provenStep(secret, codeOf(step - 2), now, null)).toBeNull();
    expect(provenStep(secret, codeOf(step + 2), now, null)).toBeNull();
  });

  test('the last step used, and every one before it, is refused', () => {
    expect(provenStep(secret, codeOf(step), now, step)).toBeNull();
    expect(provenStep(secret, codeOf(step - 1), now, step - 1)).toBeNull();
    expect(provenStep(secret, codeOf(step - 1), now, step)).toBeNull();
    expect(provenStep(secret, codeOf(step + 1), now, step)).toBe(step + 1);
  });

  test("another secret's code proves nothing", () => {
    const other = new Secret({ size: 20 }).base32;
    expect(provenStep(secret, codeAt(other, now), now, null)).toBeNull();
  });
});

describe('what a code looks like', () => {
  test('six digits are an authenticator code, spaces inside ignored; anything else is tried as a recovery code', () => {
    expect(isAuthenticatorCode('123456')).toBe(true);
    expect(isAuthenticatorCode('123 456')).toBe(true);
    expect(isAuthenticatorCode('12345')).toBe(false);
    expect(isAuthenticatorCode('k3xh7-2mqpa')).toBe(false);
  });

  test('a recovery code reads back the same whatever its case, spaces and dash', () => {
    const code = formatRecoveryCode([0, 1, 2, 3, 4, 5, 6, 7, 8, 30]);
    expect(code).toBe(`abcde-fghj${RECOVERY_ALPHABET[30]}`);
    expect(normalRecoveryCode(' ABCDE FGHJ9 ')).toBe(normalRecoveryCode('abcde-fghj9'));
  });

  test('the otpauth URL names the site and the account, with the SHA-1, 6-digit, 30-second code', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ann@example.com', 'Open Auction'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Open Auction');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain('ann@example.com');
  });
});
