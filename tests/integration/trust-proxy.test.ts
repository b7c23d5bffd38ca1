// TRUST_PROXY: which X-Forwarded-* entries are believed. Each proxy appends the address it saw, so
// only the entries written by trusted proxies count; anything further left the client wrote itself.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { PASSWORD } from '../support/accounts';
import { test } from '../support/fixtures';
import { get, login, post, sessionCookie, signedUp } from '../support/http';

// Many sign-ups come from one address here.
test.override({ settings: { SIGNUPS_PER_HOUR: 1000 } });

const forwardedFor = (value: string) => ({ 'x-forwarded-for': value });

/** The address the server records for a login sent from `remoteAddress` (the socket's peer) with this X-Forwarded-For. */
async function seenAs(instance: FastifyInstance, xForwardedFor: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const { email } = await signedUp(instance);
  const res = await login(instance, email, PASSWORD, { remoteAddress, headers: forwardedFor(xForwardedFor) });
  const entries = (await get(instance, '/api/user/logins', { token: res.json().token as string })).json() as Array<{ ipAddress: string }>;
  return entries[0]!.ipAddress;
}

describe('the client address', () => {
  test('off (the default): the socket address, whatever X-Forwarded-For says', async ({ app }) => {
    expect(await seenAs(app, '6.6.6.6, 5.5.5.5')).toBe('127.0.0.1');
  });

  test('one proxy: the address that proxy saw (the last entry), never the one the client wrote before it', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: 1 });
    expect(await seenAs(app, '6.6.6.6, 5.5.5.5')).toBe('5.5.5.5');
    expect(await seenAs(app, '5.5.5.5')).toBe('5.5.5.5');
  });

  test('two proxies: the address the outer proxy saw', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: 2 });
    expect(await seenAs(app, '7.7.7.7, 6.6.6.6, 5.5.5.5')).toBe('6.6.6.6');
  });

  test('a list: the entries written by listed proxies are believed, from a listed proxy only', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: ['10.0.0.0/8', '192.168.1.7'] });
    expect(await seenAs(app, '6.6.6.6, 5.5.5.5', '10.1.2.3')).toBe('5.5.5.5');
    expect(await seenAs(app, '6.6.6.6, 192.168.1.7', '10.1.2.3')).toBe('6.6.6.6');
    expect(await seenAs(app, '6.6.6.6, 10.9.9.9', '192.168.1.7')).toBe('6.6.6.6');
    // A client that reaches the server directly is its own address.
    expect(await seenAs(app, '6.6.6.6', '203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('limits keyed by the client address', () => {
  test('failed logins: writing a different X-Forwarded-For each time does not reset the count', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: 1, LOGIN_FAILURES_LIMIT: 3 });
    const { email } = await signedUp(app);
    for (const claimed of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      expect((await login(app, email, 'wrong password', { headers: forwardedFor(`${claimed}, 5.5.5.5`) })).statusCode).toBe(401);
    }
    expect((await login(app, email, PASSWORD, { headers: forwardedFor('4.4.4.4, 5.5.5.5') })).statusCode).toBe(429);
    // Another client behind the same proxy is not held back.
    expect((await login(app, email, PASSWORD, { headers: forwardedFor('5.5.5.6') })).statusCode).toBe(200);
  });

  test('contact messages: the same', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: 1, CONTACTS_PER_HOUR: 2 });
    const message = { name: 'Carla', email: 'carla@example.com', subject: 'Hello', message: 'A question.' };
    const send = (claimed: string, address = '5.5.5.5') =>
      post(app, '/api/contact', message, { headers: forwardedFor(`${claimed}, ${address}`) });
    expect((await send('1.1.1.1')).statusCode).toBe(201);
    expect((await send('2.2.2.2')).statusCode).toBe(201);
    expect((await send('3.3.3.3')).statusCode).toBe(429);
    expect((await send('3.3.3.3', '5.5.5.6')).statusCode).toBe(201);
  });
});

describe('the protocol', () => {
  const https = { 'x-forwarded-proto': 'https' };

  test('X-Forwarded-Proto is believed from a listed proxy only: the session cookie is Secure for it alone', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: ['10.0.0.0/8'] });
    const viaProxy = await signedUp(app, { headers: https, remoteAddress: '10.1.2.3' });
    expect(sessionCookie(viaProxy.res).header).toMatch(/;\s*Secure/i);
    const direct = await signedUp(app, { headers: https, remoteAddress: '203.0.113.9' });
    expect(sessionCookie(direct.res).header).not.toMatch(/;\s*Secure/i);
  });
});
