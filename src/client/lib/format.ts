// Money and time as a person reads them: US dollars, dates in the viewer's locale and time zone.
import { DAY_MS, HOUR_MS } from '../../shared/constants';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// An auction's start and end name their time zone: a bidder elsewhere must not guess whose 14:35 it is.
const zonedDateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
// The same on a card, where the year goes without saying (an auction opens within 15 days).
const shortZonedDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export const formatMoney = (dollars: number) => usd.format(dollars);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "Nov 24, 2026, 2:35 PM CET" (in the viewer's locale and zone). */
export const formatZonedDateTime = (iso: string) => zonedDateTime.format(new Date(iso));
/** "Nov 24, 2:35 PM CET": for cards. */
export const formatShortZonedDateTime = (iso: string) => shortZonedDateTime.format(new Date(iso));

// Words in the site's language (English, like every other word on it); a date in the viewer's locale.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MINUTE_MS = 60_000;

/**
 * How long ago, as a person says it: "Just now", "5 minutes ago", "3 hours ago", "Yesterday",
 * "4 days ago"; from a week on, the date and time. Capitalised: it may stand as a sentence.
 */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  const ago = Math.max(0, now - new Date(iso).getTime());
  let words: string;
  if (ago < MINUTE_MS) words = 'just now';
  else if (ago < HOUR_MS) words = relative.format(-Math.floor(ago / MINUTE_MS), 'minute');
  else if (ago < DAY_MS) words = relative.format(-Math.floor(ago / HOUR_MS), 'hour');
  else if (ago < 7 * DAY_MS) words = relative.format(-Math.floor(ago / DAY_MS), 'day');
  else return formatDateTime(iso);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whole days left, rounded up (docs/rules/screens.md#auctions-on-screen); 0 once ended. */
function daysLeft(remainingMs: number): number {
  return remainingMs <= 0 ? 0 : Math.ceil(remainingMs / DAY_MS);
}

/** The last 24 hours: whole days would say '1 day' to the last second, so the time itself is shown. */
export function inFinalDay(remainingMs: number): boolean {
  return remainingMs > 0 && remainingMs < DAY_MS;
}

/** "1 day", "3 days": the whole days left, rounded up. */
export function dayCount(remainingMs: number): string {
  const days = daysLeft(remainingMs);
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * A card's time left: '3 days' while at least 24 hours remain, then hours and minutes ('5 h 12 min',
 * '8 min', 'Under 1 min'), and 'Ended' at zero. Whole minutes rounded down, as a clock's: '8 min'
 * has eight whole minutes and some seconds to go.
 */
export function timeLeftWords(remainingMs: number): string {
  if (remainingMs <= 0) return 'Ended';
  if (!inFinalDay(remainingMs)) return dayCount(remainingMs);
  const minutes = Math.floor(remainingMs / 60_000);
  if (minutes === 0) return 'Under 1 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The same on its own line: '3 days left', '5 h 12 min left', 'Ended'. */
export function timeLeftLabel(remainingMs: number): string {
  return remainingMs <= 0 ? 'Ended' : `${timeLeftWords(remainingMs)} left`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The auction page's countdown in the last 24 hours: "5 h 04 min 09 s", "4 min 09 s", "9 s". Whole
 * seconds rounded up, so it never reads 0 while bids are still taken.
 */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours} h ${twoDigits(minutes)} min ${twoDigits(seconds)} s`;
  if (minutes > 0) return `${minutes} min ${twoDigits(seconds)} s`;
  return `${seconds} s`;
}
