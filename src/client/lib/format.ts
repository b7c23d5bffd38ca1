// Money and time as a person reads them: US dollars, dates in the viewer's locale and time zone.
import { DAY_MS } from '../../shared/constants';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatMoney = (dollars: number) => usd.format(dollars);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Whole days left, rounded up (docs/rules/screens.md#auctions-on-screen); 0 once ended. */
export function daysLeft(remainingMs: number): number {
  return remainingMs <= 0 ? 0 : Math.ceil(remainingMs / DAY_MS);
}

export function timeLeftLabel(remainingMs: number): string {
  const days = daysLeft(remainingMs);
  if (days === 0) return 'Ended';
  return days === 1 ? '1 day left' : `${days} days left`;
}
