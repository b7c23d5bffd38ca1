// The REST lists that answer every auction at once (GET /api/auction without a limit, /api/api/auction/show,
// a seller's own in /api/auction/myauction and /api/api/user/profile), read over several of the pages
// the server reads them in: each answer must be, byte for byte, the paged tRPC list put together, so
// that no auction is lost or repeated where one page ends and the next begins, and none moves.
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import { WHOLE_LIST_PAGE, type AuctionPage } from '../../src/server/services/auctions';
import type { Auction } from '../../src/server/wire';
import { placeBid } from '../../src/server/services/bids';
import { AUCTION_PAGE_MAX } from '../../src/shared/schemas/auction';
import { DAY_MS, WATCHLIST_MAX, type Category } from '../../src/shared/constants';
import { signedInUser } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { get } from '../support/http';

type Person = Awaited<ReturnType<typeof signedInUser>>;

const CATEGORY_CYCLE: Category[] = ['Art', 'Books', 'Electronics'];

/**
 * The i-th auction: few prices, bid counts and ends, so that equal values straddle the pages of every
 * sort; a tenth ended and a tenth not started; "brass" in half of them, and now and then a name that
 * JSON must escape.
 */
function auctionNo(i: number, now: number) {
  const ended = i % 10 === 0;
  const scheduled = i % 10 === 1;
  const name = i % 97 === 0 ? `Lot ${i} "quoted" \\ back\\slash, café 🎻` : `Lot ${i} ${i % 2 === 0 ? 'brass lamp' : 'oak chair'}`;
  return {
    itemName: name,
    itemDescription: `Number ${i}, described\nover two lines`,
    itemCategory: CATEGORY_CYCLE[i % CATEGORY_CYCLE.length]!,
    startingPrice: 10 + (i % 5),
    currentPrice: 10 + (i % 5),
    bidsCount: i % 4,
    photo: null,
    startsAt: new Date(ended ? now - 3 * DAY_MS : scheduled ? now + 2 * DAY_MS : now - DAY_MS),
    endsAt: new Date(ended ? now - DAY_MS : scheduled ? now + 4 * DAY_MS : now + (1 + (i % 3)) * DAY_MS),
    createdAt: new Date(now),
  };
}

/** Every page of a paged tRPC list, put together, with the total its first page counted. */
async function everyPage(read: (cursor: string | null) => Promise<AuctionPage>): Promise<{ items: Auction[]; total: number | null }> {
  const items: Auction[] = [];
  let page = await read(null);
  const { total } = page;
  items.push(...page.items);
  while (page.nextCursor !== null) {
    page = await read(page.nextCursor);
    items.push(...page.items);
  }
  return { items, total };
}

describe('whole lists over several pages', () => {
  // Built once and only read: a few pages of auctions take a while to insert on PostgreSQL.
  let deps: TestDeps;
  let app: FastifyInstance;
  let vera: Person;
  let ids: string[];
  let watchedIds: string[];
  let maximumIds: string[];

  test.beforeAll(async ({ sharedDeps }) => {
    deps = sharedDeps;
    vera = await signedInUser(deps, 'Vera Viewer');
    const sam = await signedInUser(deps, 'Sam Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const now = deps.now();
    // Vera sells a page and a bit of them (her own list spans two pages), Sam the rest: in all more
    // than two pages.
    const count = 2 * WHOLE_LIST_PAGE + 100;
    ids = [];
    for (let i = 0; i < count; i++) {
      const row = await deps.store.auctions.insert({ sellerId: i % 2 === 0 ? vera.id : sam.id, ...auctionNo(i, now) });
      ids.push(String(row.id));
    }
    // What only Vera sees, on every page: auctions she watches, and her maxima on Sam's open auctions,
    // some still leading (on the auction's row) and some spent by Bob's higher bid (kept apart).
    watchedIds = ids.filter((_, i) => i % 9 === 3);
    for (const id of watchedIds) await deps.store.watches.add(vera.id, Number(id), new Date(now), WATCHLIST_MAX);
    const bidOn = [0, 1, 2].flatMap((page) => [13, 27, 33].map((offset) => page * WHOLE_LIST_PAGE + offset));
    maximumIds = bidOn.map((i) => ids[i]!);
    for (const [n, i] of bidOn.entries()) {
      await placeBid(deps, vera, { auctionId: ids[i]!, bidAmount: 20, maxBid: 30 });
      if (n % 2 === 1) await placeBid(deps, bob, { auctionId: ids[i]!, bidAmount: 25, maxBid: 40 });
    }
    // A day and a half on, the auctions that ended with a leader name their winner (a third of the
    // bids above); the scheduled ones still wait.
    deps.clock.advance(1.5 * DAY_MS);
    app = await buildApp(deps, { closeAuctions: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const queries = [
    '',
    'sort=price_desc',
    'sort=price_asc&category=Art',
    'sort=bids',
    'sort=ending&status=open',
    'status=ended',
    'q=brass',
    'q=brass&sort=price_asc',
    'status=scheduled&sort=bids',
  ];

  test.for(queries)('GET /api/auction?%s is the paged list, page after page', async (query) => {
    const params = Object.fromEntries(new URLSearchParams(query));
    const res = await get(app, `/api/auction?${query}`, { token: vera.token });
    expect(res.statusCode).toBe(200);
    const paged = await everyPage((cursor) => vera.caller.auction.list({ ...params, limit: AUCTION_PAGE_MAX, cursor }));
    expect(res.body).toBe(JSON.stringify(paged.items));
    // Each auction once, and as many as the list counts.
    const seen = paged.items.map((a) => a._id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(paged.total!);
  });

  test('without a filter: every auction once, newest first, with what only the viewer sees on every page', async () => {
    const list = (await get(app, '/api/auction', { token: vera.token })).json<Auction[]>();
    expect(list.map((a) => a._id)).toEqual([...ids].reverse());
    const watched = list.filter((a) => a.watching);
    const maxima = list.filter((a) => a.myMaxBid !== null);
    expect(watched.map((a) => a._id).sort()).toEqual([...watchedIds].sort());
    expect(maxima.map((a) => a._id).sort()).toEqual([...maximumIds].sort());
    expect(new Set(maxima.map((a) => a.myMaxBid))).toEqual(new Set([30]));
    // Those lie on every page the server reads.
    const pageOf = (a: Auction) => Math.floor(list.indexOf(a) / WHOLE_LIST_PAGE);
    expect(new Set(watched.map(pageOf)).size).toBe(3);
    expect(new Set(maxima.map(pageOf)).size).toBe(3);
    expect(list.some((a) => a.winner !== null)).toBe(true);
    expect(list.some((a) => a.itemName.includes('🎻'))).toBe(true);
  });

  test('GET /api/api/auction/show wraps the same list', async () => {
    const paged = await everyPage((cursor) => vera.caller.auction.list({ limit: AUCTION_PAGE_MAX, cursor }));
    const res = await get(app, '/api/api/auction/show', { token: vera.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`{"auctions":${JSON.stringify(paged.items)}}`);
  });

  test('GET /api/auction/myauction and /api/api/user/profile: the seller’s own, as auction.mine pages them', async () => {
    const paged = await everyPage((cursor) => vera.caller.auction.mine({ limit: AUCTION_PAGE_MAX, cursor }));
    expect(paged.items.length).toBeGreaterThan(WHOLE_LIST_PAGE);
    const mine = await get(app, '/api/auction/myauction', { token: vera.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe(JSON.stringify(paged.items));
    const { user } = await vera.caller.user.me();
    const profile = await get(app, '/api/api/user/profile', { token: vera.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toBe(`{"user":${JSON.stringify(user)},"products":${JSON.stringify(paged.items)}}`);
  });
});
