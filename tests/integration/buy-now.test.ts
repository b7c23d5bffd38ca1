// Buy It Now through both doors (POST /api/auction/:id/buy and auction.buy): the purchase ends the
// auction at once with the close's work done (winner, price, one history entry, won / sold / outbid
// notices, the live event), the refusals and their statuses, and the races over real HTTP: purchases
// against purchases and against bids have exactly one outcome.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { NotificationRecord } from '../../src/server/db/records';
import type { Store } from '../../src/server/db/store';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { followOne } from '../../src/server/live/bid-bus';
import { closeDueAuctions } from '../../src/server/services/closing';
import { DAY_MS } from '../../src/shared/constants';
import { BUY_NOW_WORDS, CANCEL_WORDS } from '../../src/shared/listing';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import { listen, test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, request, sessionCookieHeader } from '../support/http';
import { newestNotices } from '../support/notices';

const ENDED = 'This auction has ended; bids are no longer accepted.';

interface Listing {
  itemName?: string;
  startingPrice?: number;
  reservePrice?: number | null;
  buyNowPrice?: number | null;
  startsAt?: number;
  endsAt?: number;
}

/** An auction straight into the store, open for a week from now, at $100 with Buy It Now at $250 unless told. */
async function listing(deps: TestDeps, sellerId: number, fields: Listing = {}): Promise<string> {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName: fields.itemName ?? 'Brass desk lamp',
    itemDescription: 'A working brass desk lamp from the 1950s.',
    itemCategory: 'Home & Garden',
    startingPrice: fields.startingPrice ?? 100,
    reservePrice: fields.reservePrice ?? null,
    buyNowPrice: fields.buyNowPrice === undefined ? 250 : fields.buyNowPrice,
    photo: null,
    startsAt: new Date(fields.startsAt ?? now),
    endsAt: new Date(fields.endsAt ?? now + 7 * DAY_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

async function people(deps: TestDeps) {
  const [seller, buyer, bidder] = await Promise.all(['Sally Seller', 'Bea Buyer', 'Ben Bidder'].map((name) => signedInUser(deps, name)));
  return { seller: seller!, buyer: buyer!, bidder: bidder! };
}

/** A user's notices, oldest first. */
async function noticesOf(deps: TestDeps, userId: number): Promise<NotificationRecord[]> {
  return (await newestNotices(deps.store, userId, 1000)).reverse();
}

interface BidRow {
  bidderId: number;
  amount: number;
  seq: number;
  auto: number;
  buyNow: number;
  createdAt: number;
  endsAt: number;
}

const bidRows = (deps: TestDeps, auctionId: string) =>
  deps.sql<BidRow>(
    'select bidder_id as "bidderId", amount, seq, auto, buy_now as "buyNow", created_at as "createdAt", ends_at as "endsAt" from bids where auction_id = $1 order by seq',
    [Number(auctionId)],
  );

const buy = (app: Parameters<typeof post>[0], id: string, token?: string) =>
  post(app, `/api/auction/${id}/buy`, {}, token === undefined ? {} : { cookie: token });

describe('POST /api/auction/:id/buy', () => {
  test('buys at the Buy It Now price: 201, the auction ended and closed at that moment with the buyer as winner', async ({ app, deps }) => {
    const { seller, buyer, bidder } = await people(deps);
    const id = await listing(deps, seller.id);
    deps.clock.advance(60_000);
    const at = deps.now();

    const res = await buy(app, id, buyer.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['auction', 'message', 'order']);
    expect(body.message).toBe(BUY_NOW_WORDS.bought('Brass desk lamp', 250));
    // The sale's order, awaiting the buyer's payment.
    expect(body.order).toMatchObject({
      auction: { _id: id, itemName: 'Brass desk lamp' },
      buyer: { _id: buyer._id, name: 'Bea Buyer' },
      seller: { _id: seller._id },
      price: 250,
      status: 'awaiting_payment',
      createdAt: new Date(at).toISOString(),
    });
    expect(body.auction).toMatchObject({
      _id: id,
      status: 'ended',
      timeLeft: 0,
      itemEndDate: new Date(at).toISOString(),
      currentPrice: 250,
      bidsCount: 1,
      winner: { _id: buyer._id, name: 'Bea Buyer' },
      buyNowPrice: 250,
      buyNowAvailable: false,
      reserveMet: null,
      myMaxBid: 250,
    });
    expect(body.auction.bids).toEqual([
      {
        _id: expect.any(String),
        bidder: { _id: buyer._id, name: 'Bea Buyer' },
        bidAmount: 250,
        bidTime: new Date(at).toISOString(),
        auto: false,
        buyNow: true,
      },
    ]);

    // Stored: the end and the close at the purchase's moment, one history entry numbered 1.
    const row = (await deps.store.auctions.byId(Number(id)))!;
    expect(row).toMatchObject({ currentPrice: 250, bidsCount: 1, leaderId: buyer.id });
    expect(row.endsAt.getTime()).toBe(at);
    expect(row.closedAt?.getTime()).toBe(at);
    expect(await bidRows(deps, id)).toEqual([{ bidderId: buyer.id, amount: 250, seq: 1, auto: 0, buyNow: 1, createdAt: at, endsAt: at }]);

    // The close's notices, written with the purchase: won to the buyer, sold to the seller.
    expect((await noticesOf(deps, buyer.id)).map((n) => [n.kind, n.message, n.createdAt.getTime()])).toEqual([
      ['won', 'You won “Brass desk lamp” for $250.', at],
    ]);
    expect((await noticesOf(deps, seller.id)).map((n) => [n.kind, n.message])).toEqual([
      ['sold', '“Brass desk lamp” sold to Bea Buyer for $250.'],
    ]);

    // Everyone sees it ended, with the buyer as winner and the purchase in the history.
    const seen = await get(app, `/api/auction/${id}`, { cookie: bidder.token });
    expect(seen.json()).toMatchObject({
      status: 'ended',
      winner: { _id: buyer._id },
      currentPrice: 250,
      buyNowAvailable: false,
      bids: [{ bidder: { _id: buyer._id }, bidAmount: 250, buyNow: true, auto: false }],
    });

    // A bid afterwards is refused as on any ended auction; a second purchase finds it bought.
    const late = await post(app, `/api/auction/${id}`, { bidAmount: 101 }, { cookie: bidder.token });
    expect(late.statusCode).toBe(400);
    expect(expectErrorBody(late).error).toBe(ENDED);
    const again = await buy(app, id, bidder.token);
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).error).toBe(BUY_NOW_WORDS.alreadyBought);
    expect((await buy(app, id, buyer.token)).statusCode).toBe(409);

    // The close has nothing left to do: no second outcome, no second notice.
    deps.clock.advance(8 * DAY_MS);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect((await noticesOf(deps, buyer.id)).length + (await noticesOf(deps, seller.id)).length).toBe(2);
    expect(await bidRows(deps, id)).toHaveLength(1);
  });

  test('the refusals: signed out 401, unknown 404, the seller 403, scheduled, ended, cancelled or without a price 400', async ({
    app,
    deps,
  }) => {
    const { seller, buyer } = await people(deps);
    const now = deps.now();
    const open = await listing(deps, seller.id);
    const scheduled = await listing(deps, seller.id, { startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS });
    const ended = await listing(deps, seller.id, { startsAt: now - 2 * DAY_MS, endsAt: now - DAY_MS });
    const endsNow = await listing(deps, seller.id, { startsAt: now - DAY_MS, endsAt: now });
    const cancelled = await listing(deps, seller.id);
    await deps.sql('update auctions set cancelled_at = $1 where id = $2', [new Date(now), Number(cancelled)]);
    const withoutPrice = await listing(deps, seller.id, { buyNowPrice: null });

    const refused = async (id: string, token: string | undefined, status: number, message?: string) => {
      const res = await buy(app, id, token);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(status);
      if (message) expect(expectErrorBody(res).error).toBe(message);
    };
    await refused(open, undefined, 401);
    await refused('999999', buyer.token, 404, 'Auction not found');
    await refused('not-an-id', buyer.token, 404, 'Auction not found');
    await refused(open, seller.token, 403, BUY_NOW_WORDS.sellerCannotBuy);
    await refused(scheduled, buyer.token, 400, BUY_NOW_WORDS.notOpen);
    await refused(ended, buyer.token, 400, BUY_NOW_WORDS.notOpen);
    await refused(endsNow, buyer.token, 400, BUY_NOW_WORDS.notOpen);
    await refused(cancelled, buyer.token, 400, CANCEL_WORDS.notOpen);
    await refused(withoutPrice, buyer.token, 400, BUY_NOW_WORDS.none);
    // A body other than JSON is refused as on every JSON route; `{}` is what the route takes.
    const text = await app.inject(
      request('POST', `/api/auction/${open}/buy`, { cookie: buyer.token, body: 'x', headers: { 'content-type': 'text/plain' } }),
    );
    expect(text.statusCode).toBe(415);

    // Nothing of any of it was written.
    expect(await deps.sql('select id from bids')).toEqual([]);
    expect(await deps.sql('select id from notifications')).toEqual([]);
    expect((await deps.store.auctions.byId(Number(open)))!.closedAt).toBeNull();
  });

  test('refuses as auction.buy does, refusal for refusal (the route calls the purchase service itself)', async ({ app, deps }) => {
    const { seller, buyer, bidder } = await people(deps);
    const now = deps.now();
    const open = await listing(deps, seller.id);
    const ended = await listing(deps, seller.id, { startsAt: now - 2 * DAY_MS, endsAt: now - DAY_MS });
    const withoutPrice = await listing(deps, seller.id, { buyNowPrice: null });
    const bought = await listing(deps, seller.id);
    expect((await buy(app, bought, bidder.token)).statusCode).toBe(201);
    const STATUS: Record<string, number> = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };
    const cases: Array<[string, { who?: typeof buyer; id: string }]> = [
      ['signed out', { id: open }],
      ['an id too long', { who: buyer, id: '1'.repeat(33) }],
      ['unknown auction', { who: buyer, id: '424242' }],
      ['not an id', { who: buyer, id: 'not-an-id' }],
      ['own auction', { who: seller, id: open }],
      ['ended', { who: buyer, id: ended }],
      ['without a price', { who: buyer, id: withoutPrice }],
      ['bought already', { who: buyer, id: bought }],
    ];
    for (const [name, { who, id }] of cases) {
      const rest = await buy(app, id, who?.token);
      const viaTrpc = await failure((who?.caller ?? anonymousCaller(deps)).auction.buy({ id }));
      const { message, issues } = expectErrorBody(rest);
      expect({ status: rest.statusCode, message, issues }, name).toEqual({
        status: STATUS[viaTrpc.code],
        message: viaTrpc.message,
        issues: viaTrpc.issues,
      });
    }
    expect((await deps.store.auctions.byId(Number(open)))!.closedAt).toBeNull();
  });

  test('a bid first, without a reserve: no longer available (409), and the bid stands', async ({ app, deps }) => {
    const { seller, buyer, bidder } = await people(deps);
    const id = await listing(deps, seller.id);
    expect((await post(app, `/api/auction/${id}`, { bidAmount: 101 }, { cookie: bidder.token })).statusCode).toBe(201);
    expect((await get(app, `/api/auction/${id}`, { cookie: buyer.token })).json()).toMatchObject({ buyNowAvailable: false });

    const res = await buy(app, id, buyer.token);
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res).error).toBe(BUY_NOW_WORDS.gone);
    expect(await deps.store.auctions.byId(Number(id))).toMatchObject({
      currentPrice: 101,
      bidsCount: 1,
      leaderId: bidder.id,
      closedAt: null,
    });
  });

  test('with a reserve not met the leader is outbid by the purchase; once the price reaches the reserve it is gone', async ({
    app,
    deps,
  }) => {
    const { seller, buyer, bidder } = await people(deps);
    const id = await listing(deps, seller.id, { reservePrice: 300, buyNowPrice: 400 });
    const placed = await post(app, `/api/auction/${id}`, { bidAmount: 101, maxBid: 150 }, { cookie: bidder.token });
    expect(placed.statusCode).toBe(201);
    expect((await get(app, `/api/auction/${id}`, { cookie: buyer.token })).json()).toMatchObject({
      reserveMet: false,
      buyNowAvailable: true,
    });

    const res = await buy(app, id, buyer.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().auction).toMatchObject({ currentPrice: 400, bidsCount: 2, reserveMet: true, winner: { _id: buyer._id } });
    expect((await bidRows(deps, id)).map((b) => [b.bidderId, b.amount, b.seq, b.buyNow])).toEqual([
      [bidder.id, 101, 1, 0],
      [buyer.id, 400, 2, 1],
    ]);
    expect((await noticesOf(deps, bidder.id)).map((n) => [n.kind, n.message])).toEqual([
      ['outbid', 'You were outbid on “Brass desk lamp”: it was bought at its Buy It Now price of $400.'],
    ]);
    expect((await noticesOf(deps, buyer.id)).map((n) => n.kind)).toEqual(['won']);
    expect((await noticesOf(deps, seller.id)).map((n) => n.kind)).toEqual(['sold']);
    // The displaced leader still sees their own maximum.
    expect((await get(app, `/api/auction/${id}`, { cookie: bidder.token })).json()).toMatchObject({
      myMaxBid: 150,
      winner: { _id: buyer._id },
    });

    // Another auction whose price reaches its reserve: the purchase is gone.
    const met = await listing(deps, seller.id, { startingPrice: 100, reservePrice: 105, buyNowPrice: 300 });
    expect((await post(app, `/api/auction/${met}`, { bidAmount: 105 }, { cookie: bidder.token })).statusCode).toBe(201);
    const gone = await buy(app, met, buyer.token);
    expect(gone.statusCode).toBe(409);
    expect(expectErrorBody(gone).error).toBe(BUY_NOW_WORDS.gone);
  });

  test('the live event of the purchase carries the price, the count and the new end', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await listing(deps, seller.id);
    const controller = new AbortController();
    const events = deps.bus.subscribe(followOne(id), controller.signal)[Symbol.asyncIterator]();
    const next = events.next();
    expect((await buy(app, id, buyer.token)).statusCode).toBe(201);
    const { value } = await next;
    controller.abort();
    expect(value).toMatchObject({
      auctionId: id,
      currentPrice: 250,
      bidsCount: 1,
      itemEndDate: new Date(deps.now()).toISOString(),
      bid: { bidder: { _id: buyer._id }, bidAmount: 250, buyNow: true, auto: false },
    });
  });

  test('the answer is what a read right after it returns: the auction as the buyer sees it, and the order', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    // Every field the answer builds from the purchase's own records: a photo, shipping, a watch.
    const row = await deps.store.auctions.insert({
      sellerId: seller.id,
      itemName: 'Walnut writing desk',
      itemDescription: 'A small walnut writing desk with two drawers.',
      itemCategory: 'Home & Garden',
      startingPrice: 100,
      buyNowPrice: 320,
      photo: 'desk.jpg',
      morePhotos: ['desk-2.jpg'],
      itemCondition: 'good',
      shippingCost: 35,
      itemLocation: 'Lyon, France',
      startsAt: new Date(deps.now()),
      endsAt: new Date(deps.now() + 7 * DAY_MS),
      createdAt: new Date(deps.now()),
    });
    const id = String(row.id);
    await buyer.caller.user.setWatching({ auctionId: id, watching: true });
    deps.clock.advance(60_000);

    const res = await buy(app, id, buyer.token);
    expect(res.statusCode, res.body).toBe(201);
    const { auction, order } = res.json();
    expect(order).toMatchObject({ price: 320, shippingCost: 35, total: 355, auction: { itemPhoto: expect.stringContaining('desk.jpg') } });
    expect(auction).toMatchObject({ watching: true, orderId: order._id, itemCondition: 'good', shippingCost: 35 });

    expect((await get(app, `/api/orders/${order._id}`, { cookie: buyer.token })).json()).toEqual(order);
    expect((await get(app, `/api/auction/${id}`, { cookie: buyer.token })).json()).toEqual(auction);
  });

  test('with mail on, the won and sold notices are queued in the outbox with the purchase', async ({ makeDeps }) => {
    const deps = await makeDeps({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const { seller, buyer } = await people(deps);
    const id = await listing(deps, seller.id);
    await buyer.caller.auction.buy({ id });
    const queued = await deps.sql<{ userId: number; kind: string; price: number }>(
      'select user_id as "userId", kind, price from mail_outbox where auction_id = $1 order by kind',
      [Number(id)],
    );
    expect(queued).toEqual([
      { userId: seller.id, kind: 'sold', price: 250 },
      { userId: buyer.id, kind: 'won', price: 250 },
    ]);
  });
});

describe('auction.buy', () => {
  test('answers as the REST route does, and refuses with the same words', async ({ deps }) => {
    const { seller, buyer, bidder } = await people(deps);
    const id = await listing(deps, seller.id, { itemName: 'Pocket watch', buyNowPrice: 180 });

    expect(await failure(seller.caller.auction.buy({ id }))).toMatchObject({ code: 'FORBIDDEN', message: BUY_NOW_WORDS.sellerCannotBuy });
    expect(await failure(buyer.caller.auction.buy({ id: '424242' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(buyer.caller.auction.buy({ id: '' }))).toMatchObject({ code: 'BAD_REQUEST' });

    const answer = await buyer.caller.auction.buy({ id: ` ${id} ` });
    expect(answer).toMatchObject({
      message: 'You bought “Pocket watch” for $180.',
      order: { price: 180, status: 'awaiting_payment', buyer: { _id: buyer._id } },
      auction: { _id: id, status: 'ended', currentPrice: 180, winner: { _id: buyer._id }, bids: [{ bidAmount: 180, buyNow: true }] },
    });
    expect(await failure(bidder.caller.auction.buy({ id }))).toMatchObject({ code: 'CONFLICT', message: BUY_NOW_WORDS.alreadyBought });
    expect(await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 101 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ENDED,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Races over real HTTP

type Person = Awaited<ReturnType<typeof signedInUser>>;

const headers = (token: string) => ({ cookie: sessionCookieHeader(token), 'content-type': 'application/json' });

async function fire(baseUrl: string, path: string, token: string, body: object): Promise<{ status: number; body: { error?: string } }> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

/** Checks one raced auction: its count, its history's numbers, at most one purchase, last if any, the winner its buyer. */
async function checkRaced(store: Store, id: string, purchases: Array<{ who: Person; status: number }>, acceptedBids: number) {
  const rows = await store.bids.afterNumber(Number(id), 0, 10_000);
  const auction = (await store.auctions.byId(Number(id)))!;
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  expect(auction.bidsCount).toBe(rows.length);
  const bought = purchases.filter((p) => p.status === 201);
  expect(bought.length).toBeLessThanOrEqual(1);
  expect(rows.filter((r) => r.buyNow)).toHaveLength(bought.length);
  expect(rows.filter((r) => !r.buyNow)).toHaveLength(acceptedBids);
  if (bought.length === 1) {
    // The purchase ended it: nothing after it in the history, the buyer wins at the Buy It Now price.
    const buyer = bought[0]!.who;
    expect(rows.at(-1)).toMatchObject({ buyNow: true, auto: false, bidderId: buyer.id, amount: auction.buyNowPrice });
    expect(auction).toMatchObject({ leaderId: buyer.id, currentPrice: auction.buyNowPrice });
    expect(auction.closedAt?.getTime()).toBe(auction.endsAt.getTime());
    // One won notice for the auction, the buyer's; none to anyone who tried and failed.
    for (const { who, status } of purchases) {
      const won = (await newestNotices(store, who.id, 1000)).filter((n) => n.kind === 'won' && n.auctionId === auction.id);
      expect(won).toHaveLength(status === 201 ? 1 : 0);
    }
  } else {
    expect(auction.closedAt).toBeNull();
  }
}

describe('purchases and bids at the same instant', () => {
  test('20 buyers at once: exactly one 201, every other 409, one winner', async ({ listening: { deps, baseUrl } }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => signedInUser(deps, `Buyer ${i}`)));
    for (const round of [0, 1, 2]) {
      const id = await listing(deps, seller.id, { itemName: `Contested ${round}` });
      const answers = await Promise.all(
        buyers.map(async (who) => ({ who, ...(await fire(baseUrl, `/api/auction/${id}/buy`, who.token, {})) })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 201)) {
        expect(a.status, JSON.stringify(a.body)).toBe(409);
        expect(a.body.error).toBe(BUY_NOW_WORDS.alreadyBought);
      }
      await checkRaced(deps.store, id, answers, 0);
    }
  });

  test('purchases racing bids without a reserve: either one purchase and no bid, or bids and every purchase 409', async ({
    listening: { deps, baseUrl },
  }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const crowd = await Promise.all(Array.from({ length: 16 }, (_, i) => signedInUser(deps, `Person ${i}`)));
    for (let round = 0; round < 6; round++) {
      const id = await listing(deps, seller.id, { itemName: `Raced ${round}` });
      // Half buy, half bid, interleaved, all at once; a bidder refused retries once from the price it reads.
      const shots = crowd.map(async (who, i) => {
        if ((i + round) % 2 === 0) return { kind: 'buy' as const, who, ...(await fire(baseUrl, `/api/auction/${id}/buy`, who.token, {})) };
        const first = await fire(baseUrl, `/api/auction/${id}`, who.token, { bidAmount: 100 + 1 + (i % 10) });
        return { kind: 'bid' as const, who, ...first };
      });
      const answers = await Promise.all(shots);
      const purchases = answers.filter((a) => a.kind === 'buy');
      const bids = answers.filter((a) => a.kind === 'bid');
      const bought = purchases.filter((a) => a.status === 201).length;
      const accepted = bids.filter((a) => a.status === 201).length;
      // One outcome: a purchase stood and no bid did, or a bid stood first and every purchase is 409.
      expect(bought + (accepted > 0 ? 1 : 0)).toBe(1);
      for (const p of purchases.filter((a) => a.status !== 201)) {
        expect(p.status).toBe(409);
        expect([BUY_NOW_WORDS.gone, BUY_NOW_WORDS.alreadyBought]).toContain(p.body.error);
      }
      for (const b of bids.filter((a) => a.status !== 201)) expect([400, 409], JSON.stringify(b.body)).toContain(b.status);
      // After a purchase, every bid is refused as on an ended auction.
      if (bought === 1) for (const b of bids) expect(b.body.error).toBe(ENDED);
      await checkRaced(deps.store, id, purchases, accepted);
    }
  });

  test('purchases racing bids under a reserve: bids may come first, then one purchase ends it and every later bid is refused', async ({
    listening: { deps, baseUrl },
  }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const crowd = await Promise.all(Array.from({ length: 16 }, (_, i) => signedInUser(deps, `Person ${i}`)));
    for (let round = 0; round < 4; round++) {
      // The reserve is far above what bids of one round can reach: a purchase always stands.
      const id = await listing(deps, seller.id, { itemName: `Reserved ${round}`, reservePrice: 5000, buyNowPrice: 6000 });
      const read = async (who: Person) =>
        ((await (await fetch(`${baseUrl}/api/auction/${id}`, { headers: headers(who.token) })).json()) as { currentPrice: number })
          .currentPrice;
      const shots = crowd.map(async (who, i) => {
        if (i % 4 === round % 4) {
          // Buyers look first too, and later in each round, so that more bids come before them.
          await read(who);
          await new Promise((resolve) => setTimeout(resolve, round * 15));
          return { kind: 'buy' as const, who, accepted: 0, ...(await fire(baseUrl, `/api/auction/${id}/buy`, who.token, {})) };
        }
        // Bidders keep bidding from the price they read until the auction ends under them.
        let accepted = 0;
        for (let tries = 0; tries < 8; tries++) {
          const shot = await fire(baseUrl, `/api/auction/${id}`, who.token, { bidAmount: (await read(who)) + 1 + (i % 10) });
          if (shot.status === 201) accepted += 1;
          else expect([400, 409], JSON.stringify(shot.body)).toContain(shot.status);
          if (shot.body.error === ENDED) break;
        }
        return { kind: 'bid' as const, who, status: 0, accepted, body: {} };
      });
      const answers = await Promise.all(shots);
      const purchases = answers.filter((a) => a.kind === 'buy');
      const accepted = answers.reduce((sum, a) => sum + a.accepted, 0);
      expect(purchases.filter((a) => a.status === 201)).toHaveLength(1);
      for (const p of purchases.filter((a) => a.status !== 201)) expect(p.status).toBe(409);
      await checkRaced(deps.store, id, purchases, accepted);
    }
  });
  test('on two instances over one database: one purchase stands, bids before it only, whichever instance each went to', async ({
    database,
  }) => {
    const instances: Array<{ app: FastifyInstance; deps: AppDeps; baseUrl: string }> = [];
    try {
      for (let i = 0; i < 2; i++) {
        const { settings, ...shared } = await database.open();
        const deps = createDeps(settings, shared);
        const app = await buildApp(deps);
        instances.push({ app, deps, ...(await listen(app)) });
      }
      const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
      const seller = await signedInUser(one.deps, 'Sally Seller');
      const crowd = await Promise.all(Array.from({ length: 12 }, (_, i) => signedInUser(one.deps, `Person ${i}`)));
      for (let round = 0; round < 3; round++) {
        const now = Date.now();
        const row = await one.deps.store.auctions.insert({
          sellerId: seller.id,
          itemName: `Shared ${round}`,
          itemDescription: 'On two instances',
          itemCategory: 'Other',
          startingPrice: 100,
          reservePrice: 5000,
          buyNowPrice: 6000,
          photo: null,
          startsAt: new Date(now - 1000),
          endsAt: new Date(now + DAY_MS),
          createdAt: new Date(now),
        });
        const id = String(row.id);
        const answers = await Promise.all(
          crowd.map(async (who, i) => {
            const baseUrl = (i % 2 === 0 ? one : two).baseUrl;
            if (i % 3 === round) {
              await new Promise((resolve) => setTimeout(resolve, 10 * round));
              return { kind: 'buy' as const, who, ...(await fire(baseUrl, `/api/auction/${id}/buy`, who.token, {})) };
            }
            return { kind: 'bid' as const, who, ...(await fire(baseUrl, `/api/auction/${id}`, who.token, { bidAmount: 101 + (i % 10) })) };
          }),
        );
        const purchases = answers.filter((a) => a.kind === 'buy');
        expect(purchases.filter((a) => a.status === 201)).toHaveLength(1);
        for (const p of purchases.filter((a) => a.status !== 201)) expect(p.status).toBe(409);
        const accepted = answers.filter((a) => a.kind === 'bid' && a.status === 201).length;
        for (const b of answers.filter((a) => a.kind === 'bid' && a.status !== 201)) expect([400, 409]).toContain(b.status);
        await checkRaced(one.deps.store, id, purchases, accepted);
      }
    } finally {
      for (const { app } of instances) {
        app.server.closeAllConnections();
        await app.close();
      }
    }
  });
});
