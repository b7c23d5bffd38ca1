import { describe, expect, test } from 'vitest';
import { FairQueue, hashPassword, verifyPassword } from '../../src/server/services/passwords';

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

describe('FairQueue', () => {
  test('runs at most `concurrency` tasks at once, and serves waiting keys in turn', async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = (label: string) => () => {
      started.push(label);
      running += 1;
      most = Math.max(most, running);
      return new Promise<void>((resolve) =>
        releases.push(() => {
          running -= 1;
          resolve();
        }),
      );
    };
    const done = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((label) => queue.run('attacker', task(label))),
      queue.run('someone', task('s1')),
      queue.run('other', task('o1')),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2']);
    // Each finished task hands its place to the next key in turn, not to the longest line.
    for (let i = 0; i < 5; i++) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(started).toEqual(['a1', 'a2', 'a3', 's1', 'o1', 'a4', 'a5']);
    for (const release of releases.splice(0)) release();
    await Promise.all(done);
    expect(most).toBe(2);
  });

  test('a task that fails gives its place back', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('k', async () => 'next')).toBe('next');
  });
});
