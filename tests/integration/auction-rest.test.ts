// The auction rows of CONTRACT.md through app.inject: statuses, shapes, string amounts, plain dates,
// the multipart create with its photo limits, the /api/api family and the stored photo's headers.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { auctions } from '../../src/server/db/schema';
import type { Settings } from '../../src/server/env';
import { makeApp, sessionCookie, uniqueEmail } from '../helpers';
import { PASSWORD, expectErrorBody } from './accounts-helpers';
import { SVG, TEXT, auctionForm, fileOf, image, insertAuction, plainDate, pngOfSize, uploads, type FormValues } from './auction-helpers';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<Settings> = {}) {
  const made = await makeApp({ SIGNUPS_PER_HOUR: 1000, ...overrides });
  app = made.app;
  return made;
}

/** Signs up through REST; returns the session cookie's value and the user. */
async function signUp(app: FastifyInstance, name: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email: uniqueEmail('auction'), password: PASSWORD } });
  expect(res.statusCode).toBe(201);
  return { sid: sessionCookie(res), user: res.json().user as { _id: string; name: string } };
}

const get = (app: FastifyInstance, url: string, sid?: string) => app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });

const bid = (app: FastifyInstance, id: string, body: unknown, sid?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/auction/${id}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(sid ? { cookies: { sid } } : {}),
  });

async function createVia(app: FastifyInstance, now: number, sid: string | undefined, overrides: FormValues = {}) {
  const form = await auctionForm(now, overrides);
  return app.inject({ method: 'POST', url: '/api/auction', payload: form as never, ...(sid ? { cookies: { sid } } : {}) });
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

function auctionRows(deps: { db: import('../../src/server/db/client').Db }) {
  return deps.db.select({ n: count() }).from(auctions).get()!.n;
}

describe('POST /api/auction (multipart)', () => {
  test('201 {message, newAuction}; plain dates map to now and the end of the day; the price may be a string', async () => {
    const { app, deps } = await start();
    const { sid, user } = await signUp(app, 'Sally Seller');
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
    expect((await get(app, `/api/auction/${body.newAuction._id}`, sid)).json().itemName).toBe('Brass desk lamp');
  });

  test('full timestamps are stored as sent, including a start earlier today; extra fields are ignored', async () => {
    const { app, deps } = await start();
    const { sid, user } = await signUp(app, 'Sally Seller');
    const now = deps.now();
    const startsAt = new Date(now - 2 * 60 * 60 * 1000).toISOString();
    const endsAt = new Date(now + 3 * DAY_MS + 1234).toISOString();
    const res = await createVia(app, now, sid, { itemStartDate: startsAt, itemEndDate: endsAt, currentPrice: '5000', bidsCount: '9', sellerId: '999' });
    expect(res.statusCode).toBe(201);
    expect(res.json().newAuction).toMatchObject({ itemStartDate: startsAt, itemEndDate: endsAt, currentPrice: 10, bidsCount: 0, seller: { _id: user._id } });
  });

  test('400 with issues for a missing photo, a bad price and dates out of the rules; nothing stored', async () => {
    const { app, deps } = await start();
    const { sid } = await signUp(app, 'Sally Seller');
    const now = deps.now();
    const cases: Array<[FormValues, string, string]> = [
      [{ itemPhoto: undefined }, 'itemPhoto', 'Please upload an image.'],
      [{ startingPrice: '12.5' }, 'startingPrice', 'Starting price must be a whole number of dollars'],
      [{ startingPrice: '0' }, 'startingPrice', 'Starting price must be at least $1'],
      [{ itemCategory: 'Weapons' }, 'itemCategory', 'Please choose a category from the list'],
      [{ itemStartDate: plainDate(now, -1) }, 'itemStartDate', 'Start date cannot be in the past.'],
      [{ itemStartDate: plainDate(now, 16), itemEndDate: plainDate(now, 17) }, 'itemStartDate', 'Start date must be within 15 days from today.'],
      [{ itemStartDate: '2026-06-03T10:00:00.000Z', itemEndDate: '2026-06-03T10:00:00.000Z' }, 'itemEndDate', 'End date must be after start date.'],
      [{ itemStartDate: `${plainDate(now)}T00:00:00Z`, itemEndDate: `${plainDate(now)}T00:01:00Z` }, 'itemEndDate', 'End date must be in the future.'],
      [{ itemStartDate: plainDate(now, 1), itemEndDate: plainDate(now, 17) }, 'itemEndDate', 'End date must be at most 15 days after the start date.'],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await createVia(app, now, sid, overrides);
      expect(res.statusCode, message).toBe(400);
      const body = expectErrorBody(res);
      expect(body.error).toBe(message);
      expect(body.issues).toEqual([{ path, message }]);
    }
    expect(uploads(deps)).toEqual([]);
    expect(auctionRows(deps)).toBe(0);
  });

  test('exactly 5,242,880 bytes is accepted; 5,242,881 is 413 and leaves nothing behind', async () => {
    const { app, deps } = await start();
    const { sid } = await signUp(app, 'Sally Seller');
    const atLimit = await pngOfSize(5_242_880);
    expect((await sharp(atLimit).metadata()).format).toBe('png');
    const over = await pngOfSize(5_242_881);

    const refused = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(over, 'big.png', 'image/png') });
    expect(refused.statusCode).toBe(413);
    expect(expectErrorBody(refused).error).toBe('File size must be less than 5 MB.');
    expect(uploads(deps)).toEqual([]);
    expect(auctionRows(deps)).toBe(0);

    const accepted = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(atLimit, 'limit.png', 'image/png') });
    expect(accepted.statusCode).toBe(201);
    const served = await get(app, accepted.json().newAuction.itemPhoto);
    expect(served.statusCode).toBe(200);
    // Stored re-encoded: the same picture without the padding.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 48, height: 32 });
    expect(served.rawPayload.length).toBeLessThan(5_242_880);
  });

  test.each([
    ['an SVG', SVG, 'drawing.svg', 'image/svg+xml'],
    ['a text file', TEXT, 'notes.txt', 'text/plain'],
    ['a text file named .jpg', TEXT, 'notes.jpg', 'image/jpeg'],
  ])('415 for %s, nothing stored', async (_label, bytes, name, type) => {
    const { app, deps } = await start();
    const { sid } = await signUp(app, 'Sally Seller');
    const res = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(bytes, name, type) });
    expect(res.statusCode).toBe(415);
    expect(expectErrorBody(res).error).toBe('Only image files are allowed.');
    expect(uploads(deps)).toEqual([]);
    expect(auctionRows(deps)).toBe(0);
  });

  test('a form sent without choosing a file (an empty file part) is 400 "Please upload an image."', async () => {
    const { app, deps } = await start();
    const { sid } = await signUp(app, 'Sally Seller');
    const res = await createVia(app, deps.now(), sid, { itemPhoto: fileOf(Buffer.alloc(0), '') });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res).error).toBe('Please upload an image.');
  });

  test('401 without a session, and nothing stored', async () => {
    const { app, deps } = await start();
    const res = await createVia(app, deps.now(), undefined);
    expect(res.statusCode).toBe(401);
    expectErrorBody(res);
    expect(uploads(deps)).toEqual([]);
    expect(auctionRows(deps)).toBe(0);
  });

  test('the stored photo is served with its type, nosniff and a long cache lifetime; its card copy too', async () => {
    const { app, deps } = await start();
    const { sid } = await signUp(app, 'Sally Seller');
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
  test('GET /api/auction: an array, newest first, every auction without a limit; limit, cursor and category accepted', async () => {
    const { app, deps } = await start();
    const { sid, user } = await signUp(app, 'Sally Seller');
    const sellerId = Number(user._id);
    const ids = Array.from({ length: 120 }, (_, i) => insertAuction(deps, sellerId, { category: i % 3 === 0 ? 'Art' : 'Books' }));
    const all = await get(app, '/api/auction', sid);
    expect(all.statusCode).toBe(200);
    const list = all.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((a: { _id: string }) => a._id)).toEqual([...ids].reverse());
    expectAuctionShape(list[0]);

    const page1 = (await get(app, '/api/auction?limit=10', sid)).json();
    expect(page1.map((a: { _id: string }) => a._id)).toEqual([...ids].reverse().slice(0, 10));
    const page2 = (await get(app, `/api/auction?limit=10&cursor=${page1[9]._id}`, sid)).json();
    expect(page2.map((a: { _id: string }) => a._id)).toEqual([...ids].reverse().slice(10, 20));
    const art = (await get(app, '/api/auction?category=Art', sid)).json();
    expect(art).toHaveLength(40);
    expect(art.every((a: { itemCategory: string }) => a.itemCategory === 'Art')).toBe(true);
    const homeAndGarden = await get(app, `/api/auction?category=${encodeURIComponent('Home & Garden')}`, sid);
    expect(homeAndGarden.json()).toEqual([]);
    const badLimit = await get(app, '/api/auction?limit=abc', sid);
    expect(badLimit.statusCode).toBe(400);
    expectErrorBody(badLimit);
  });

  test('GET /api/auction/myauction: the seller’s own, newest first', async () => {
    const { app, deps } = await start();
    const sally = await signUp(app, 'Sally Seller');
    const bob = await signUp(app, 'Bob Bidder');
    const s1 = insertAuction(deps, Number(sally.user._id));
    insertAuction(deps, Number(bob.user._id));
    const s2 = insertAuction(deps, Number(sally.user._id));
    const res = await get(app, '/api/auction/myauction', sally.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { _id: string }) => a._id)).toEqual([s2, s1]);
    expect((await get(app, '/api/auction/myauction', bob.sid)).json()).toHaveLength(1);
  });

  test('GET /api/auction/stats: {totalAuctions, activeAuctions, userAuctionCount, latestAuctions, latestUserAuctions}', async () => {
    const { app, deps } = await start();
    const sally = await signUp(app, 'Sally Seller');
    const bob = await signUp(app, 'Bob Bidder');
    const now = deps.now();
    const s1 = insertAuction(deps, Number(sally.user._id));
    const ended = insertAuction(deps, Number(sally.user._id), { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS });
    const b1 = insertAuction(deps, Number(bob.user._id));
    const b2 = insertAuction(deps, Number(bob.user._id));
    const b3 = insertAuction(deps, Number(bob.user._id));
    const res = await get(app, '/api/auction/stats', sally.sid);
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(Object.keys(stats).sort()).toEqual(['activeAuctions', 'latestAuctions', 'latestUserAuctions', 'totalAuctions', 'userAuctionCount']);
    expect(stats).toMatchObject({ totalAuctions: 5, activeAuctions: 4, userAuctionCount: 2 });
    expect(stats.latestAuctions.map((a: { _id: string }) => a._id)).toEqual([b3, b2, b1]);
    expect(stats.latestUserAuctions.map((a: { _id: string }) => a._id)).toEqual([ended, s1]);
    expectAuctionShape(stats.latestAuctions[0]);
  });

  test('GET /api/auction/:id: the auction with its bids newest first; JSON 404 for unknown and malformed ids', async () => {
    const { app, deps } = await start();
    const sally = await signUp(app, 'Sally Seller');
    const bob = await signUp(app, 'Bob Bidder');
    const id = insertAuction(deps, Number(sally.user._id), { startingPrice: 20 });
    expect((await bid(app, id, { bidAmount: 25 }, bob.sid)).statusCode).toBe(201);
    deps.clock.advance(60_000);
    expect((await bid(app, id, { bidAmount: 30 }, bob.sid)).statusCode).toBe(201);
    const res = await get(app, `/api/auction/${id}`, sally.sid);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expectAuctionShape(a);
    expect(a).toMatchObject({ _id: id, startingPrice: 20, currentPrice: 30, bidsCount: 2 });
    expect(a.bids).toEqual([
      { _id: expect.any(String), bidder: { _id: bob.user._id, name: 'Bob Bidder' }, bidAmount: 30, bidTime: new Date(deps.now()).toISOString() },
      { _id: expect.any(String), bidder: { _id: bob.user._id, name: 'Bob Bidder' }, bidAmount: 25, bidTime: new Date(deps.now() - 60_000).toISOString() },
    ]);
    for (const missing of ['424242', 'not-an-id']) {
      const notFound = await get(app, `/api/auction/${missing}`, sally.sid);
      expect(notFound.statusCode).toBe(404);
      expect(notFound.headers['content-type']).toMatch(/application\/json/);
      expectErrorBody(notFound);
    }
  });
});

describe('POST /api/auction/:id {bidAmount}', () => {
  async function openAuction(startingPrice = 10) {
    const made = await start();
    const sally = await signUp(made.app, 'Sally Seller');
    const bob = await signUp(made.app, 'Bob Bidder');
    const id = insertAuction(made.deps, Number(sally.user._id), { startingPrice });
    return { ...made, sally, bob, id };
  }

  test('201 {message, auction} for an integer and for a string of digits', async () => {
    const { app, bob, id } = await openAuction(115);
    const first = await bid(app, id, { bidAmount: 120 }, bob.sid);
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['auction', 'message']);
    expectAuctionShape(body.auction);
    expect(body.auction).toMatchObject({ currentPrice: 120, bidsCount: 1 });
    expect(body.auction.bids[0]).toMatchObject({ bidAmount: 120, bidder: { name: 'Bob Bidder' } });

    const asString = await bid(app, id, { bidAmount: '125' }, bob.sid);
    expect(asString.statusCode).toBe(201);
    expect(asString.json().auction).toMatchObject({ currentPrice: 125, bidsCount: 2 });
    expect(asString.json().auction.bids[0].bidAmount).toBe(125);
  });

  test('400 for bidAmount 12.5, "12.5", "1e2", "", true, [15], {}, null, "15 dollars"; nothing stored', async () => {
    const { app, bob, id, sally } = await openAuction(10);
    for (const bidAmount of [12.5, '12.5', '1e2', '', true, [15], {}, null, '15 dollars', -11]) {
      const res = await bid(app, id, { bidAmount }, bob.sid);
      expect(res.statusCode, JSON.stringify(bidAmount)).toBe(400);
      const body = expectErrorBody(res);
      expect(body.issues?.[0]?.path).toBe('bidAmount');
    }
    expect((await get(app, `/api/auction/${id}`, sally.sid)).json().bidsCount).toBe(0);
  });

  test('400 naming the current price when out of range; 400 for a missing amount', async () => {
    const { app, bob, id } = await openAuction(10);
    for (const amount of [10, 21]) {
      const res = await bid(app, id, { bidAmount: amount }, bob.sid);
      expect(res.statusCode).toBe(400);
      expect(expectErrorBody(res).error).toContain('current price is $10');
    }
    const missing = await bid(app, id, {}, bob.sid);
    expect(missing.statusCode).toBe(400);
    expect(expectErrorBody(missing).issues).toEqual([{ path: 'bidAmount', message: 'Bid amount is required' }]);
    expect((await bid(app, id, { bidAmount: 20 }, bob.sid)).statusCode).toBe(201);
  });

  test('403 on one’s own auction; 404 for an unknown auction', async () => {
    const { app, sally, bob, id } = await openAuction(10);
    const own = await bid(app, id, { bidAmount: 11 }, sally.sid);
    expect(own.statusCode).toBe(403);
    expect(expectErrorBody(own).error).toBe('You cannot bid on your own auction.');
    const unknown = await bid(app, '424242', { bidAmount: 11 }, bob.sid);
    expect(unknown.statusCode).toBe(404);
    expectErrorBody(unknown);
  });

  test('400 once the auction has ended, and before it starts', async () => {
    const { app, deps, sally, bob } = await start().then(async (made) => ({
      ...made,
      sally: await signUp(made.app, 'Sally Seller'),
      bob: await signUp(made.app, 'Bob Bidder'),
    }));
    const now = deps.now();
    const future = insertAuction(deps, Number(sally.user._id), { startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS });
    const early = await bid(app, future, { bidAmount: 11 }, bob.sid);
    expect(early.statusCode).toBe(400);
    expect(expectErrorBody(early).error).toMatch(/not started/i);

    const endsSoon = insertAuction(deps, Number(sally.user._id), { endsAt: now + 1000 });
    deps.clock.advance(1000);
    const late = await bid(app, endsSoon, { bidAmount: 11 }, bob.sid);
    expect(late.statusCode).toBe(400);
    expect(expectErrorBody(late).error).toMatch(/ended/i);
    const detail = (await get(app, `/api/auction/${endsSoon}`, bob.sid)).json();
    expect(detail).toMatchObject({ timeLeft: 0, bidsCount: 0 });
  });
});

describe('the /api/api family', () => {
  test('GET /api/api/auction/show {auctions}, /api/api/auction/:id {auction}, /api/api/user/profile {user, products}', async () => {
    const { app, deps } = await start();
    const sally = await signUp(app, 'Sally Seller');
    const bob = await signUp(app, 'Bob Bidder');
    const a1 = insertAuction(deps, Number(sally.user._id));
    const a2 = insertAuction(deps, Number(bob.user._id));

    const show = await get(app, '/api/api/auction/show', sally.sid);
    expect(show.statusCode).toBe(200);
    expect(Object.keys(show.json())).toEqual(['auctions']);
    expect(show.json().auctions.map((a: { _id: string }) => a._id)).toEqual([a2, a1]);

    const one = await get(app, `/api/api/auction/${a1}`, sally.sid);
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json())).toEqual(['auction']);
    expectAuctionShape(one.json().auction);
    expect(one.json().auction._id).toBe(a1);
    expect((await get(app, '/api/api/auction/424242', sally.sid)).statusCode).toBe(404);

    const profile = await get(app, '/api/api/user/profile', sally.sid);
    expect(profile.statusCode).toBe(200);
    expect(Object.keys(profile.json()).sort()).toEqual(['products', 'user']);
    expect(profile.json().user).toMatchObject({ _id: sally.user._id, name: 'Sally Seller', role: 'user' });
    expect(profile.json().products.map((a: { _id: string }) => a._id)).toEqual([a1]);
  });

  test('a bearer token works there as the cookie does', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Tom Token', email: uniqueEmail('bearer'), password: PASSWORD } });
    const token = res.json().token as string;
    const profile = await app.inject({ method: 'GET', url: '/api/api/user/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.name).toBe('Tom Token');
  });

  test('any other /api/api/... path is a JSON 404', async () => {
    const { app } = await start();
    const { sid } = await signUp(app, 'Sally Seller');
    for (const url of ['/api/api/auction', '/api/api/user', '/api/api/auction/show/extra', '/api/api/anything/else', '/api/api/user/profile/1']) {
      const res = await get(app, url, sid);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectErrorBody(res);
    }
  });
});

describe('without a session', () => {
  test('401 {error, message} on every auction row', async () => {
    const { app, deps } = await start();
    const sally = await signUp(app, 'Sally Seller');
    const id = insertAuction(deps, Number(sally.user._id));
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
    expect((await get(app, `/api/auction/${id}`, sally.sid)).json().bidsCount).toBe(0);
  });
});
