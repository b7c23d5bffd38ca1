// The rate limits on PostgreSQL: two instances on one database, each with its own pool, count together.
// The tests share the file's database, so each counts keys of its own.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { openPostgres } from '../../src/server/db/pg/open';
import { testSettings } from '../../src/server/env';
import { createLimits, RATE_LIMITS_TABLE, takeAll, type Limits } from '../../src/server/services/rate-limit';
import { postgres } from '../support/postgres';

const pgServer = await postgres();
const MINUTE = 60_000;
const LIMIT = 3;
const HOME = '203.0.113.7';

// rate-limiter-flexible reads Date.now() (also for the rows it writes): these tests fake Date alone to move it.
beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-06-01T12:00:00Z') }));
afterEach(() => void vi.useRealTimers());
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe.skipIf(!pgServer)('rate limits shared through PostgreSQL', () => {
  let database: Awaited<ReturnType<NonNullable<typeof pgServer>['freshDatabase']>>;
  const pools: pg.Pool[] = [];
  /** The limits of one more instance: a pool of its own on the test's database. */
  const instance = (): Limits => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pools.push(pool);
    return createLimits(testSettings({ LOGIN_FAILURES_LIMIT: LIMIT, MESSAGES_PER_HOUR: LIMIT }), { kind: 'postgres', pool });
  };

  beforeAll(async () => {
    database = await pgServer!.freshDatabase();
    // The table comes with the migrations, as a server's first start applies them.
    await (await openPostgres(database.url, { poolSize: 1 })).$client.end();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });

  test('failures counted through one instance are refused through the other, with the same wait', async () => {
    const [one, two] = [instance(), instance()];
    const key = `alice@example.com|${HOME}`;
    for (let i = 0; i < LIMIT; i += 1) expect(await one.loginFailures.take(key)).toBe(0);
    later(MINUTE);
    expect(await two.loginFailures.take(key)).toBe(14 * MINUTE);
    expect(await one.loginFailures.take(key)).toBe(14 * MINUTE);
    // Another address is counted apart.
    expect(await two.loginFailures.take(`alice@example.com|198.51.100.9`)).toBe(0);
  });

  test('when the window ends, both instances let the key in again', async () => {
    const [one, two] = [instance(), instance()];
    for (let i = 0; i < LIMIT; i += 1) await one.signups.take(HOME);
    await two.signups.take(HOME);
    later(60 * MINUTE);
    expect(await two.signups.take(HOME)).toBe(0);
    expect(await one.signups.take(HOME)).toBe(0);
  });

  test('a reset or a place given back through one instance counts on the other', async () => {
    const [one, two] = [instance(), instance()];
    const key = `dave@example.com|${HOME}`;
    for (let i = 0; i < LIMIT; i += 1) await one.loginFailures.take(key);
    await two.loginFailures.reset(key);
    for (let i = 0; i < LIMIT; i += 1) expect(await one.loginFailures.take(key)).toBe(0);
    await two.loginFailures.giveBack(key);
    expect(await one.loginFailures.take(key)).toBe(0);
    expect(await one.loginFailures.take(key)).toBeGreaterThan(0);
  });

  test('messages written through one instance count on the other, per account', async () => {
    const [one, two] = [instance(), instance()];
    for (let i = 0; i < LIMIT; i += 1) expect(await (i % 2 ? one : two).messagesPerAccount.take('42')).toBe(0);
    later(MINUTE);
    expect(await one.messagesPerAccount.take('42')).toBe(59 * MINUTE);
    expect(await two.messagesPerAccount.take('42')).toBe(59 * MINUTE);
    expect(await two.messagesPerAccount.take('43')).toBe(0);
  });

  test('attempts sent at once to both instances get no more places than the limit has', async () => {
    const [one, two] = [instance(), instance()];
    const key = 'bob@example.com|192.0.2.1';
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        takeAll([
          [(i % 2 ? one : two).loginFailures, key],
          [(i % 2 ? one : two).loginFailuresPerAddress, '192.0.2.1'],
        ]),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(LIMIT);
  });

  test('the counts keep no email address: keys are stored hashed', async () => {
    await instance().resetRequestsPerAccountAndAddress.take('carol@example.com|192.0.2.1');
    const { rows } = await pools[0]!.query<{ key: string }>(`select key from ${RATE_LIMITS_TABLE}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.key).join(' ')).not.toContain('carol');
  });
});
