// The watchlist, my bids and the ending-soon notice, through both doors: REST (PUT, DELETE and GET
// /api/user/watchlist, GET /api/user/bids) and the tRPC caller (user.setWatching, user.watchlist,
// user.bids), with `watching` on every auction answer. The rules: docs/rules/notifications.md and
// docs/rules/http-api.md.
import { describe, expect } from 'vitest';
import type { NotificationRecord } from '../../src/server/db/records';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { closeDueAuctions } from '../../src/server/services/closing';
import { durationInWords, tellEndingSoon } from '../../src/server/services/ending-soon';
import type { FastifyInstance } from 'fastify';
import { DAY_MS, HOUR_MS, TRPC_MAX_BATCH_SIZE, WATCHLIST_MAX } from '../../src/shared/constants';
import { OWN_LIST_PAGE_MAX } from '../../src/shared/schemas/user';
import { anonymousCaller, failure, insertUser, signedInUser } from '../support/accounts';
import { insertAuction, insertManyAuctions } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, request } from '../support/http';
import { newestNotices } from '../support/notices';

const MINUTE = 60_000;

async function people(deps: TestDeps) {
  const [seller, ann, ben] = await Promise.all(['Sally Seller', 'Ann Bidder', 'Ben Bidder'].map((name) => signedInUser(deps, name)));
  return { seller: seller!, ann: ann!, ben: ben! };
}

/** A user's ending-soon notices, oldest first, as `auctionId message`. */
async function endingSoonOf(deps: AppDeps, userId: number): Promise<string[]> {
  const notices: NotificationRecord[] = (await newestNotices(deps.store, userId, 10_000)).reverse();
  return notices.filter((n) => n.kind === 'ending_soon').map((n) => `${n.auctionId} ${n.message}`);
}

describe('PUT and DELETE /api/user/watchlist/:auctionId, GET /api/user/watchlist', () => {
  test('watching twice is one entry, unwatching twice leaves none; each answers 200 {watching}', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const id = await insertAuction(deps, seller.id, { itemName: 'Brass telescope' });
    const put = () => app.inject(request('PUT', `/api/user/watchlist/${id}`, { token: ann.token }));
    const del = () => app.inject(request('DELETE', `/api/user/watchlist/${id}`, { token: ann.token }));
    const list = async () => (await get(app, '/api/user/watchlist', { token: ann.token })).json() as Array<{ _id: string }>;

    for (const res of [await put(), await put()]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ watching: true });
    }
    expect((await list()).map((a) => a._id)).toEqual([id]);
    expect((await list())[0]).toMatchObject({ itemName: 'Brass telescope', watching: true, sellerName: 'Sally Seller' });

    for (const res of [await del(), await del()]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ watching: false });
    }
    expect(await list()).toEqual([]);
  });

  test('404 for an unknown or malformed auction id; 401 signed out', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const id = await insertAuction(deps, seller.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      for (const bad of ['999999', 'not-an-id', '12abc']) {
        const res = await app.inject(request(method, `/api/user/watchlist/${bad}`, { token: ann.token }));
        expect(res.statusCode, `${method} ${bad}`).toBe(404);
        expect(expectErrorBody(res).error).toBe('Auction not found');
      }
      expect((await app.inject(request(method, `/api/user/watchlist/${id}`))).statusCode).toBe(401);
    }
    expect((await get(app, '/api/user/watchlist')).statusCode).toBe(401);
    expect((await get(app, '/api/user/bids')).statusCode).toBe(401);
    expect((await get(app, '/api/user/watchlist', { token: ann.token })).json()).toEqual([]);
  });

  test('open auctions first by soonest end, then scheduled ones by soonest start, then ended ones, most recently ended first', async ({
    app,
    deps,
  }) => {
    const { seller, ann } = await people(deps);
    const now = deps.now();
    const at = (itemName: string, startsAt: number, endsAt: number) => insertAuction(deps, seller.id, { itemName, startsAt, endsAt });
    const endedLongAgo = await at('ended long ago', now - 3 * DAY_MS, now - 2 * DAY_MS);
    const openLater = await at('open, ends in 3 days', now - DAY_MS, now + 3 * DAY_MS);
    const scheduled = await at('scheduled', now + DAY_MS, now + 2 * DAY_MS);
    const endedRecently = await at('ended an hour ago', now - DAY_MS, now - HOUR_MS);
    const openSoon = await at('open, ends in an hour', now - DAY_MS, now + HOUR_MS);
    await at('not watched', now - DAY_MS, now + MINUTE);
    for (const id of [endedLongAgo, openLater, scheduled, endedRecently, openSoon]) {
      await app.inject(request('PUT', `/api/user/watchlist/${id}`, { token: ann.token }));
    }
    const list = (await get(app, '/api/user/watchlist', { token: ann.token })).json() as Array<{ itemName: string; status: string }>;
    expect(list.map((a) => `${a.itemName} (${a.status})`)).toEqual([
      'open, ends in an hour (open)',
      'open, ends in 3 days (open)',
      'scheduled (scheduled)',
      'ended an hour ago (ended)',
      'ended long ago (ended)',
    ]);
  });
});

/**
 * Auctions of every kind for a user's own lists, inserted one by one: open ones ending on few distinct
 * hours, scheduled ones starting on few, ended ones ended on few (so that equal times straddle pages),
 * each with the time and id the list orders it by.
 */
async function mixedAuctions(deps: TestDeps, sellerId: number, count: number) {
  const now = deps.now();
  const rows: Array<{ id: string; group: number; key: number }> = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    const hours = ((i * 7) % 5) + 1;
    const startsAt = kind === 1 ? now + hours * HOUR_MS : now - 2 * DAY_MS;
    const endsAt = kind === 0 ? now + hours * HOUR_MS : kind === 1 ? startsAt + DAY_MS : now - hours * HOUR_MS;
    const id = await insertAuction(deps, sellerId, { itemName: `Lot ${i}`, startsAt, endsAt });
    rows.push({ id, group: [0, 1, 2][kind]!, key: kind === 0 ? endsAt : kind === 1 ? startsAt : -endsAt });
  }
  return rows;
}

/** The ids in the order of a user's own lists: open by soonest end, scheduled by soonest start, ended most recent first, then by id. */
const ownListOrder = (rows: Array<{ id: string; group: number; key: number }>) =>
  [...rows].sort((a, b) => a.group - b.group || a.key - b.key || Number(a.id) - Number(b.id)).map((row) => row.id);

/** Every page of a REST list, following X-Next-Cursor; checks that only the last page lacks it and that each other page is full. */
async function everyRestPage<T>(app: FastifyInstance, path: string, token: string, limit?: number): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const params = new URLSearchParams({ ...(limit === undefined ? {} : { limit: String(limit) }), ...(cursor ? { cursor } : {}) });
    const res = await get(app, `${path}?${params.toString()}`, { token });
    expect(res.statusCode).toBe(200);
    const items = res.json<T[]>();
    seen.push(...items);
    const next = res.headers['x-next-cursor'];
    if (next === undefined) return seen;
    expect(items).toHaveLength(limit ?? OWN_LIST_PAGE_MAX);
    cursor = String(next);
  }
  throw new Error('more than 1000 pages');
}

/** Bids straight into the tables: `bidderId` bid `amount` on each auction and leads it, with that as their maximum. */
async function leadEach(deps: TestDeps, bidderId: number, auctionIds: string[], amount = 20) {
  for (const id of auctionIds) {
    await deps.sql(
      'insert into bids (auction_id, bidder_id, amount, seq, created_at, ends_at) select id, $1, $2, bids_count + 1, $3, ends_at from auctions where id = $4',
      [bidderId, amount, new Date(deps.now()), Number(id)],
    );
    await deps.sql('update auctions set current_price = $1, bids_count = bids_count + 1, leader_id = $2, leader_max = $1 where id = $3', [
      amount,
      bidderId,
      Number(id),
    ]);
  }
}

describe('the watchlist and my bids, a page at a time', () => {
  test('GET /api/user/watchlist: pages of 100 unless told, each auction once in the list’s order, X-Next-Cursor on all but the last', async ({
    app,
    deps,
  }) => {
    const { seller, ann } = await people(deps);
    const rows = await mixedAuctions(deps, seller.id, 230);
    for (const { id } of rows) await ann.caller.user.setWatching({ auctionId: id, watching: true });
    const expected = ownListOrder(rows);
    for (const limit of [undefined, 7, 100]) {
      const seen = await everyRestPage<{ _id: string; watching: boolean }>(app, '/api/user/watchlist', ann.token, limit);
      expect(seen.map((a) => a._id)).toEqual(expected);
      expect(seen.every((a) => a.watching)).toBe(true);
    }
    // Over tRPC: {items, total, nextCursor}, the total on the first page only.
    const first = await ann.caller.user.watchlist({ limit: 100 });
    expect(first.items.map((a) => a._id)).toEqual(expected.slice(0, 100));
    expect(first.total).toBe(230);
    const second = await ann.caller.user.watchlist({ limit: 100, cursor: first.nextCursor });
    expect(second.items.map((a) => a._id)).toEqual(expected.slice(100, 200));
    expect(second.total).toBeNull();
    const third = await ann.caller.user.watchlist({ limit: 100, cursor: second.nextCursor });
    expect(third.items.map((a) => a._id)).toEqual(expected.slice(200));
    expect(third.nextCursor).toBeNull();
    expect((await ann.caller.user.watchlist()).items).toHaveLength(OWN_LIST_PAGE_MAX);
  });

  test('an auction that opens or ends between two pages neither comes twice nor goes missing', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const rows = await mixedAuctions(deps, seller.id, 60);
    for (const { id } of rows) await ann.caller.user.setWatching({ auctionId: id, watching: true });
    const first = await ann.caller.user.watchlist({ limit: 10 });
    // Three hours on, some open auctions have ended and some scheduled ones have opened.
    deps.clock.advance(3 * HOUR_MS);
    const seen = first.items.map((a) => a._id);
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await ann.caller.user.watchlist({ limit: 10, cursor });
      seen.push(...page.items.map((a) => a._id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(ownListOrder(rows));
    // A new first page sorts by the new moment.
    const fresh = await ann.caller.user.watchlist({ limit: 100 });
    expect(fresh.items.map((a) => a._id)).not.toEqual(seen);
    expect(new Set(fresh.items.map((a) => a._id))).toEqual(new Set(seen));
  });

  test('GET /api/user/bids pages the same way, with where the bidder stands on every page', async ({ app, deps }) => {
    const { seller, ann, ben } = await people(deps);
    const rows = await mixedAuctions(deps, seller.id, 150);
    // Ann leads the scheduled ones too (inserted bids, as the demo data has none on them, only to fill the order).
    await leadEach(
      deps,
      ann.id,
      rows.map((row) => row.id),
    );
    // Ben outbids her on every fifth: her maximum is kept apart, she is outbid, or lost once it ended.
    const outbid = rows.filter((_, i) => i % 5 === 0).map((row) => row.id);
    for (const id of outbid) {
      await deps.sql('insert into max_bids (auction_id, bidder_id, amount) values ($1, $2, 20)', [Number(id), ann.id]);
    }
    await leadEach(deps, ben.id, outbid, 25);
    type Row = { auction: { _id: string; status: string; myMaxBid: number | null }; myMaxBid: number; myLastBid: number; state: string };
    const seen = await everyRestPage<Row>(app, '/api/user/bids', ann.token, 40);
    expect(seen.map((row) => row.auction._id)).toEqual(ownListOrder(rows));
    for (const row of seen) {
      const isOutbid = outbid.includes(row.auction._id);
      const ended = row.auction.status === 'ended';
      expect(row.state, row.auction._id).toBe(isOutbid ? (ended ? 'lost' : 'outbid') : ended ? 'won' : 'leading');
      expect(row).toMatchObject({ myMaxBid: 20, myLastBid: 20, auction: { myMaxBid: 20 } });
    }
    const first = await ann.caller.user.bids({ limit: 100 });
    expect(first.total).toBe(150);
    expect(first.items).toHaveLength(100);
    const benFirst = await ben.caller.user.bids();
    expect(benFirst.items.map((row) => row.auction._id)).toEqual(ownListOrder(rows.filter((row) => outbid.includes(row.id))));
    expect(benFirst.nextCursor).toBeNull();
  });

  test('400 for a limit outside 1 to 100 or a cursor these lists did not hand out', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const id = await insertAuction(deps, seller.id);
    await ann.caller.user.setWatching({ auctionId: id, watching: true });
    const auctionListCursor = (await ann.caller.auction.list({ sort: 'price_asc', limit: 1 })).nextCursor;
    for (const path of ['/api/user/watchlist', '/api/user/bids']) {
      for (const [query, message] of [
        ['limit=0', 'limit must be from 1 to 100'],
        ['limit=101', 'limit must be from 1 to 100'],
        ['limit=ten', 'limit must be a whole number'],
        ['cursor=12', 'Invalid cursor'],
        ['cursor=not%20a%20cursor', 'Invalid cursor'],
        [`cursor=${auctionListCursor}`, 'Invalid cursor'],
      ] as const) {
        const res = await get(app, `${path}?${query}`, { token: ann.token });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(expectErrorBody(res).error).toBe(message);
      }
    }
    expect(await failure(ann.caller.user.watchlist({ limit: 101 }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test(`${TRPC_MAX_BATCH_SIZE} watchlist and my-bids reads in one batch answer a page each, not every auction`, async ({ app, deps }) => {
    // The attack, scaled: a full watchlist and bids on as many auctions, read twenty times in one batch.
    const { seller, ann } = await people(deps);
    const ids = await insertManyAuctions(deps, seller.id, WATCHLIST_MAX);
    await deps.sql('insert into watches (user_id, auction_id, created_at) select $1, id, $2 from auctions where seller_id = $3', [
      ann.id,
      new Date(deps.now()),
      seller.id,
    ]);
    await leadEach(deps, ann.id, ids);
    for (const path of ['user.watchlist', 'user.bids']) {
      const res = await get(app, `/trpc/${Array(TRPC_MAX_BATCH_SIZE).fill(path).join(',')}?batch=1`, { token: ann.token });
      const answers = res.json() as Array<{ result?: { data: { items: unknown[]; total: number } }; error?: { message: string } }>;
      expect(answers).toHaveLength(TRPC_MAX_BATCH_SIZE);
      const answered = answers.filter((a) => a.result);
      for (const answer of answered) {
        expect(answer.result!.data.items).toHaveLength(OWN_LIST_PAGE_MAX);
        expect(answer.result!.data.total).toBe(WATCHLIST_MAX);
      }
      // Ten pages of 100 are what one request may read (docs/rules/limits.md); the rest are refused, with a sentence.
      expect(answered).toHaveLength(10);
      for (const answer of answers.filter((a) => a.error)) expect(answer.error!.message).toMatch(/^This request asks for too much at once/);
      // A page of 100 auctions is some 70 kB: ten of them stay under 1 MB, where every auction twenty times was 14 MB.
      expect(res.body.length).toBeLessThan(1_000_000);
    }
  });
});

describe('a watchlist holds at most 1,000 auctions', () => {
  test('one more is 409 with a sentence; one already watched, and unwatching, still answer 200', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const ids = await insertManyAuctions(deps, seller.id, WATCHLIST_MAX + 2);
    const [spare, another] = ids.slice(-2) as [string, string];
    await deps.sql('insert into watches (user_id, auction_id, created_at) select $1, id, $2 from auctions where id <= $3', [
      ann.id,
      new Date(deps.now()),
      Number(ids[WATCHLIST_MAX - 1]),
    ]);
    const put = (id: string) => app.inject(request('PUT', `/api/user/watchlist/${id}`, { token: ann.token }));
    const refused = await put(spare);
    expect(refused.statusCode).toBe(409);
    expect(expectErrorBody(refused).error).toBe(
      'You can watch at most 1,000 auctions. Stop watching one you no longer follow, then try again.',
    );
    expect(await failure(ann.caller.user.setWatching({ auctionId: another, watching: true }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You can watch at most 1,000 auctions. Stop watching one you no longer follow, then try again.',
    });
    // Watching one already on the list changes nothing, and is no refusal.
    expect((await put(ids[0]!)).json()).toEqual({ watching: true });
    expect((await ann.caller.user.watchlist()).total).toBe(WATCHLIST_MAX);
    // Unknown is still 404, full or not.
    expect((await put('999999')).statusCode).toBe(404);
    // One off, one on.
    expect((await app.inject(request('DELETE', `/api/user/watchlist/${ids[0]}`, { token: ann.token }))).json()).toEqual({
      watching: false,
    });
    expect((await put(spare)).json()).toEqual({ watching: true });
    expect((await put(another)).statusCode).toBe(409);
    expect((await ann.caller.user.watchlist()).total).toBe(WATCHLIST_MAX);
  });

  test('twenty watches at once on the last places: exactly as many are taken as were free', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const ids = await insertManyAuctions(deps, seller.id, WATCHLIST_MAX + 15);
    await deps.sql('insert into watches (user_id, auction_id, created_at) select $1, id, $2 from auctions where id <= $3', [
      ann.id,
      new Date(deps.now()),
      Number(ids[WATCHLIST_MAX - 6]),
    ]);
    const answers = await Promise.all(
      ids.slice(-20).map((id) => app.inject(request('PUT', `/api/user/watchlist/${id}`, { token: ann.token }))),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(15);
    expect((await ann.caller.user.watchlist()).total).toBe(WATCHLIST_MAX);
  });
});

describe('watching on every auction answer', () => {
  test('true for the watcher on lists, the detail read and a bid answer; false for everyone else and for guests', async ({ app, deps }) => {
    const { seller, ann, ben } = await people(deps);
    const watched = await insertAuction(deps, seller.id, { itemName: 'Watched' });
    const other = await insertAuction(deps, seller.id, { itemName: 'Not watched' });
    expect(await ann.caller.user.setWatching({ auctionId: watched, watching: true })).toEqual({ watching: true });

    const watchingIn = (list: Array<{ _id: string; watching: boolean }>) =>
      Object.fromEntries(list.filter((a) => [watched, other].includes(a._id)).map((a) => [a._id, a.watching]));
    expect(watchingIn((await ann.caller.auction.list({ limit: 24 })).items)).toEqual({ [watched]: true, [other]: false });
    expect(watchingIn((await ben.caller.auction.list({ limit: 24 })).items)).toEqual({ [watched]: false, [other]: false });
    expect(watchingIn((await get(app, '/api/auction', { token: ann.token })).json())).toEqual({ [watched]: true, [other]: false });
    expect((await ann.caller.auction.byId({ id: watched })).watching).toBe(true);
    expect((await ann.caller.auction.byId({ id: other })).watching).toBe(false);
    expect((await ben.caller.auction.byId({ id: watched })).watching).toBe(false);
    expect((await get(app, `/api/auction/${watched}`, { token: ann.token })).json().watching).toBe(true);
    expect((await get(app, `/api/api/auction/${watched}`, { token: ben.token })).json().auction.watching).toBe(false);
    expect((await ann.caller.auction.placeBid({ auctionId: watched, bidAmount: 11 })).auction.watching).toBe(true);
    expect((await ben.caller.auction.placeBid({ auctionId: watched, bidAmount: 12 })).auction.watching).toBe(false);
    // Guests see the landing page's live auctions, never watched.
    expect(watchingIn(await anonymousCaller(deps).auction.live())).toEqual({ [watched]: false, [other]: false });

    await ann.caller.user.setWatching({ auctionId: watched, watching: false });
    expect((await ann.caller.auction.byId({ id: watched })).watching).toBe(false);
  });

  test('through tRPC: NOT_FOUND for an unknown auction, UNAUTHORIZED signed out', async ({ deps }) => {
    const { ann } = await people(deps);
    expect(await failure(ann.caller.user.setWatching({ auctionId: '424242', watching: true }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(ann.caller.user.setWatching({ auctionId: 'x', watching: false }))).toMatchObject({ code: 'NOT_FOUND' });
    const guest = anonymousCaller(deps);
    for (const call of [guest.user.watchlist(), guest.user.bids(), guest.user.setWatching({ auctionId: '1', watching: true })]) {
      expect(await failure(call)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('GET /api/user/bids and user.bids', () => {
  test('leading, outbid, won and lost through real bids, automatic ones and a close; open first by soonest end, then the most recently ended', async ({
    app,
    deps,
  }) => {
    const { seller, ann, ben } = await people(deps);
    const now = deps.now();
    const lamp = await insertAuction(deps, seller.id, { itemName: 'Lamp', startingPrice: 100, endsAt: now + 3 * DAY_MS });
    const clock = await insertAuction(deps, seller.id, { itemName: 'Clock', startingPrice: 100, endsAt: now + 2 * DAY_MS });
    const vase = await insertAuction(deps, seller.id, { itemName: 'Vase', startingPrice: 100, endsAt: now + HOUR_MS });
    const chair = await insertAuction(deps, seller.id, { itemName: 'Chair', startingPrice: 100, endsAt: now + 2 * HOUR_MS });
    await insertAuction(deps, seller.id, { itemName: 'Nobody bid', endsAt: now + MINUTE });

    // Lamp: Ann's maximum answers Ben's bid automatically; Ann leads at 106.
    await ann.caller.auction.placeBid({ auctionId: lamp, bidAmount: 101, maxBid: 150 });
    await ben.caller.auction.placeBid({ auctionId: lamp, bidAmount: 105 });
    // Clock: Ben's maximum outbids Ann at once.
    await ben.caller.auction.placeBid({ auctionId: clock, bidAmount: 101, maxBid: 300 });
    await ann.caller.auction.placeBid({ auctionId: clock, bidAmount: 110 });
    // Vase (ends first) goes to Ann; Chair (ends later) to Ben.
    await ben.caller.auction.placeBid({ auctionId: vase, bidAmount: 101 });
    await ann.caller.auction.placeBid({ auctionId: vase, bidAmount: 108, maxBid: 120 });
    await ann.caller.auction.placeBid({ auctionId: chair, bidAmount: 102 });
    await ben.caller.auction.placeBid({ auctionId: chair, bidAmount: 104, maxBid: 140 });
    deps.clock.advance(2 * HOUR_MS);
    await closeDueAuctions(deps);

    const summary = (
      rows: Array<{ auction: { itemName: string; watching: boolean }; myMaxBid: number; myLastBid: number; state: string }>,
    ) => rows.map((row) => `${row.auction.itemName}: ${row.state}, max ${row.myMaxBid}, last ${row.myLastBid}`);
    const annRes = await get(app, '/api/user/bids', { token: ann.token });
    expect(annRes.statusCode).toBe(200);
    expect(summary(annRes.json())).toEqual([
      'Clock: outbid, max 110, last 110',
      'Lamp: leading, max 150, last 106',
      'Chair: lost, max 102, last 102',
      'Vase: won, max 120, last 108',
    ]);
    expect(summary((await ben.caller.user.bids()).items)).toEqual([
      'Clock: leading, max 300, last 111',
      'Lamp: outbid, max 105, last 105',
      'Chair: won, max 140, last 104',
      'Vase: lost, max 101, last 101',
    ]);
    // Each entry is a whole Auction, with the caller's own fields.
    expect((annRes.json() as Array<{ auction: object }>)[1]!.auction).toMatchObject({
      _id: lamp,
      currentPrice: 106,
      status: 'open',
      myMaxBid: 150,
      watching: false,
      seller: { _id: seller._id, name: 'Sally Seller' },
    });
    expect(await seller.caller.user.bids()).toEqual({ items: [], total: 0, nextCursor: null });
  });
});

describe('ending soon', () => {
  test('a watcher’s open bell hears of it at once', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await insertAuction(deps, seller.id, { itemName: 'Brass telescope', endsAt });
    await ann.caller.user.setWatching({ auctionId: id, watching: true });
    const stop = new AbortController();
    const changes = deps.notices.subscribe(ann.id, stop.signal)[Symbol.asyncIterator]();
    const woken = changes.next().then(() => 'woken');
    const asleep = new Promise((resolve) => setTimeout(() => resolve('asleep'), 1000));

    deps.clock.set(endsAt - HOUR_MS + 1);
    expect(await tellEndingSoon(deps)).toEqual([ann.id]);
    expect(await Promise.race([woken, asleep])).toBe('woken');
    stop.abort();
  });

  test('each watcher of an open auction is told once when less than an hour remains; others never', async ({ deps }) => {
    const { seller, ann, ben } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await insertAuction(deps, seller.id, { itemName: 'Pocket watch', endsAt });
    const later = await insertAuction(deps, seller.id, { itemName: 'Later', endsAt: endsAt + DAY_MS });
    await ann.caller.user.setWatching({ auctionId: id, watching: true });
    await ann.caller.user.setWatching({ auctionId: later, watching: true });
    await seller.caller.user.setWatching({ auctionId: id, watching: true });

    deps.clock.set(endsAt - HOUR_MS);
    expect(await tellEndingSoon(deps)).toEqual([]);
    expect(await endingSoonOf(deps, ann.id)).toEqual([]);

    deps.clock.set(endsAt - HOUR_MS + 1);
    expect((await tellEndingSoon(deps)).sort()).toEqual([seller.id, ann.id].sort());
    const told = `${id} Ending soon: “Pocket watch” ends in less than an hour.`;
    expect(await endingSoonOf(deps, ann.id)).toEqual([told]);
    expect(await endingSoonOf(deps, seller.id)).toEqual([told]);
    expect(await endingSoonOf(deps, ben.id)).toEqual([]);

    // Later ticks, a late bid that moves the end, and a watcher who joins now: nobody is told again.
    expect(await tellEndingSoon(deps)).toEqual([]);
    deps.clock.set(endsAt - MINUTE);
    const bid = await ben.caller.auction.placeBid({ auctionId: id, bidAmount: 11 });
    expect(Date.parse(bid.auction.itemEndDate)).toBeGreaterThan(endsAt);
    await ben.caller.user.setWatching({ auctionId: id, watching: true });
    expect(await tellEndingSoon(deps)).toEqual([]);
    deps.clock.set(endsAt + MINUTE);
    expect(await tellEndingSoon(deps)).toEqual([]);
    expect(await endingSoonOf(deps, ann.id)).toEqual([told]);
    expect(await endingSoonOf(deps, ben.id)).toEqual([]);
  });

  test('a scheduled auction, an ended one and an auction nobody watches tell nobody', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const now = deps.now();
    const scheduled = await insertAuction(deps, seller.id, { startsAt: now + MINUTE, endsAt: now + 30 * MINUTE });
    const ended = await insertAuction(deps, seller.id, { startsAt: now - DAY_MS, endsAt: now - MINUTE });
    await insertAuction(deps, seller.id, { endsAt: now + 10 * MINUTE });
    for (const id of [scheduled, ended]) await ann.caller.user.setWatching({ auctionId: id, watching: true });
    expect(await tellEndingSoon(deps)).toEqual([]);
    expect(await endingSoonOf(deps, ann.id)).toEqual([]);
    // Once the scheduled auction opens, with less than an hour left, its watchers are told.
    deps.clock.set(now + MINUTE);
    expect(await tellEndingSoon(deps)).toEqual([ann.id]);
    expect(await endingSoonOf(deps, ann.id)).toEqual([`${scheduled} Ending soon: “Inserted item” ends in less than an hour.`]);
  });

  describe('with ENDING_SOON_SECONDS=0', () => {
    test.override({ settings: { ENDING_SOON_SECONDS: 0 } });
    test('nobody is told', async ({ deps }) => {
      const { seller, ann } = await people(deps);
      const id = await insertAuction(deps, seller.id, { endsAt: deps.now() + MINUTE });
      await ann.caller.user.setWatching({ auctionId: id, watching: true });
      expect(await tellEndingSoon(deps)).toEqual([]);
      expect(await endingSoonOf(deps, ann.id)).toEqual([]);
    });
  });

  describe('with ENDING_SOON_SECONDS=1800', () => {
    test.override({ settings: { ENDING_SOON_SECONDS: 1800 } });
    test('the setting sets the window and the words', async ({ deps }) => {
      const { seller, ann } = await people(deps);
      const endsAt = deps.now() + DAY_MS;
      const id = await insertAuction(deps, seller.id, { itemName: 'Kite', endsAt });
      await ann.caller.user.setWatching({ auctionId: id, watching: true });
      deps.clock.set(endsAt - 40 * MINUTE);
      expect(await tellEndingSoon(deps)).toEqual([]);
      deps.clock.set(endsAt - 29 * MINUTE);
      expect(await tellEndingSoon(deps)).toEqual([ann.id]);
      expect(await endingSoonOf(deps, ann.id)).toEqual([`${id} Ending soon: “Kite” ends in less than 30 minutes.`]);
      expect([86_400, 7200, 60, 90, 5400].map(durationInWords)).toEqual(['a day', '2 hours', 'a minute', '90 seconds', '90 minutes']);
    });
  });

  test('two processes ticking on one database tell each watcher of 150 auctions (more than a batch) exactly once', async ({ database }) => {
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const [one, two] = (await Promise.all([database.open(), database.open()])).map(({ settings, ...shared }) =>
      createDeps(settings, { ...shared, now: () => clock }),
    );
    const seller = await insertUser(one!, { name: 'Sally Seller' });
    const watchers = [await insertUser(one!, { name: 'Ann' }), await insertUser(one!, { name: 'Ben' })];
    for (let i = 0; i < 150; i++) {
      const id = Number(await insertAuction(one!, seller.id, { endsAt: clock + DAY_MS + (i + 1) * 1000 }));
      for (const watcher of watchers) await one!.store.watches.add(watcher.id, id, new Date(clock), WATCHLIST_MAX);
    }
    clock += DAY_MS;
    // Each works through the backlog batch by batch, yielding between batches, so the two interleave.
    const told = await Promise.all([tellEndingSoon(one!), tellEndingSoon(two!)]);
    expect(told.flat().length).toBe(300);
    for (const watcher of watchers) {
      const notices = await endingSoonOf(two!, watcher.id);
      expect(notices.length).toBe(150);
      expect(new Set(notices.map((n) => n.split(' ')[0])).size).toBe(150);
    }
  });

  test('the running app tells watchers on its own, within its tick', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await insertAuction(deps, seller.id, { itemName: 'Ticking', endsAt });
    expect((await app.inject(request('PUT', `/api/user/watchlist/${id}`, { token: ann.token }))).json()).toEqual({ watching: true });
    deps.clock.set(endsAt - 30 * MINUTE);
    // Nothing calls the tick here: the app's own timer does.
    await expect.poll(() => endingSoonOf(deps, ann.id), { timeout: 5000, interval: 100 }).toHaveLength(1);
  });
});
