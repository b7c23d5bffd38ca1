// Confirmed e-mail addresses (docs/rules/accounts.md): sign-up mails a link that confirms the address
// once within 24 hours; the user answers say whether it is confirmed; notices are mailed only to a
// confirmed address; /profile's link again, at most 3 an hour; accounts made before the change count
// as confirmed (the demo accounts are confirmed too: seed.test.ts). Over REST and tRPC, with a real SMTP server.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect } from 'vitest';
import { hashToken } from '../../src/server/services/sessions';
import { CONFIRMATION_LINK_INVALID_MESSAGE, DAY_MS, EMAIL_CONFIRMED_MESSAGE, HOUR_MS } from '../../src/shared/constants';
import { anonymousCaller, callerFor, failure, PASSWORD, signedInUser, signedIn } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { uniqueEmail } from '../support/emails';
import { test } from '../support/fixtures';
import { expectErrorBody, expectTooMany, get, login, post, signedUp } from '../support/http';
import { migrateUpTo } from '../support/migrations';
import { mailingApp, PUBLIC_URL, startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';

const servers: TestSmtp[] = [];
async function smtp() {
  const server = await startSmtp();
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The token of the confirmation link in a mail, checking that the link is built on PUBLIC_URL. */
function tokenIn(mail: ReceivedMail): string {
  expect(mail.subject).toBe('Confirm your email address for Open Auction');
  const match = /(\S+)\/verify-email\?token=([\w-]+)/.exec(mail.text);
  expect(match?.[1]).toBe(PUBLIC_URL);
  expect(mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=${match![2]}"`);
  return match![2]!;
}

const verify = (app: FastifyInstance, token: unknown, remoteAddress = '198.51.100.1') =>
  post(app, '/api/auth/verify-email', { token }, { remoteAddress });
const resend = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/user/confirmation-email', headers: { authorization: `Bearer ${token}` } });

describe('over REST', () => {
  test('sign-up mails a link; following it confirms the address, once; GET /api/user says so', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const account = await signedUp(app, { name: 'Ada' });
    expect(account.res.json().user.emailVerified).toBe(false);
    expect((await get(app, '/api/user', { token: account.token })).json().user.emailVerified).toBe(false);

    const [mail] = await server.waitFor(1);
    expect(mail!.to).toBe(account.email);
    expect(mail!.text).toContain('Hello Ada,');
    const token = tokenIn(mail!);
    // Only the token's hash is stored.
    const stored = await deps.sql<{ id: string }>('select id from email_confirmations');
    expect(stored.map((row) => row.id)).toEqual([hashToken(token)]);

    const done = await verify(app, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_CONFIRMED_MESSAGE });
    expect((await get(app, '/api/user', { token: account.token })).json().user.emailVerified).toBe(true);
    expect((await get(app, '/api/user/settings', { token: account.token })).json().emailVerified).toBe(true);
    expect((await login(app, account.email, PASSWORD)).json().user.emailVerified).toBe(true);

    // Once: the same link again is refused, and nothing is left of it.
    const again = await verify(app, token);
    expect(again.statusCode).toBe(400);
    expect(expectErrorBody(again).error).toBe(CONFIRMATION_LINK_INVALID_MESSAGE);
    expect(await deps.sql('select id from email_confirmations')).toEqual([]);
  });

  test('a link expires after 24 hours; an unknown or blank token is 400', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const account = await signedUp(app);
    const token = tokenIn((await server.waitFor(1))[0]!);

    expect((await verify(app, 'not-a-token-we-made')).statusCode).toBe(400);
    const blank = await verify(app, '  ');
    expect(blank.statusCode).toBe(400);
    expect(expectErrorBody(blank).issues).toEqual([{ path: 'token', message: 'The confirmation link is incomplete' }]);
    expect((await verify(app, 42)).statusCode).toBe(400);

    deps.clock.advance(DAY_MS);
    expect((await verify(app, token)).statusCode).toBe(400);
    expect((await get(app, '/api/user', { token: account.token })).json().user.emailVerified).toBe(false);
  });

  test('notices reach the address by mail only once it is confirmed', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const seller = await signedInUser(deps, 'Sally Seller');
    // Not confirmed either: only the newcomer's notices could be mailed.
    const rival = await signedInUser(deps, 'Rita', { confirmed: false });
    const auctionId = await insertAuction(deps, seller.id, { itemName: 'Brass lamp', startingPrice: 10 });
    const account = await signedUp(app, { name: 'Newcomer' });
    const token = tokenIn((await server.waitFor(1))[0]!);
    const newcomer = await callerFor(deps, account.token);

    await newcomer.auction.placeBid({ auctionId, bidAmount: 11 });
    await rival.caller.auction.placeBid({ auctionId, bidAmount: 12 });
    await sleep(300);
    // In the app, not by mail.
    expect(server.mails).toHaveLength(1);
    expect((await newcomer.user.notifications({})).notifications.map((n) => n.kind)).toEqual(['outbid']);

    expect((await verify(app, token)).statusCode).toBe(200);
    await newcomer.auction.placeBid({ auctionId, bidAmount: 13 });
    await rival.caller.auction.placeBid({ auctionId, bidAmount: 14 });
    const [, outbid] = await server.waitFor(2);
    expect(outbid!.to).toBe(account.email);
    expect(outbid!.subject).toBe('You were outbid on “Brass lamp”');
  });

  test('the link again, at most 3 an hour (429 with Retry-After); each works until one is used; 409 once confirmed', async ({
    makeDeps,
  }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    deps.clock.drivesDate();
    const account = await signedUp(app);
    await server.waitFor(1);
    for (let i = 0; i < 3; i += 1) {
      const res = await resend(app, account.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: `We have sent a new link to ${account.email}. It works once, within 24 hours.` });
    }
    const refused = await resend(app, account.token);
    expectTooMany(refused);
    expect(expectErrorBody(refused).error).toBe('Too many confirmation mails. Please try again later.');
    const mails = await server.waitFor(4);
    await sleep(300);
    expect(server.mails).toHaveLength(4);
    const tokens = mails.map(tokenIn);
    expect(new Set(tokens).size).toBe(4);

    // An hour on, the allowance is back.
    deps.clock.advance(HOUR_MS);
    expect((await resend(app, account.token)).statusCode).toBe(200);

    // The first link still works; using it ends the others.
    expect((await verify(app, tokens[0]!)).statusCode).toBe(200);
    expect((await verify(app, tokens[3]!)).statusCode).toBe(400);
    const confirmed = await resend(app, account.token);
    expect(confirmed.statusCode).toBe(409);
    expect(expectErrorBody(confirmed).error).toBe('Your email address is already confirmed.');
    expect((await app.inject({ method: 'POST', url: '/api/user/confirmation-email' })).statusCode).toBe(401);
  });

  test('links tried from one address are limited: 20 an hour, then 429', async ({ makeDeps }) => {
    const server = await smtp();
    const { app } = await mailingApp(makeDeps, server.url);
    for (let i = 0; i < 20; i += 1) expect((await verify(app, `guess-${i}`, '192.0.2.8')).statusCode).toBe(400);
    expectTooMany(await verify(app, 'guess-last', '192.0.2.8'));
    // Another address is not held back.
    expect((await verify(app, 'guess-elsewhere', '192.0.2.9')).statusCode).toBe(400);
  });

  test('without SMTP_URL, sign-up mails nothing and asking for the link is 503', async ({ makeDeps }) => {
    const { app, deps } = await mailingApp(makeDeps, undefined);
    const account = await signedUp(app);
    expect(await deps.sql('select id from email_confirmations')).toEqual([]);
    expect(await deps.store.mail.pending()).toBe(0);
    const res = await resend(app, account.token);
    expect(res.statusCode).toBe(503);
    expect(expectErrorBody(res).error).toMatch(/needs e-mail/);
  });
});

describe('over tRPC', () => {
  test('auth.signup, auth.verifyEmail, and emailVerified in user.me, auth.session and auth.login', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const visitor = anonymousCaller(deps, '198.51.100.9');
    const email = uniqueEmail('trpc');
    const { user, token } = await visitor.auth.signup({ name: 'Grace', email, password: PASSWORD });
    expect(user.emailVerified).toBe(false);
    const caller = await callerFor(deps, token);
    expect((await caller.user.me()).user.emailVerified).toBe(false);

    const link = tokenIn((await server.waitFor(1))[0]!);
    expect(await failure(visitor.auth.verifyEmail({ token: 'wrong' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: CONFIRMATION_LINK_INVALID_MESSAGE,
    });
    expect(await visitor.auth.verifyEmail({ token: link })).toEqual({ message: EMAIL_CONFIRMED_MESSAGE });
    const after = await callerFor(deps, token);
    expect((await after.user.me()).user.emailVerified).toBe(true);
    expect((await after.auth.session()).user?.emailVerified).toBe(true);
    expect((await signedIn(visitor.auth.login({ email, password: PASSWORD }))).user.emailVerified).toBe(true);
    expect(await failure(visitor.auth.verifyEmail({ token: link }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('user.sendConfirmationEmail: a new link, TOO_MANY_REQUESTS after 3 in an hour, CONFLICT once confirmed', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const unconfirmed = await signedInUser(deps, 'Unconfirmed', { confirmed: false });
    for (let i = 0; i < 3; i += 1) await unconfirmed.caller.user.sendConfirmationEmail();
    expect(await failure(unconfirmed.caller.user.sendConfirmationEmail())).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const mails = await server.waitFor(3);
    expect(mails.map((m) => m.to)).toEqual([unconfirmed.email, unconfirmed.email, unconfirmed.email]);

    const confirmed = await signedInUser(deps, 'Confirmed');
    expect(await failure(confirmed.caller.user.sendConfirmationEmail())).toMatchObject({
      code: 'CONFLICT',
      message: 'Your email address is already confirmed.',
    });
  });
});

describe('accounts made before addresses were confirmed', () => {
  test('count as confirmed after the upgrade, and a reset link waiting to be mailed stays their account’s', async ({ database }) => {
    // The migration that brought confirmation, numbered differently on each database.
    const before = 'email_confirmation_and_mail_groups';
    const createdAt = Date.parse('2026-01-02T03:04:05Z');
    await migrateUpTo(database.location, before, async (run) => {
      await run(`insert into users (name, email, password_hash, created_at) values ('Old Timer', 'old@example.com', 'x', $1)`, [createdAt]);
      await run(
        `insert into mail_outbox (to_address, subject, text_body, html_body, due_at, created_at, expires_at) values ('old@example.com', 'S', 'T', 'H', $1, $1, $2)`,
        [createdAt, createdAt + HOUR_MS],
      );
    });
    // The server opens the database as it does at start, applying what is left.
    const { store } = await database.open();
    const old = await store.users.byEmail('old@example.com');
    expect(old?.emailVerifiedAt?.getTime()).toBe(createdAt);
    const fresh = await store.users.insert({ name: 'New Comer', email: 'new@example.com', passwordHash: 'x', createdAt: new Date() });
    expect(fresh?.emailVerifiedAt).toBeNull();
    // The reset link's mail that waited is now its account's: a password change drops it.
    expect(await store.mail.pending()).toBe(1);
    await store.users.setPassword(old!.id, 'another hash', 'no session');
    expect(await store.mail.pending()).toBe(0);
  });
});
