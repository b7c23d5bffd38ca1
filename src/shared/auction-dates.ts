// When an auction may start and end. Shared: the server enforces these rules, the form repeats them.
import { DAY_MS, MAX_DURATION_DAYS, START_WINDOW_DAYS } from './constants';

export const START_IN_PAST = 'Start date cannot be in the past.';
export const START_TOO_LATE = `Start date must be within ${START_WINDOW_DAYS} days from today.`;
export const END_NOT_AFTER_START = 'End date must be after start date.';
export const END_IN_PAST = 'End date must be in the future.';
export const END_TOO_LATE = `End date must be at most ${MAX_DURATION_DAYS} days after the start date.`;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isPlainDate(value: string): boolean {
  return (
    PLAIN_DATE.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/**
 * For a form that picks whole days (YYYY-MM-DD, in one time zone): the end must be a later day than
 * the start. An end on the start day is not after it, although that day's last moment is after its first.
 */
export function endDayIsAfterStartDay(startDay: string, endDay: string): boolean {
  // Plain dates have a fixed width, so their text order is their calendar order.
  return endDay > startDay;
}

const startOfUtcDay = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/**
 * A start as an instant. A plain date (2026-03-14) is read in UTC: today means now, a later day its
 * first millisecond. A full timestamp is kept as sent.
 */
export function resolveStart(value: string, now: number): number {
  if (!isPlainDate(value)) return Date.parse(value);
  const dayStart = Date.parse(`${value}T00:00:00Z`);
  return dayStart === startOfUtcDay(now) ? now : dayStart;
}

/** An end as an instant: a plain date means the last millisecond of that day (UTC). */
export function resolveEnd(value: string): number {
  return isPlainDate(value) ? Date.parse(`${value}T00:00:00Z`) + DAY_MS - 1 : Date.parse(value);
}

/**
 * The date rules (docs/rules/auctions.md#dates) on instants. "Today" is the server's UTC day, and the duration is counted in
 * calendar days (an end on the evening of the 15th day after the start date passes, in any time zone).
 */
export function auctionDateIssues(startsAt: number, endsAt: number, now: number): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (startsAt < startOfUtcDay(now)) issues.push({ path: 'itemStartDate', message: START_IN_PAST });
  else if (startsAt > now + START_WINDOW_DAYS * DAY_MS) issues.push({ path: 'itemStartDate', message: START_TOO_LATE });
  if (endsAt <= startsAt) issues.push({ path: 'itemEndDate', message: END_NOT_AFTER_START });
  // A start earlier today is allowed, so an end after it may still be over: created already ended.
  else if (endsAt <= now) issues.push({ path: 'itemEndDate', message: END_IN_PAST });
  else if (endsAt - startsAt >= (MAX_DURATION_DAYS + 1) * DAY_MS) issues.push({ path: 'itemEndDate', message: END_TOO_LATE });
  return issues;
}
