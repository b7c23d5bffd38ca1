// Forgotten passwords (docs/rules/accounts.md): a link mailed to the account, used once within the
// hour, that sets a new password and signs the account out everywhere, and that a password change
// ends; the same answer for an email without an account; 503 without a mail server; limits per
// address, per email and requesting address, and per account; whether a link can still work, asked
// before its form is shown. Over REST and tRPC, with a real SMTP server.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect } from 'vitest';
import { hashToken } from '../../src/server/services/sessions';
import { HOUR_MS, RESET_REQUESTED_MESSAGE } from '../../src/shared/constants';
import { anonymousCaller, failure, PASSWORD, signedInUser } from '../support/accounts';
import { uniqueEmail } from '../support/emails';
import { insertAuction } from '../support/auctions';
import { listen, test } from '../support/fixtures';
import { expectErrorBody, expectTooMany, get, login, patch, post, sessionCookieHeader } from '../support/http';
import { closedPort, mailingApp, PUBLIC_URL, startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';
import { openEventStream } from '../support/sse';

const NEW_PASSWORD = 'a brand new passphrase';

const servers: TestSmtp[] = [];
async function smtp() {
  const server = await startSmtp();
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The token of the reset link in a mail, checking that the link is built on PUBLIC_URL. */
function tokenIn(mail: ReceivedMail): string {
  const match = /(\S+)\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(match?.[1]).toBe(PUBLIC_URL);
  expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${match![2]}"`);
  return match![2]!;
}

const forgot = (app: FastifyInstance, email: string, remoteAddress = '198.51.100.1') =>
  post(app, '/api/auth/forgot', { email }, { remoteAddress });
const reset = (app: FastifyInstance, token: string, password = NEW_PASSWORD, remoteAddress = '198.51.100.1') =>
  post(app, '/api/auth/reset', { token, password }, { remoteAddress });
const check = (app: FastifyInstance, token: unknown, remoteAddress = '198.51.100.1') =>
  post(app, '/api/auth/reset/check', { token }, { remoteAddress });
const changePassword = (app: FastifyInstance, token: string) =>
  patch(app, '/api/user', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token });

describe('over REST', () => {
  test('the link sets a new password once, and signs the account out everywhere', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');

    const asked = await forgot(app, alice.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const [mail] = await server.waitFor(1);
    expect(mail!.to).toBe(alice.email);
    expect(mail!.subject).toBe('Reset your Open Auction password');
    const token = tokenIn(mail!);
    // Only the token's hash is stored.
    const resets = await deps.sql<{ id: string }>('select * from password_resets');
    expect(resets.map((reset) => reset.id)).toEqual([hashToken(token)]);
    expect(JSON.stringify(resets)).not.toContain(token);

    const done = await reset(app, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: expect.stringContaining('password has been changed') });
    expect((await get(app, '/api/user', { token: alice.token })).statusCode).toBe(401);
    expect((await login(app, alice.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(app, alice.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Used once: the same link again is refused.
    const again = await reset(app, token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(expectErrorBody(again).error).toMatch(/unknown, used or expired/);
    expect(await deps.store.mail.pending()).toBe(0);
  });

  test('a reset ends the live streams of every session of the account', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const { baseUrl } = await listen(app);
    const seller = await signedInUser(deps, 'Sally Seller');
    const alice = await signedInUser(deps, 'Alice');
    const auctionId = await insertAuction(deps, seller.id);
    const stream = await openEventStream(`${baseUrl}/api/auction/${auctionId}/events`, { cookie: sessionCookieHeader(alice.token) });
    try {
      expect(stream.status).toBe(200);
      await forgot(app, alice.email);
      const [mail] = await server.waitFor(1);
      expect((await reset(app, tokenIn(mail!))).statusCode).toBe(200);
      await stream.waitForEnd(3_000);
    } finally {
      stream.close();
    }
  });

  test('an email without an account gets the same answer, and no mail', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    const unknown = await forgot(app, uniqueEmail('nobody'));
    const known = await forgot(app, alice.email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await server.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mails.map((m) => m.to)).toEqual([alice.email]);
  });

  test('a link expires after one hour; a wrong or blank token and a short password are refused', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    await forgot(app, alice.email);
    await forgot(app, alice.email);
    const [first, second] = (await server.waitFor(2)).map(tokenIn);

    const short = await reset(app, first!, 'short');
    expect(short.statusCode).toBe(400);
    expect(expectErrorBody(short).issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters long' }]);
    expect((await reset(app, '')).statusCode).toBe(400);
    expect((await reset(app, 'not-a-token-we-made')).statusCode).toBe(400);

    deps.clock.advance(HOUR_MS);
    expect((await reset(app, first!)).statusCode).toBe(400);
    expect((await reset(app, second!)).statusCode).toBe(400);
    expect((await login(app, alice.email, PASSWORD)).statusCode).toBe(200);
  });

  test('without SMTP_URL, asking for a link is 503 saying that password reset needs e-mail', async ({ makeDeps }) => {
    const { app, deps } = await mailingApp(makeDeps, undefined);
    const alice = await signedInUser(deps, 'Alice');
    const res = await forgot(app, alice.email);
    expect(res.statusCode).toBe(503);
    expect(expectErrorBody(res).error).toMatch(/Password reset needs e-mail/);
  });

  test('asking is limited per email and requesting address, and per address; trying links, per address (429 with Retry-After)', async ({
    makeDeps,
  }) => {
    const server = await smtp();
    const { app } = await mailingApp(makeDeps, server.url);
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i += 1) expect((await forgot(app, email, '203.0.113.1')).statusCode).toBe(200);
    expectTooMany(await forgot(app, email, '203.0.113.1'));

    for (let i = 0; i < 20; i += 1) expect((await forgot(app, uniqueEmail('spray'), '192.0.2.7')).statusCode).toBe(200);
    expectTooMany(await forgot(app, uniqueEmail('spray'), '192.0.2.7'));

    for (let i = 0; i < 20; i += 1) expect((await reset(app, `guess-${i}`, NEW_PASSWORD, '192.0.2.8')).statusCode).toBe(400);
    expectTooMany(await reset(app, 'guess-last', NEW_PASSWORD, '192.0.2.8'));
  });

  test('a stranger asking for links to someone else’s email does not use up the owner’s allowance', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    // From several addresses, as many as each is allowed.
    for (const stranger of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 5; i += 1) expect((await forgot(app, alice.email, stranger)).statusCode).toBe(200);
      expectTooMany(await forgot(app, alice.email, stranger));
    }
    // Alice, from her own address, still gets her link.
    expect((await forgot(app, alice.email, '198.51.100.77')).statusCode).toBe(200);
    const mails = await server.waitFor(11);
    const token = tokenIn(mails.at(-1)!);
    expect((await reset(app, token, NEW_PASSWORD, '198.51.100.77')).statusCode).toBe(200);
  });

  test('a password change ends every reset link mailed before it', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    await forgot(app, alice.email);
    const token = tokenIn((await server.waitFor(1))[0]!);
    expect((await check(app, token)).json()).toEqual({ valid: true });

    expect((await changePassword(app, alice.token)).statusCode).toBe(200);
    expect((await check(app, token)).json()).toEqual({ valid: false });
    const stale = await reset(app, token, 'the stolen link’s password');
    expect(stale.statusCode).toBe(400);
    expect(expectErrorBody(stale).error).toMatch(/unknown, used or expired/);
    expect((await login(app, alice.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await deps.sql('select id from password_resets')).toEqual([]);
  });

  test('a password change drops the reset mails not sent yet', async ({ makeDeps }) => {
    // The mail server is down: the link waits in the outbox.
    const { app, deps } = await mailingApp(makeDeps, `smtp://mailer:secret@127.0.0.1:${await closedPort()}`);
    const alice = await signedInUser(deps, 'Alice');
    const bob = await signedInUser(deps, 'Bob');
    await forgot(app, alice.email);
    await forgot(app, bob.email);
    expect(await deps.store.mail.pending()).toBe(2);
    expect((await changePassword(app, alice.token)).statusCode).toBe(200);
    // Bob's stays.
    expect(await deps.store.mail.pending()).toBe(1);
    expect(await deps.sql<{ to_address: string }>('select to_address from mail_outbox')).toEqual([{ to_address: bob.email }]);
  });

  test('POST /api/auth/reset/check answers only whether a link can still work, and counts like a try', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    await forgot(app, alice.email);
    const token = tokenIn((await server.waitFor(1))[0]!);

    const live = await check(app, token);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ valid: true });
    // Checking does not use it up.
    expect((await check(app, token)).json()).toEqual({ valid: true });
    expect((await check(app, 'not-a-token-we-made')).json()).toEqual({ valid: false });
    const blank = await check(app, '');
    expect(blank.statusCode).toBe(400);
    expect(expectErrorBody(blank).issues).toEqual([{ path: 'token', message: 'The reset link is incomplete' }]);
    deps.clock.advance(HOUR_MS);
    expect((await check(app, token)).json()).toEqual({ valid: false });

    // Twenty checks and tries an hour from one address, as for trying links.
    for (let i = 0; i < 10; i += 1) expect((await check(app, `guess-${i}`, '192.0.2.8')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await reset(app, `guess-${i}`, NEW_PASSWORD, '192.0.2.8')).statusCode).toBe(400);
    expectTooMany(await check(app, 'guess-last', '192.0.2.8'));
    expectTooMany(await reset(app, 'guess-last', NEW_PASSWORD, '192.0.2.8'));
  });
});

describe('over tRPC', () => {
  test('auth.forgotPassword and auth.resetPassword', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    const visitor = anonymousCaller(deps, '198.51.100.9');
    expect(await visitor.auth.forgotPassword({ email: alice.email })).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await visitor.auth.forgotPassword({ email: uniqueEmail('nobody') })).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const [mail] = await server.waitFor(1);
    const token = tokenIn(mail!);

    await visitor.auth.resetPassword({ token, password: NEW_PASSWORD });
    expect(await failure(visitor.auth.resetPassword({ token, password: NEW_PASSWORD }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await deps.store.sessions.lookup(hashToken(alice.token))).toBeUndefined();
  });

  test('auth.checkResetToken, and user.changePassword ending the links', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    const visitor = anonymousCaller(deps, '198.51.100.9');
    await visitor.auth.forgotPassword({ email: alice.email });
    const token = tokenIn((await server.waitFor(1))[0]!);
    expect(await visitor.auth.checkResetToken({ token })).toEqual({ valid: true });
    expect(await visitor.auth.checkResetToken({ token: 'wrong' })).toEqual({ valid: false });
    expect(await failure(visitor.auth.checkResetToken({ token: ' ' }))).toMatchObject({ code: 'BAD_REQUEST' });

    await alice.caller.user.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await visitor.auth.checkResetToken({ token })).toEqual({ valid: false });
    expect(await failure(visitor.auth.resetPassword({ token, password: 'yet another passphrase' }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('auth.forgotPassword is limited per email and requesting address: a stranger cannot lock the owner out', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const alice = await signedInUser(deps, 'Alice');
    const stranger = anonymousCaller(deps, '203.0.113.50');
    for (let i = 0; i < 5; i += 1) await stranger.auth.forgotPassword({ email: alice.email });
    expect(await failure(stranger.auth.forgotPassword({ email: alice.email }))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await anonymousCaller(deps, '198.51.100.60').auth.forgotPassword({ email: alice.email })).toEqual({
      message: RESET_REQUESTED_MESSAGE,
    });
  });

  test('auth.forgotPassword without SMTP_URL is SERVICE_UNAVAILABLE', async ({ makeDeps }) => {
    const { deps } = await mailingApp(makeDeps, undefined);
    expect(await failure(anonymousCaller(deps).auth.forgotPassword({ email: uniqueEmail() }))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('Password reset needs e-mail'),
    });
  });
});
