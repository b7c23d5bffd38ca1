// The two rate limits of docs/rules/limits.md: failed logins per email and address, sign-ups per address.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { HOUR_MS } from '../../src/shared/constants';
import { PASSWORD, insertUser } from '../support/accounts';
import { uniqueEmail } from '../support/emails';
import { test } from '../support/fixtures';
import { expectTooMany, login, post, signup } from '../support/http';

const MINUTE = 60_000;
const LIMIT = 3;
const HOME = '203.0.113.7';
const ELSEWHERE = '198.51.100.9';

async function fail(app: FastifyInstance, email: string, times: number, remoteAddress = HOME) {
  for (let i = 0; i < times; i += 1) {
    expect((await login(app, email, 'wrong password', { remoteAddress })).statusCode).toBe(401);
  }
}

describe('failed logins', () => {
  test('after LOGIN_FAILURES_LIMIT failures even the right password gets 429 with Retry-After', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const row = await insertUser(deps);
    await fail(app, row.email, LIMIT);
    const res = await login(app, row.email, PASSWORD, { remoteAddress: HOME });
    const seconds = expectTooMany(res);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('the default limit is 10', async ({ app, deps }) => {
    const row = await insertUser(deps);
    await fail(app, row.email, 10); // the tenth failure is still an ordinary 401
    expectTooMany(await login(app, row.email, PASSWORD, { remoteAddress: HOME }));
  });

  test('another address, or another email from the same address, is not affected', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const victim = await insertUser(deps);
    const neighbour = await insertUser(deps);
    await fail(app, victim.email, LIMIT);
    expect((await login(app, victim.email, PASSWORD, { remoteAddress: ELSEWHERE })).statusCode).toBe(200);
    expect((await login(app, neighbour.email, PASSWORD, { remoteAddress: HOME })).statusCode).toBe(200);
    expect((await login(app, neighbour.email, 'wrong password', { remoteAddress: HOME })).statusCode).toBe(401);
  });

  test('the email counts whatever its case', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const row = await insertUser(deps);
    await fail(app, row.email.toUpperCase(), LIMIT);
    expectTooMany(await login(app, row.email, PASSWORD, { remoteAddress: HOME }));
  });

  test('unknown emails are limited too', async ({ makeApp }) => {
    const { app } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const email = uniqueEmail('ghost');
    await fail(app, email, LIMIT);
    expectTooMany(await login(app, email, 'wrong password', { remoteAddress: HOME }));
  });

  test('Retry-After counts down, and after 15 minutes the right password works again', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    deps.clock.drivesDate();
    const row = await insertUser(deps);
    await fail(app, row.email, LIMIT);
    const first = expectTooMany(await login(app, row.email, PASSWORD, { remoteAddress: HOME }));
    deps.clock.advance(10 * MINUTE);
    const later = expectTooMany(await login(app, row.email, PASSWORD, { remoteAddress: HOME }));
    expect(later).toBeLessThanOrEqual(first - 10 * 60);
    deps.clock.advance(5 * MINUTE);
    expect((await login(app, row.email, PASSWORD, { remoteAddress: HOME })).statusCode).toBe(200);
  });

  test('a successful login clears the failures counted so far', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const row = await insertUser(deps);
    await fail(app, row.email, LIMIT - 1);
    expect((await login(app, row.email, PASSWORD, { remoteAddress: HOME })).statusCode).toBe(200);
    await fail(app, row.email, LIMIT - 1);
    expect((await login(app, row.email, PASSWORD, { remoteAddress: HOME })).statusCode).toBe(200);
  });

  test('the tRPC door answers 429 with a retry-after header too', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const row = await insertUser(deps);
    await fail(app, row.email, LIMIT);
    const res = await post(app, '/trpc/auth.login', { email: row.email, password: PASSWORD }, { remoteAddress: HOME });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.message).toMatch(/too many/i);
  });

  test('failures through tRPC and REST count together', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const row = await insertUser(deps);
    await fail(app, row.email, LIMIT - 1);
    const viaTrpc = await post(app, '/trpc/auth.login', { email: row.email, password: 'wrong password' }, { remoteAddress: HOME });
    expect(viaTrpc.statusCode).toBe(401);
    expectTooMany(await login(app, row.email, PASSWORD, { remoteAddress: HOME }));
  });
});

describe('sign-ups per hour', () => {
  const newUser = () => ({ name: 'Many', email: uniqueEmail('many'), password: PASSWORD });

  test('the (limit+1)-th sign-up from one address is 429 with Retry-After; another address is fine', async ({ makeApp }) => {
    const { app } = await makeApp({ SIGNUPS_PER_HOUR: LIMIT });
    for (let i = 0; i < LIMIT; i += 1) expect((await signup(app, newUser(), { remoteAddress: HOME })).statusCode).toBe(201);
    const refused = await signup(app, newUser(), { remoteAddress: HOME });
    const seconds = expectTooMany(refused);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect((await signup(app, newUser(), { remoteAddress: ELSEWHERE })).statusCode).toBe(201);
  });

  test('an hour later the address may sign up again', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ SIGNUPS_PER_HOUR: LIMIT });
    deps.clock.drivesDate();
    for (let i = 0; i < LIMIT; i += 1) expect((await signup(app, newUser(), { remoteAddress: HOME })).statusCode).toBe(201);
    expectTooMany(await signup(app, newUser(), { remoteAddress: HOME }));
    deps.clock.advance(HOUR_MS);
    expect((await signup(app, newUser(), { remoteAddress: HOME })).statusCode).toBe(201);
  });

  test('a refused sign-up creates no account', async ({ makeApp }) => {
    const { app } = await makeApp({ SIGNUPS_PER_HOUR: 1 });
    await signup(app, newUser(), { remoteAddress: HOME });
    const user = newUser();
    expectTooMany(await signup(app, user, { remoteAddress: HOME }));
    expect((await login(app, user.email, PASSWORD, { remoteAddress: ELSEWHERE })).statusCode).toBe(401);
  });
});

describe('failed logins sent in parallel', () => {
  test('a burst of parallel guesses gets no more than LOGIN_FAILURES_LIMIT password checks', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: LIMIT });
    const row = await insertUser(deps);
    // Twenty guesses at once, the last one right: only LIMIT of them may be checked at all.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(app, row.email, i === 19 ? PASSWORD : `guess ${i}`, { remoteAddress: HOME })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
    expect(statuses).not.toContain(200);
  });
});
