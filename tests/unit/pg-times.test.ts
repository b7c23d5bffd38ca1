// The app's connections read PostgreSQL's times by hand (db/pg/types.ts): every text the server can send
// must name the same moment as the driver's own parser finds, the forms read by hand and those passed on.
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { parseTimestamptz } from '../../src/server/db/pg/types';

const driverParse = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date | number;

/** `ms` as PostgreSQL writes it in the ISO date style at `offsetMinutes` from UTC, its fraction cut to `fraction` digits (0 to 6). */
function pgText(ms: number, offsetMinutes: number, fraction: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  const micros = `${local.slice(20, 23)}${String(Math.abs(ms) % 7).repeat(3)}`.slice(0, fraction).replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = Math.abs(offsetMinutes) % 60;
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${micros ? `.${micros}` : ''}${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The moment `ms` as its text with `fraction` digits of a second names it: cut, not rounded. */
const cut = (ms: number, fraction: number) => {
  const unit = 10 ** Math.max(0, 3 - fraction);
  return ms - (((ms % unit) + unit) % unit);
};

describe('reading a timestamptz', () => {
  test('names the moment the driver finds, in every offset and fraction PostgreSQL writes', () => {
    const moments = [
      Date.UTC(2026, 10, 30, 16, 45, 27, 503),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 30, 12),
    ];
    for (let i = 0; i < 500; i++) moments.push(Date.UTC(1970, 0, 1) + Math.floor(((i * 7_919_993) % 10_007) * 3.2e8 + i * 997));
    const offsets = [0, 60, -480, 330, 345, -210, 840, -720];
    let compared = 0;
    for (const ms of moments) {
      for (const offset of offsets) {
        for (const fraction of [0, 1, 3, 6]) {
          const text = pgText(ms, offset, fraction);
          const parsed = parseTimestamptz(text);
          expect(parsed.getTime(), text).toBe((driverParse(text) as Date).getTime());
          expect(parsed.getTime(), text).toBe(cut(ms, fraction));
          compared++;
        }
      }
    }
    expect(compared).toBe(504 * 8 * 4);
  });

  test.each([
    ['an offset with seconds (local mean time)', '1850-06-01 12:00:00+00:19:32'],
    ['a year before Christ', '0044-03-15 12:00:00+00 BC'],
    ['a year before 1000', '0999-12-31 23:59:59.5+00'],
    ['a year past 9999', '10000-01-01 00:00:00+00'],
  ])('passes %s to the driver, which reads it', (_, text) => {
    const parsed = parseTimestamptz(text);
    expect(parsed.getTime()).toBe((driverParse(text) as Date).getTime());
    expect(Number.isNaN(parsed.getTime())).toBe(false);
  });

  test.each(['infinity', '-infinity'])('passes %s to the driver, which answers a number', (text) => {
    expect(parseTimestamptz(text)).toBe(driverParse(text));
  });
});
