// PATCH /api/user (change password) and GET /api/user/logins (login history), through app.inject.
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { CHROME_LINUX, FIREFOX_WINDOWS, PASSWORD } from '../support/accounts';
import { test } from '../support/fixtures';
import { expectErrorBody, get, login, patch, sessionCookie, signedUp } from '../support/http';

const NEW_PASSWORD = 'a brand new passphrase';

describe('PATCH /api/user', () => {
  test('200 {message}; other sessions are revoked, the current one stays; the new password logs in, the old one not', async ({ app }) => {
    const { token, email } = await signedUp(app);
    const other = (await login(app, email, PASSWORD)).json().token as string;
    expect((await get(app, '/api/user', { token: other })).statusCode).toBe(200);

    const res = await patch(
      app,
      '/api/user',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toEqual(expect.any(String));

    expect((await get(app, '/api/user', { token: other })).statusCode).toBe(401);
    expect((await get(app, '/api/user', { token })).statusCode).toBe(200);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
  });

  test('the cookie works for it too', async ({ app }) => {
    const { res: signupRes } = await signedUp(app);
    const cookie = sessionCookie(signupRes).value;
    const res = await patch(
      app,
      '/api/user',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
  });

  test('401 when signed out', async ({ app }) => {
    const res = await patch(app, '/api/user', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expectErrorBody(res);
  });

  test.for([
    ['missing currentPassword', { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
    ['empty newPassword', { currentPassword: 'not the password', newPassword: '', confirmPassword: NEW_PASSWORD }],
    ['missing confirmPassword', { currentPassword: 'not the password', newPassword: NEW_PASSWORD }],
    ['empty body', {}],
  ])('400 "Please enter all fields" for a %s, checked before the current password', async ([_label, body], { app }) => {
    const { token } = await signedUp(app);
    const res = await patch(app, '/api/user', body, { token });
    expect(res.statusCode).toBe(400);
    const error = expectErrorBody(res);
    expect(error.error).toBe('Please enter all fields');
    expect(Array.isArray(error.issues)).toBe(true);
  });

  test('400 with the mismatch message', async ({ app }) => {
    const { token, email } = await signedUp(app);
    const res = await patch(
      app,
      '/api/user',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'something else entirely' },
      { token },
    );
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res).error).toBe('New password and confirm password do not match.');
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
  });

  test('400 for a wrong current password; the password is unchanged and other sessions survive', async ({ app }) => {
    const { token, email } = await signedUp(app);
    const other = (await login(app, email, PASSWORD)).json().token as string;
    const res = await patch(
      app,
      '/api/user',
      { currentPassword: 'not the password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token },
    );
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res).error).toMatch(/current password/i);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await get(app, '/api/user', { token: other })).statusCode).toBe(200);
  });

  test('400 with the hint for a new password shorter than 8', async ({ app }) => {
    const { token } = await signedUp(app);
    const res = await patch(app, '/api/user', { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' }, { token });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res).error).toBe('Password must be at least 8 characters long');
  });
});

describe('GET /api/user/logins', () => {
  test('LoginEntry[] newest first, with the device from the User-Agent and Local network for loopback', async ({ app, deps }) => {
    const { clock } = deps;
    const signupAt = new Date(clock.now()).toISOString();
    const { email } = await signedUp(app, { headers: { 'user-agent': CHROME_LINUX } });
    clock.advance(60_000);
    const loginAt = new Date(clock.now()).toISOString();
    const token = (await login(app, email, PASSWORD, { headers: { 'user-agent': FIREFOX_WINDOWS } })).json().token as string;

    const res = await get(app, '/api/user/logins', { token });
    expect(res.statusCode).toBe(200);
    const entries = res.json() as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(['dateTime', 'device', 'id', 'ipAddress', 'isp', 'location']);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      dateTime: loginAt,
      ipAddress: '127.0.0.1',
      location: 'Local network',
      isp: expect.any(String),
      device: 'Firefox 133 on Windows',
    });
    expect(entries[1]).toEqual({
      id: expect.any(String),
      dateTime: signupAt,
      ipAddress: '127.0.0.1',
      location: 'Local network',
      isp: expect.any(String),
      device: 'Chrome 142 on Linux',
    });
    expect(entries[0]!.id).not.toBe(entries[1]!.id);
  });

  test('shows only the caller’s own logins', async ({ app }) => {
    const me = await signedUp(app);
    await signedUp(app, { headers: { 'user-agent': FIREFOX_WINDOWS } });
    const entries = (await get(app, '/api/user/logins', { token: me.token })).json() as unknown[];
    expect(entries).toHaveLength(1);
  });

  test('entries older than 6 months are removed at the next login', async ({ app, deps }) => {
    const { clock } = deps;
    clock.set(Date.parse('2026-01-10T09:00:00Z'));
    const { email } = await signedUp(app); // January
    clock.set(Date.parse('2026-05-10T09:00:00Z'));
    await login(app, email, PASSWORD); // May: 2 months before the next login, kept
    clock.set(Date.parse('2026-07-20T09:00:00Z'));
    const token = (await login(app, email, PASSWORD)).json().token as string; // more than 6 months after January
    const entries = (await get(app, '/api/user/logins', { token })).json() as Array<{ dateTime: string }>;
    expect(entries.map((e) => e.dateTime)).toEqual(['2026-07-20T09:00:00.000Z', '2026-05-10T09:00:00.000Z']);
  });

  test('entries younger than 6 months are all kept', async ({ app, deps }) => {
    const { clock } = deps;
    clock.set(Date.parse('2026-01-10T09:00:00Z'));
    const { email } = await signedUp(app);
    clock.advance(150 * DAY_MS);
    const token = (await login(app, email, PASSWORD)).json().token as string;
    expect((await get(app, '/api/user/logins', { token })).json()).toHaveLength(2);
  });
});

describe('TRUST_PROXY and the client address', () => {
  test('without TRUST_PROXY an X-Forwarded-For header is ignored', async ({ app, deps }) => {
    const { token, email } = await signedUp(app, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    const entries = (await get(app, '/api/user/logins', { token })).json() as Array<{ ipAddress: string; location: string }>;
    expect(entries[0]).toMatchObject({ ipAddress: '127.0.0.1', location: 'Local network' });
    expect((await deps.store.users.byEmail(email))?.lastLoginCountry).toBeNull();
  });

  test('with TRUST_PROXY the forwarded address is used: ipAddress, location, ISP and the user row’s country', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ TRUST_PROXY: 1 });
    const { email } = await signedUp(app);
    const token = (await login(app, email, PASSWORD, { headers: { 'x-forwarded-for': '8.8.8.8' } })).json().token as string;
    const entries = (await get(app, '/api/user/logins', { token })).json() as Array<{ ipAddress: string; location: string; isp: string }>;
    expect(entries[0]!.ipAddress).toBe('8.8.8.8');
    expect(entries[0]!.location).toContain('United States');
    expect(entries[0]!.isp).toContain('Google');
    const row = await deps.store.users.byEmail(email);
    expect(row?.lastLoginCountry).toBe('United States');
    expect(row?.lastLoginAt?.getTime()).toBe(deps.now());
  });
});
