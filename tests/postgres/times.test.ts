// The times the app's connections read (db/pg/types.ts) from a real server, whatever its time zone:
// each names the moment that was written, to the millisecond.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pgPoolOptions } from '../../src/server/db/pg/open';
import { TEST_DATABASE_URL } from '../../tools/postgres';
import { postgres } from '../support/postgres';

const pgServer = await postgres();

const MOMENTS = [
  '2026-11-30T16:45:27.503Z',
  '2026-11-30T16:45:27.500Z',
  '2026-11-30T16:45:27.000Z',
  '2024-02-29T23:59:59.999Z',
  '2026-03-29T01:30:00.010Z',
  '1999-12-31T23:59:59.001Z',
  '1850-06-01T12:00:00.000Z',
];

describe.skipIf(!pgServer)('times read from PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(() => void (pool = new pg.Pool(pgPoolOptions(TEST_DATABASE_URL, 1))));
  afterAll(() => pool.end());

  test.each(['UTC', 'Europe/Amsterdam', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'])(
    'in the time zone %s, each time read is the moment written',
    async (zone) => {
      const client = await pool.connect();
      try {
        await client.query(`set time zone '${zone}'`);
        const { rows } = await client.query<{ at: Date; text: string }>(
          'select at, at::text as text from unnest($1::timestamptz[]) with ordinality as t(at, n) order by n',
          [MOMENTS],
        );
        expect(rows.map((row) => row.at.toISOString())).toEqual(MOMENTS);
        // The server wrote them in its own zone's offset: the texts read were not all UTC's.
        if (zone !== 'UTC') expect(rows.some((row) => !row.text.endsWith('+00'))).toBe(true);
      } finally {
        await client.query('reset time zone');
        client.release();
      }
    },
  );

  test('the infinite times stay the numbers the driver gives', async () => {
    const { rows } = await pool.query<{ future: number; past: number }>(
      `select 'infinity'::timestamptz as future, '-infinity'::timestamptz as past`,
    );
    expect(rows[0]).toEqual({ future: Infinity, past: -Infinity });
  });
});
