// Session lifetime with the movable clock: 7 days idle, 30 days absolute, use extends the idle window.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { PASSWORD } from '../support/accounts';
import { test } from '../support/fixtures';
import { get, login, signedUp } from '../support/http';

const status = async (app: FastifyInstance, token: string) => (await get(app, '/api/user', { token })).statusCode;

describe('session lifetime', () => {
  test('a session unused for 7 days is expired; one minute earlier it still works', async ({ app, deps }) => {
    const { email } = await signedUp(app);
    const a = (await login(app, email, PASSWORD)).json().token as string;
    const b = (await login(app, email, PASSWORD)).json().token as string;
    deps.clock.advance(7 * DAY_MS - 60_000);
    expect(await status(app, a)).toBe(200);
    deps.clock.advance(60_000);
    expect(await status(app, b)).toBe(401);
  });

  test('use within the idle window extends it', async ({ app, deps }) => {
    const { email } = await signedUp(app);
    const used = (await login(app, email, PASSWORD)).json().token as string;
    const unused = (await login(app, email, PASSWORD)).json().token as string;
    deps.clock.advance(6 * DAY_MS);
    expect(await status(app, used)).toBe(200);
    deps.clock.advance(6 * DAY_MS);
    // 12 days since login, 6 since the last use.
    expect(await status(app, used)).toBe(200);
    expect(await status(app, unused)).toBe(401);
  });

  test('a session ends 30 days after login even with constant use, also on the tRPC door', async ({ app, deps }) => {
    const { token } = await signedUp(app);
    for (let day = 6; day <= 24; day += 6) {
      deps.clock.advance(6 * DAY_MS);
      expect(await status(app, token)).toBe(200);
    }
    // Now day 24; keep using it up to the last minute of day 30.
    deps.clock.advance(6 * DAY_MS - 60_000);
    expect(await status(app, token)).toBe(200);
    expect((await get(app, '/trpc/user.me', { token })).statusCode).toBe(200);
    deps.clock.advance(60_000);
    expect(await status(app, token)).toBe(401);
    expect((await get(app, '/trpc/user.me', { token })).statusCode).toBe(401);
    expect((await get(app, '/api/user/logins', { token })).statusCode).toBe(401);
  });

  test('an expired session does not come back when the clock is set back', async ({ app, deps }) => {
    const { token } = await signedUp(app);
    const start = deps.now();
    deps.clock.advance(8 * DAY_MS);
    expect(await status(app, token)).toBe(401);
    deps.clock.set(start + DAY_MS);
    expect(await status(app, token)).toBe(401);
  });
});
