// Search, status filter and sorts of the auction list (docs/rules/lists-and-search.md), through REST
// (app.inject) and tRPC (createCaller): what each finds, the order of each sort, and paging by
// X-Next-Cursor that shows every auction exactly once, ties included.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { AUCTION_SORTS, DAY_MS, TRPC_MAX_BATCH_SIZE, type AuctionSort, type Category } from '../../src/shared/constants';
import { failure, signedInUser } from '../support/accounts';
import { insertManyAuctions } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get } from '../support/http';
import { longestStall } from '../support/stall';

interface Item {
  itemName: string;
  itemDescription: string;
  category: Category;
  price: number;
  bidsCount: number;
  /** Days from now; negative for the past. */
  startsIn?: number;
  endsIn: number;
}

/** An auction straight into the store, with its price, bid count and dates as given. */
async function insertItem(deps: TestDeps, sellerId: number, item: Item): Promise<string> {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName: item.itemName,
    itemDescription: item.itemDescription,
    itemCategory: item.category,
    startingPrice: item.price,
    currentPrice: item.price,
    bidsCount: item.bidsCount,
    photo: null,
    startsAt: new Date(now + (item.startsIn ?? -1) * DAY_MS),
    endsAt: new Date(now + item.endsIn * DAY_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

/** Six auctions, inserted in this order (so newest first is the reverse), with ties in price, bids and end. */
const CATALOGUE = {
  cafeTable: {
    itemName: 'Café table',
    itemDescription: 'Small round table from a Paris café',
    category: 'Home & Garden',
    price: 50,
    bidsCount: 3,
    endsIn: 3,
  },
  racingBike: {
    itemName: 'Bicycle, racing',
    itemDescription: 'Steel frame, nearly new tyres',
    category: 'Sports',
    price: 120,
    bidsCount: 5,
    endsIn: 1,
  },
  violin: {
    itemName: 'Violin',
    itemDescription: 'A student violin with its bow; the case is original',
    category: 'Musical Instruments',
    price: 300,
    bidsCount: 0,
    startsIn: 1,
    endsIn: 5,
  },
  poster: {
    itemName: 'Original poster',
    itemDescription: 'Concert poster, 1979',
    category: 'Art',
    price: 50,
    bidsCount: 5,
    startsIn: -10,
    endsIn: -1,
  },
  bell: { itemName: 'Bicycle bell', itemDescription: 'Brass, loud', category: 'Sports', price: 15, bidsCount: 0, endsIn: 1 },
  cafetiere: {
    itemName: 'Cafetière',
    itemDescription: 'French press for coffee',
    category: 'Home & Garden',
    price: 30,
    bidsCount: 2,
    endsIn: 2,
  },
} satisfies Record<string, Item>;
type Name = keyof typeof CATALOGUE;

/** Each sort of the catalogue, by name: equal values in id order (ascending sorts up, descending down). */
const SORTED: Record<AuctionSort, Name[]> = {
  newest: ['cafetiere', 'bell', 'poster', 'violin', 'racingBike', 'cafeTable'],
  ending: ['poster', 'racingBike', 'bell', 'cafetiere', 'cafeTable', 'violin'],
  price_asc: ['bell', 'cafetiere', 'cafeTable', 'poster', 'racingBike', 'violin'],
  price_desc: ['violin', 'racingBike', 'poster', 'cafeTable', 'cafetiere', 'bell'],
  bids: ['poster', 'racingBike', 'cafeTable', 'cafetiere', 'bell', 'violin'],
};

async function catalogue(deps: TestDeps) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const ids = {} as Record<Name, string>;
  for (const [name, item] of Object.entries(CATALOGUE)) ids[name as Name] = await insertItem(deps, seller.id, item);
  const nameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name as Name]));
  return { seller, ids, namesOf: (list: Array<{ _id: string }>) => list.map((a) => nameOf.get(a._id)) };
}

function list(app: FastifyInstance, token: string, params: Record<string, string | number>) {
  return get(app, `/api/auction?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`, {
    cookie: token,
  });
}

/** Every page of a query, following X-Next-Cursor; checks that only the last page lacks it. */
async function allPages(app: FastifyInstance, token: string, params: Record<string, string | number>) {
  const seen: Array<{ _id: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await list(app, token, cursor ? { ...params, cursor } : params);
    expect(res.statusCode).toBe(200);
    const items = res.json<Array<{ _id: string }>>();
    seen.push(...items);
    const next = res.headers['x-next-cursor'];
    if (next === undefined) return seen;
    expect(items).toHaveLength(Number(params.limit));
    cursor = String(next);
  }
  throw new Error('more than 100 pages');
}

describe('GET /api/auction?q: words matched as prefixes of the name and the description', () => {
  test('a prefix, accents and case ignored either way, the description too; every word must match', async ({ app, deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    const search = async (q: string) => namesOf((await list(app, seller.token, { q })).json());
    expect(await search('bic')).toEqual(['bell', 'racingBike']);
    expect(await search('BICYCLE')).toEqual(['bell', 'racingBike']);
    // "cafe" finds "Café" and the start of "Cafetière"; "CAFÉ" finds the same.
    expect(await search('cafe')).toEqual(['cafetiere', 'cafeTable']);
    expect(await search('CAFÉ')).toEqual(['cafetiere', 'cafeTable']);
    expect(await search('paris')).toEqual(['cafeTable']);
    expect(await search('bow')).toEqual(['violin']);
    expect(await search('  bicycle   bell ')).toEqual(['bell']);
    expect(await search('bell bicycle')).toEqual(['bell']);
    // Inside a word is not a prefix.
    expect(await search('cycle')).toEqual([]);
    expect(await search('zzz')).toEqual([]);
    // Blank is no search at all.
    expect(await search('   ')).toHaveLength(6);
  });

  test('combined with category and status; the status means what it means everywhere', async ({ app, deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    const search = async (params: Record<string, string>) => namesOf((await list(app, seller.token, params)).json());
    expect(await search({ q: 'bicycle', category: 'Sports' })).toEqual(['bell', 'racingBike']);
    expect(await search({ q: 'bicycle', category: 'Art' })).toEqual([]);
    expect(await search({ q: 'cafe', category: 'Home & Garden', status: 'open' })).toEqual(['cafetiere', 'cafeTable']);
    expect(await search({ q: 'original', status: 'ended' })).toEqual(['poster']);
    expect(await search({ q: 'original', status: 'scheduled' })).toEqual(['violin']);
    expect(await search({ q: 'original', status: 'open' })).toEqual([]);
    expect(await search({ status: 'open' })).toEqual(['cafetiere', 'bell', 'racingBike', 'cafeTable']);
    expect(await search({ status: 'all' })).toHaveLength(6);
    // The status follows the clock: two days on, the bikes have ended and the violin is open.
    deps.clock.advance(2 * DAY_MS);
    expect(await search({ q: 'bicycle', status: 'ended' })).toEqual(['bell', 'racingBike']);
    expect(await search({ q: 'violin', status: 'open' })).toEqual(['violin']);
  });

  test('quotes, stars, OR, NEAR(, a minus and other query syntax are plain text, never a 500', async ({ app, deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    for (const q of [
      '"',
      '*',
      '-',
      '(',
      ')',
      '^',
      ':',
      "'",
      '"bicycle',
      'bicycle"*',
      'a"b',
      '\u0000',
      'NOT',
      'AND',
      'item_name:violin',
      '{violin}',
      '́',
    ]) {
      const res = await list(app, seller.token, { q });
      expect(res.statusCode, q).toBe(200);
    }
    const search = async (q: string) => namesOf((await list(app, seller.token, { q })).json());
    // Punctuation alone holds no word: no search.
    expect(await search('"*-')).toHaveLength(6);
    // OR is a word like any other: it starts "Original" (and "original" in the violin's description).
    expect(await search('OR')).toEqual(['poster', 'violin']);
    expect(await search('NEAR(')).toEqual(['racingBike']);
    expect(await search('-bicycle')).toEqual(['bell', 'racingBike']);
    expect(await search('bicycle OR violin')).toEqual([]);
    expect(await search('"bicycle bell"')).toEqual(['bell']);
  });

  test('a renamed auction is found by its new name only; a deleted one is gone', async ({ app, deps }) => {
    const { seller, ids, namesOf } = await catalogue(deps);
    await deps.sql('update auctions set item_name = $1 where id = $2', ['Cello', Number(ids.violin)]);
    expect(namesOf((await list(app, seller.token, { q: 'cello' })).json())).toEqual(['violin']);
    expect(namesOf((await list(app, seller.token, { q: 'violin' })).json())).toEqual(['violin']); // still in its description
    expect(namesOf((await list(app, seller.token, { q: 'bell' })).json())).toEqual(['bell']);
    await deps.sql('delete from auctions where id = $1', [Number(ids.bell)]);
    expect((await list(app, seller.token, { q: 'bell' })).json()).toEqual([]);
  });

  test('400 for a search longer than 100 characters', async ({ app, deps }) => {
    const { seller } = await catalogue(deps);
    const res = await list(app, seller.token, { q: 'a'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res).error).toBe('q must be at most 100 characters');
  });
});

describe('words of one letter', () => {
  test('are left out: a search of such words alone is no search, and a mixed one matches by its longer words', async ({ app, deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    const search = async (q: string) => namesOf((await list(app, seller.token, { q })).json());
    const everything = await search('');
    expect(everything).toEqual(SORTED.newest);
    for (const q of ['a b c d e f g h', 'x', 'é', 'e\u0301', '1 2 3', 'b, c & d']) expect(await search(q), q).toEqual(everything);
    // No auction has a word starting with "z" or "q": counted, they would leave nothing.
    expect(await search('z cafe')).toEqual(['cafetiere', 'cafeTable']);
    expect(await search('bicycle q')).toEqual(['bell', 'racingBike']);
    expect(await search('a b c d e f g h violin')).toEqual(['violin']);
    // Two letters are a word.
    expect(await search('br')).toEqual(['bell']);
    // Over tRPC, the same, with the total of the whole list.
    const page = await seller.caller.auction.list({ q: 'a b c d e f g h', limit: 2 });
    expect(page.total).toBe(6);
    expect(namesOf(page.items)).toEqual(SORTED.newest.slice(0, 2));
  });

  test(`${TRPC_MAX_BATCH_SIZE} of them in one batch answer as the list without a search, and leave the event loop free`, async ({
    app,
    deps,
  }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    // Every lot has words starting with a (a, answer) and l, m, o, r, t, w: with each one-letter word a
    // prefix to look up, these cost the search index a hundred times what a longer word does.
    await insertManyAuctions(deps, seller.id, 3000);
    const input = Object.fromEntries(Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, i) => [i, { q: 'a b c d e f g h' }]));
    const { result, stallMs } = await longestStall(() =>
      get(
        app,
        `/trpc/${Array(TRPC_MAX_BATCH_SIZE).fill('auction.list').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
        {
          cookie: seller.token,
        },
      ),
    );
    expect(result.statusCode).toBe(200);
    const unsearched = await seller.caller.auction.list({});
    const answers = result.json() as Array<{ result: { data: unknown } }>;
    expect(answers).toHaveLength(TRPC_MAX_BATCH_SIZE);
    for (const answer of answers) expect(answer.result.data).toEqual(JSON.parse(JSON.stringify(unsearched)));
    expect(unsearched.total).toBe(3000);
    expect(stallMs).toBeLessThan(100);
  });
});

describe('GET /api/auction?sort', () => {
  test('each sort orders the whole list, equal values in a stable order', async ({ app, deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    for (const sort of AUCTION_SORTS) {
      const res = await list(app, seller.token, { sort });
      expect(res.statusCode).toBe(200);
      expect(namesOf(res.json()), sort).toEqual(SORTED[sort]);
    }
  });

  test('paging with X-Next-Cursor shows every auction once, in the sort’s order, for each sort and page size', async ({ app, deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    for (const sort of AUCTION_SORTS)
      for (const limit of [1, 2, 4, 6, 7])
        expect(namesOf(await allPages(app, seller.token, { sort, limit })), `${sort} by ${limit}`).toEqual(SORTED[sort]);
    // Searched and filtered too.
    expect(namesOf(await allPages(app, seller.token, { q: 'cafe', category: 'Home & Garden', sort: 'price_desc', limit: 1 }))).toEqual([
      'cafeTable',
      'cafetiere',
    ]);
  });

  test('thirty auctions with the same price, bids and end: each page of each sort starts where the last stopped', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(
        await insertItem(deps, seller.id, {
          itemName: `Teacup ${i}`,
          itemDescription: 'Porcelain',
          category: 'Other',
          price: 20,
          bidsCount: 1,
          endsIn: 2,
        }),
      );
    for (const sort of AUCTION_SORTS)
      for (const params of [
        { sort, limit: 4 },
        { sort, limit: 7, q: 'teacup porcelain' },
      ] as Array<Record<string, string | number>>) {
        const seen = (await allPages(app, seller.token, params)).map((a) => a._id);
        expect(new Set(seen).size, sort).toBe(30);
        // Ascending sorts keep equal values in id order, descending ones in reverse.
        expect(seen, sort).toEqual(sort === 'ending' || sort === 'price_asc' ? ids : [...ids].reverse());
      }
  });

  test('a page’s cursor names where the next starts: an auction added meanwhile neither repeats nor shifts the pages', async ({
    app,
    deps,
  }) => {
    const { seller, ids } = await catalogue(deps);
    const first = await list(app, seller.token, { sort: 'price_asc', limit: 3 });
    expect(first.json<Array<{ _id: string }>>().map((a) => a._id)).toEqual([ids.bell, ids.cafetiere, ids.cafeTable]);
    await insertItem(deps, seller.id, {
      itemName: 'Cheap spoon',
      itemDescription: 'Tin',
      category: 'Other',
      price: 1,
      bidsCount: 0,
      endsIn: 4,
    });
    const next = await list(app, seller.token, { sort: 'price_asc', limit: 3, cursor: String(first.headers['x-next-cursor']) });
    expect(next.json<Array<{ _id: string }>>().map((a) => a._id)).toEqual([ids.poster, ids.racingBike, ids.violin]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
  });

  test('a cursor of the soonest-ending sort set before year 1 starts at the top, and one after year 9999 has nothing after it', async ({
    app,
    deps,
  }) => {
    const { seller, namesOf } = await catalogue(deps);
    const cursorAt = (ms: number) => Buffer.from(`ending:${ms}:1`).toString('base64url');
    const before = await list(app, seller.token, { sort: 'ending', limit: 3, cursor: cursorAt(-99_999_999_999_999) });
    expect(before.statusCode).toBe(200);
    expect(namesOf(before.json())).toEqual(SORTED.ending.slice(0, 3));
    const after = await list(app, seller.token, { sort: 'ending', limit: 3, cursor: cursorAt(999_999_999_999_999) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
    expect(after.headers['x-next-cursor']).toBeUndefined();
  });

  test('without the new parameters nothing changes: newest first, and the last id still works as the cursor', async ({ app, deps }) => {
    const { seller, ids } = await catalogue(deps);
    const page = await list(app, seller.token, { limit: 2 });
    expect(page.json<Array<{ _id: string }>>().map((a) => a._id)).toEqual([ids.cafetiere, ids.bell]);
    expect(page.headers['x-next-cursor']).toBe(ids.bell);
    const byId = await list(app, seller.token, { limit: 2, cursor: ids.bell });
    expect(byId.json<Array<{ _id: string }>>().map((a) => a._id)).toEqual([ids.poster, ids.violin]);
    // Every auction without a limit: no header, as before.
    const all = await get(app, '/api/auction', { cookie: seller.token });
    expect(all.json()).toHaveLength(6);
    expect(all.headers['x-next-cursor']).toBeUndefined();
  });

  test('400 naming the allowed values for an unknown status or sort; 400 for a cursor this list did not hand out', async ({
    app,
    deps,
  }) => {
    const { seller } = await catalogue(deps);
    const badStatus = await list(app, seller.token, { status: 'active' });
    expect(badStatus.statusCode).toBe(400);
    expect(expectErrorBody(badStatus).error).toBe('status must be one of all, scheduled, open, ended');
    const badSort = await list(app, seller.token, { sort: 'price' });
    expect(badSort.statusCode).toBe(400);
    expect(expectErrorBody(badSort).error).toBe('sort must be one of newest, ending, price_asc, price_desc, bids');

    const priceCursor = String((await list(app, seller.token, { sort: 'price_asc', limit: 1 })).headers['x-next-cursor']);
    for (const [sort, cursor] of [
      ['bids', priceCursor],
      ['newest', priceCursor],
      ['price_asc', 'bm9wZQ'],
      ['price_asc', 'not a cursor!'],
    ]) {
      const res = await list(app, seller.token, { sort: sort!, limit: 2, cursor: cursor! });
      expect(res.statusCode, `${sort} ${cursor}`).toBe(400);
      expect(expectErrorBody(res).error).toBe('Invalid cursor');
    }
  });
});

describe('auction.list over tRPC', () => {
  test('the same search, filters and sorts: {items, total, nextCursor}', async ({ deps }) => {
    const { seller, namesOf } = await catalogue(deps);
    const first = await seller.caller.auction.list({ q: 'bic', sort: 'price_asc', limit: 1 });
    expect(namesOf(first.items)).toEqual(['bell']);
    expect(first.total).toBe(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await seller.caller.auction.list({ q: 'bic', sort: 'price_asc', limit: 1, cursor: first.nextCursor });
    expect(namesOf(second.items)).toEqual(['racingBike']);
    expect(second.nextCursor).toBeNull();

    const ended = await seller.caller.auction.list({ status: 'ended', sort: 'bids' });
    expect(namesOf(ended.items)).toEqual(['poster']);
    expect(ended.total).toBe(1);
    const filtered = await seller.caller.auction.list({ q: 'cafe', category: 'Home & Garden', status: 'open', sort: 'ending' });
    expect(namesOf(filtered.items)).toEqual(['cafetiere', 'cafeTable']);
    expect(filtered.total).toBe(2);
  });

  test('BAD_REQUEST naming the allowed values', async ({ deps }) => {
    const { seller } = await catalogue(deps);
    const badSort = await failure(seller.caller.auction.list({ sort: 'cheapest' as AuctionSort }));
    expect(badSort).toMatchObject({ code: 'BAD_REQUEST', message: 'sort must be one of newest, ending, price_asc, price_desc, bids' });
    const badStatus = await failure(seller.caller.auction.list({ status: 'active' as 'open' }));
    expect(badStatus).toMatchObject({ code: 'BAD_REQUEST', message: 'status must be one of all, scheduled, open, ended' });
  });
});

describe('a search with many matches', () => {
  test('made again, it finds what was listed, cancelled and listed again, or renamed since it was last made', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    await insertManyAuctions(deps, seller.id, 520, 'Brass lamp');
    const top = async () =>
      (await list(app, seller.token, { q: 'brass', sort: 'price_desc', limit: 3 }))
        .json<Array<{ itemName: string }>>()
        .map((a) => a.itemName);
    const spoon = await insertItem(deps, seller.id, {
      itemName: 'Silver spoon',
      itemDescription: 'Hallmarked',
      category: 'Other',
      price: 300,
      bidsCount: 0,
      endsIn: 3,
    });
    expect(await top()).toEqual(['Lot 519', 'Lot 518', 'Lot 517']);

    const candlestick = await insertItem(deps, seller.id, {
      itemName: 'Brass candlestick',
      itemDescription: 'A pair',
      category: 'Other',
      price: 500,
      bidsCount: 0,
      endsIn: 3,
    });
    expect(await top()).toEqual(['Brass candlestick', 'Lot 519', 'Lot 518']);
    await deps.sql('update auctions set cancelled_at = $1 where id = $2', [new Date(deps.now()), Number(candlestick)]);
    expect(await top()).toEqual(['Lot 519', 'Lot 518', 'Lot 517']);
    await deps.sql('update auctions set cancelled_at = null where id = $1', [Number(candlestick)]);
    expect(await top()).toEqual(['Brass candlestick', 'Lot 519', 'Lot 518']);

    await deps.sql('update auctions set item_name = $1 where id = $2', ['Brass spoon', Number(spoon)]);
    expect(await top()).toEqual(['Brass candlestick', 'Brass spoon', 'Lot 519']);
    await deps.sql('update auctions set item_name = $1 where id = $2', ['Silver spoon', Number(spoon)]);
    expect(await top()).toEqual(['Brass candlestick', 'Lot 519', 'Lot 518']);
  });

  test('walks each sort’s index and still pages every match once, in order', async ({ deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const now = deps.now();
    const rows: Array<{ id: string; price: number; bids: number; ends: number }> = [];
    // More matches than the store sorts by reading them all, with many ties, and one auction that does not match.
    for (let i = 0; i < 520; i++) {
      const price = 10 + ((i * 7) % 40);
      const bids = (i * 3) % 5;
      const ends = now + (1 + (i % 6)) * DAY_MS;
      const row = await deps.store.auctions.insert({
        sellerId: seller.id,
        itemName: `Lamp ${i}`,
        itemDescription: 'Brass',
        itemCategory: 'Other',
        startingPrice: price,
        currentPrice: price,
        bidsCount: bids,
        photo: null,
        startsAt: new Date(now - DAY_MS),
        endsAt: new Date(ends),
        createdAt: new Date(now),
      });
      rows.push({ id: String(row.id), price, bids, ends });
    }
    await insertItem(deps, seller.id, CATALOGUE.violin);
    const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);
    const expected: Record<AuctionSort, typeof rows> = {
      newest: [...rows].sort((a, b) => byId(b, a)),
      ending: [...rows].sort((a, b) => a.ends - b.ends || byId(a, b)),
      price_asc: [...rows].sort((a, b) => a.price - b.price || byId(a, b)),
      price_desc: [...rows].sort((a, b) => b.price - a.price || byId(b, a)),
      bids: [...rows].sort((a, b) => b.bids - a.bids || byId(b, a)),
    };
    for (const sort of AUCTION_SORTS) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await seller.caller.auction.list({ q: 'lamp brass', sort, limit: 100, cursor });
        if (cursor === null) expect(page.total).toBe(520);
        seen.push(...page.items.map((a) => a._id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen, sort).toEqual(expected[sort].map((row) => row.id));
    }
  });
});
