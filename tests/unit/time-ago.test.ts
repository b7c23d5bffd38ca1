// How long ago a notice came, in the words the bell's panel shows and a screen reader reads.
import { describe, expect, test } from 'vitest';
import { formatDateTime, formatTimeAgo } from '../../src/client/lib/format';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  test.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MINUTE, '1 minute ago'],
    [5 * MINUTE + 30_000, '5 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, 'Yesterday'],
    [3 * DAY, '3 days ago'],
  ])('%d ms ago reads %j', (ms, words) => {
    expect(formatTimeAgo(before(ms), NOW)).toBe(words);
  });

  test('from a week on, the date and time', () => {
    expect(formatTimeAgo(before(7 * DAY), NOW)).toBe(formatDateTime(before(7 * DAY)));
  });

  test('a time a little ahead (another clock) is just now, not "in 1 minute"', () => {
    expect(formatTimeAgo(new Date(NOW + 2 * MINUTE).toISOString(), NOW)).toBe('Just now');
  });
});
