import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testSettings } from '../../src/server/env';
import { createLimits, takeAll } from '../../src/server/services/rate-limit';

// rate-limiter-flexible reads Date.now(): these tests fake Date (nothing else) to move its time.
beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 }));
afterEach(() => void vi.useRealTimers());

const MINUTE = 60_000;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** The memory backend's limits, three sign-ups an hour and three failed logins in 15 minutes. */
function limits() {
  return createLimits(testSettings({ SIGNUPS_PER_HOUR: 3, LOGIN_FAILURES_LIMIT: 3 }), { kind: 'memory' });
}

describe('a limit in memory', () => {
  test('takes up to its size, then answers the wait until the window opened by the first attempt ends', async () => {
    const { signups } = limits();
    for (let i = 0; i < 3; i += 1) {
      expect(await signups.take('a')).toBe(0);
      later(MINUTE);
    }
    // Attempts at 0, 1 and 2 minutes; now 3 minutes: the window ends at 60.
    expect(await signups.take('a')).toBe(57 * MINUTE);
    later(57 * MINUTE - 1);
    expect(await signups.take('a')).toBe(1);
    later(1);
    expect(await signups.take('a')).toBe(0);
  });

  test('when the window ends, the key starts afresh with its whole size', async () => {
    const { signups } = limits();
    for (let i = 0; i < 3; i += 1) await signups.take('a');
    later(60 * MINUTE);
    for (let i = 0; i < 3; i += 1) expect(await signups.take('a')).toBe(0);
    expect(await signups.take('a')).toBe(60 * MINUTE);
  });

  test('a refused attempt costs nothing: a given-back place is free at once', async () => {
    const { signups } = limits();
    for (let i = 0; i < 3; i += 1) await signups.take('a');
    for (let i = 0; i < 5; i += 1) expect(await signups.take('a')).toBeGreaterThan(0);
    await signups.giveBack('a');
    expect(await signups.take('a')).toBe(0);
  });

  test('keys are counted separately, and reset forgets one key', async () => {
    const { signups } = limits();
    for (let i = 0; i < 3; i += 1) await signups.take('a');
    expect(await signups.take('b')).toBe(0);
    await signups.reset('a');
    for (let i = 0; i < 3; i += 1) expect(await signups.take('a')).toBe(0);
  });

  test('each limit counts on its own, with its own size and window', async () => {
    const { signups, loginFailures, resetsPerAccount } = limits();
    for (let i = 0; i < 3; i += 1) await signups.take('a');
    expect(await loginFailures.take('a')).toBe(0);
    for (let i = 0; i < 2; i += 1) await loginFailures.take('a');
    expect(await loginFailures.take('a')).toBe(15 * MINUTE);
    // Five resets an hour per account, whatever the settings.
    for (let i = 0; i < 5; i += 1) expect(await resetsPerAccount.take('a')).toBe(0);
    expect(await resetsPerAccount.take('a')).toBe(60 * MINUTE);
  });
});

describe('takeAll', () => {
  test('counts the attempt in every limit, or, when one refuses, in none, answering the longest wait', async () => {
    const { signups, loginFailures } = limits();
    for (let i = 0; i < 3; i += 1) await signups.take('full');
    later(10 * MINUTE);
    expect(
      await takeAll([
        [loginFailures, 'free'],
        [signups, 'full'],
      ]),
    ).toBe(50 * MINUTE);
    // The refusal took nothing from the limit that had room.
    for (let i = 0; i < 3; i += 1) expect(await loginFailures.take('free')).toBe(0);
    expect(
      await takeAll([
        [signups, 'other'],
        [loginFailures, 'other'],
      ]),
    ).toBe(0);
  });

  test('attempts sent at once get no more places than the limit has', async () => {
    const { loginFailures } = limits();
    const waits = await Promise.all(Array.from({ length: 20 }, () => takeAll([[loginFailures, 'a']])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
  });
});
