// The auction router through createCaller: every create rule and refusal, the reads, and bidding.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { AUCTION_PAGE_MAX, AUCTION_PAGE_SIZE } from '../../src/shared/schemas/auction';
import { CATEGORIES, DAY_MS } from '../../src/shared/constants';
import type { Caller } from '../../src/server/trpc/router';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import {
  FAKE_PNG,
  SVG,
  TEXT,
  auctionForm,
  fileOf,
  image,
  insertAuction,
  insertAuctionsInOrder,
  plainDate,
  pngOfSize,
  storedName,
  uploads,
  type FormValues,
} from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { rowsIn } from '../support/sql';

async function create(deps: TestDeps, caller: Caller, overrides: FormValues = {}) {
  return (await caller.auction.create(await auctionForm(deps.now(), overrides))).newAuction;
}

async function setup(deps: TestDeps) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const bidder = await signedInUser(deps, 'Bob Bidder');
  return { seller, bidder };
}

describe('auction.create', () => {
  test('creates an auction with the server-made fields and stores the photo with its card copy', async ({ deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const result = await seller.caller.auction.create(await auctionForm(deps.now()));
    expect(result.message).toMatch(/created/i);
    const a = result.newAuction;
    expect(a).toMatchObject({
      _id: expect.any(String),
      itemName: 'Brass desk lamp',
      itemCategory: 'Home & Garden',
      startingPrice: 10,
      currentPrice: 10,
      bidsCount: 0,
      seller: { _id: seller.user._id, name: 'Sally Seller' },
      sellerName: 'Sally Seller',
      itemStartDate: new Date(deps.now()).toISOString(),
      itemEndDate: `${plainDate(deps.now(), 7)}T23:59:59.999Z`,
      bids: [],
    });
    expect(a.timeLeft).toBe(Date.parse(a.itemEndDate) - deps.now());
    expect(a.itemPhoto).toMatch(/^http:\/\/localhost:3000\/uploads\/[\w-]+\.png$/);
    expect(uploads(deps)).toHaveLength(2);
    expect(existsSync(join(deps.settings.UPLOAD_DIR, storedName(a.itemPhoto)))).toBe(true);
    const card = join(deps.settings.UPLOAD_DIR, storedName(a.itemPhotoCard));
    expect(await sharp(card).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect((await seller.caller.auction.byId({ id: a._id })).itemName).toBe('Brass desk lamp');
  });

  test.for([
    ['itemName', 'Item name is required'],
    ['itemDescription', 'Description is required'],
    ['itemCategory', 'Please choose a category from the list'],
    ['startingPrice', 'Starting price is required'],
    ['itemStartDate', 'Start date is required'],
    ['itemEndDate', 'End date is required'],
    ['itemPhoto', 'Please upload an image.'],
  ] as const)('without %s: BAD_REQUEST "%s", nothing stored', async ([field, message], { deps }) => {
    const { seller } = await setup(deps);
    const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { [field]: undefined })));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toBe(message);
    expect(refused.issues).toEqual([{ path: field, message }]);
    expect(await rowsIn(deps, 'auctions')).toBe(0);
    expect(uploads(deps)).toEqual([]);
  });

  test('blank text counts as missing', async ({ deps }) => {
    const { seller } = await setup(deps);
    const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemName: '   ', itemDescription: ' ' })));
    expect(refused.issues).toEqual([
      { path: 'itemName', message: 'Item name is required' },
      { path: 'itemDescription', message: 'Description is required' },
    ]);
  });

  test('an empty file (a form submitted without choosing one) is a missing photo', async ({ deps }) => {
    const { seller } = await setup(deps);
    const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemPhoto: fileOf(Buffer.alloc(0), '') })));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'Please upload an image.' });
  });

  test('the category must be one of the list; every listed one is accepted', async ({ deps }) => {
    const { seller } = await setup(deps);
    const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemCategory: 'Weapons' })));
    expect(refused.issues).toEqual([{ path: 'itemCategory', message: 'Please choose a category from the list' }]);
    expect((await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemCategory: 'art' })))).code).toBe('BAD_REQUEST');
    for (const category of ['Electronics', 'Musical Instruments', 'Other']) {
      expect((await create(deps, seller.caller, { itemCategory: category })).itemCategory).toBe(category);
    }
  });

  test.for([
    ['0', 'Starting price must be at least $1'],
    ['-5', 'Starting price must be a whole number of dollars'],
    ['12.5', 'Starting price must be a whole number of dollars'],
    ['1e2', 'Starting price must be a whole number of dollars'],
    ['ten', 'Starting price must be a whole number of dollars'],
  ])('starting price %j is refused: %s', async ([startingPrice, message], { deps }) => {
    const { seller } = await setup(deps);
    const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { startingPrice })));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await rowsIn(deps, 'auctions')).toBe(0);
  });

  test('a starting price of 1 is the minimum accepted', async ({ deps }) => {
    const { seller } = await setup(deps);
    expect(await create(deps, seller.caller, { startingPrice: '1' })).toMatchObject({ startingPrice: 1, currentPrice: 1 });
  });

  describe('dates, checked against the server clock', () => {
    test.for([
      ['a start yesterday', -1, 3, 'itemStartDate', 'Start date cannot be in the past.'],
      ['a start 16 days ahead', 16, 18, 'itemStartDate', 'Start date must be within 15 days from today.'],
      ['an end 16 days after the start', 2, 18, 'itemEndDate', 'End date must be at most 15 days after the start date.'],
    ] as const)('%s is refused', async ([_label, startDays, endDays, path, message], { deps }) => {
      const { seller } = await setup(deps);
      const form = await auctionForm(deps.now(), {
        itemStartDate: plainDate(deps.now(), startDays),
        itemEndDate: plainDate(deps.now(), endDays),
      });
      const refused = await failure(seller.caller.auction.create(form));
      expect(refused).toEqual({ code: 'BAD_REQUEST', message, issues: [{ path, message }] });
      expect(await rowsIn(deps, 'auctions')).toBe(0);
      expect(uploads(deps)).toEqual([]);
    });

    test('an end already past is refused: start today 00:00Z, end 00:01Z, created later that day', async ({ deps }) => {
      const { seller } = await setup(deps);
      const today = plainDate(deps.now());
      const form = await auctionForm(deps.now(), { itemStartDate: `${today}T00:00:00Z`, itemEndDate: `${today}T00:01:00Z` });
      const refused = await failure(seller.caller.auction.create(form));
      const message = 'End date must be in the future.';
      expect(refused).toEqual({ code: 'BAD_REQUEST', message, issues: [{ path: 'itemEndDate', message }] });
      expect(await rowsIn(deps, 'auctions')).toBe(0);
      expect(uploads(deps)).toEqual([]);
    });

    test('an end equal to the start is refused', async ({ deps }) => {
      const { seller } = await setup(deps);
      const when = new Date(deps.now() + DAY_MS).toISOString();
      const refused = await failure(
        seller.caller.auction.create(await auctionForm(deps.now(), { itemStartDate: when, itemEndDate: when })),
      );
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'End date must be after start date.' });
    });

    test('a start 15 days ahead with an end 15 days after it is accepted; plain dates map to instants', async ({ deps }) => {
      const { seller } = await setup(deps);
      const a = await create(deps, seller.caller, { itemStartDate: plainDate(deps.now(), 15), itemEndDate: plainDate(deps.now(), 30) });
      expect(a.itemStartDate).toBe(`${plainDate(deps.now(), 15)}T00:00:00.000Z`);
      expect(a.itemEndDate).toBe(`${plainDate(deps.now(), 30)}T23:59:59.999Z`);
    });

    test('a full timestamp earlier today is stored as sent', async ({ deps }) => {
      const { seller } = await setup(deps);
      const earlier = new Date(deps.now() - 3 * 60 * 60 * 1000).toISOString();
      expect((await create(deps, seller.caller, { itemStartDate: earlier })).itemStartDate).toBe(earlier);
    });

    test('the rules follow the clock: what was today becomes the past', async ({ deps }) => {
      const { seller } = await setup(deps);
      const today = plainDate(deps.now());
      deps.clock.advance(DAY_MS);
      const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemStartDate: today })));
      expect(refused.message).toBe('Start date cannot be in the past.');
    });
  });

  describe('the photo is recognised by its bytes', () => {
    test.for(['png', 'jpeg', 'webp', 'gif'] as const)('a real %s is accepted and stored with its card copy', async (kind, { deps }) => {
      const { seller } = await setup(deps);
      const a = await create(deps, seller.caller, { itemPhoto: fileOf(await image(kind), `photo.${kind}`, `image/${kind}`) });
      const ext = kind === 'jpeg' ? 'jpg' : kind;
      const name = storedName(a.itemPhoto);
      expect(name).toMatch(new RegExp(`^[\\w-]+\\.${ext}$`));
      expect(uploads(deps)).toEqual([name.replace(`.${ext}`, '.card.webp'), name].sort());
      expect((await sharp(join(deps.settings.UPLOAD_DIR, name)).metadata()).format).toBe(kind);
    });

    test('the declared name and type do not matter: a JPEG sent as "photo.txt" is a JPEG', async ({ deps }) => {
      const { seller } = await setup(deps);
      const a = await create(deps, seller.caller, { itemPhoto: fileOf(await image('jpeg'), 'photo.txt', 'text/plain') });
      expect(a.itemPhoto).toMatch(/\.jpg$/);
    });

    test.for([
      ['a text file renamed .png', TEXT, 'notes.png', 'image/png'],
      ['an SVG', SVG, 'drawing.svg', 'image/svg+xml'],
      ['a PNG header followed by HTML', FAKE_PNG, 'trick.png', 'image/png'],
    ] as const)('%s is UNSUPPORTED_MEDIA_TYPE and leaves nothing behind', async ([_label, bytes, name, type], { deps }) => {
      const { seller } = await setup(deps);
      const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemPhoto: fileOf(bytes, name, type) })));
      expect(refused).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only image files are allowed.' });
      expect(uploads(deps)).toEqual([]);
      expect(await rowsIn(deps, 'auctions')).toBe(0);
    });

    test('5 MiB + 1 byte is PAYLOAD_TOO_LARGE and leaves nothing behind; exactly 5 MiB is accepted', async ({ deps }) => {
      const { seller } = await setup(deps);
      const tooBig = await pngOfSize(5 * 1024 * 1024 + 1);
      const refused = await failure(seller.caller.auction.create(await auctionForm(deps.now(), { itemPhoto: fileOf(tooBig, 'big.png') })));
      expect(refused).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File size must be less than 5 MB.' });
      expect(uploads(deps)).toEqual([]);
      expect(await rowsIn(deps, 'auctions')).toBe(0);
      const limit = await create(deps, seller.caller, { itemPhoto: fileOf(await pngOfSize(5 * 1024 * 1024), 'limit.png') });
      expect(uploads(deps)).toHaveLength(2);
      expect(limit.itemPhoto).toMatch(/\.png$/);
    });
  });

  test('fields a client sets for itself are ignored: prices, counts and seller are the server’s', async ({ deps }) => {
    const { seller, bidder } = await setup(deps);
    const a = await create(deps, seller.caller, {
      currentPrice: '999',
      bidsCount: '42',
      seller: bidder.user._id,
      sellerId: bidder.user._id,
      sellerName: 'Bob Bidder',
    });
    expect(a).toMatchObject({
      currentPrice: 10,
      bidsCount: 0,
      seller: { _id: seller.user._id, name: 'Sally Seller' },
      sellerName: 'Sally Seller',
    });
    const row = await deps.store.auctions.byId(Number(a._id));
    expect(row).toMatchObject({ sellerId: Number(seller.user._id), currentPrice: 10, bidsCount: 0 });
  });

  test('signed out: UNAUTHORIZED', async ({ deps }) => {
    const refused = await failure(anonymousCaller(deps).auction.create(await auctionForm(deps.now())));
    expect(refused.code).toBe('UNAUTHORIZED');
    expect(uploads(deps)).toEqual([]);
  });
});

describe('reads', () => {
  test('list: newest first; without a limit one page of 20, never the whole table', async ({ deps }) => {
    const { seller } = await setup(deps);
    const ids = await insertAuctionsInOrder(
      deps,
      Number(seller.user._id),
      Array.from({ length: 130 }, (_, i) => ({ itemName: `Item ${i}` })),
    );
    const first = await seller.caller.auction.list();
    expect(first.items.map((a) => a._id)).toEqual([...ids].reverse().slice(0, AUCTION_PAGE_SIZE));
    expect(first.total).toBe(130);
    expect(first.nextCursor).toBe(first.items.at(-1)!._id);
    expect(first.items[0]).toMatchObject({ itemName: 'Item 129', sellerName: 'Sally Seller', bids: [] });
    await expect(seller.caller.auction.list({ limit: AUCTION_PAGE_MAX + 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('list: category filter, and limit + cursor pages through without gaps or repeats', async ({ deps }) => {
    const { seller } = await setup(deps);
    const sellerId = Number(seller.user._id);
    const art = await insertAuctionsInOrder(
      deps,
      sellerId,
      [1, 2, 3, 4, 5].map((i) => ({ category: 'Art', itemName: `Art ${i}` })),
    );
    await insertAuction(deps, sellerId, { category: 'Books' });
    const onlyArt = await seller.caller.auction.list({ category: 'Art' });
    expect(onlyArt.items.map((a) => a._id)).toEqual([...art].reverse());
    expect(onlyArt.items.every((a) => a.itemCategory === 'Art')).toBe(true);

    const first = await seller.caller.auction.list({ category: 'Art', limit: 2 });
    expect(first.items.map((a) => a._id)).toEqual([art[4], art[3]]);
    expect(first.nextCursor).toBe(art[3]);
    const second = await seller.caller.auction.list({ category: 'Art', limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((a) => a._id)).toEqual([art[2], art[1]]);
    const third = await seller.caller.auction.list({ category: 'Art', limit: 2, cursor: second.nextCursor! });
    expect(third.items.map((a) => a._id)).toEqual([art[0]]);
    expect(third.nextCursor).toBeNull();
    expect((await failure(seller.caller.auction.list({ category: 'Weapons' as never }))).code).toBe('BAD_REQUEST');
    expect((await failure(seller.caller.auction.list({ limit: 0 }))).code).toBe('BAD_REQUEST');
  });

  test('categories: only those present, in the order of the category list', async ({ deps }) => {
    const { seller } = await setup(deps);
    expect(await seller.caller.auction.categories()).toEqual([]);
    for (const category of ['Toys', 'Art', 'Electronics', 'Art', 'Books'] as const)
      await insertAuction(deps, Number(seller.user._id), { category });
    const present = await seller.caller.auction.categories();
    expect(present).toEqual(['Electronics', 'Art', 'Books', 'Toys']);
    expect([...present].sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b))).toEqual(present);
  });

  test('mine: only the caller’s auctions, newest first', async ({ deps }) => {
    const { seller, bidder } = await setup(deps);
    const a1 = await insertAuction(deps, Number(seller.user._id));
    await insertAuction(deps, Number(bidder.user._id));
    const a2 = await insertAuction(deps, Number(seller.user._id));
    expect((await seller.caller.auction.mine()).items.map((a) => a._id)).toEqual([a2, a1]);
    expect((await bidder.caller.auction.mine()).items.every((a) => a.seller._id === bidder.user._id)).toBe(true);
    expect(await (await signedInUser(deps, 'Nobody')).caller.auction.mine()).toEqual({ items: [], total: 0, nextCursor: null });
  });

  test('stats: counts, active (open) by the clock, the 3 newest active and the caller’s 3 newest', async ({ deps }) => {
    const { seller, bidder } = await setup(deps);
    const s = Number(seller.user._id);
    const b = Number(bidder.user._id);
    const now = deps.now();
    const endsSoon = await insertAuction(deps, s, { endsAt: now + 60_000 });
    const s2 = await insertAuction(deps, s);
    const ended = await insertAuction(deps, s, { startsAt: now - 5 * DAY_MS, endsAt: now - 1 });
    const b1 = await insertAuction(deps, b);
    const notStarted = await insertAuction(deps, b, { startsAt: now + 2 * DAY_MS, endsAt: now + 4 * DAY_MS });
    const endsNow = await insertAuction(deps, s, { startsAt: now - DAY_MS, endsAt: now });

    const stats = await seller.caller.auction.stats();
    expect(stats.totalAuctions).toBe(6);
    expect(stats.activeAuctions).toBe(3); // endsSoon, s2, b1: one not started yet is not active, and an end at now is over
    expect(stats.userAuctionCount).toBe(4);
    expect(stats.latestAuctions.map((a) => a._id)).toEqual([b1, s2, endsSoon]);
    expect(stats.latestAuctions.map((a) => a._id)).not.toContain(notStarted);
    expect(stats.latestUserAuctions.map((a) => a._id)).toEqual([endsNow, ended, s2]);

    expect((await bidder.caller.auction.stats()).userAuctionCount).toBe(2);

    deps.clock.advance(60_000);
    const later = await seller.caller.auction.stats();
    expect(later.activeAuctions).toBe(2);
    expect(later.latestAuctions.map((a) => a._id)).not.toContain(endsSoon);
  });

  test('byId: the auction with its bids newest first and bidder names; NOT_FOUND for unknown and malformed ids', async ({ deps }) => {
    const { seller, bidder } = await setup(deps);
    const other = await signedInUser(deps, 'Olga Other');
    const id = await insertAuction(deps, Number(seller.user._id), { startingPrice: 10 });
    await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 12 });
    deps.clock.advance(1000);
    await other.caller.auction.placeBid({ auctionId: id, bidAmount: 15 });
    const a = await seller.caller.auction.byId({ id });
    expect(a).toMatchObject({ _id: id, currentPrice: 15, bidsCount: 2, winner: null, myMaxBid: null });
    expect(a.bids).toEqual([
      {
        _id: expect.any(String),
        bidder: { _id: other.user._id, name: 'Olga Other' },
        bidAmount: 15,
        bidTime: new Date(deps.now()).toISOString(),
        auto: false,
        buyNow: false,
      },
      {
        _id: expect.any(String),
        bidder: { _id: bidder.user._id, name: 'Bob Bidder' },
        bidAmount: 12,
        bidTime: new Date(deps.now() - 1000).toISOString(),
        auto: false,
        buyNow: false,
      },
    ]);
    for (const missing of ['999', 'abc', '1; drop table auctions', '-1']) {
      const refused = await failure(seller.caller.auction.byId({ id: missing }));
      expect(refused.code, missing).toBe('NOT_FOUND');
      expect(refused.message).toBe('Auction not found');
    }
  });

  test('live: public; only started and not ended ones, at most 3, newest first', async ({ deps }) => {
    const { seller } = await setup(deps);
    const s = Number(seller.user._id);
    const now = deps.now();
    const open = await insertAuctionsInOrder(deps, s, Array(4).fill({ startsAt: now - DAY_MS }));
    await insertAuction(deps, s, { startsAt: now + DAY_MS, endsAt: now + 3 * DAY_MS });
    await insertAuction(deps, s, { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS });
    const live = await anonymousCaller(deps).auction.live();
    expect(live.map((a) => a._id)).toEqual([open[3], open[2], open[1]]);
  });

  test('live: an auction starting exactly now counts, one ending exactly now does not', async ({ deps }) => {
    const { seller } = await setup(deps);
    const s = Number(seller.user._id);
    const now = deps.now();
    const startsNow = await insertAuction(deps, s, { startsAt: now });
    await insertAuction(deps, s, { startsAt: now - DAY_MS, endsAt: now });
    expect((await anonymousCaller(deps).auction.live()).map((a) => a._id)).toEqual([startsNow]);
  });

  test('every read but live needs a session', async ({ deps }) => {
    const anon = anonymousCaller(deps);
    for (const call of [
      anon.auction.list(),
      anon.auction.mine(),
      anon.auction.stats(),
      anon.auction.categories(),
      anon.auction.byId({ id: '1' }),
    ]) {
      expect((await failure(call)).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('auction.placeBid', () => {
  async function open(deps: TestDeps, startingPrice = 10) {
    const made = await setup(deps);
    const id = await insertAuction(deps, Number(made.seller.user._id), { startingPrice });
    return { ...made, id };
  }

  test('signed out: UNAUTHORIZED; the seller: FORBIDDEN; unknown auction: NOT_FOUND', async ({ deps }) => {
    const { seller, bidder, id } = await open(deps);
    expect((await failure(anonymousCaller(deps).auction.placeBid({ auctionId: id, bidAmount: 11 }))).code).toBe('UNAUTHORIZED');
    const own = await failure(seller.caller.auction.placeBid({ auctionId: id, bidAmount: 11 }));
    expect(own).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot bid on your own auction.' });
    expect((await failure(bidder.caller.auction.placeBid({ auctionId: '999', bidAmount: 11 }))).code).toBe('NOT_FOUND');
    expect((await failure(bidder.caller.auction.placeBid({ auctionId: 'abc', bidAmount: 11 }))).code).toBe('NOT_FOUND');
    expect((await bidder.caller.auction.byId({ id })).bidsCount).toBe(0);
  });

  test('before the start and at or after the end: BAD_REQUEST saying which', async ({ deps }) => {
    const { seller, bidder } = await setup(deps);
    const now = deps.now();
    const id = await insertAuction(deps, Number(seller.user._id), { startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS });
    const early = await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 11 }));
    expect(early.code).toBe('BAD_REQUEST');
    expect(early.message).toMatch(/not started/i);

    deps.clock.set(now + DAY_MS);
    expect((await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 11 })).auction.currentPrice).toBe(11);

    deps.clock.set(now + 2 * DAY_MS - 1);
    const last = await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 12 });
    expect(last.auction.currentPrice).toBe(12);
    // A bid in the last seconds moves the end (soft close): the end that counts is the new one.
    const end = Date.parse(last.auction.itemEndDate);
    expect(end).toBe(now + 2 * DAY_MS - 1 + deps.settings.SOFT_CLOSE_SECONDS * 1000);

    deps.clock.set(end);
    const late = await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 13 }));
    expect(late.code).toBe('BAD_REQUEST');
    expect(late.message).toMatch(/ended/i);
    deps.clock.advance(DAY_MS);
    expect((await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 13 }))).message).toMatch(/ended/i);
    expect((await bidder.caller.auction.byId({ id })).bidsCount).toBe(2);
  });

  test('the first bid is at least the starting price + 1 and at most + 10', async ({ deps }) => {
    const { bidder, id } = await open(deps, 10);
    for (const amount of [10, 9, 21]) {
      const refused = await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: amount }));
      expect(refused.code, String(amount)).toBe('BAD_REQUEST');
      expect(refused.message).toContain('current price is $10');
      expect(refused.message).toContain('$11');
      expect(refused.message).toContain('$20');
    }
    const placed = await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 11 });
    expect(placed.message).toMatch(/bid placed/i);
    expect(placed.bid).toMatchObject({ bidAmount: 11, bidder: { name: 'Bob Bidder' } });
    expect(placed.auction).toMatchObject({ currentPrice: 11, bidsCount: 1 });
  });

  test('current + 1 and current + 10 are accepted; current and current + 11 refused naming the current price', async ({ deps }) => {
    const { bidder, id } = await open(deps, 100);
    const other = await signedInUser(deps, 'Olga Other');
    expect((await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 101 })).auction.currentPrice).toBe(101);
    expect((await other.caller.auction.placeBid({ auctionId: id, bidAmount: 111 })).auction.currentPrice).toBe(111);
    for (const amount of [111, 122]) {
      const refused = await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: amount }));
      expect(refused.code).toBe('BAD_REQUEST');
      expect(refused.message).toContain('current price is $111');
    }
    const a = await bidder.caller.auction.byId({ id });
    expect(a).toMatchObject({ currentPrice: 111, bidsCount: 2 });
    expect(a.bids.map((b) => b.bidAmount)).toEqual([111, 101]);
  });

  test('a string amount of digits is accepted; fractions and other forms are refused before any check', async ({ deps }) => {
    const { bidder, id } = await open(deps, 10);
    expect((await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: '15' as never })).auction.currentPrice).toBe(15);
    for (const bad of [16.5, '16.5', '1e1', '', true, [16], {}, null]) {
      const refused = await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: bad as never }));
      expect(refused.code, JSON.stringify(bad)).toBe('BAD_REQUEST');
      expect(refused.issues?.[0]?.path).toBe('bidAmount');
    }
  });

  test('a bidder may raise their own highest bid', async ({ deps }) => {
    const { bidder, id } = await open(deps, 10);
    await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 11 });
    const again = await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 20 });
    expect(again.auction).toMatchObject({ currentPrice: 20, bidsCount: 2 });
    expect(again.auction.bids.every((b) => b.bidder._id === bidder.user._id)).toBe(true);
  });

  test('requestKey: the same key twice counts once and answers with the same bid', async ({ deps }) => {
    const { bidder, id } = await open(deps, 10);
    deps.clock.advance(500);
    const first = await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 12, requestKey: 'submit-0001' });
    deps.clock.advance(5000);
    const second = await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 12, requestKey: 'submit-0001' });
    expect(second.bid).toEqual(first.bid);
    expect(second.auction).toMatchObject({ currentPrice: 12, bidsCount: 1 });
    expect(await rowsIn(deps, 'bids')).toBe(1);
  });

  test('requestKey: the same key for another amount or auction is CONFLICT; other bidders’ keys are theirs', async ({ deps }) => {
    const { seller, bidder, id } = await open(deps, 10);
    const other = await signedInUser(deps, 'Olga Other');
    await bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 12, requestKey: 'submit-0002' });
    const conflict = await failure(bidder.caller.auction.placeBid({ auctionId: id, bidAmount: 13, requestKey: 'submit-0002' }));
    expect(conflict.code).toBe('CONFLICT');
    const id2 = await insertAuction(deps, Number(seller.user._id), { startingPrice: 12 });
    expect((await failure(bidder.caller.auction.placeBid({ auctionId: id2, bidAmount: 12, requestKey: 'submit-0002' }))).code).toBe(
      'CONFLICT',
    );
    // Another bidder may use the same key.
    expect((await other.caller.auction.placeBid({ auctionId: id, bidAmount: 14, requestKey: 'submit-0002' })).auction.bidsCount).toBe(2);
    expect((await bidder.caller.auction.byId({ id })).bids.map((b) => b.bidAmount)).toEqual([14, 12]);
  });
});
