// How the admin console writes dates and places.
import type { AdminUser } from './types';

const dateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** Short month, day, year, hour and minute (docs/rules/screens.md#the-admin-console), or 'Never'. */
export const formatAdminDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');

/** Short month, day and year, or 'Never'. */
export const formatAdminDate = (iso: string | null) => (iso ? dateOnly.format(new Date(iso)) : 'Never');

/** City, region and country joined by commas, skipping missing parts; 'Unknown' when none is known. */
export function formatLocation(location: AdminUser['location']): string {
  const parts = [location?.city, location?.region, location?.country].filter((part): part is string => Boolean(part?.trim()));
  return parts.length > 0 ? parts.join(', ') : 'Unknown';
}
