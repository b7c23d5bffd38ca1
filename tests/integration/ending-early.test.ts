// Cancelling an auction and relisting one, through both doors (the tRPC caller and REST), on whichever
// database the project runs: who may, in which states, what a cancelled auction leaves (every list but
// its seller's and the administrator's), what a relist copies, and a cancel racing a first bid over HTTP.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { closeDueAuctions } from '../../src/server/services/closing';
import { tellEndingSoon } from '../../src/server/services/ending-soon';
import { END_IN_PAST, START_IN_PAST } from '../../src/shared/auction-dates';
import { DAY_MS, HOUR_MS } from '../../src/shared/constants';
import { BUY_NOW_WORDS, CANCEL_WORDS, RELIST_WORDS, RESERVE_WORDS } from '../../src/shared/listing';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import { auctionForm, image, insertAuction, plainDate, storedName, uploads } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, sessionCookieHeader } from '../support/http';

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function people(deps: TestDeps) {
  const [seller, ann, ben] = await Promise.all(['Sally Seller', 'Ann Bidder', 'Ben Bidder'].map((name) => signedInUser(deps, name)));
  const admin = await signedInUser(deps, 'Adam Admin', { role: 'admin' });
  return { seller: seller!, ann: ann!, ben: ben!, admin };
}

const photoFile = async () => new File([new Uint8Array(await image('png'))], 'side.png', { type: 'image/png' });

/**
 * An auction made through the create form, with two photos and every optional field, open from now
 * for `days` unless told otherwise.
 */
async function listed(deps: TestDeps, seller: Person, fields: Record<string, string> = {}, days = 3) {
  const form = await auctionForm(deps.now(), {
    itemName: 'Walnut writing desk',
    itemDescription: 'A walnut writing desk with three drawers.',
    itemCategory: 'Antiques',
    startingPrice: '100',
    itemEndDate: plainDate(deps.now(), days),
    itemCondition: 'good',
    shippingCost: '40',
    itemLocation: 'Lyon, France',
    ...fields,
  });
  form.append('itemPhoto', await photoFile());
  const { newAuction } = await seller.caller.auction.create(form);
  return newAuction;
}

/** An auction inserted for bids (open from now for 3 days, at $100 unless told), with a reserve when given. */
async function forBids(deps: TestDeps, seller: Person, reservePrice: number | null = null) {
  const id = await insertAuction(deps, seller.id, { startingPrice: 100, endsAt: deps.now() + 3 * DAY_MS });
  if (reservePrice !== null) await deps.sql('update auctions set reserve_price = $1 where id = $2', [reservePrice, Number(id)]);
  return seller.caller.auction.byId({ id });
}

/** The end of the auction, reached: its end passed and the close ran. */
async function endOf(deps: TestDeps, auction: { itemEndDate: string }) {
  deps.clock.set(Date.parse(auction.itemEndDate));
  await closeDueAuctions(deps);
}

/** Dates for a relist from the clock's day: today for `days`. */
const relistDates = (deps: TestDeps, days = 5) => ({ itemStartDate: plainDate(deps.now()), itemEndDate: plainDate(deps.now(), days) });

describe('cancel', () => {
  test('REST: the seller cancels their open auction without bids: 200 {auction} cancelled, its page says so, a repeat is 409', async ({
    app,
    deps,
  }) => {
    const { seller, ann } = await people(deps);
    const id = await insertAuction(deps, seller.id, { itemName: 'Tin robot' });
    const res = await post(app, `/api/auction/${id}/cancel`, {}, { cookie: seller.token });
    expect(res.statusCode, res.body).toBe(200);
    const { auction } = res.json() as { auction: Record<string, unknown> };
    expect(Object.keys(res.json() as object)).toEqual(['auction']);
    expect(auction).toMatchObject({ _id: id, itemName: 'Tin robot', status: 'cancelled', timeLeft: 0, winner: null, bidsCount: 0 });
    // Cancelled and closed at once, so that the close passes it over.
    expect(
      await deps.sqlOne('select 1 as n from auctions where id = $1 and cancelled_at = closed_at and cancelled_at = $2', [
        Number(id),
        new Date(deps.now()),
      ]),
    ).toEqual({ n: 1 });

    // Its page still answers, to anyone signed in, on both families of paths.
    for (const url of [`/api/auction/${id}`, `/api/api/auction/${id}`]) {
      const page = await get(app, url, { cookie: ann.token });
      expect(page.statusCode).toBe(200);
      const body = page.json() as { status?: string; auction?: { status: string } };
      expect(body.status ?? body.auction?.status).toBe('cancelled');
    }

    const again = await post(app, `/api/auction/${id}/cancel`, {}, { cookie: seller.token });
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).error).toBe(CANCEL_WORDS.cancelled);
  });

  test('tRPC: the seller cancels their scheduled auction; a repeat is CONFLICT', async ({ deps }) => {
    const { seller } = await people(deps);
    const now = deps.now();
    const id = await insertAuction(deps, seller.id, { startsAt: now + DAY_MS, endsAt: now + 3 * DAY_MS });
    const { auction } = await seller.caller.auction.cancel({ id });
    expect(auction).toMatchObject({ _id: id, status: 'cancelled', timeLeft: 0 });
    expect(await failure(seller.caller.auction.cancel({ id }))).toMatchObject({ code: 'CONFLICT', message: CANCEL_WORDS.cancelled });
    // It stays cancelled once its start and its end have come.
    deps.clock.set(now + 4 * DAY_MS);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await seller.caller.auction.byId({ id })).toMatchObject({ status: 'cancelled', winner: null });
  });

  test('with a bid: 409 through both doors, and nothing changes', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 10 });
    await ann.caller.auction.placeBid({ auctionId: id, bidAmount: 11 });
    const rest = await post(app, `/api/auction/${id}/cancel`, {}, { cookie: seller.token });
    expect(rest.statusCode).toBe(409);
    expect(expectErrorBody(rest).error).toBe(CANCEL_WORDS.hasBids);
    expect(await failure(seller.caller.auction.cancel({ id }))).toMatchObject({ code: 'CONFLICT', message: CANCEL_WORDS.hasBids });
    expect(await seller.caller.auction.byId({ id })).toMatchObject({ status: 'open', bidsCount: 1, currentPrice: 11 });
    expect(
      await deps.sqlOne('select 1 from auctions where id = $1 and (cancelled_at is not null or closed_at is not null)', [Number(id)]),
    ).toBe(undefined);
  });

  test('an ended auction: 409 through both doors, closed or not yet', async ({ app, deps }) => {
    const { seller } = await people(deps);
    const now = deps.now();
    const id = await insertAuction(deps, seller.id, { startsAt: now, endsAt: now + HOUR_MS });
    deps.clock.set(now + HOUR_MS);
    expect(await failure(seller.caller.auction.cancel({ id }))).toMatchObject({ code: 'CONFLICT', message: CANCEL_WORDS.ended });
    await closeDueAuctions(deps);
    const rest = await post(app, `/api/auction/${id}/cancel`, {}, { cookie: seller.token });
    expect(rest.statusCode).toBe(409);
    expect(expectErrorBody(rest).error).toBe(CANCEL_WORDS.ended);
    expect(await seller.caller.auction.byId({ id })).toMatchObject({ status: 'ended' });
  });

  test('anyone but the seller (an administrator too) is 403; an unknown id 404; signed out 401', async ({ app, deps }) => {
    const { seller, ann, admin } = await people(deps);
    const id = await insertAuction(deps, seller.id);
    for (const who of [ann, admin]) {
      const res = await post(app, `/api/auction/${id}/cancel`, {}, { cookie: who.token });
      expect(res.statusCode).toBe(403);
      expect(expectErrorBody(res).error).toBe(CANCEL_WORDS.notSeller);
      expect(await failure(who.caller.auction.cancel({ id }))).toMatchObject({ code: 'FORBIDDEN', message: CANCEL_WORDS.notSeller });
    }
    for (const unknown of ['999999', 'abc', '999999999999999']) {
      expect((await post(app, `/api/auction/${unknown}/cancel`, {}, { cookie: seller.token })).statusCode).toBe(404);
      expect(await failure(seller.caller.auction.cancel({ id: unknown }))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await post(app, `/api/auction/${id}/cancel`, {})).statusCode).toBe(401);
    expect(await failure(anonymousCaller(deps).auction.cancel({ id }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await seller.caller.auction.byId({ id })).toMatchObject({ status: 'open' });
  });

  test('a bid or a purchase on a cancelled auction is 400 through both doors, and nothing is stored', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    const id = await insertAuction(deps, seller.id, { startingPrice: 10 });
    await deps.sql('update auctions set buy_now_price = 50 where id = $1', [Number(id)]);
    await seller.caller.auction.cancel({ id });
    for (const [path, body] of [
      [`/api/auction/${id}`, { bidAmount: 11 }],
      [`/api/auction/${id}/buy`, {}],
    ] as const) {
      const rest = await post(app, path, body, { cookie: ann.token });
      expect(rest.statusCode, path).toBe(400);
      expect(expectErrorBody(rest).error).toBe(CANCEL_WORDS.notOpen);
    }
    const notOpen = { code: 'BAD_REQUEST', message: CANCEL_WORDS.notOpen };
    expect(await failure(ann.caller.auction.placeBid({ auctionId: id, bidAmount: 11, maxBid: 50 }))).toMatchObject(notOpen);
    expect(await failure(ann.caller.auction.buy({ id }))).toMatchObject(notOpen);
    expect(await deps.sqlOne('select 1 from bids where auction_id = $1', [Number(id)])).toBe(undefined);
    expect(await seller.caller.auction.byId({ id })).toMatchObject({
      status: 'cancelled',
      bidsCount: 0,
      currentPrice: 10,
      buyNowAvailable: false,
    });
  });

  test('a cancelled auction leaves every list, search and count but its seller’s own and the administrator’s', async ({ app, deps }) => {
    const { seller, ann, admin } = await people(deps);
    const now = deps.now();
    const kept = await insertAuction(deps, seller.id, { itemName: 'Brass compass', category: 'Collectibles' });
    const gone = await insertAuction(deps, seller.id, { itemName: 'Brass sextant', category: 'Vehicles' });
    const goneLater = await insertAuction(deps, seller.id, {
      itemName: 'Brass barometer',
      startsAt: now + DAY_MS,
      endsAt: now + 2 * DAY_MS,
    });
    await ann.caller.user.setWatching({ auctionId: gone, watching: true });
    await ann.caller.user.setWatching({ auctionId: kept, watching: true });
    await seller.caller.auction.cancel({ id: gone });
    await seller.caller.auction.cancel({ id: goneLater });
    const ids = (items: Array<{ _id: string }>) => items.map((a) => a._id).sort();

    for (const viewer of [ann, admin]) {
      // The public lists: whole, paged, searched, by status, the categories, the dashboard, the landing page.
      expect(ids((await get(app, '/api/auction', { cookie: viewer.token })).json())).toEqual([kept]);
      expect(ids((await get(app, '/api/api/auction/show', { cookie: viewer.token })).json().auctions)).toEqual([kept]);
      expect(ids((await get(app, '/api/auction?limit=10', { cookie: viewer.token })).json())).toEqual([kept]);
      expect(ids((await get(app, '/api/auction?q=brass', { cookie: viewer.token })).json())).toEqual([kept]);
      expect(ids((await get(app, '/api/auction?q=sextant&limit=5', { cookie: viewer.token })).json())).toEqual([]);
      expect(await viewer.caller.auction.list({ q: 'brass' })).toMatchObject({ total: 1, items: [{ _id: kept }] });
      for (const status of ['all', 'open', 'scheduled', 'ended'] as const) {
        expect(ids((await viewer.caller.auction.list({ status })).items), status).toEqual(
          status === 'all' || status === 'open' ? [kept] : [],
        );
      }
      expect(await viewer.caller.auction.categories()).toEqual(['Collectibles']);
      const stats = (await get(app, '/api/auction/stats', { cookie: viewer.token })).json() as Record<string, unknown>;
      expect(stats).toMatchObject({ totalAuctions: 1, activeAuctions: 1, userAuctionCount: 0 });
      expect(ids(stats.latestAuctions as Array<{ _id: string }>)).toEqual([kept]);
    }
    expect(ids(await anonymousCaller(deps).auction.live())).toEqual([kept]);

    // The watcher's watchlist, its count, and one more place free for it.
    expect(await ann.caller.user.watchlist({})).toMatchObject({ total: 1, items: [{ _id: kept }] });
    expect(ids((await get(app, '/api/user/watchlist', { cookie: ann.token })).json())).toEqual([kept]);

    // The seller's own lists have them all, and their count.
    expect(ids((await get(app, '/api/auction/myauction', { cookie: seller.token })).json())).toEqual([kept, gone, goneLater].sort());
    expect(ids((await get(app, '/api/api/user/profile', { cookie: seller.token })).json().products)).toEqual(
      [kept, gone, goneLater].sort(),
    );
    expect(await seller.caller.auction.mine({})).toMatchObject({ total: 3 });
    const own = (await get(app, '/api/auction/stats', { cookie: seller.token })).json() as Record<string, unknown>;
    expect(own).toMatchObject({ totalAuctions: 1, activeAuctions: 1, userAuctionCount: 3 });
    expect(ids(own.latestUserAuctions as Array<{ _id: string }>)).toEqual([kept, gone, goneLater].sort());
    // The administrator's list has them, with the total.
    const adminList = await admin.caller.admin.auctions({ status: 'all' });
    expect(adminList.total).toBe(3);
    expect(ids(adminList.items)).toEqual([kept, gone, goneLater].sort());
    expect(adminList.items.find((a) => a._id === gone)).toMatchObject({ status: 'cancelled' });
  });

  test('my bids leave out an auction cancelled with bids (as an administrator will cancel), and so does their count', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const [kept, gone] = [await insertAuction(deps, seller.id), await insertAuction(deps, seller.id)];
    for (const id of [kept, gone]) await ann.caller.auction.placeBid({ auctionId: id, bidAmount: 11 });
    const at = new Date(deps.now());
    await deps.sql('update auctions set cancelled_at = $1, closed_at = $1 where id = $2', [at, Number(gone)]);
    const bids = await ann.caller.user.bids({});
    expect(bids.total).toBe(1);
    expect(bids.items.map((b) => b.auction._id)).toEqual([kept]);
  });

  test('the close and the ending-soon tick pass a cancelled auction over: no notice to anyone', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const now = deps.now();
    const id = await insertAuction(deps, seller.id, { startsAt: now, endsAt: now + 10 * 60_000 });
    await ann.caller.user.setWatching({ auctionId: id, watching: true });
    await seller.caller.auction.cancel({ id });
    deps.clock.set(now + 5 * 60_000);
    expect(await tellEndingSoon(deps)).toEqual([]);
    deps.clock.set(now + DAY_MS);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await deps.sql('select kind from notifications')).toEqual([]);
  });

  test('a cancel racing a first bid over HTTP: exactly one of them stands, every time', async ({ listening, deps }) => {
    const { baseUrl } = listening;
    const { seller, ann } = await people(deps);
    const send = (token: string, path: string, body: object) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: sessionCookieHeader(token) },
        body: JSON.stringify(body),
      });
    const outcomes = { cancelled: 0, bid: 0 };
    for (let round = 0; round < 12; round++) {
      const id = await insertAuction(deps, seller.id, { startingPrice: 10, itemName: `Raced ${round}` });
      const cancelling = () => send(seller.token, `/api/auction/${id}/cancel`, {});
      const bidding = () => send(ann.token, `/api/auction/${id}`, { bidAmount: 11 });
      // Which one leaves first alternates, so that each gets to be first on the wire.
      const [cancel, bid] =
        round % 2
          ? await Promise.all([cancelling(), bidding()])
          : await Promise.all([bidding(), cancelling()]).then(([b, c]) => [c, b] as const);
      const row = (await deps.store.auctions.byId(Number(id)))!;
      const stored = await deps.sql('select 1 from bids where auction_id = $1', [Number(id)]);
      const [cancelBody, bidBody] = [await cancel.text(), await bid.text()];
      if (cancel.status === 200) {
        expect(bid.status, bidBody).toBe(400);
        expect((JSON.parse(bidBody) as { error: string }).error).toBe(CANCEL_WORDS.notOpen);
        expect(row.cancelledAt).not.toBeNull();
        expect(row.bidsCount).toBe(0);
        expect(stored).toEqual([]);
        outcomes.cancelled += 1;
      } else {
        expect(cancel.status, cancelBody).toBe(409);
        expect((JSON.parse(cancelBody) as { error: string }).error).toBe(CANCEL_WORDS.hasBids);
        expect(bid.status, bidBody).toBe(201);
        expect(row.cancelledAt).toBeNull();
        expect(row.bidsCount).toBe(1);
        expect(stored).toHaveLength(1);
        outcomes.bid += 1;
      }
    }
    expect(outcomes.cancelled + outcomes.bid).toBe(12);
  });
});

describe('relist', () => {
  test('REST: an auction that ended without a bid comes back as a new one: 201 {newAuction}, the same item, photos and prices', async ({
    app,
    deps,
  }) => {
    const { seller } = await people(deps);
    const old = await listed(deps, seller, { reservePrice: '150', buyNowPrice: '300' });
    await endOf(deps, old);
    const before = uploads(deps);
    const res = await post(app, `/api/auction/${old._id}/relist`, relistDates(deps), { cookie: seller.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json() as object)).toEqual(['newAuction']);
    const { newAuction } = res.json() as { newAuction: Record<string, unknown> };
    expect(newAuction._id).not.toBe(old._id);
    expect(newAuction).toMatchObject({
      itemName: old.itemName,
      itemDescription: old.itemDescription,
      itemCategory: 'Antiques',
      itemCondition: 'good',
      shippingCost: 40,
      itemLocation: 'Lyon, France',
      itemPhoto: old.itemPhoto,
      photos: old.photos,
      photoCards: old.photoCards,
      startingPrice: 100,
      currentPrice: 100,
      reservePrice: 150,
      buyNowPrice: 300,
      buyNowAvailable: true,
      reserveMet: false,
      bidsCount: 0,
      bids: [],
      winner: null,
      status: 'open',
      relistedFrom: old._id,
      seller: { _id: String(seller.id) },
    });
    expect(newAuction.itemEndDate).toBe(`${plainDate(deps.now(), 5)}T23:59:59.999Z`);
    // The photos are shared, not copied: no new file, and every file both auctions show is there.
    expect(old.photos).toHaveLength(2);
    expect(uploads(deps)).toEqual(before);
    for (const url of [...old.photos, ...old.photoCards]) expect(existsSync(join(deps.settings.UPLOAD_DIR, storedName(url)))).toBe(true);
    // The old auction is as it was.
    expect(await seller.caller.auction.byId({ id: old._id })).toMatchObject({ status: 'ended', relistedFrom: null });
  });

  test('tRPC: new prices, a reserve and a Buy It Now price dropped with null, a scheduled start', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const old = await listed(deps, seller, { reservePrice: '150', buyNowPrice: '300' });
    await endOf(deps, old);
    const { newAuction } = await seller.caller.auction.relist({
      id: old._id,
      itemStartDate: plainDate(deps.now(), 2),
      itemEndDate: plainDate(deps.now(), 6),
      startingPrice: 80,
      reservePrice: null,
      buyNowPrice: null,
    });
    expect(newAuction).toMatchObject({
      startingPrice: 80,
      currentPrice: 80,
      reservePrice: null,
      reserveMet: null,
      buyNowPrice: null,
      buyNowAvailable: false,
      status: 'scheduled',
      relistedFrom: old._id,
    });
    // Others never see the reserve's field at all.
    expect('reservePrice' in (await ann.caller.auction.byId({ id: newAuction._id }))).toBe(false);
    // New numbers for each price, as strings too.
    const other = await listed(deps, seller, { itemName: 'Oak chair' });
    await endOf(deps, other);
    const relisted = await seller.caller.auction.relist({
      id: other._id,
      ...relistDates(deps),
      reservePrice: '120',
      buyNowPrice: 200,
    } as never);
    expect(relisted.newAuction).toMatchObject({ startingPrice: 100, reservePrice: 120, buyNowPrice: 200, itemName: 'Oak chair' });
  });

  test('an auction that ended below its reserve, and a cancelled one, may be relisted; the relist lists like any auction', async ({
    app,
    deps,
  }) => {
    const { seller, ann } = await people(deps);
    const below = await forBids(deps, seller, 500);
    await ann.caller.auction.placeBid({ auctionId: below._id, bidAmount: 105 });
    const cancelled = await listed(deps, seller, { itemName: 'Pine bookcase' });
    await seller.caller.auction.cancel({ id: cancelled._id });
    await endOf(deps, below);
    expect(await seller.caller.auction.byId({ id: below._id })).toMatchObject({ status: 'ended', winner: null, reserveMet: false });

    const fromBelow = await post(app, `/api/auction/${below._id}/relist`, relistDates(deps), { cookie: seller.token });
    expect(fromBelow.statusCode, fromBelow.body).toBe(201);
    expect(fromBelow.json()).toMatchObject({ newAuction: { reservePrice: 500, currentPrice: 100, bidsCount: 0, relistedFrom: below._id } });
    const { newAuction: fromCancelled } = await seller.caller.auction.relist({ id: cancelled._id, ...relistDates(deps) });
    expect(fromCancelled).toMatchObject({ itemName: 'Pine bookcase', status: 'open', relistedFrom: cancelled._id });

    const relistedBelow = (fromBelow.json() as { newAuction: { _id: string } }).newAuction._id;
    const open = (await ann.caller.auction.list({ status: 'open' })).items.map((a) => a._id).sort();
    expect(open).toEqual([relistedBelow, fromCancelled._id].sort());
    // Bids go to the new auction as to any other; the old one keeps its own.
    expect(await ann.caller.auction.placeBid({ auctionId: relistedBelow, bidAmount: 101 })).toMatchObject({ leading: true });
    expect(await seller.caller.auction.byId({ id: below._id })).toMatchObject({ bidsCount: 1, currentPrice: 105 });
  });

  test('a sold auction is 409, an open or scheduled one 409, through both doors', async ({ app, deps }) => {
    const { seller, ann, ben } = await people(deps);
    const sold = await forBids(deps, seller);
    await ann.caller.auction.placeBid({ auctionId: sold._id, bidAmount: 101 });
    const soldAtReserve = await forBids(deps, seller, 120);
    await ann.caller.auction.placeBid({ auctionId: soldAtReserve._id, bidAmount: 110 });
    await ben.caller.auction.placeBid({ auctionId: soldAtReserve._id, bidAmount: 120 });
    // Bought at its Buy It Now price: ended at once, sold; too late to cancel as well.
    const bought = await listed(deps, seller, { buyNowPrice: '150' }, 9);
    await ann.caller.auction.buy({ id: bought._id });
    expect(await failure(seller.caller.auction.cancel({ id: bought._id }))).toMatchObject({
      code: 'CONFLICT',
      message: CANCEL_WORDS.ended,
    });
    const open = await listed(deps, seller, {}, 9);
    const now = deps.now();
    // Still scheduled once the first two have ended.
    const scheduled = await insertAuction(deps, seller.id, { startsAt: now + 5 * DAY_MS, endsAt: now + 9 * DAY_MS });
    await endOf(deps, sold);
    expect(await seller.caller.auction.byId({ id: soldAtReserve._id })).toMatchObject({ status: 'ended', reserveMet: true });

    const cases: Array<[string, string]> = [
      [sold._id, RELIST_WORDS.sold],
      [soldAtReserve._id, RELIST_WORDS.sold],
      [bought._id, RELIST_WORDS.sold],
      [open._id, RELIST_WORDS.notEnded],
      [scheduled, RELIST_WORDS.notEnded],
    ];
    for (const [id, words] of cases) {
      const res = await post(app, `/api/auction/${id}/relist`, relistDates(deps), { cookie: seller.token });
      expect(res.statusCode, id).toBe(409);
      expect(expectErrorBody(res).error).toBe(words);
      expect(await failure(seller.caller.auction.relist({ id, ...relistDates(deps) }))).toMatchObject({ code: 'CONFLICT', message: words });
    }
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from auctions where relisted_from is not null')).toEqual({ n: 0 });
  });

  test('anyone but the seller is 403, an unknown id 404, signed out 401', async ({ app, deps }) => {
    const { seller, ann, admin } = await people(deps);
    const old = await listed(deps, seller);
    await endOf(deps, old);
    for (const who of [ann, admin]) {
      const res = await post(app, `/api/auction/${old._id}/relist`, relistDates(deps), { cookie: who.token });
      expect(res.statusCode).toBe(403);
      expect(expectErrorBody(res).error).toBe(RELIST_WORDS.notSeller);
      expect(await failure(who.caller.auction.relist({ id: old._id, ...relistDates(deps) }))).toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const unknown of ['999999', 'abc']) {
      expect((await post(app, `/api/auction/${unknown}/relist`, relistDates(deps), { cookie: seller.token })).statusCode).toBe(404);
      expect(await failure(seller.caller.auction.relist({ id: unknown, ...relistDates(deps) }))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await post(app, `/api/auction/${old._id}/relist`, relistDates(deps))).statusCode).toBe(401);
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from auctions')).toEqual({ n: 1 });
  });

  test('the create rules apply to the new dates and to the prices, copied ones included: 400 at the field', async ({ app, deps }) => {
    const { seller } = await people(deps);
    const old = await listed(deps, seller, { reservePrice: '150', buyNowPrice: '300' });
    await endOf(deps, old);
    const today = plainDate(deps.now());
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ itemStartDate: plainDate(deps.now(), -1), itemEndDate: plainDate(deps.now(), 3) }, 'itemStartDate', START_IN_PAST],
      // A start earlier today is a valid start, so an end after it may still be over.
      [{ itemStartDate: `${today}T00:00:00Z`, itemEndDate: new Date(deps.now() - 1000).toISOString() }, 'itemEndDate', END_IN_PAST],
      [{ itemStartDate: today, itemEndDate: plainDate(deps.now(), 3), startingPrice: 200 }, 'reservePrice', RESERVE_WORDS.aboveStart],
      [
        { itemStartDate: today, itemEndDate: plainDate(deps.now(), 3), startingPrice: 300, reservePrice: null },
        'buyNowPrice',
        BUY_NOW_WORDS.aboveStart,
      ],
      [{ itemStartDate: today, itemEndDate: plainDate(deps.now(), 3), reservePrice: 400 }, 'buyNowPrice', BUY_NOW_WORDS.notBelowReserve],
      [
        { itemStartDate: today, itemEndDate: plainDate(deps.now(), 3), reservePrice: 100, buyNowPrice: null },
        'reservePrice',
        RESERVE_WORDS.aboveStart,
      ],
      [
        { itemStartDate: today, itemEndDate: plainDate(deps.now(), 3), reservePrice: '1.5' },
        'reservePrice',
        'Reserve price must be a whole number of dollars',
      ],
      [
        { itemStartDate: today, itemEndDate: plainDate(deps.now(), 3), startingPrice: 0 },
        'startingPrice',
        'Starting price must be at least $1',
      ],
      [{ itemEndDate: plainDate(deps.now(), 3) }, 'itemStartDate', 'Start date is required'],
    ];
    for (const [body, path, message] of refusals) {
      const res = await post(app, `/api/auction/${old._id}/relist`, body, { cookie: seller.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(expectErrorBody(res).issues).toContainEqual({ path, message });
      const trpc = await failure(seller.caller.auction.relist({ id: old._id, ...body } as never));
      expect(trpc.code).toBe('BAD_REQUEST');
      expect(trpc.issues).toContainEqual({ path, message });
    }
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from auctions')).toEqual({ n: 1 });
  });

  test('an auction is relisted once: again is 409, and the relist is relisted in its turn', async ({ app, deps }) => {
    const { seller } = await people(deps);
    const old = await listed(deps, seller);
    await endOf(deps, old);
    const { newAuction } = await seller.caller.auction.relist({ id: old._id, ...relistDates(deps, 2) });
    const again = await post(app, `/api/auction/${old._id}/relist`, relistDates(deps), { cookie: seller.token });
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).error).toBe(RELIST_WORDS.relisted);
    await endOf(deps, newAuction);
    const next = await seller.caller.auction.relist({ id: newAuction._id, ...relistDates(deps) });
    expect(next.newAuction).toMatchObject({ relistedFrom: newAuction._id, photos: old.photos });
  });

  test('relists of one auction at the same instant: exactly one new auction', async ({ app, deps }) => {
    const { seller } = await people(deps);
    const old = await listed(deps, seller);
    await endOf(deps, old);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? post(app, `/api/auction/${old._id}/relist`, relistDates(deps), { cookie: seller.token }).then((res) => res.statusCode)
          : seller.caller.auction.relist({ id: old._id, ...relistDates(deps) }).then(
              () => 201,
              () => 409,
            ),
      ),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(1);
    expect(answers.filter((status) => status === 409)).toHaveLength(5);
    expect(await deps.sqlOne<{ n: number }>('select count(*) as n from auctions where relisted_from = $1', [Number(old._id)])).toEqual({
      n: 1,
    });
  });
});
