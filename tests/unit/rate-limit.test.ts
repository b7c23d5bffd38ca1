import { describe, expect, test } from 'vitest';
import { SlidingWindowLimiter } from '../../src/server/services/rate-limit';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('SlidingWindowLimiter', () => {
  test('allows up to the limit, then asks to wait until the oldest hit leaves the window', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(3, 60_000, c.now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.record('a');
      c.advance(1_000);
    }
    // Hits at 0 s, 1 s, 2 s; now 3 s: the first leaves the window at 60 s.
    expect(limiter.retryAfter('a')).toBe(57_000);
    c.advance(56_999);
    expect(limiter.retryAfter('a')).toBe(1);
    c.advance(1);
    expect(limiter.retryAfter('a')).toBe(0);
  });

  test('the window slides: after the oldest hit expires, one more is allowed, not a whole new batch', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(2, 10_000, c.now);
    limiter.record('a');
    c.advance(5_000);
    limiter.record('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    c.advance(5_000);
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.record('a');
    expect(limiter.retryAfter('a')).toBe(5_000);
  });

  test('keys are counted separately', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(1, 10_000, c.now);
    limiter.record('a');
    expect(limiter.retryAfter('a')).toBe(10_000);
    expect(limiter.retryAfter('b')).toBe(0);
  });

  test('reset forgets a key', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(1, 10_000, c.now);
    limiter.record('a');
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });

  test('many distinct keys do not make old ones forget their hits', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(1, 60_000, c.now);
    limiter.record('victim');
    for (let i = 0; i < 10_050; i += 1) limiter.record(`other-${i}`);
    expect(limiter.retryAfter('victim')).toBe(60_000);
  });
});
