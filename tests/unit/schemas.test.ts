import { describe, expect, test } from 'vitest';
import { PASSWORD_HINT, loginInput, signupInput } from '../../src/shared/schemas/auth';
import { PASSWORDS_DO_NOT_MATCH, PLEASE_ENTER_ALL_FIELDS, changePasswordInput } from '../../src/shared/schemas/user';
import { contactInput } from '../../src/shared/schemas/contact';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

describe('signupInput', () => {
  const valid = { name: 'Ann Example', email: 'ann@example.com', password: 'long enough' };

  test('trims the name and trims and lower-cases the email', () => {
    const parsed = signupInput.parse({ name: '  Ann  ', email: '  Ann.Example@EXAMPLE.Com  ', password: 'long enough' });
    expect(parsed).toEqual({ name: 'Ann', email: 'ann.example@example.com', password: 'long enough' });
  });

  test('never trims the password: spaces belong to a passphrase', () => {
    expect(signupInput.parse({ ...valid, password: '  spaced out  ' }).password).toBe('  spaced out  ');
  });

  test('strips a role sent by the client', () => {
    const parsed = signupInput.parse({ ...valid, role: 'admin' });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).toEqual(valid);
  });

  test.each([
    ['blank name', { name: '   ' }, 'name', 'Name is required'],
    ['missing name', { name: undefined }, 'name', 'Name is required'],
    ['blank email', { email: '  ' }, 'email', 'Email is required'],
    ['missing email', { email: undefined }, 'email', 'Email is required'],
    ['malformed email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['missing password', { password: undefined }, 'password', 'Password is required'],
  ])('refuses a %s', (_label, change, path, message) => {
    const result = signupInput.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(messages(result)).toContainEqual({ path, message });
  });

  test('password of 7 characters is refused with the hint; 8 and 128 are accepted; 129 refused', () => {
    const seven = signupInput.safeParse({ ...valid, password: '1234567' });
    expect(messages(seven)).toEqual([{ path: 'password', message: PASSWORD_HINT }]);
    expect(PASSWORD_HINT).toBe('Password must be at least 8 characters long');
    expect(signupInput.safeParse({ ...valid, password: '12345678' }).success).toBe(true);
    expect(signupInput.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
    const long = signupInput.safeParse({ ...valid, password: 'x'.repeat(129) });
    expect(long.success).toBe(false);
    expect(messages(long)[0]?.path).toBe('password');
  });
});

describe('loginInput', () => {
  test('lower-cases and trims the email so login matches the stored address', () => {
    expect(loginInput.parse({ email: ' ANN@Example.com ', password: 'x' }).email).toBe('ann@example.com');
  });

  test('an empty password is refused', () => {
    expect(loginInput.safeParse({ email: 'ann@example.com', password: '' }).success).toBe(false);
  });
});

describe('changePasswordInput', () => {
  const valid = { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' };

  test('accepts matching new passwords', () => {
    expect(changePasswordInput.parse(valid)).toEqual(valid);
  });

  test.each(['currentPassword', 'newPassword', 'confirmPassword'] as const)(
    'missing or empty %s gives "Please enter all fields"',
    (field) => {
      const missing = changePasswordInput.safeParse({ ...valid, [field]: undefined });
      expect(messages(missing)[0]).toEqual({ path: field, message: PLEASE_ENTER_ALL_FIELDS });
      const empty = changePasswordInput.safeParse({ ...valid, [field]: '' });
      expect(messages(empty)[0]).toEqual({ path: field, message: PLEASE_ENTER_ALL_FIELDS });
      expect(PLEASE_ENTER_ALL_FIELDS).toBe('Please enter all fields');
    },
  );

  test('an empty body reports "Please enter all fields" first', () => {
    expect(messages(changePasswordInput.safeParse({}))[0]?.message).toBe('Please enter all fields');
  });

  test('a confirmation that differs gives the mismatch message', () => {
    const result = changePasswordInput.safeParse({ ...valid, confirmPassword: 'new passw0rd' });
    expect(messages(result)).toEqual([{ path: 'confirmPassword', message: 'New password and confirm password do not match.' }]);
    expect(PASSWORDS_DO_NOT_MATCH).toBe('New password and confirm password do not match.');
  });

  test('a new password shorter than 8 gives the hint', () => {
    const result = changePasswordInput.safeParse({ ...valid, newPassword: 'short', confirmPassword: 'short' });
    expect(messages(result)).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters long' }]);
  });
});

describe('free text', () => {
  const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Shipping', message: 'Do you ship abroad?' };

  test.each([
    ['a NUL character, which PostgreSQL cannot store', 'Hello\u0000world'],
    ['a lone surrogate, which would read back mangled', 'Hello \ud800 world'],
  ])('%s is refused with a message naming the field', (_, text) => {
    const result = contactInput.safeParse({ ...contact, message: text });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['message'], message: 'Message contains an invalid character' }),
    ]);
  });

  test('line breaks, tabs and emoji in a message are kept', () => {
    expect(contactInput.parse({ ...contact, message: 'Line one\n\tLine two 🎉' }).message).toBe('Line one\n\tLine two 🎉');
  });
});
