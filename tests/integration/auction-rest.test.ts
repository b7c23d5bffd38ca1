// The auction routes of REST (docs/rules/auctions.md, docs/rules/bidding.md) through app.inject:
// statuses, shapes, string amounts, plain dates, the multipart create with its photo limits, the
// /api/api family and the stored photo's headers.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { anonymousCaller, callerFor, failure, signedInUser } from '../support/accounts';
import {
  SVG,
  TEXT,
  auctionForm,
  fileOf,
  image,
  insertAuction,
  insertAuctionsInOrder,
  plainDate,
  pngOfSize,
  uploads,
  type FormValues,
} from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, postForm } from '../support/http';
import { rowsIn } from '../support/sql';

const bid = (app: FastifyInstance, id: string, body: unknown, sid?: string) => post(app, `/api/auction/${id}`, body, { cookie: sid });

async function createVia(app: FastifyInstance, now: number, sid: string | undefined, overrides: FormValues = {}) {
  const form = await auctionForm(now, overrides);
  return postForm(app, '/api/auction', form, { cookie: sid });
}

const AUCTION_KEYS = [
  '_id',
  'itemName',
  'itemDescription',
  'itemCategory',
  'startingPrice',
  'currentPrice',
  'itemPhoto',
  'itemStartDate',
  'itemEndDate',
  'seller',
  'sellerName',
  'bidsCount',
  'timeLeft',
  'status',
  'winner',
  'myMaxBid',
  'watching',
  'bids',
];

function expectAuctionShape(a: Record<string, unknown>) {
  for (const key of AUCTION_KEYS) expect(a, key).toHaveProperty(key);
  expect(typeof a._id).toBe('string');
  expect(Number.isInteger(a.startingPrice)).toBe(true);
  expect(Number.isInteger(a.currentPrice)).toBe(true);
  expect(Number.isInteger(a.bidsCount)).toBe(true);
  expect(typeof a.timeLeft).toBe('number');
  expect(a.itemStartDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(a.itemEndDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(a.seller).toEqual({ _id: expect.any(String), name: expect.any(String) });
  expect(Array.isArray(a.bids)).toBe(true);
}

describe('POST /api/auction (multipart)', () => {
  test('201 {message, newAuction}; plain dates map to now and the end of the day; the price may be a string', async ({ app, deps }) => {
    const { token: sid, user } = await signedInUser(deps, 'Sally Seller');
    const now = deps.now();
    const res = await createVia(app, now, sid, { startingPrice: '125', itemStartDate: plainDate(now), itemEndDate: plainDate(now, 5) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'newAuction']);
    expect(body.message).toEqual(expect.any(String));
    expectAuctionShape(body.newAuction);
    expect(body.newAuction).toMatchObject({
      itemName: 'Brass desk lamp',
      startingPrice: 125,
      currentPrice: 125,
      bidsCount: 0,
      bids: [],
      seller: { _id: user._id, name: 'Sally Seller' },
      sellerName: 'Sally Seller',
      itemStartDate: new Date(now).toISOString(),
      itemEndDate: `${plainDate(now, 5)}T23:59:59.999Z`,
    });
    expect(plainDate(now)).toMatch(/^2026-/);
    expect(body.newAuction.timeLeft).toBe(Date.parse(body.newAuction.itemEndDate) - now);
    expect((await get(app, `/api/auction/${body.newAuction._id}`, { cookie: sid })).json().itemName).toBe('Brass desk lamp');
  });

  test('full timestamps are stored as sent, including a start earlier today; extra fields are ignored', async ({ app, deps }) => {
    const { token: sid, user } = await signedInUser(deps, 'Sally Seller');
    const now = deps.now();
    const startsAt = new Date(now - 2 * 60 * 60 * 1000).toISOString();
    const endsAt = new Date(now + 3 * DAY_MS + 1234).toISOString();
    const res = await createVia(app, now, sid, {
      itemStartDate: startsAt,
      itemEndDate: endsAt,
      currentPrice: '5000',
      bidsCount: '9',
      sellerId: '999',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().newAuction).toMatchObject({
      itemStartDate: startsAt,
      itemEndDate: endsAt,
      currentPrice: 10,
      bidsCount: 0,
      seller: { _id: user._id },
    });
  });

  test('400 with issues for a missing photo, a bad price and dates out of the rules; nothing stored', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps, 'Sally Seller');
    const now = deps.now();
    const cases: Array<[FormValues, string, string]> = [
      [{ itemPhoto: undefined }, 'itemPhoto', 'Please upload an image.'],
      [{ startingPrice: '12.5' }, 'startingPrice', 'Starting price must be a whole number of dollars'],
      [{ startingPrice: '0' }, 'startingPrice', 'Starting price must be at least $1'],
      [{ itemCategory: 'Weapons' }, 'itemCategory', 'Please choose a category from the list'],
      [{ itemStartDate: plainDate(now, -1) }, 'itemStartDate', 'Start date cannot be in the past.'],
      [
        { itemStartDate: plainDate(now, 16), itemEndDate: plainDate(now, 17) },
        'itemStartDate',
        'Start date must be within 15 days from today.',
      ],
      [
        { itemStartDate: '2026-06-03T10:00:00.000Z', itemEndDate: '2026-06-03T10:00:00.000Z' },
        'itemEndDate',
        'End date must be after start date.',
      ],
      [
        { itemStartDate: `${plainDate(now)}T00:00:00Z`, itemEndDate: `${plainDate(now)}T00:01:00Z` },
        'itemEndDate',
        'End date must be in the future.',
      ],
      [
        { itemStartDate: plainDate(now, 1), itemEndDate: plainDate(now, 17) },
        'itemEndDate',
        'End date must be at most 15 days after the start date.',
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await createVia(app, now, sid, overrides);
      expect(res.statusCode, message).toBe(400);
      const body = expectErrorBody(res);
      expect(body.error).toBe(message);
      expect(body.issues).toEqual([{ path, message }]);
    }
    expect(uploads(deps)).toEqual([]);
    expect(await rowsIn(deps, 'auctions')).toBe(0);
  });

  test('exactly 5,242,880 bytes is accepted; 5,242,881 is 413 and leaves nothing behind', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps, 'Sally Seller');
    const atLimit = await pngOfSize(5_242_880);
    expect((await sharp(atLimit).metadata()).format).toBe('png');
    const over = await pngOfSize(5_242_881);

    const refused = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(over, 'big.png', 'image/png') });
    expect(refused.statusCode).toBe(413);
    expect(expectErrorBody(refused).error).toBe('File size must be less than 5 MB.');
    expect(uploads(deps)).toEqual([]);
    expect(await rowsIn(deps, 'auctions')).toBe(0);

    const accepted = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(atLimit, 'limit.png', 'image/png') });
    expect(accepted.statusCode).toBe(201);
    const served = await get(app, accepted.json().newAuction.itemPhoto);
    expect(served.statusCode).toBe(200);
    // Stored re-encoded: the same picture without the padding.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 48, height: 32 });
    expect(served.rawPayload.length).toBeLessThan(5_242_880);
  });

  test.for([
    ['an SVG', SVG, 'drawing.svg', 'image/svg+xml'],
    ['a text file', TEXT, 'notes.txt', 'text/plain'],
    ['a text file named .jpg', TEXT, 'notes.jpg', 'image/jpeg'],
  ] as const)('415 for %s, nothing stored', async ([_label, bytes, name, type], { app, deps }) => {
    const { token: sid } = await signedInUser(deps, 'Sally Seller');
    const res = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(bytes, name, type) });
    expect(res.statusCode).toBe(415);
    expect(expectErrorBody(res).error).toBe('Only image files are allowed.');
    expect(uploads(deps)).toEqual([]);
    expect(await rowsIn(deps, 'auctions')).toBe(0);
  });

  test('a form sent without choosing a file (an empty file part) is 400 "Please upload an image."', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps, 'Sally Seller');
    const res = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(Buffer.alloc(0), '') });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res).error).toBe('Please upload an image.');
  });

  test('401 without a session, and nothing stored', async ({ app, deps }) => {
    const res = await createVia(app, deps.now(), undefined);
    expect(res.statusCode).toBe(401);
    expectErrorBody(res);
    expect(uploads(deps)).toEqual([]);
    expect(await rowsIn(deps, 'auctions')).toBe(0);
  });

  test('the stored photo is served with its type, nosniff and a long cache lifetime; its card copy too', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps, 'Sally Seller');
    const jpeg = await image('jpeg');
    const created = (await createVia(app, deps.now(), sid, { itemPhoto: fileOf(jpeg, 'photo.jpeg', 'image/jpeg') })).json().newAuction;
    const res = await get(app, created.itemPhoto);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/max-age=(\d{7,})/);
    expect(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1])).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 48, height: 32 });
    const card = await get(app, created.itemPhotoCard);
    expect(card.headers['content-type']).toBe('image/webp');
    expect((await get(app, '/uploads/no-such-photo.png')).statusCode).toBe(404);
  });
});

describe('reads', () => {
  test('GET /api/auction: an array, newest first, every auction without a limit; limit, cursor and category accepted', async ({
    app,
    deps,
  }) => {
    const { token: sid, user } = await signedInUser(deps, 'Sally Seller');
    const sellerId = Number(user._id);
    const ids = await insertAuctionsInOrder(
      deps,
      sellerId,
      Array.from({ length: 120 }, (_, i) => ({ category: i % 3 === 0 ? 'Art' : 'Books' })),
    );
    const all = await get(app, '/api/auction', { cookie: sid });
    expect(all.statusCode).toBe(200);
    const list = all.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((a: { _id: string }) => a._id)).toEqual([...ids].reverse());
    expectAuctionShape(list[0]);

    const page1 = (await get(app, '/api/auction?limit=10', { cookie: sid })).json();
    expect(page1.map((a: { _id: string }) => a._id)).toEqual([...ids].reverse().slice(0, 10));
    const page2 = (await get(app, `/api/auction?limit=10&cursor=${page1[9]._id}`, { cookie: sid })).json();
    expect(page2.map((a: { _id: string }) => a._id)).toEqual([...ids].reverse().slice(10, 20));
    const art = (await get(app, '/api/auction?category=Art', { cookie: sid })).json();
    expect(art).toHaveLength(40);
    expect(art.every((a: { itemCategory: string }) => a.itemCategory === 'Art')).toBe(true);
    const homeAndGarden = await get(app, `/api/auction?category=${encodeURIComponent('Home & Garden')}`, { cookie: sid });
    expect(homeAndGarden.json()).toEqual([]);
    const badLimit = await get(app, '/api/auction?limit=abc', { cookie: sid });
    expect(badLimit.statusCode).toBe(400);
    expectErrorBody(badLimit);
  });

  test('GET /api/auction/myauction: the seller’s own, newest first', async ({ app, deps }) => {
    const sally = await signedInUser(deps, 'Sally Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const s1 = await insertAuction(deps, Number(sally.user._id));
    await insertAuction(deps, Number(bob.user._id));
    const s2 = await insertAuction(deps, Number(sally.user._id));
    const res = await get(app, '/api/auction/myauction', { cookie: sally.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { _id: string }) => a._id)).toEqual([s2, s1]);
    expect((await get(app, '/api/auction/myauction', { cookie: bob.token })).json()).toHaveLength(1);
  });

  test('GET /api/auction/stats: {totalAuctions, activeAuctions, userAuctionCount, latestAuctions, latestUserAuctions}', async ({
    app,
    deps,
  }) => {
    const sally = await signedInUser(deps, 'Sally Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const now = deps.now();
    const s1 = await insertAuction(deps, Number(sally.user._id));
    const ended = await insertAuction(deps, Number(sally.user._id), { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS });
    const b1 = await insertAuction(deps, Number(bob.user._id));
    const b2 = await insertAuction(deps, Number(bob.user._id));
    const b3 = await insertAuction(deps, Number(bob.user._id));
    const res = await get(app, '/api/auction/stats', { cookie: sally.token });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(Object.keys(stats).sort()).toEqual([
      'activeAuctions',
      'latestAuctions',
      'latestUserAuctions',
      'totalAuctions',
      'userAuctionCount',
    ]);
    expect(stats).toMatchObject({ totalAuctions: 5, activeAuctions: 4, userAuctionCount: 2 });
    expect(stats.latestAuctions.map((a: { _id: string }) => a._id)).toEqual([b3, b2, b1]);
    expect(stats.latestUserAuctions.map((a: { _id: string }) => a._id)).toEqual([ended, s1]);
    expectAuctionShape(stats.latestAuctions[0]);
  });

  test('GET /api/auction/:id: the auction with its bids newest first; JSON 404 for unknown and malformed ids', async ({ app, deps }) => {
    const sally = await signedInUser(deps, 'Sally Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const id = await insertAuction(deps, Number(sally.user._id), { startingPrice: 20 });
    expect((await bid(app, id, { bidAmount: 25 }, bob.token)).statusCode).toBe(201);
    deps.clock.advance(60_000);
    expect((await bid(app, id, { bidAmount: 30 }, bob.token)).statusCode).toBe(201);
    const res = await get(app, `/api/auction/${id}`, { cookie: sally.token });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expectAuctionShape(a);
    expect(a).toMatchObject({ _id: id, startingPrice: 20, currentPrice: 30, bidsCount: 2 });
    expect(a.bids).toEqual([
      {
        _id: expect.any(String),
        bidder: { _id: bob.user._id, name: 'Bob Bidder' },
        bidAmount: 30,
        bidTime: new Date(deps.now()).toISOString(),
        auto: false,
        buyNow: false,
      },
      {
        _id: expect.any(String),
        bidder: { _id: bob.user._id, name: 'Bob Bidder' },
        bidAmount: 25,
        bidTime: new Date(deps.now() - 60_000).toISOString(),
        auto: false,
        buyNow: false,
      },
    ]);
    for (const missing of ['424242', 'not-an-id']) {
      const notFound = await get(app, `/api/auction/${missing}`, { cookie: sally.token });
      expect(notFound.statusCode).toBe(404);
      expect(notFound.headers['content-type']).toMatch(/application\/json/);
      expectErrorBody(notFound);
    }
  });
});

describe('POST /api/auction/:id {bidAmount}', () => {
  async function openAuction(deps: TestDeps, startingPrice = 10) {
    const sally = await signedInUser(deps, 'Sally Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const id = await insertAuction(deps, Number(sally.user._id), { startingPrice });
    return { sally, bob, id };
  }

  test('201 {message, auction, leading} for an integer and for a string of digits', async ({ app, deps }) => {
    const { bob, id } = await openAuction(deps, 115);
    const first = await bid(app, id, { bidAmount: 120 }, bob.token);
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['auction', 'leading', 'message']);
    expect(body).toMatchObject({ message: 'Bid placed successfully', leading: true });
    expectAuctionShape(body.auction);
    expect(body.auction).toMatchObject({ currentPrice: 120, bidsCount: 1, myMaxBid: 120 });
    expect(body.auction.bids).toEqual([
      expect.objectContaining({ bidAmount: 120, bidder: { _id: bob._id, name: 'Bob Bidder' }, auto: false }),
    ]);

    const asString = await bid(app, id, { bidAmount: '125' }, bob.token);
    expect(asString.statusCode).toBe(201);
    expect(asString.json().auction).toMatchObject({ currentPrice: 125, bidsCount: 2 });
    expect(asString.json().auction.bids[0].bidAmount).toBe(125);
  });

  test('400 for bidAmount 12.5, "12.5", "1e2", "", true, [15], {}, null, "15 dollars"; nothing stored', async ({ app, deps }) => {
    const { bob, id, sally } = await openAuction(deps, 10);
    for (const bidAmount of [12.5, '12.5', '1e2', '', true, [15], {}, null, '15 dollars', -11]) {
      const res = await bid(app, id, { bidAmount }, bob.token);
      expect(res.statusCode, JSON.stringify(bidAmount)).toBe(400);
      const body = expectErrorBody(res);
      expect(body.issues?.[0]?.path).toBe('bidAmount');
    }
    expect((await get(app, `/api/auction/${id}`, { cookie: sally.token })).json().bidsCount).toBe(0);
  });

  test('refuses as auction.placeBid does, refusal for refusal (the route calls the bid service itself)', async ({ app, deps }) => {
    const { sally, bob, id } = await openAuction(deps, 10);
    const STATUS: Record<string, number> = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };
    const cases: Array<[string, { token?: string; auctionId?: string; body: Record<string, unknown> }]> = [
      ['signed out', { body: { bidAmount: 11 } }],
      ['not a whole number', { token: bob.token, body: { bidAmount: 'ten' } }],
      ['no amount', { token: bob.token, body: {} }],
      ['out of range', { token: bob.token, body: { bidAmount: 99 } }],
      ['a maximum below the bid', { token: bob.token, body: { bidAmount: 15, maxBid: 12 } }],
      ['a request key too short', { token: bob.token, body: { bidAmount: 11, requestKey: 'short' } }],
      ['own auction', { token: sally.token, body: { bidAmount: 11 } }],
      ['unknown auction', { token: bob.token, auctionId: '424242', body: { bidAmount: 11 } }],
    ];
    for (const [name, { token, auctionId = id, body }] of cases) {
      const rest = await bid(app, auctionId, body, token);
      const caller = token ? await callerFor(deps, token) : anonymousCaller(deps);
      const viaTrpc = await failure(caller.auction.placeBid({ ...body, auctionId } as never));
      const { message, issues } = expectErrorBody(rest);
      expect({ status: rest.statusCode, message, issues }, name).toEqual({
        status: STATUS[viaTrpc.code],
        message: viaTrpc.message,
        issues: viaTrpc.issues,
      });
    }
    expect(await rowsIn(deps, 'bids')).toBe(0);
  });

  test('400 for a requestKey with a control character or a lone surrogate; nothing stored', async ({ app, deps }) => {
    const { bob, id, sally } = await openAuction(deps, 10);
    // A lone surrogate would be stored as U+FFFD, where another key with another one would meet it.
    for (const [requestKey, message] of [
      ['submit-\u0007-0001', 'requestKey cannot contain control characters'],
      ['submit-\ud800-0001', 'requestKey contains an invalid character'],
    ]) {
      const res = await bid(app, id, { bidAmount: 11, requestKey }, bob.token);
      expect(res.statusCode, JSON.stringify(requestKey)).toBe(400);
      expect(expectErrorBody(res).issues).toEqual([{ path: 'requestKey', message }]);
    }
    expect((await get(app, `/api/auction/${id}`, { cookie: sally.token })).json().bidsCount).toBe(0);
  });

  test('400 naming the current price when out of range; 400 for a missing amount', async ({ app, deps }) => {
    const { bob, id } = await openAuction(deps, 10);
    for (const amount of [10, 21]) {
      const res = await bid(app, id, { bidAmount: amount }, bob.token);
      expect(res.statusCode).toBe(400);
      expect(expectErrorBody(res).error).toContain('current price is $10');
    }
    const missing = await bid(app, id, {}, bob.token);
    expect(missing.statusCode).toBe(400);
    expect(expectErrorBody(missing).issues).toEqual([{ path: 'bidAmount', message: 'Bid amount is required' }]);
    expect((await bid(app, id, { bidAmount: 20 }, bob.token)).statusCode).toBe(201);
  });

  test('403 on one’s own auction; 404 for an unknown auction', async ({ app, deps }) => {
    const { sally, bob, id } = await openAuction(deps, 10);
    const own = await bid(app, id, { bidAmount: 11 }, sally.token);
    expect(own.statusCode).toBe(403);
    expect(expectErrorBody(own).error).toBe('You cannot bid on your own auction.');
    const unknown = await bid(app, '424242', { bidAmount: 11 }, bob.token);
    expect(unknown.statusCode).toBe(404);
    expectErrorBody(unknown);
  });

  test('400 once the auction has ended, and before it starts', async ({ app, deps }) => {
    const sally = await signedInUser(deps, 'Sally Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const now = deps.now();
    const future = await insertAuction(deps, Number(sally.user._id), { startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS });
    const early = await bid(app, future, { bidAmount: 11 }, bob.token);
    expect(early.statusCode).toBe(400);
    expect(expectErrorBody(early).error).toMatch(/not started/i);

    const endsSoon = await insertAuction(deps, Number(sally.user._id), { endsAt: now + 1000 });
    deps.clock.advance(1000);
    const late = await bid(app, endsSoon, { bidAmount: 11 }, bob.token);
    expect(late.statusCode).toBe(400);
    expect(expectErrorBody(late).error).toMatch(/ended/i);
    const detail = (await get(app, `/api/auction/${endsSoon}`, { cookie: bob.token })).json();
    expect(detail).toMatchObject({ timeLeft: 0, bidsCount: 0 });
  });
});

describe('the /api/api family', () => {
  test('GET /api/api/auction/show {auctions}, /api/api/auction/:id {auction}, /api/api/user/profile {user, products}', async ({
    app,
    deps,
  }) => {
    const sally = await signedInUser(deps, 'Sally Seller');
    const bob = await signedInUser(deps, 'Bob Bidder');
    const a1 = await insertAuction(deps, Number(sally.user._id));
    const a2 = await insertAuction(deps, Number(bob.user._id));

    const show = await get(app, '/api/api/auction/show', { cookie: sally.token });
    expect(show.statusCode).toBe(200);
    expect(Object.keys(show.json())).toEqual(['auctions']);
    expect(show.json().auctions.map((a: { _id: string }) => a._id)).toEqual([a2, a1]);

    const one = await get(app, `/api/api/auction/${a1}`, { cookie: sally.token });
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json())).toEqual(['auction']);
    expectAuctionShape(one.json().auction);
    expect(one.json().auction._id).toBe(a1);
    expect((await get(app, '/api/api/auction/424242', { cookie: sally.token })).statusCode).toBe(404);

    const profile = await get(app, '/api/api/user/profile', { cookie: sally.token });
    expect(profile.statusCode).toBe(200);
    expect(Object.keys(profile.json()).sort()).toEqual(['products', 'user']);
    expect(profile.json().user).toMatchObject({ _id: sally.user._id, name: 'Sally Seller', role: 'user' });
    expect(profile.json().products.map((a: { _id: string }) => a._id)).toEqual([a1]);
  });

  test('a bearer token works there as the cookie does', async ({ app, deps }) => {
    const { token } = await signedInUser(deps, 'Tom Token');
    const profile = await get(app, '/api/api/user/profile', { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.name).toBe('Tom Token');
  });

  test('any other /api/api/... path is a JSON 404', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps, 'Sally Seller');
    for (const url of [
      '/api/api/auction',
      '/api/api/user',
      '/api/api/auction/show/extra',
      '/api/api/anything/else',
      '/api/api/user/profile/1',
    ]) {
      const res = await get(app, url, { cookie: sid });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectErrorBody(res);
    }
  });
});

describe('without a session', () => {
  test('401 {error, message} on every auction row', async ({ app, deps }) => {
    const sally = await signedInUser(deps, 'Sally Seller');
    const id = await insertAuction(deps, Number(sally.user._id));
    const calls: Array<[string, Promise<LightMyRequestResponse>]> = [
      ['GET /api/auction', get(app, '/api/auction')],
      ['GET /api/auction/myauction', get(app, '/api/auction/myauction')],
      ['GET /api/auction/stats', get(app, '/api/auction/stats')],
      ['GET /api/auction/:id', get(app, `/api/auction/${id}`)],
      ['POST /api/auction/:id', bid(app, id, { bidAmount: 11 })],
      ['POST /api/auction', createVia(app, deps.now(), undefined)],
      ['GET /api/api/auction/show', get(app, '/api/api/auction/show')],
      ['GET /api/api/auction/:id', get(app, `/api/api/auction/${id}`)],
      ['GET /api/api/user/profile', get(app, '/api/api/user/profile')],
    ];
    for (const [label, call] of calls) {
      const res = await call;
      expect(res.statusCode, label).toBe(401);
      expectErrorBody(res);
    }
    expect((await get(app, `/api/auction/${id}`, { cookie: sally.token })).json().bidsCount).toBe(0);
  });
});
