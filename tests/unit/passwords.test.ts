import { describe, expect, test } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/services/passwords';

describe('passwords', () => {
  test('the hash is salted: one password gives two different hashes, and neither contains the password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse', b)).toBe(true);
  });

  test('verify is false for another password', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  test('unicode passwords work, and composed and decomposed forms of one text match', async () => {
    const hash = await hashPassword('pässwörd 🔐 密码 café');
    expect(await verifyPassword('pässwörd 🔐 密码 café', hash)).toBe(true);
    expect(await verifyPassword('pässwörd 🔐 密码 cafe\u0301'.normalize('NFD'), hash)).toBe(true);
    expect(await verifyPassword('passwörd 🔐 密码 café', hash)).toBe(false);
  });

  test('no truncation: passwords that differ only after 72 bytes do not match', async () => {
    const base = 'a'.repeat(100);
    const hash = await hashPassword(`${base}1`);
    expect(await verifyPassword(`${base}2`, hash)).toBe(false);
  });

  test('a stored value that is not a hash never verifies', async () => {
    expect(await verifyPassword('anything', 'anything')).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
  });
});
