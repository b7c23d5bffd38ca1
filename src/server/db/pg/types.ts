// How the app's connections read PostgreSQL's times. The driver parses each timestamptz with regular
// expressions (postgres-date), about half a microsecond a value: an auction page's hundred bids spent
// more on reading their times than on anything else in the driver (docs/performance.md). The form
// PostgreSQL sends in the ISO date style, 'YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM]', is read here by
// character codes instead, and anything else (infinity, BC, a year before 1000 or past 9999, an offset in
// seconds) goes to the driver's own parser. Drizzle's queries read their times themselves, unaffected.
import pg from 'pg';

const TIMESTAMPTZ: number = pg.types.builtins.TIMESTAMPTZ;
const driverParser = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;

const ZERO = 48;

/** The number written by the `count` digits at `at`, or NaN if one of them is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** The moment a timestamptz's text names, as the driver's parser reads it (to the millisecond, the rest cut). */
export function parseTimestamptz(text: string): Date {
  // Fixed places: the date, the space, the time of day to the second.
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32) return driverParser(text);
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return driverParser(text);
  const year = digits(text, 0, 4);
  // Date.UTC reads the years 0 to 99 as 1900 to 1999; such years are the driver's to read.
  if (!(year >= 1000)) return driverParser(text);
  let at = 19;
  // A fraction of a second, of one to six digits: its first three are the milliseconds.
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    at++;
    const start = at;
    while (at < text.length && text.charCodeAt(at) >= ZERO && text.charCodeAt(at) <= ZERO + 9) at++;
    if (at === start) return driverParser(text);
    for (let i = start; i < start + 3; i++) ms = ms * 10 + (i < at ? text.charCodeAt(i) - ZERO : 0);
  }
  // The offset from UTC: a sign and its hours, then maybe ':' and minutes, and nothing after.
  const sign = text.charCodeAt(at) === 43 ? 1 : text.charCodeAt(at) === 45 ? -1 : 0;
  if (sign === 0) return driverParser(text);
  let offset = digits(text, at + 1, 2) * 60;
  at += 3;
  if (at < text.length) {
    if (text.charCodeAt(at) !== 58 || text.length !== at + 3) return driverParser(text);
    offset += digits(text, at + 1, 2);
  }
  const utc = Date.UTC(year, digits(text, 5, 2) - 1, digits(text, 8, 2), digits(text, 11, 2), digits(text, 14, 2), digits(text, 17, 2), ms);
  if (Number.isNaN(utc) || Number.isNaN(offset)) return driverParser(text);
  return new Date(utc - sign * offset * 60_000);
}

/** The parsers the app's connections use (a pool's `types`): the driver's, but for timestamptz in text. */
export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text'): unknown =>
    oid === TIMESTAMPTZ && format === 'text'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
