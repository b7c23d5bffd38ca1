// The time left as cards and the auction page say it: whole days, rounded up, while at least 24 hours
// remain; then hours and minutes on a card and a countdown on the page, never '1 day' to the last second.
import { describe, expect, test } from 'vitest';
import { dayCount, formatCountdown, inFinalDay, timeLeftLabel, timeLeftWords } from '../../src/client/lib/format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeLeftLabel (cards)', () => {
  test('whole days, rounded up, while at least 24 hours remain', () => {
    expect(timeLeftLabel(5 * DAY)).toBe('5 days left');
    expect(timeLeftLabel(4 * DAY + 1)).toBe('5 days left');
    expect(timeLeftLabel(DAY + HOUR)).toBe('2 days left');
    expect(timeLeftLabel(DAY)).toBe('1 day left');
  });

  test('hours and minutes in the last 24 hours, whole minutes as a clock counts them', () => {
    expect(timeLeftLabel(DAY - 1)).toBe('23 h 59 min left');
    expect(timeLeftLabel(5 * HOUR + 12 * MINUTE + 30 * SECOND)).toBe('5 h 12 min left');
    expect(timeLeftLabel(5 * HOUR + 30 * SECOND)).toBe('5 h left');
    expect(timeLeftLabel(HOUR)).toBe('1 h left');
    expect(timeLeftLabel(HOUR - 1)).toBe('59 min left');
    expect(timeLeftLabel(8 * MINUTE + 59 * SECOND)).toBe('8 min left');
    expect(timeLeftLabel(2 * MINUTE + 8 * SECOND)).toBe('2 min left');
    expect(timeLeftLabel(MINUTE)).toBe('1 min left');
  });

  test('under a minute says so, and never 0', () => {
    expect(timeLeftLabel(MINUTE - 1)).toBe('Under 1 min left');
    expect(timeLeftLabel(1)).toBe('Under 1 min left');
  });

  test('Ended at zero and after', () => {
    expect(timeLeftLabel(0)).toBe('Ended');
    expect(timeLeftLabel(-5 * SECOND)).toBe('Ended');
  });

  test('the same words without "left" where the term says it (/mybids)', () => {
    expect(timeLeftWords(3 * DAY)).toBe('3 days');
    expect(timeLeftWords(5 * HOUR + 12 * MINUTE)).toBe('5 h 12 min');
    expect(timeLeftWords(30 * SECOND)).toBe('Under 1 min');
    expect(timeLeftWords(0)).toBe('Ended');
  });

  test('no label in the last 24 hours speaks of days', () => {
    for (let ms = 1; ms < DAY; ms += 7 * MINUTE + 13 * SECOND) expect(timeLeftLabel(ms)).not.toMatch(/day/);
  });
});

describe('the auction page’s words', () => {
  test('the last 24 hours begin below 24 hours and end at zero', () => {
    expect(inFinalDay(DAY)).toBe(false);
    expect(inFinalDay(DAY - 1)).toBe(true);
    expect(inFinalDay(1)).toBe(true);
    expect(inFinalDay(0)).toBe(false);
  });

  test('whole days before them, the countdown in them', () => {
    expect(dayCount(DAY + 1)).toBe('2 days');
    expect(dayCount(DAY)).toBe('1 day');
    expect(formatCountdown(2 * MINUTE + 8 * SECOND)).toBe('2 min 08 s');
    expect(formatCountdown(5 * HOUR + 4 * MINUTE + 9 * SECOND)).toBe('5 h 04 min 09 s');
    expect(formatCountdown(8 * SECOND + 1)).toBe('9 s');
  });
});
