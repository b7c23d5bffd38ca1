import { describe, expect, test } from 'vitest';
import { retryDelay } from '../../src/server/services/mail';

describe('retryDelay', () => {
  const options = { firstRetryMs: 30_000, maxRetryMs: 3_600_000 };

  test('doubles after each failed attempt, from the first wait', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelay(attempts, options))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  test('never waits longer than the most, however many attempts failed', () => {
    expect(retryDelay(8, options)).toBe(3_600_000);
    expect(retryDelay(1_000, options)).toBe(3_600_000);
  });
});
