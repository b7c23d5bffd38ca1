// Deleting an account through both doors (DELETE /api/user and user.deleteAccount by its owner,
// DELETE /api/admin/users/:id and admin.deleteUser by an administrator), on whichever database the
// project runs: the refusals (a wrong password, each trade still under way, an administrator, oneself,
// an unknown account), the session and cookie ended, what is erased (the old address found in no table
// and in no answer anyone else gets), what stays for the other party under 'Deleted user', the auctions
// cancelled and the bids taken off, the audit entry, two deletions at once, and what can no longer be
// written to a deleted account (a message, a second-chance offer) while feedback on its orders still can.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, vi } from 'vitest';
import { DELETED_USER_NAME, DELETION_WORDS } from '../../src/shared/account-deletion';
import { DAY_MS } from '../../src/shared/constants';
import { MESSAGE_WORDS } from '../../src/shared/messages';
import { MODERATION_WORDS, SELLER_DELETED } from '../../src/shared/moderation';
import { OFFER_WORDS } from '../../src/shared/offers';
import { closeDueAuctions } from '../../src/server/services/closing';
import { failure, PASSWORD, sessionOf, signedInUser } from '../support/accounts';
import { boughtOrder, insertAuction } from '../support/auctions';
import { TEST_DATABASE, test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, login, patch, post, request, sessionCookieHeader, signup } from '../support/http';
import { openEventStream } from '../support/sse';
import type { FastifyInstance } from 'fastify';

// The close is run by hand, so that the app's own tick never closes an auction between two of a test's steps.
test.override({ buildOptions: { closeAuctions: false } });

const del = (app: FastifyInstance, url: string, body: unknown, cookie?: string, remoteAddress?: string) =>
  app.inject(request('DELETE', url, { body, cookie, remoteAddress }));

async function people(deps: TestDeps) {
  const sam = await signedInUser(deps, 'Sam Seller', { email: 'sam.seller@example.com' });
  const ann = await signedInUser(deps, 'Ann Buyer');
  const ben = await signedInUser(deps, 'Ben Bidder');
  const admin = await signedInUser(deps, 'Adam Admin', { role: 'admin' });
  return { sam, ann, ben, admin };
}

/** Every row of every table, as text: where an address kept anywhere would show. */
async function everyTable(deps: TestDeps): Promise<string> {
  const tables =
    TEST_DATABASE === 'postgres'
      ? await deps.sql<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
        )
      : await deps.sql<{ name: string }>("select name from sqlite_master where type = 'table'");
  expect(tables.length).toBeGreaterThan(20);
  const dumps = await Promise.all(tables.map(async ({ name }) => JSON.stringify(await deps.sql(`select * from "${name}"`))));
  return dumps.join('\n').toLowerCase();
}

const auditRows = (deps: TestDeps) => deps.sql<{ action: string }>('select action from audit_log order by id');

describe("the owner's deletion", () => {
  test('REST: 200 and the cookie cleared; every session ends; login refused; the address signs up again as a new account', async ({
    app,
    deps,
  }) => {
    const { sam } = await people(deps);
    // A second session, as another browser holds it.
    const other = (await sessionOf(deps, sam.id)).token;
    const res = await del(app, '/api/user', { password: PASSWORD }, sam.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: DELETION_WORDS.done });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/(Max-Age=0|Expires=Thu, 01 Jan 1970)/);

    // The old cookie, and every other session of the account, is refused; a repeat is refused as signed out.
    expect((await get(app, '/api/user', { cookie: sam.token })).statusCode).toBe(401);
    expect((await get(app, '/api/user', { cookie: other })).statusCode).toBe(401);
    expect((await del(app, '/api/user', { password: PASSWORD }, sam.token)).statusCode).toBe(401);
    expect((await login(app, sam.email, PASSWORD)).statusCode).toBe(401);

    const again = await signup(app, { name: 'Sam Again', email: sam.email, password: 'another good password' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ user: { name: 'Sam Again', email: sam.email } });
    expect((again.json() as { user: { _id: string } }).user._id).not.toBe(sam._id);
    // The row that stays is nobody's: no address, no password, no login.
    expect(await deps.sqlOne('select name, email, password_hash, status, avatar from users where id = $1', [sam.id])).toEqual({
      name: DELETED_USER_NAME,
      email: `deleted:${sam.id}`,
      password_hash: '',
      status: 'deleted',
      avatar: null,
    });
  });

  test('tRPC: a wrong password is refused as turning two-factor off refuses it (400 on the password), and nothing changes', async ({
    app,
    deps,
  }) => {
    const { sam } = await people(deps);
    expect(await failure(sam.caller.user.deleteAccount({ password: 'not it' }))).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'password', message: DELETION_WORDS.passwordWrong }],
    });
    const rest = await del(app, '/api/user', { password: 'not it either' }, sam.token);
    expect(rest.statusCode).toBe(400);
    expect(expectErrorBody(rest).issues).toEqual([{ path: 'password', message: DELETION_WORDS.passwordWrong }]);
    const missing = await del(app, '/api/user', {}, sam.token);
    expect(expectErrorBody(missing).issues).toEqual([{ path: 'password', message: DELETION_WORDS.passwordMissing }]);
    expect((await del(app, '/api/user', { password: PASSWORD })).statusCode).toBe(401);
    expect((await get(app, '/api/user', { cookie: sam.token })).statusCode).toBe(200);
    expect(await deps.sqlOne('select name, status from users where id = $1', [sam.id])).toEqual({ name: 'Sam Seller', status: 'active' });

    expect(await sam.caller.user.deleteAccount({ password: PASSWORD })).toEqual({ message: DELETION_WORDS.done });
    expect(await deps.sqlOne('select status from users where id = $1', [sam.id])).toEqual({ status: 'deleted' });
  });

  test('409 with the reason while a trade is under way: an auction with bids not ended, the lead of an open auction, an order not received nor cancelled', async ({
    app,
    deps,
  }) => {
    const { sam, ann, ben, admin } = await people(deps);
    const refusedWith = async (message: string) => {
      const res = await del(app, '/api/user', { password: PASSWORD }, sam.token);
      expect(res.statusCode, res.body).toBe(409);
      expect(expectErrorBody(res).message).toBe(message);
      expect(await failure(sam.caller.user.deleteAccount({ password: PASSWORD }))).toMatchObject({ code: 'CONFLICT', message });
      // The administrator is refused alike, in words about the user.
      expect(await failure(admin.caller.admin.deleteUser({ id: sam._id }))).toMatchObject({
        code: 'CONFLICT',
        message: message.replace('You have', 'This user has').replace('You are', 'This user is').replace('your account', 'the account'),
      });
    };

    // Selling: an open auction with a bid.
    const selling = await insertAuction(deps, sam.id, { itemName: 'Sold soon', endsAt: deps.now() + 1000 });
    await ann.caller.auction.placeBid({ auctionId: selling, bidAmount: 11 });
    await refusedWith(DELETION_WORDS.blocked('selling', 'owner'));
    // Ended but not closed yet: its order is seconds away, still refused.
    deps.clock.advance(DAY_MS);
    await refusedWith(DELETION_WORDS.blocked('selling', 'owner'));
    await closeDueAuctions(deps);
    // Closed, it made an order with Ann, awaiting payment.
    await refusedWith(DELETION_WORDS.blocked('order', 'owner'));
    const order = (await ann.caller.orders.list({ role: 'buyer' })).orders[0]!;
    await sam.caller.orders.paid({ id: order._id });
    await ann.caller.orders.received({ id: order._id });

    // Leading: Sam is the highest bidder of Ben's open auction.
    const bens = await insertAuction(deps, ben.id, { itemName: 'Ben lot' });
    await sam.caller.auction.placeBid({ auctionId: bens, bidAmount: 11 });
    await refusedWith(DELETION_WORDS.blocked('leading', 'owner'));
    await ann.caller.auction.placeBid({ auctionId: bens, bidAmount: 20 });

    // Buying: an order as buyer, not received.
    const bought = await boughtOrder(deps, ben, sam);
    await refusedWith(DELETION_WORDS.blocked('order', 'owner'));
    // Cancelled unpaid once its payment is overdue.
    deps.clock.advance(2 * DAY_MS);
    await ben.caller.orders.cancel({ id: bought.orderId, reason: 'unpaid' });

    // Nothing under way now: deleted, and none of the refusals left a trace.
    expect(await sam.caller.user.deleteAccount({ password: PASSWORD })).toEqual({ message: DELETION_WORDS.done });
    expect(await auditRows(deps)).toEqual([]);
    // Outbid on Ben's auction: its bid went, Ann's stands alone.
    const after = await ann.caller.auction.byId({ id: bens });
    expect([after.currentPrice, after.bidsCount, after.bids.map((b) => b.bidder._id)]).toEqual([20, 1, [ann._id]]);
  });
});

describe('live streams', () => {
  test("the deleted account's live streams end at once, over real HTTP; others' go on", async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const sam = await signedInUser(deps, 'Sam Streamer');
    const ann = await signedInUser(deps, 'Ann Watcher');
    const samLive = await openEventStream(`${baseUrl}/trpc/live.events`, { cookie: sessionCookieHeader(sam.token) });
    const annLive = await openEventStream(`${baseUrl}/trpc/live.events`, { cookie: sessionCookieHeader(ann.token) });
    expect([samLive.status, annLive.status]).toEqual([200, 200]);
    await expect.poll(() => samLive.events.length).toBeGreaterThan(0);
    const res = await fetch(`${baseUrl}/api/user`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', cookie: sessionCookieHeader(sam.token) },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    await samLive.waitForEnd(2000);
    expect(annLive.ended()).toBe(false);
    expect((await openEventStream(`${baseUrl}/trpc/live.events`, { cookie: sessionCookieHeader(sam.token) })).status).toBe(401);
    annLive.close();
  });
});

describe('what goes and what stays', () => {
  test('the address is in no table and no answer; ended auctions, orders, messages and feedback stay under "Deleted user"', async ({
    app,
    deps,
  }) => {
    const { sam, ann, ben, admin } = await people(deps);
    const oldEmail = sam.email.toLowerCase();
    // A received order with feedback both ways, and messages about it.
    const sold = await boughtOrder(deps, sam, ann, 'Walnut chair');
    await sam.caller.orders.paid({ id: sold.orderId });
    await ann.caller.orders.received({ id: sold.orderId });
    await ann.caller.orders.feedback({ id: sold.orderId, rating: 'positive', comment: 'Lovely chair' });
    await sam.caller.orders.feedback({ id: sold.orderId, rating: 'positive', comment: 'Prompt payment' });
    await ann.caller.messages.send({ auctionId: sold.auctionId, body: 'Thanks for the chair!' });
    await sam.caller.messages.send({ auctionId: sold.auctionId, to: ann._id, body: 'Enjoy it.' });
    // Things of Sam's own: an open and a scheduled auction without bids (Ben watches the first), a
    // watch, a saved search, a bid Ann outbid, two-factor on, an avatar, a login, notices, a note to the site.
    const open = await insertAuction(deps, sam.id, { itemName: 'Copper kettle' });
    const scheduled = await insertAuction(deps, sam.id, {
      itemName: 'Later lamp',
      startsAt: deps.now() + DAY_MS,
      endsAt: deps.now() + 3 * DAY_MS,
    });
    await ben.caller.user.setWatching({ auctionId: open, watching: true });
    const bens = await insertAuction(deps, ben.id, { itemName: 'Ben clock', startingPrice: 100 });
    await sam.caller.user.setWatching({ auctionId: bens, watching: true });
    await sam.caller.user.saveSearch({ q: 'clock' });
    await sam.caller.auction.placeBid({ auctionId: bens, bidAmount: 101, maxBid: 120 });
    await ann.caller.auction.placeBid({ auctionId: bens, bidAmount: 110, maxBid: 300 });
    expect((await ben.caller.auction.byId({ id: bens })).currentPrice).toBe(121);
    await deps.store.twoFactor.setPending(sam.id, 'JBSWY3DPEHPK3PXP', new Date(deps.now()));
    await deps.store.twoFactor.enable(sam.id, 'JBSWY3DPEHPK3PXP', 1, ['hash-one', 'hash-two'], new Date(deps.now()));
    mkdirSync(deps.settings.UPLOAD_DIR, { recursive: true });
    const avatarFile = 'sam-avatar.webp';
    writeFileSync(join(deps.settings.UPLOAD_DIR, avatarFile), 'webp');
    await deps.store.users.setAvatar(sam.id, avatarFile);
    expect((await login(app, sam.email, PASSWORD, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    await sam.caller.contact.send({ name: 'Sam Seller', email: sam.email, subject: 'Hello', message: 'A question for you, please.' });
    expect((await everyTable(deps)).includes(oldEmail)).toBe(true);

    const published = vi.spyOn(deps.bus, 'publish');
    const res = await del(app, '/api/user', { password: PASSWORD }, sam.token);
    expect(res.statusCode, res.body).toBe(200);

    // Nowhere in the database.
    expect((await everyTable(deps)).includes(oldEmail)).toBe(false);
    expect(existsSync(join(deps.settings.UPLOAD_DIR, avatarFile))).toBe(false);
    expect(await deps.sql('select name, email, message from contact_messages')).toEqual([
      { name: DELETED_USER_NAME, email: '', message: 'A question for you, please.' },
    ]);
    for (const table of ['sessions', 'login_events', 'notifications', 'watches', 'saved_searches', 'two_factor', 'recovery_codes']) {
      expect(await deps.sqlOne<{ n: number }>(`select count(*) as n from ${table} where user_id = $1`, [sam.id]), table).toEqual({ n: 0 });
    }

    // The auctions without bids were cancelled, their watcher told; the bid Ann outbid went, the auction worked out again.
    const status = async (id: string) => (await ann.caller.auction.byId({ id })).status;
    expect([await status(open), await status(scheduled)]).toEqual(['cancelled', 'cancelled']);
    const told = (await ben.caller.user.notifications({})).notifications.filter((n) => n.kind === 'cancelled');
    expect(told.map((n) => [n.auctionId, n.message])).toEqual([
      [open, '“Copper kettle” was cancelled by an administrator: it will not be sold, and its bids no longer stand.'],
    ]);
    const clock = await ben.caller.auction.byId({ id: bens });
    expect([clock.currentPrice, clock.bidsCount, clock.bids.map((b) => b.bidder._id)]).toEqual([110, 1, [ann._id]]);
    expect(published).toHaveBeenCalledWith({ auctionId: bens, reload: true, bidsCount: 1 });

    // What Ann, Ben and an administrator read: 'Deleted user', never the address or the old name.
    const answers = [
      await get(app, `/api/auction/${sold.auctionId}`, { cookie: ann.token }),
      await get(app, `/api/orders/${sold.orderId}`, { cookie: ann.token }),
      await get(app, `/api/auction/${sold.auctionId}/messages`, { cookie: ann.token }),
      await get(app, `/api/user/conversations`, { cookie: ann.token }),
      await get(app, `/api/users/${sam.id}`, { cookie: ben.token }),
      await get(app, `/api/user/export`, { cookie: ann.token }),
      await get(app, `/api/admin/users?search=${encodeURIComponent(DELETED_USER_NAME)}`, { cookie: admin.token }),
      await get(app, `/api/admin/users`, { cookie: admin.token }),
      await get(app, `/api/admin/dashboard`, { cookie: admin.token }),
      await get(app, `/api/admin/audit`, { cookie: admin.token }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body.toLowerCase()).not.toContain(oldEmail);
      expect(answer.body).not.toContain('Sam Seller');
    }
    // Her notice of his message names 'Deleted user' now, the rest of it as it was.
    const annsNotices = (await ann.caller.user.notifications({})).notifications.map((n) => n.message);
    expect(annsNotices).toContain(`${DELETED_USER_NAME} sent you a message about “Walnut chair”.`);
    expect(annsNotices.join('\n')).not.toContain('Sam Seller');
    const [auctionPage, orderPage, , , profile, , adminList] = answers.map((a) => a.json() as Record<string, unknown>);
    expect(auctionPage).toMatchObject({ seller: { _id: sam._id, name: DELETED_USER_NAME } });
    expect(orderPage).toMatchObject({
      status: 'received',
      feedback: { fromSeller: { from: { _id: sam._id, name: DELETED_USER_NAME }, comment: 'Prompt payment' } },
    });
    expect(JSON.stringify(answers[2]!.json())).toContain('Enjoy it.');
    expect(profile).toMatchObject({ user: { _id: sam._id, name: DELETED_USER_NAME } });
    expect((profile as unknown as { user: { avatar: string } }).user.avatar).not.toContain(avatarFile);
    expect((adminList as unknown as { data: { users: unknown[] } }).data.users).toEqual([
      expect.objectContaining({ _id: sam._id, name: DELETED_USER_NAME, email: '', status: 'deleted' }),
    ]);
    // The admin search by the old address finds nothing.
    const byAddress = await get(app, `/api/admin/users?search=${encodeURIComponent('sam.seller')}`, { cookie: admin.token });
    expect((byAddress.json() as { data: { users: unknown[] } }).data.users).toEqual([]);
    // Ann's received order still lets her leave nothing more but read all of it.
    expect((await ann.caller.orders.get({ id: sold.orderId })).status).toBe('received');
  });
});

describe("an administrator's deletion", () => {
  test('REST: 200 with the account as the list shows it; recorded in the audit log with the address it came from', async ({
    app,
    deps,
  }) => {
    const { sam, ben, admin } = await people(deps);
    const open = await insertAuction(deps, sam.id, { itemName: 'Copper kettle' });
    await ben.caller.user.setWatching({ auctionId: open, watching: true });
    const res = await del(app, `/api/admin/users/${sam.id}`, undefined, admin.token, '203.0.113.9');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: DELETION_WORDS.adminDone,
      user: { _id: sam._id, name: DELETED_USER_NAME, email: '', status: 'deleted' },
    });
    expect((await get(app, '/api/user', { cookie: sam.token })).statusCode).toBe(401);
    expect((await login(app, sam.email, PASSWORD)).statusCode).toBe(401);
    expect(await deps.sql('select action, actor_id, target_type, target_id, reason, ip_address from audit_log order by id')).toEqual([
      {
        action: 'cancel_auction',
        actor_id: admin.id,
        target_type: 'auction',
        target_id: Number(open),
        reason: SELLER_DELETED,
        ip_address: '203.0.113.9',
      },
      { action: 'delete_user', actor_id: admin.id, target_type: 'user', target_id: sam.id, reason: null, ip_address: '203.0.113.9' },
    ]);
    expect((await ben.caller.user.notifications({})).notifications.map((n) => n.kind)).toEqual(['cancelled']);
    // The log names the account as it is now, and the auction by its item.
    const log = await get(app, '/api/admin/audit', { cookie: admin.token });
    expect((log.json() as { entries: { target: unknown }[] }).entries.map((e) => e.target)).toEqual([
      { type: 'user', _id: sam._id, name: DELETED_USER_NAME },
      { type: 'auction', _id: open, name: 'Copper kettle' },
    ]);

    // A repeat is 409; nothing more is done to a deleted account.
    const again = await del(app, `/api/admin/users/${sam.id}`, undefined, admin.token);
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).message).toBe(DELETION_WORDS.already);
    const reinstate = await patch(app, `/api/admin/users/${sam.id}/status`, { status: 'active' }, { cookie: admin.token });
    expect(reinstate.statusCode).toBe(409);
    expect(expectErrorBody(reinstate).message).toBe(MODERATION_WORDS.deleted);
    expect(await failure(admin.caller.admin.setUserRole({ id: sam._id, role: 'admin' }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_WORDS.deleted,
    });
    expect(await auditRows(deps)).toHaveLength(2);
  });

  test('an administrator 409, oneself 409, unknown 404; users 403, visitors 401; none leaves an entry', async ({ app, deps }) => {
    const { sam, admin } = await people(deps);
    const other = await signedInUser(deps, 'Olga Admin', { role: 'admin' });
    const adminTarget = await del(app, `/api/admin/users/${other.id}`, undefined, admin.token);
    expect(adminTarget.statusCode).toBe(409);
    expect(expectErrorBody(adminTarget).message).toBe(DELETION_WORDS.admin('admin'));
    const self = await del(app, `/api/admin/users/${admin.id}`, undefined, admin.token);
    expect(self.statusCode).toBe(409);
    expect(expectErrorBody(self).message).toBe(DELETION_WORDS.notYourself);
    expect(await failure(admin.caller.admin.deleteUser({ id: admin._id }))).toMatchObject({ code: 'CONFLICT' });
    expect((await del(app, '/api/admin/users/424242', undefined, admin.token)).statusCode).toBe(404);
    expect((await del(app, '/api/admin/users/nope', undefined, admin.token)).statusCode).toBe(404);
    expect(await failure(admin.caller.admin.deleteUser({ id: '424242' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await del(app, `/api/admin/users/${other.id}`, undefined, sam.token)).statusCode).toBe(403);
    expect((await del(app, `/api/admin/users/${other.id}`, undefined)).statusCode).toBe(401);
    // An administrator deleting their own account from the profile is refused too: demoted first.
    const own = await del(app, '/api/user', { password: PASSWORD }, admin.token);
    expect(own.statusCode).toBe(409);
    expect(expectErrorBody(own).message).toBe(DELETION_WORDS.admin('owner'));
    expect(await auditRows(deps)).toEqual([]);
    expect(await deps.sql("select id from users where status = 'deleted'")).toEqual([]);
  });

  test('two deletions at once (the owner and an administrator, or two administrators): one wins, the other 409 or 401, one entry', async ({
    app,
    deps,
  }) => {
    const { sam, ann, admin } = await people(deps);
    const other = await signedInUser(deps, 'Olga Admin', { role: 'admin' });
    const open = await insertAuction(deps, sam.id, { itemName: 'Copper kettle' });
    await ann.caller.user.setWatching({ auctionId: open, watching: true });
    const answers = await Promise.all([
      del(app, `/api/admin/users/${sam.id}`, undefined, admin.token),
      del(app, `/api/admin/users/${sam.id}`, undefined, other.token),
      del(app, '/api/user', { password: PASSWORD }, sam.token),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      codes.filter((c) => c !== 200).every((c) => c === 409 || c === 401),
      answers.map((a) => `${a.statusCode} ${a.body}`).join('\n'),
    ).toBe(true);
    // One cancel, one set of notices, at most one deletion entry (none when the owner won).
    expect((await ann.caller.user.notifications({})).notifications).toHaveLength(1);
    const entries = (await auditRows(deps)).map((r) => r.action);
    expect(entries).toEqual(codes[2] === 200 ? [] : ['cancel_auction', 'delete_user']);
  });
});

/** The order bought, paid for and received: the trade over, so either side may delete their account. */
async function receivedOrder(
  deps: TestDeps,
  seller: Awaited<ReturnType<typeof signedInUser>>,
  buyer: Awaited<ReturnType<typeof signedInUser>>,
  itemName: string,
) {
  const order = await boughtOrder(deps, seller, buyer, itemName);
  await seller.caller.orders.paid({ id: order.orderId });
  await buyer.caller.orders.received({ id: order.orderId });
  return order;
}

const countOf = async (deps: TestDeps, query: string, params: number[] = []) =>
  Number((await deps.sqlOne<{ n: number | string }>(`select count(*) as n from ${query}`, params))!.n);

describe('a deleted account is written to no more', () => {
  test('a message to it is 409 through both doors, as buyer or as seller; the conversation stays readable; nothing is written', async ({
    app,
    deps,
  }) => {
    const { sam, ann, ben } = await people(deps);
    // Ann sold Sam a chair and bought Ben's clock; both sides wrote.
    const chair = await receivedOrder(deps, ann, sam, 'Walnut chair');
    const clock = await receivedOrder(deps, ben, ann, 'Ben clock');
    await sam.caller.messages.send({ auctionId: chair.auctionId, body: 'Thanks for the chair!' });
    await ben.caller.messages.send({ auctionId: clock.auctionId, to: ann._id, body: 'Enjoy the clock.' });
    expect(await ann.caller.user.deleteAccount({ password: PASSWORD })).toEqual({ message: DELETION_WORDS.done });
    const messages = await countOf(deps, 'messages');

    // To the seller who left (Sam, the chair's buyer), and to the buyer who left (Ben, the clock's seller).
    const rest = [
      await post(app, `/api/auction/${chair.auctionId}/messages`, { body: 'Are you there?' }, { cookie: sam.token }),
      await post(app, `/api/auction/${clock.auctionId}/messages`, { to: ann._id, body: 'Are you there?' }, { cookie: ben.token }),
    ];
    for (const res of rest) {
      expect(res.statusCode, res.body).toBe(409);
      expect(expectErrorBody(res).message).toBe(MESSAGE_WORDS.recipientDeleted);
    }
    expect(await failure(sam.caller.messages.send({ auctionId: chair.auctionId, body: 'Hello?' }))).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGE_WORDS.recipientDeleted,
    });
    expect(await failure(ben.caller.messages.send({ auctionId: clock.auctionId, to: ann._id, body: 'Hello?' }))).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGE_WORDS.recipientDeleted,
    });
    expect(await countOf(deps, 'messages')).toBe(messages);
    expect(await countOf(deps, 'notifications where user_id = $1', [ann.id])).toBe(0);

    // What was said stays readable, under 'Deleted user'.
    const read = await sam.caller.messages.read({ auctionId: chair.auctionId });
    expect(read.messages.map((m) => [m.from.name, m.body])).toEqual([['Sam Seller', 'Thanks for the chair!']]);
    const [conversation] = await ben.caller.messages.conversations();
    expect(conversation).toMatchObject({ with: { _id: ann._id, name: DELETED_USER_NAME }, lastMessage: { body: 'Enjoy the clock.' } });
  });

  test('feedback on a received order with a deleted party is still given, through both doors, and shown under "Deleted user"', async ({
    app,
    deps,
  }) => {
    const { sam, ann, ben } = await people(deps);
    const chair = await receivedOrder(deps, ann, sam, 'Walnut chair');
    const clock = await receivedOrder(deps, ben, ann, 'Ben clock');
    await ann.caller.user.deleteAccount({ password: PASSWORD });

    const res = await post(
      app,
      `/api/orders/${chair.orderId}/feedback`,
      { rating: 'positive', comment: 'Lovely chair' },
      { cookie: sam.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rating: 'positive', role: 'buyer', from: { _id: sam._id, name: 'Sam Seller' } });
    expect(await ben.caller.orders.feedback({ id: clock.orderId, rating: 'neutral', comment: 'Slow to pay' })).toMatchObject({
      rating: 'neutral',
      role: 'seller',
    });
    // The order keeps both sides; the deleted account's profile counts what it received, and nobody was told.
    expect(await sam.caller.orders.get({ id: chair.orderId })).toMatchObject({
      seller: { _id: ann._id, name: DELETED_USER_NAME },
      feedback: { fromBuyer: { comment: 'Lovely chair' } },
    });
    const profile = await get(app, `/api/users/${ann.id}`, { cookie: ben.token });
    expect(profile.json()).toMatchObject({ user: { name: DELETED_USER_NAME }, feedback: { positive: 1, neutral: 1, negative: 0 } });
    expect(await countOf(deps, 'notifications where user_id = $1', [ann.id])).toBe(0);
  });

  test('a second-chance offer to a deleted bidder is 400 at `to` through both doors, and the panel no longer lists them', async ({
    app,
    deps,
  }) => {
    const { sam, ann, ben } = await people(deps);
    // Ended below its reserve: Ann bid 11, Ben 20, nobody won.
    const lamp = await insertAuction(deps, sam.id, { itemName: 'Brass lamp', reservePrice: 500, endsAt: deps.now() + 1000 });
    await ann.caller.auction.placeBid({ auctionId: lamp, bidAmount: 11 });
    await ben.caller.auction.placeBid({ auctionId: lamp, bidAmount: 20 });
    deps.clock.advance(DAY_MS);
    await closeDueAuctions(deps);
    expect((await sam.caller.offers.ofAuction({ auctionId: lamp })).bidders.map((b) => b._id)).toEqual([ben._id, ann._id]);
    expect(await ben.caller.user.deleteAccount({ password: PASSWORD })).toEqual({ message: DELETION_WORDS.done });

    const res = await post(app, `/api/auction/${lamp}/offers`, { to: ben._id }, { cookie: sam.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(expectErrorBody(res).issues).toEqual([{ path: 'to', message: OFFER_WORDS.deletedBidder }]);
    expect(await failure(sam.caller.offers.make({ auctionId: lamp, to: ben._id }))).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'to', message: OFFER_WORDS.deletedBidder }],
    });
    const panel = await get(app, `/api/auction/${lamp}/offers`, { cookie: sam.token });
    expect(panel.json()).toMatchObject({ offerable: true, bidders: [{ _id: ann._id, highestBid: 11 }], offers: [] });
    expect((panel.json() as { bidders: unknown[] }).bidders).toHaveLength(1);
    expect(await countOf(deps, 'notifications where user_id = $1', [ben.id])).toBe(0);
    // The bidder still here is offered it as before.
    expect((await post(app, `/api/auction/${lamp}/offers`, { to: ann._id }, { cookie: sam.token })).statusCode).toBe(201);
  });

  test('a deletion at the same time as an offer to the account and a message to it: nothing pending or unread is left for it', async ({
    app,
    deps,
  }) => {
    const { sam, ann, ben } = await people(deps);
    const chair = await receivedOrder(deps, ben, sam, 'Walnut chair');
    const lamp = await insertAuction(deps, sam.id, { itemName: 'Brass lamp', reservePrice: 500, endsAt: deps.now() + 1000 });
    await ann.caller.auction.placeBid({ auctionId: lamp, bidAmount: 11 });
    await ben.caller.auction.placeBid({ auctionId: lamp, bidAmount: 20 });
    deps.clock.advance(DAY_MS);
    await closeDueAuctions(deps);
    const [deleted, offered, sent] = await Promise.all([
      del(app, '/api/user', { password: PASSWORD }, ben.token),
      post(app, `/api/auction/${lamp}/offers`, { to: ben._id }, { cookie: sam.token }),
      post(app, `/api/auction/${chair.auctionId}/messages`, { body: 'Thanks for the chair!' }, { cookie: sam.token }),
    ]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Each came before the deletion (and was undone by it) or after it (and was refused).
    expect([201, 400]).toContain(offered.statusCode);
    expect([201, 409]).toContain(sent.statusCode);
    expect(await countOf(deps, "offers where to_id = $1 and status = 'pending'", [ben.id])).toBe(0);
    expect(await countOf(deps, 'notifications where user_id = $1', [ben.id])).toBe(0);
  });
});
