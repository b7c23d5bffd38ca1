// An administrator removing a bidder from an open auction, through both doors (admin.removeBidder and
// DELETE /api/admin/auctions/:id/bidders/:userId): the auction worked out again as if they had never
// bid, the refusals, a race with bids, and the live reload. The rule: docs/rules/bidding.md.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { request } from '../support/http';
import { openEventStream } from '../support/sse';
import { newestNotices } from '../support/notices';

type Person = Awaited<ReturnType<typeof signedInUser>>;

interface BidRow {
  _id: string;
  bidder: { _id: string };
  bidAmount: number;
  auto: boolean;
}

interface AuctionAnswer {
  _id: string;
  currentPrice: number;
  bidsCount: number;
  itemEndDate: string;
  myMaxBid: number | null;
  bids: BidRow[];
}

interface Reply {
  status: number;
  body: { message?: string; error?: string; auction?: AuctionAnswer; issues?: Array<{ path: string }> };
}

interface World {
  app: FastifyInstance;
  deps: TestDeps;
}

const STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

/** One way in: an administrator's removal, answered as REST would. */
type Remove = (world: World, who: Person, auctionId: string, userId: string, body: Record<string, unknown>) => Promise<Reply>;

const viaCaller: Remove = async (_world, who, auctionId, userId, body) => {
  const call = who.caller.admin.removeBidder({ ...body, auctionId, userId } as never);
  const answer = await call.catch(() => null);
  if (answer) return { status: 200, body: answer };
  const refused = await failure(call);
  return { status: STATUS[refused.code] ?? 500, body: { error: refused.message, issues: refused.issues } };
};

const viaRest: Remove = async ({ app }, who, auctionId, userId, body) => {
  const res = await app.inject(request('DELETE', `/api/admin/auctions/${auctionId}/bidders/${userId}`, { body, cookie: who.token }));
  return { status: res.statusCode, body: res.json() };
};

const REASON = { reason: 'Shill bidding for the seller' };

async function people(deps: TestDeps) {
  const [admin, seller, x, y, z] = await Promise.all([
    signedInUser(deps, 'Ada Admin', { role: 'admin' }),
    ...['Sally Seller', 'Xena', 'Yuri', 'Zoe'].map((name) => signedInUser(deps, name)),
  ]);
  const names = new Map([x!, y!, z!].map((p) => [p._id, p.name]));
  return { admin: admin!, seller: seller!, x: x!, y: y!, z: z!, names };
}

async function bid(who: Person, auctionId: string, body: { bidAmount?: number; maxBid?: number }) {
  return who.caller.auction.placeBid({ auctionId, ...body } as never);
}

/** The history as `name amount placed|auto`, oldest first, read as the bidder `who` sees the auction. */
async function history(who: Person, auctionId: string, names: Map<string, string>) {
  const auction = (await who.caller.auction.byId({ id: auctionId })) as AuctionAnswer;
  return {
    auction,
    bids: auction.bids.map((b) => `${names.get(b.bidder._id)} ${b.bidAmount} ${b.auto ? 'auto' : 'placed'}`).reverse(),
  };
}

const outbidCount = async (deps: TestDeps, who: Person) =>
  (await newestNotices(deps.store, who.id, 1000)).filter((n) => n.kind === 'outbid').length;

describe.each([
  ['tRPC caller', viaCaller],
  ['REST API', viaRest],
] as const)('through the %s', (_name, remove) => {
  test('removing the leader: the others replay with their maxima, and nobody is told of being outbid', async ({ app, deps }) => {
    const { admin, seller, x, y, z, names } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 100 });
    await bid(x, id, { bidAmount: 101, maxBid: 150 });
    await bid(y, id, { bidAmount: 105 });
    await bid(y, id, { bidAmount: 110, maxBid: 200 });
    await bid(z, id, { bidAmount: 155, maxBid: 200 });
    const before = await history(x, id, names);
    expect(before.auction.currentPrice).toBe(200);
    const placedIds = before.auction.bids.filter((b) => !b.auto && b.bidder._id !== y._id).map((b) => b._id);
    const told = { x: await outbidCount(deps, x), z: await outbidCount(deps, z) };

    const reply = await remove({ app, deps }, admin, id, y._id, REASON);
    expect(reply.status).toBe(200);
    expect(reply.body.auction?.currentPrice).toBe(155);

    // Xena's 101 with her maximum 150, then Zoe's 155 with 200: Zoe leads at her own bid.
    const after = await history(z, id, names);
    expect(after.bids).toEqual(['Xena 101 placed', 'Zoe 155 placed']);
    expect(after.auction.bidsCount).toBe(2);
    expect(after.auction.myMaxBid).toBe(200);
    expect((await history(x, id, names)).auction.myMaxBid).toBe(150);
    // Placed bids keep their ids.
    expect(after.auction.bids.map((b) => b._id).sort()).toEqual(placedIds.sort());
    expect({ x: await outbidCount(deps, x), z: await outbidCount(deps, z) }).toEqual(told);
    const row = (await deps.store.auctions.byId(Number(id)))!;
    expect([row.leaderId, row.leaderMax, row.endsAt.toISOString()]).toEqual([z.id, 200, before.auction.itemEndDate]); // In the audit log, in the removal's own transaction: the account removed, the auction in the reason.
    expect(await deps.sql('select actor_id, action, target_type, target_id, reason from audit_log')).toEqual([
      { actor_id: admin.id, action: 'remove_bidder', target_type: 'user', target_id: y.id, reason: `${REASON.reason} (auction #${id})` },
    ]);
  });

  test('removing a bidder who does not lead: the leader stays, the automatic bids are made anew', async ({ app, deps }) => {
    const { admin, seller, x, y, z, names } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 100 });
    await bid(x, id, { bidAmount: 101, maxBid: 150 });
    await bid(y, id, { bidAmount: 105 });
    await bid(y, id, { bidAmount: 110, maxBid: 200 });
    await bid(z, id, { bidAmount: 155, maxBid: 200 });

    expect((await remove({ app, deps }, admin, id, x._id, REASON)).status).toBe(200);
    const after = await history(y, id, names);
    // Yuri's 105 stands alone; his 110 raises his maximum to 200; Zoe's 155 meets it, and Yuri reached 200 first.
    expect(after.bids).toEqual(['Yuri 105 placed', 'Yuri 110 placed', 'Zoe 155 placed', 'Yuri 200 auto']);
    expect([after.auction.currentPrice, after.auction.bidsCount, after.auction.myMaxBid]).toEqual([200, 4, 200]);
    // Xena has nothing left there.
    expect((await history(x, id, names)).auction.myMaxBid).toBeNull();
  });

  test('with a reserve: the replay meets it as the bids did', async ({ app, deps }) => {
    const { admin, seller, x, y, names } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 100, reservePrice: 130 });
    await bid(x, id, { bidAmount: 101, maxBid: 150 });
    await bid(y, id, { bidAmount: 135 });
    expect((await history(x, id, names)).bids).toEqual(['Xena 101 placed', 'Xena 130 auto', 'Yuri 135 placed', 'Xena 136 auto']);

    expect((await remove({ app, deps }, admin, id, y._id, REASON)).status).toBe(200);
    const after = await history(x, id, names);
    expect(after.bids).toEqual(['Xena 101 placed', 'Xena 130 auto']);
    expect(after.auction.currentPrice).toBe(130);
  });

  test('a raise of a maximum alone is replayed in its place among the bids', async ({ app, deps }) => {
    const { admin, seller, x, y, z, names } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 100 });
    await bid(x, id, { bidAmount: 101 });
    await bid(y, id, { bidAmount: 105, maxBid: 120 });
    await bid(y, id, { maxBid: 300 });
    await bid(z, id, { bidAmount: 110, maxBid: 200 });

    expect((await remove({ app, deps }, admin, id, x._id, REASON)).status).toBe(200);
    const after = await history(y, id, names);
    // Without the raise Yuri's maximum would be 120, and Zoe would lead at 121.
    expect(after.bids).toEqual(['Yuri 105 placed', 'Zoe 110 placed', 'Yuri 201 auto']);
    expect([after.auction.currentPrice, after.auction.myMaxBid]).toEqual([201, 300]);

    // A second removal finds the raise in its place still, though the automatic bids around it were made anew.
    await bid(x, id, { bidAmount: 205, maxBid: 250 });
    expect((await history(y, id, names)).bids.slice(-2)).toEqual(['Xena 205 placed', 'Yuri 251 auto']);
    expect((await remove({ app, deps }, admin, id, z._id, REASON)).status).toBe(200);
    const again = await history(y, id, names);
    expect(again.bids).toEqual(['Yuri 105 placed', 'Xena 205 placed', 'Yuri 251 auto']);
    expect([again.auction.currentPrice, again.auction.bidsCount, again.auction.myMaxBid]).toEqual([251, 3, 300]);
  });

  test('a raise alone that met the reserve makes its automatic bid again', async ({ app, deps }) => {
    const { admin, seller, x, y, names } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 100, reservePrice: 150 });
    await bid(x, id, { bidAmount: 101 });
    await bid(x, id, { maxBid: 200 });
    await bid(y, id, { bidAmount: 155, maxBid: 160 });
    expect((await history(x, id, names)).bids).toEqual(['Xena 101 placed', 'Xena 150 auto', 'Yuri 155 placed', 'Xena 161 auto']);

    expect((await remove({ app, deps }, admin, id, y._id, REASON)).status).toBe(200);
    expect((await history(x, id, names)).bids).toEqual(['Xena 101 placed', 'Xena 150 auto']);
    // Bidding goes on from the replayed state.
    await bid(y, id, { bidAmount: 151 });
    expect((await history(x, id, names)).bids).toEqual(['Xena 101 placed', 'Xena 150 auto', 'Yuri 151 placed', 'Xena 152 auto']);
  });

  test('refusals: ended 409, no bid there 404, not an admin 403, a reason 1 to 500 characters', async ({ app, deps }) => {
    const { admin, seller, x, y } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 100, endsAt: deps.now() + 60_000 });
    await bid(x, id, { bidAmount: 101 });

    expect((await remove({ app, deps }, x, id, x._id, REASON)).status).toBe(403);
    expect((await remove({ app, deps }, admin, id, y._id, REASON)).body).toMatchObject({ error: 'This user has no bid on this auction.' });
    expect((await remove({ app, deps }, admin, id, y._id, REASON)).status).toBe(404);
    expect((await remove({ app, deps }, admin, '999999', x._id, REASON)).status).toBe(404);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await remove({ app, deps }, admin, id, x._id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.issues?.map((i) => i.path)).toEqual(['reason']);
    }

    // Past the end, which the bid moved on (soft close).
    deps.clock.advance(10 * 60_000);
    const ended = await remove({ app, deps }, admin, id, x._id, { reason: 'x'.repeat(500) });
    expect(ended.status).toBe(409);
    expect(ended.body.error).toBe('This auction has ended: its bids stay as they are.');
    expect((await deps.store.auctions.byId(Number(id)))!.bidsCount).toBe(1);
  });
});

test('REST needs a session: 401 without one', async ({ app, deps }) => {
  const { seller, x } = await people(deps);
  const id = await insertAuction(deps, seller.id, { startingPrice: 100 });
  const res = await app.inject(request('DELETE', `/api/admin/auctions/${id}/bidders/${x._id}`, { body: REASON }));
  expect(res.statusCode).toBe(401);
});

test('bids racing a removal: none is lost, each lands before it (replayed) or after it', async ({ app, deps }) => {
  const { admin, seller, x, y, z } = await people(deps);
  const others = await Promise.all(['Olga', 'Omar', 'Otto'].map((name) => signedInUser(deps, name)));
  const id = await insertAuction(deps, seller.id, { startingPrice: 100 });
  await bid(x, id, { bidAmount: 101, maxBid: 500 });
  await bid(y, id, { bidAmount: 105 });

  // Each racer keeps bidding just above the price it last saw; some lose to another's bid (400, 409).
  const accepted: string[] = [];
  const racer = async (who: Person) => {
    for (let i = 0; i < 6; i++) {
      const { currentPrice } = (await who.caller.auction.byId({ id })) as AuctionAnswer;
      const answer = await bid(who, id, { bidAmount: currentPrice + 1 + (who.id % 3) }).catch(() => null);
      if (answer?.bid) accepted.push(answer.bid._id);
    }
  };
  const [removal] = await Promise.all([
    viaRest({ app, deps }, admin, id, x._id, REASON),
    ...[z, ...others].map((who) => racer(who as Person)),
  ]);
  expect(removal.status).toBe(200);
  expect(accepted.length).toBeGreaterThan(0);

  const after = (await y.caller.auction.byId({ id })) as AuctionAnswer;
  const ids = new Set(after.bids.map((b) => b._id));
  expect(accepted.filter((bidId) => !ids.has(bidId))).toEqual([]);
  expect(after.bids.some((b) => b.bidder._id === x._id)).toBe(false);
  expect(after.bidsCount).toBe(after.bids.length);
  // The history, oldest first, never goes down, and the price is its last amount.
  const amounts = after.bids.map((b) => b.bidAmount).reverse();
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  expect(after.currentPrice).toBe(amounts.at(-1));
});

test('the live stream of the auction sends a reload over real HTTP', async ({ listening }) => {
  const { baseUrl, deps } = listening;
  const { admin, seller, x, y } = await people(deps);
  const id = await insertAuction(deps, seller.id, { startingPrice: 100 });
  await bid(x, id, { bidAmount: 101 });
  await bid(y, id, { bidAmount: 105 });
  const stream = await openEventStream(`${baseUrl}/api/auction/${id}/events`, { authorization: `Bearer ${x.token}` });
  try {
    expect(stream.status).toBe(200);
    const res = await fetch(`${baseUrl}/api/admin/auctions/${id}/bidders/${y._id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify(REASON),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => stream.events.find((e) => e.event === 'reload'), { timeout: 5_000 }).toBeTruthy();
    expect(stream.events.find((e) => e.event === 'reload')!.data).toEqual({ reload: true, auctionId: id });
    // The next bid comes live, numbered on from the replayed count.
    await bid(y, id, { bidAmount: 102 });
    const [next] = await stream.waitForMessages(1);
    expect(next!.data).toMatchObject({ auctionId: id, currentPrice: 102, bidsCount: 2 });
  } finally {
    stream.close();
  }
});

test('a malformed auction id is 404, as an unknown one', async ({ app, deps }) => {
  const { admin, x } = await people(deps);
  const res = await app.inject(request('DELETE', `/api/admin/auctions/abc/bidders/${x._id}`, { body: REASON, token: admin.token }));
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ error: 'Auction not found' });
});
