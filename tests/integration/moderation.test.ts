// What administrators do, through both doors (the tRPC caller and REST), on whichever database the
// project runs: suspension (signed out at once, live streams ended, auctions cancelled with their
// notices, login refused with the reason) and reinstatement, roles taking effect on the next request,
// the cancel of any auction, and the audit log that records each in the action's own transaction.
import { describe, expect } from 'vitest';
import { createOrPromoteAdmin } from '../../src/server/services/admin-accounts';
import { MODERATION_WORDS, SELLER_SUSPENDED } from '../../src/shared/moderation';
import { closeDueAuctions } from '../../src/server/services/closing';
import { anonymousCaller, failure, PASSWORD, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { buildApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import { checkStreams } from '../../src/server/services/sessions';
import { listen, TEST_DATABASE, test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, login, patch, post, sessionCookieHeader } from '../support/http';
import { openEventStream } from '../support/sse';
import { DAY_MS } from '../../src/shared/constants';

async function people(deps: TestDeps) {
  const [sam, ann, wes] = await Promise.all(['Sam Seller', 'Ann Bidder', 'Wes Watcher'].map((name) => signedInUser(deps, name)));
  const admin = await signedInUser(deps, 'Adam Admin', { role: 'admin' });
  return { sam: sam!, ann: ann!, wes: wes!, admin };
}

type People = Awaited<ReturnType<typeof people>>;

/** An open auction of Sam's with a bid of Ann's and Wes watching it. */
async function busyAuction(deps: TestDeps, { sam, ann, wes }: People, itemName = 'Brass telescope') {
  const id = await insertAuction(deps, sam.id, { itemName, startingPrice: 100 });
  await ann.caller.auction.placeBid({ auctionId: id, bidAmount: 101 });
  await wes.caller.user.setWatching({ auctionId: id, watching: true });
  return id;
}

const noticesOf = async (person: { caller: People['sam']['caller'] }) =>
  (await person.caller.user.notifications({})).notifications.map((n) => ({ kind: n.kind, message: n.message, auctionId: n.auctionId }));

const auditRows = (deps: TestDeps) => deps.sql<{ action: string }>('select action from audit_log order by id');

describe('suspension', () => {
  test('REST: suspends with a reason: 200 AdminUser Suspended; signed out at once; login 403 naming the reason; reinstated, signs in again', async ({
    app,
    deps,
  }) => {
    const { sam, admin } = await people(deps);
    const res = await patch(
      app,
      `/api/admin/users/${sam.id}/status`,
      { status: 'suspended', reason: 'Shill bidding' },
      { cookie: admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: sam._id, name: 'Sam Seller', role: 'user', status: 'suspended' });

    // Every session ended: the very next request is signed out.
    expect((await get(app, '/api/user', { cookie: sam.token })).statusCode).toBe(401);
    const refused = await login(app, sam.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(expectErrorBody(refused).message).toBe('This account is suspended: Shill bidding');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password is still just a failed login: the suspension is told only to whoever knows it.
    expect((await login(app, sam.email, 'not the password')).statusCode).toBe(401);
    // And through tRPC.
    const viaTrpc = await failure(anonymousCaller(deps).auth.login({ email: sam.email, password: PASSWORD }));
    expect(viaTrpc).toMatchObject({ code: 'FORBIDDEN', message: 'This account is suspended: Shill bidding' });

    // The users list says so.
    const list = await get(app, '/api/admin/users?search=Sam', { cookie: admin.token });
    expect((list.json() as { data: { users: Array<{ status: string }> } }).data.users.map((u) => u.status)).toEqual(['suspended']);

    const back = await patch(app, `/api/admin/users/${sam.id}/status`, { status: 'active' }, { cookie: admin.token });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'active' });
    expect((await login(app, sam.email, PASSWORD)).statusCode).toBe(200);
    expect(await auditRows(deps)).toEqual([{ action: 'suspend_user' }, { action: 'reinstate_user' }]);
  });

  test('"blocked" means suspended; a suspension needs a reason (400 naming it); a repeat is 409', async ({ app, deps }) => {
    const { sam, admin } = await people(deps);
    const missing = await patch(app, `/api/admin/users/${sam.id}/status`, { status: 'blocked' }, { cookie: admin.token });
    expect(missing.statusCode).toBe(400);
    expect(expectErrorBody(missing).issues).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    const tooLong = await patch(
      app,
      `/api/admin/users/${sam.id}/status`,
      { status: 'blocked', reason: 'x'.repeat(501) },
      { cookie: admin.token },
    );
    expect(expectErrorBody(tooLong).issues).toEqual([{ path: 'reason', message: 'Reason must be at most 500 characters' }]);
    const badStatus = await patch(app, `/api/admin/users/${sam.id}/status`, { status: 'banned', reason: 'x' }, { cookie: admin.token });
    expect(badStatus.statusCode).toBe(400);

    const blocked = await patch(app, `/api/admin/users/${sam.id}/status`, { status: 'blocked', reason: 'Spam' }, { cookie: admin.token });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ status: 'suspended' });
    expect(await failure(admin.caller.admin.setUserStatus({ id: sam._id, status: 'suspended', reason: 'Spam' }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_WORDS.alreadySuspended,
    });
    expect(await failure(admin.caller.admin.setUserStatus({ id: '999999', status: 'suspended', reason: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    // Reinstating an account that is not suspended is a repeat too.
    await admin.caller.admin.setUserStatus({ id: sam._id, status: 'active', reason: 'Appeal upheld' });
    expect(await failure(admin.caller.admin.setUserStatus({ id: sam._id, status: 'active' }))).toMatchObject({ code: 'CONFLICT' });
    expect(await deps.sql('select action, reason from audit_log order by id')).toEqual([
      { action: 'suspend_user', reason: 'Spam' },
      { action: 'reinstate_user', reason: 'Appeal upheld' },
    ]);
  });

  test('an administrator cannot be suspended (409, demote first), nor oneself (403); neither leaves an audit entry', async ({
    app,
    deps,
  }) => {
    const { admin } = await people(deps);
    const other = await signedInUser(deps, 'Olga Admin', { role: 'admin' });
    const res = await patch(app, `/api/admin/users/${other.id}/status`, { status: 'suspended', reason: 'x' }, { cookie: admin.token });
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res).message).toBe(MODERATION_WORDS.suspendAdmin);
    const self = await patch(app, `/api/admin/users/${admin.id}/status`, { status: 'suspended', reason: 'x' }, { cookie: admin.token });
    expect(self.statusCode).toBe(403);
    expect(await auditRows(deps)).toEqual([]);
    // A user may not call it at all.
    const { sam, ann } = await people(deps);
    expect(
      (await patch(app, `/api/admin/users/${ann.id}/status`, { status: 'suspended', reason: 'x' }, { cookie: sam.token })).statusCode,
    ).toBe(403);
    expect((await patch(app, `/api/admin/users/${ann.id}/status`, { status: 'suspended', reason: 'x' })).statusCode).toBe(401);
  });

  test("cancels the seller's open and scheduled auctions ('Seller suspended'), tells bidders, watchers and the seller; ended ones and orders stand", async ({
    deps,
  }) => {
    const everyone = await people(deps);
    const { sam, ann, wes, admin } = everyone;
    const open = await busyAuction(deps, everyone);
    const scheduled = await insertAuction(deps, sam.id, {
      itemName: 'Later lamp',
      startsAt: deps.now() + DAY_MS,
      endsAt: deps.now() + 3 * DAY_MS,
    });
    const sold = await insertAuction(deps, sam.id, { itemName: 'Sold stool', endsAt: deps.now() + 1000 });
    await ann.caller.auction.placeBid({ auctionId: sold, bidAmount: 11 });
    // Past the end that the late bid moved.
    deps.clock.advance(DAY_MS);
    await closeDueAuctions(deps);
    // Ann's own auction is not Sam's: untouched.
    const annsOwn = await insertAuction(deps, ann.id, { itemName: 'Ann lot' });

    await admin.caller.admin.setUserStatus({ id: sam._id, status: 'suspended', reason: 'Fraud' });

    const status = async (id: string) => (await ann.caller.auction.byId({ id })).status;
    expect([await status(open), await status(scheduled), await status(sold), await status(annsOwn)]).toEqual([
      'cancelled',
      'cancelled',
      'ended',
      'open',
    ]);
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from orders where auction_id = $1', [Number(sold)])).toEqual({ n: 1 });
    const told = `“Brass telescope” was cancelled by an administrator: it will not be sold, and its bids no longer stand.`;
    expect(await noticesOf(ann)).toContainEqual({ kind: 'cancelled', message: told, auctionId: open });
    expect(await noticesOf(wes)).toEqual([{ kind: 'cancelled', message: told, auctionId: open }]);
    const toSeller = await deps.sql<{ message: string }>(
      "select message from notifications where user_id = $1 and kind = 'cancelled' order by auction_id",
      [sam.id],
    );
    expect(toSeller.map((n) => n.message)).toEqual([
      `Your auction “Brass telescope” was cancelled by an administrator: ${SELLER_SUSPENDED}`,
      `Your auction “Later lamp” was cancelled by an administrator: ${SELLER_SUSPENDED}`,
    ]);
    // The suspension and each cancel it made, in its transaction.
    expect(await deps.sql('select action, target_type, target_id, reason from audit_log order by id')).toEqual([
      { action: 'cancel_auction', target_type: 'auction', target_id: Number(open), reason: SELLER_SUSPENDED },
      { action: 'cancel_auction', target_type: 'auction', target_id: Number(scheduled), reason: SELLER_SUSPENDED },
      { action: 'suspend_user', target_type: 'user', target_id: sam.id, reason: 'Fraud' },
    ]);
    // Reinstated, nothing removed comes back.
    await admin.caller.admin.setUserStatus({ id: sam._id, status: 'active' });
    expect(await status(open)).toBe('cancelled');
  });

  test("takes the suspended bidder's bids off the auctions still open, each worked out again without them; ended ones stand", async ({
    deps,
  }) => {
    const { sam, ann, wes, admin } = await people(deps);
    const open = await insertAuction(deps, sam.id, { itemName: 'Open clock', startingPrice: 100 });
    await ann.caller.auction.placeBid({ auctionId: open, bidAmount: 101, maxBid: 150 });
    await wes.caller.auction.placeBid({ auctionId: open, bidAmount: 110, maxBid: 300 });
    const ended = await insertAuction(deps, sam.id, { itemName: 'Ended chair', startingPrice: 10, endsAt: deps.now() + 1000 });
    await wes.caller.auction.placeBid({ auctionId: ended, bidAmount: 11 });
    // Past the end that the late bid moved.
    deps.clock.advance(DAY_MS);
    await closeDueAuctions(deps);
    expect((await ann.caller.auction.byId({ id: open })).currentPrice).toBe(151);

    await admin.caller.admin.setUserStatus({ id: wes._id, status: 'suspended', reason: 'Shill bidding' });

    // As if Wes had never bid: Ann's 101 alone, at her own bid, and she leads.
    const after = await ann.caller.auction.byId({ id: open });
    expect([after.currentPrice, after.bidsCount, after.bids.map((b) => b.bidder._id)]).toEqual([101, 1, [ann._id]]);
    expect((await deps.store.auctions.byId(Number(open)))!.leaderId).toBe(ann.id);
    // The ended auction keeps its history and its winner.
    expect((await ann.caller.auction.byId({ id: ended })).bidsCount).toBe(1);
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from orders where auction_id = $1', [Number(ended)])).toEqual({ n: 1 });
  });

  test("ends the suspended user's live streams at once, over real HTTP; others' go on", async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const everyone = await people(deps);
    const { sam, ann, admin } = everyone;
    const auction = await insertAuction(deps, ann.id);
    const live = (token: string) =>
      openEventStream(`${baseUrl}/trpc/live.events?input=${encodeURIComponent(JSON.stringify({ auctionIds: [auction] }))}`, {
        cookie: sessionCookieHeader(token),
      });
    const samLive = await live(sam.token);
    const samRest = await openEventStream(`${baseUrl}/api/auction/${auction}/events`, { cookie: sessionCookieHeader(sam.token) });
    const annLive = await live(ann.token);
    expect([samLive.status, samRest.status, annLive.status]).toEqual([200, 200, 200]);
    await expect.poll(() => samLive.events.length).toBeGreaterThan(0);

    const res = await fetch(`${baseUrl}/api/admin/users/${sam.id}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: sessionCookieHeader(admin.token) },
      body: JSON.stringify({ status: 'suspended', reason: 'Abuse' }),
    });
    expect(res.status).toBe(200);
    await samLive.waitForEnd(2000);
    await samRest.waitForEnd(2000);
    expect(annLive.ended()).toBe(false);
    // Coming back is refused: the session is gone.
    expect((await live(sam.token)).status).toBe(401);
    annLive.close();
  });

  test("ends the user's live streams on every instance on the database: at once through PostgreSQL, at the next check on SQLite", async ({
    database,
  }) => {
    const apps = [];
    try {
      for (let i = 0; i < 2; i++) {
        const { settings, ...shared } = await database.open();
        const deps = createDeps(settings, shared);
        const app = await buildApp(deps);
        apps.push({ app, deps, ...(await listen(app)) });
      }
      const [one, two] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const sam = await signedInUser(one.deps, 'Sam Elsewhere');
      const admin = await signedInUser(one.deps, 'Adam Admin', { role: 'admin' });
      const elsewhere = await openEventStream(`${two.baseUrl}/trpc/live.events`, { cookie: sessionCookieHeader(sam.token) });
      expect(elsewhere.status).toBe(200);
      await expect.poll(() => elsewhere.events.length).toBeGreaterThan(0);

      await admin.caller.admin.setUserStatus({ id: sam._id, status: 'suspended', reason: 'Abuse' });
      // Several instances on one SQLite file have no doorbell between them: the streams' periodic check ends it.
      if (TEST_DATABASE === 'sqlite') await checkStreams(two.deps);
      await elsewhere.waitForEnd(3000);
    } finally {
      for (const { app } of apps) {
        app.server.closeAllConnections();
        await app.close();
      }
    }
  });

  test('a failing suspension leaves no entry and changes nothing: the action and its entry commit together', async ({ deps }) => {
    const everyone = await people(deps);
    const { sam, admin } = everyone;
    const auction = await busyAuction(deps, everyone);
    // A notice that cannot be written (its message null) fails the transaction after the status and the cancel.
    const failing = deps.store.moderation.setStatus(
      {
        userId: sam.id,
        status: 'suspended',
        reason: 'x',
        cancelReason: SELLER_SUSPENDED,
        actor: { id: admin.id, ipAddress: null },
        at: new Date(deps.now()),
      },
      () => {},
      (a, recipients) => recipients.map((userId) => ({ userId, kind: 'cancelled' as const, message: null as unknown as string })),
    );
    await expect(failing).rejects.toThrow();
    expect(await auditRows(deps)).toEqual([]);
    expect(await deps.sqlOne('select status from users where id = $1', [sam.id])).toEqual({ status: 'active' });
    expect((await sam.caller.auction.byId({ id: auction })).status).toBe('open');
  });
});

describe('roles', () => {
  test('REST: makes a user admin and back: 200 AdminUser; it holds from their next request; audit entries', async ({ app, deps }) => {
    const { sam, admin } = await people(deps);
    expect((await get(app, '/api/admin/dashboard', { cookie: sam.token })).statusCode).toBe(403);
    const res = await patch(app, `/api/admin/users/${sam.id}/role`, { role: 'admin' }, { cookie: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: sam._id, role: 'admin', status: 'active' });
    // The same session, its very next request: the role is read afresh.
    expect((await get(app, '/api/admin/dashboard', { cookie: sam.token })).statusCode).toBe(200);
    expect((await admin.caller.admin.setUserRole({ id: sam._id, role: 'user' })).role).toBe('user');
    expect((await get(app, '/api/admin/dashboard', { cookie: sam.token })).statusCode).toBe(403);
    expect(await deps.sql('select action, actor_id, target_id from audit_log order by id')).toEqual([
      { action: 'make_admin', actor_id: admin.id, target_id: sam.id },
      { action: 'make_user', actor_id: admin.id, target_id: sam.id },
    ]);
  });

  test("one's own role is 403; the role it has already is 409; a suspended account is not made admin (409); bad input 400", async ({
    app,
    deps,
  }) => {
    const { sam, ann, admin } = await people(deps);
    const self = await patch(app, `/api/admin/users/${admin.id}/role`, { role: 'user' }, { cookie: admin.token });
    expect(self.statusCode).toBe(403);
    expect(expectErrorBody(self).message).toBe(MODERATION_WORDS.notYourself);
    expect((await patch(app, `/api/admin/users/${sam.id}/role`, { role: 'user' }, { cookie: admin.token })).statusCode).toBe(409);
    const bad = await patch(app, `/api/admin/users/${sam.id}/role`, { role: 'root' }, { cookie: admin.token });
    expect(expectErrorBody(bad).issues).toEqual([{ path: 'role', message: 'role must be user or admin' }]);
    expect((await patch(app, `/api/admin/users/nope/role`, { role: 'admin' }, { cookie: admin.token })).statusCode).toBe(404);
    await admin.caller.admin.setUserStatus({ id: ann._id, status: 'suspended', reason: 'Spam' });
    expect(await failure(admin.caller.admin.setUserRole({ id: ann._id, role: 'admin' }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_WORDS.promoteSuspended,
    });
    expect(await auditRows(deps)).toEqual([{ action: 'suspend_user' }]);
  });

  test('two administrators changing one account at once: one 200, one 409', async ({ deps }) => {
    const { sam, admin } = await people(deps);
    const other = await signedInUser(deps, 'Olga Admin', { role: 'admin' });
    const results = await Promise.allSettled([
      admin.caller.admin.setUserRole({ id: sam._id, role: 'admin' }),
      other.caller.admin.setUserRole({ id: sam._id, role: 'admin' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await auditRows(deps)).toEqual([{ action: 'make_admin' }]);
  });
});

describe('admin cancel', () => {
  test('REST: cancels an open auction with bids: no winner, no order; seller (with the reason), bidders and watchers told; audit entry', async ({
    app,
    deps,
  }) => {
    const everyone = await people(deps);
    const { sam, ann, wes, admin } = everyone;
    const id = await busyAuction(deps, everyone);
    const res = await post(
      app,
      `/api/admin/auctions/${id}/cancel`,
      { reason: 'Counterfeit item' },
      { cookie: admin.token, remoteAddress: '203.0.113.9' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'cancelled', winner: null });
    // The close passes it over: no order, ever.
    deps.clock.advance(8 * DAY_MS);
    await closeDueAuctions(deps);
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from orders', [])).toEqual({ n: 0 });
    expect(await noticesOf(sam)).toEqual([
      { kind: 'cancelled', message: 'Your auction “Brass telescope” was cancelled by an administrator: Counterfeit item', auctionId: id },
    ]);
    const told = {
      kind: 'cancelled',
      message: '“Brass telescope” was cancelled by an administrator: it will not be sold, and its bids no longer stand.',
      auctionId: id,
    };
    expect(await noticesOf(ann)).toEqual([told]);
    expect(await noticesOf(wes)).toEqual([told]);
    const audit = await admin.caller.admin.audit({});
    expect(audit).toEqual({
      entries: [
        {
          _id: expect.any(String) as string,
          actor: { _id: admin._id, name: 'Adam Admin' },
          action: 'cancel_auction',
          target: { type: 'auction', _id: id, name: 'Brass telescope' },
          reason: 'Counterfeit item',
          createdAt: new Date(deps.now() - 8 * DAY_MS).toISOString(),
          ipAddress: '203.0.113.9',
        },
      ],
      nextCursor: null,
    });
  });

  test('a scheduled one too; ended 409, cancelled already 409, unknown 404, a reason required; users 403', async ({ app, deps }) => {
    const { sam, ann, admin } = await people(deps);
    const scheduled = await insertAuction(deps, sam.id, { startsAt: deps.now() + DAY_MS, endsAt: deps.now() + 2 * DAY_MS });
    expect((await admin.caller.admin.cancelAuction({ id: scheduled, reason: 'Prohibited' })).status).toBe('cancelled');
    const again = await post(app, `/api/admin/auctions/${scheduled}/cancel`, { reason: 'Prohibited' }, { cookie: admin.token });
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).message).toBe(MODERATION_WORDS.cancelledAlready);

    const ending = await insertAuction(deps, sam.id, { endsAt: deps.now() + 1000 });
    deps.clock.advance(2000);
    // Ended, closed or not yet.
    const ended = await post(app, `/api/admin/auctions/${ending}/cancel`, { reason: 'Late' }, { cookie: admin.token });
    expect(ended.statusCode).toBe(409);
    expect(expectErrorBody(ended).message).toBe(MODERATION_WORDS.ended);

    expect((await post(app, '/api/admin/auctions/424242/cancel', { reason: 'x' }, { cookie: admin.token })).statusCode).toBe(404);
    const open = await insertAuction(deps, sam.id);
    const blank = await post(app, `/api/admin/auctions/${open}/cancel`, { reason: '   ' }, { cookie: admin.token });
    expect(expectErrorBody(blank).issues).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    expect((await post(app, `/api/admin/auctions/${open}/cancel`, { reason: 'x' }, { cookie: ann.token })).statusCode).toBe(403);
    expect((await post(app, `/api/admin/auctions/${open}/cancel`, { reason: 'x' }, { cookie: sam.token })).statusCode).toBe(403);
    expect(await auditRows(deps)).toEqual([{ action: 'cancel_auction' }]);
  });

  test('two administrators cancelling at once: one 200, one 409, one set of notices and one entry', async ({ app, deps }) => {
    const everyone = await people(deps);
    const other = await signedInUser(deps, 'Olga Admin', { role: 'admin' });
    const id = await busyAuction(deps, everyone);
    const answers = await Promise.all(
      [everyone.admin, other].map((admin) =>
        post(app, `/api/admin/auctions/${id}/cancel`, { reason: 'Duplicate listing' }, { cookie: admin.token }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditRows(deps)).toEqual([{ action: 'cancel_auction' }]);
    expect(await noticesOf(everyone.ann)).toHaveLength(1);
  });

  test("every cancel reaches the auction's open pages at once as a reload, over real HTTP: an administrator's, a report's, a suspension's, the seller's own", async ({
    listening,
  }) => {
    const { baseUrl, deps } = listening;
    const everyone = await people(deps);
    const { sam, ann, admin } = everyone;
    const byAdmin = await busyAuction(deps, everyone, 'Cancelled by an administrator');
    const byReport = await busyAuction(deps, everyone, 'Cancelled from a report');
    const bySuspension = await busyAuction(deps, everyone, 'Cancelled by a suspension');
    const bySeller = await insertAuction(deps, ann.id, { itemName: 'Cancelled by its seller' });
    const auctionIds = [byAdmin, byReport, bySuspension, bySeller];
    const streams = await Promise.all(
      auctionIds.map((id) => openEventStream(`${baseUrl}/api/auction/${id}/events`, { authorization: `Bearer ${everyone.wes.token}` })),
    );
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      const reloadsOf = (i: number) => streams[i]!.events.filter((e) => e.event === 'reload').map((e) => e.data);

      await admin.caller.admin.cancelAuction({ id: byAdmin, reason: 'Stolen goods' });
      await expect.poll(() => reloadsOf(0)).toEqual([{ reload: true, auctionId: byAdmin }]);

      const report = await everyone.wes.caller.reports.make({ auctionId: byReport, reason: 'counterfeit', details: '' });
      await admin.caller.reports.resolve({ id: report._id, action: 'cancel_auction', note: 'Counterfeit' });
      await expect.poll(() => reloadsOf(1)).toEqual([{ reload: true, auctionId: byReport }]);

      await admin.caller.admin.setUserStatus({ id: sam._id, status: 'suspended', reason: 'Fraud' });
      await expect.poll(() => reloadsOf(2)).toEqual([{ reload: true, auctionId: bySuspension }]);

      await ann.caller.auction.cancel({ id: bySeller });
      await expect.poll(() => reloadsOf(3)).toEqual([{ reload: true, auctionId: bySeller }]);
      // The page that reads it afresh finds it cancelled.
      for (const id of auctionIds) expect((await ann.caller.auction.byId({ id })).status).toBe('cancelled');
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  test('a bid after the cancel is refused', async ({ deps }) => {
    const everyone = await people(deps);
    const id = await busyAuction(deps, everyone);
    await everyone.admin.caller.admin.cancelAuction({ id, reason: 'Stolen goods' });
    expect(await failure(everyone.wes.caller.auction.placeBid({ auctionId: id, bidAmount: 105 }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('audit log', () => {
  test('REST: newest first, a page at a time with nextCursor; create-admin runs recorded with no actor; users 403', async ({
    app,
    deps,
  }) => {
    const { sam, ann, admin } = await people(deps);
    await createOrPromoteAdmin(deps, { email: 'ops@example.test', password: 'a long admin password' });
    await createOrPromoteAdmin(deps, { email: ann.email, password: 'a long admin password' });
    await admin.caller.admin.setUserStatus({ id: sam._id, status: 'suspended', reason: 'Spam' });

    const first = await get(app, '/api/admin/audit?limit=2', { cookie: admin.token });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as {
      entries: Array<{ action: string; actor: unknown; target: unknown; reason: string; ipAddress: string | null }>;
      nextCursor: string;
    };
    expect(page.entries.map((e) => e.action)).toEqual(['suspend_user', 'create_admin']);
    // Each target carries the name it has now, beside its kind and id.
    expect(page.entries.map((e) => e.target)).toEqual([
      { type: 'user', _id: sam._id, name: 'Sam Seller' },
      { type: 'user', _id: ann._id, name: 'Ann Bidder' },
    ]);
    expect(page.entries[1]).toMatchObject({ actor: null, reason: 'Made an existing account an administrator', ipAddress: null });
    const next = await get(app, `/api/admin/audit?limit=2&cursor=${page.nextCursor}`, { cookie: admin.token });
    expect(next.json()).toMatchObject({
      entries: [
        {
          action: 'create_admin',
          actor: null,
          target: { type: 'user', name: 'Administrator' },
          reason: 'Created a new administrator account',
        },
      ],
      nextCursor: null,
    });

    expect((await get(app, '/api/admin/audit', { cookie: sam.token })).statusCode).toBe(401);
    expect((await get(app, '/api/admin/audit', { cookie: ann.token })).statusCode).toBe(200);
    const user = await signedInUser(deps, 'Una User');
    expect((await get(app, '/api/admin/audit', { cookie: user.token })).statusCode).toBe(403);
    expect((await get(app, '/api/admin/audit?limit=0', { cookie: admin.token })).statusCode).toBe(400);
  });

  test('nothing edits or deletes an entry: the database refuses', async ({ deps }) => {
    const { sam, admin } = await people(deps);
    await admin.caller.admin.setUserRole({ id: sam._id, role: 'admin' });
    await expect(deps.sql("update audit_log set reason = 'forged'")).rejects.toThrow(/append-only/);
    await expect(deps.sql('delete from audit_log')).rejects.toThrow(/append-only/);
    expect(await deps.sql('select reason from audit_log')).toEqual([{ reason: null }]);
  });
});
