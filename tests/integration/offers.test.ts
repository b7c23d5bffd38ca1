// Second-chance offers through both doors (REST and the offers router), on SQLite and PostgreSQL:
// after an unpaid cancel or a reserve not met, the seller offers the item to one bidder at their
// highest bid; the bidder accepts (an order, and the auction's winner) or declines; every refusal;
// the expiry; the offer's mail; and offers and answers at the same instant over real HTTP.
import { describe, expect } from 'vitest';
import { RELIST_WORDS } from '../../src/shared/listing';
import { OFFER_WORDS } from '../../src/shared/offers';
import { closeDueAuctions } from '../../src/server/services/closing';
import { failure, signedInUser } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, sessionCookieHeader } from '../support/http';
import { mailingApp, startSmtp } from '../support/smtp';
import { newestNotices } from '../support/notices';

const HOUR_MS = 3_600_000;

// The close is run by hand, so that the app's own tick never races a test's count.
test.override({ buildOptions: { closeAuctions: false } });

type Person = NonNullable<Awaited<ReturnType<typeof signedInUser>>>;
type App = Parameters<typeof post>[0];

const opts = (who: { token: string }) => ({ headers: { cookie: sessionCookieHeader(who.token) } });

/**
 * An auction of Sally's at $100 (shipping $15) that Bob bid $105 on and Alice $115 on, closed: Alice
 * won it, or, with a reserve above her bid, nobody did.
 */
async function endedAuction(deps: TestDeps, fields: { reservePrice?: number; itemName?: string } = {}) {
  const [seller, alice, bob, carol] = await Promise.all([
    signedInUser(deps, 'Sally Seller'),
    signedInUser(deps, 'Alice Leader'),
    signedInUser(deps, 'Bob Second'),
    signedInUser(deps, 'Carol Nobid'),
  ]);
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId: seller!.id,
    itemName: fields.itemName ?? 'Brass desk lamp',
    itemDescription: 'A working brass desk lamp from the 1950s.',
    itemCategory: 'Home & Garden',
    startingPrice: 100,
    reservePrice: fields.reservePrice ?? null,
    buyNowPrice: null,
    shippingCost: 15,
    photo: null,
    startsAt: new Date(now),
    endsAt: new Date(now + HOUR_MS),
    createdAt: new Date(now),
  });
  const auctionId = String(row.id);
  await bob!.caller.auction.placeBid({ auctionId, bidAmount: 105 });
  await alice!.caller.auction.placeBid({ auctionId, bidAmount: 115 });
  deps.clock.advance(HOUR_MS);
  await closeDueAuctions(deps);
  return { seller: seller!, alice: alice!, bob: bob!, carol: carol!, auctionId };
}

/** The same, with Alice's order cancelled unpaid once it was due. */
async function cancelledSale(deps: TestDeps, itemName?: string) {
  const sale = await endedAuction(deps, { itemName });
  const { orders } = await sale.alice.caller.orders.list({ role: 'buyer', limit: 100 });
  const order = orders.find((o) => o.auction._id === sale.auctionId)!;
  deps.clock.advance(48 * HOUR_MS);
  await sale.seller.caller.orders.cancel({ id: order._id, reason: 'unpaid' });
  return { ...sale, cancelledOrderId: order._id };
}

const offer = (app: App, auctionId: string, to: Person | string, who: Person) =>
  post(app, `/api/auction/${auctionId}/offers`, { to: typeof to === 'string' ? to : to._id }, opts(who));
const answer = (app: App, offerId: string, step: 'accept' | 'decline', who: Person) =>
  post(app, `/api/offers/${offerId}/${step}`, {}, opts(who));

describe('an offer after an unpaid cancel', () => {
  test('the seller offers the item to the second bidder at his highest bid; he sees it, accepts it, and buys it', async ({ app, deps }) => {
    const { seller, alice, bob, auctionId, cancelledOrderId } = await cancelledSale(deps);
    const madeAt = deps.now();
    const res = await offer(app, auctionId, bob, seller);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      auctionId,
      itemName: 'Brass desk lamp',
      itemPhoto: `${deps.settings.PUBLIC_URL}/placeholder.svg`,
      to: { _id: bob._id, name: 'Bob Second' },
      price: 105,
      status: 'pending',
      createdAt: new Date(madeAt).toISOString(),
      expiresAt: new Date(madeAt + 48 * HOUR_MS).toISOString(),
      answeredAt: null,
    });
    // Bob is told, and finds it in his offers through both doors; nobody else has it.
    const [notice] = await newestNotices(deps.store, bob.id, 1);
    expect(notice).toMatchObject({ kind: 'offer', message: expect.stringContaining('$105') });
    expect((await get(app, '/api/user/offers', opts(bob))).json()).toEqual({ offers: [made] });
    expect(await bob.caller.offers.mine()).toEqual({ offers: [made] });
    expect((await alice.caller.offers.mine()).offers).toEqual([]);
    // The seller's panel shows it, and the bidders the item may go to: never the buyer who did not pay.
    const panel = (await get(app, `/api/auction/${auctionId}/offers`, opts(seller))).json();
    expect(panel).toEqual({ offerable: true, bidders: [{ _id: bob._id, name: 'Bob Second', highestBid: 105 }], offers: [made] });

    const accepted = await answer(app, made._id, 'accept', bob);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { order } = accepted.json();
    expect(order).toMatchObject({
      auction: { _id: auctionId },
      buyer: { _id: bob._id, name: 'Bob Second' },
      seller: { _id: seller._id },
      price: 105,
      shippingCost: 15,
      total: 120,
      status: 'awaiting_payment',
      dueAt: new Date(deps.now() + 48 * HOUR_MS).toISOString(),
    });
    expect(order._id).not.toBe(cancelledOrderId);
    // The auction now names Bob its winner at the offer's price, and links him to his order.
    const page = (await get(app, `/api/auction/${auctionId}`, opts(bob))).json();
    expect(page).toMatchObject({ winner: { _id: bob._id, name: 'Bob Second' }, currentPrice: 105, orderId: order._id });
    expect((await get(app, `/api/auction/${auctionId}`, opts(seller))).json().orderId).toBe(order._id);
    expect((await seller.caller.orders.get({ id: order._id })).buyer._id).toBe(bob._id);
    const [sold] = await newestNotices(deps.store, seller.id, 1);
    expect(sold).toMatchObject({ kind: 'sold', message: expect.stringContaining('Bob Second accepted') });
    // Answered: no longer in his list, not again, and the sold item is no longer offerable.
    expect((await bob.caller.offers.mine()).offers).toEqual([]);
    const again = await answer(app, made._id, 'accept', bob);
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).error).toBe(OFFER_WORDS.answered('accepted'));
    expect((await answer(app, made._id, 'decline', bob)).statusCode).toBe(409);
    const late = await offer(app, auctionId, bob, seller);
    expect(late.statusCode).toBe(409);
    expect(expectErrorBody(late).error).toBe(OFFER_WORDS.notOfferable);
    expect(await deps.sql('select status from orders order by id')).toEqual([{ status: 'cancelled' }, { status: 'awaiting_payment' }]);
  });

  test('refusals: 404, 403, 409 while pending, 400 at `to` for the buyer who did not pay or a non-bidder', async ({ app, deps }) => {
    const { seller, alice, bob, carol, auctionId } = await cancelledSale(deps);
    expect((await offer(app, '424242', bob, seller)).statusCode).toBe(404);
    expect((await offer(app, 'nope', bob, seller)).statusCode).toBe(404);
    expect((await offer(app, auctionId, bob, alice)).statusCode).toBe(403);
    expect(await failure(carol.caller.offers.make({ auctionId, to: bob._id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(carol.caller.offers.ofAuction({ auctionId }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await post(app, `/api/auction/${auctionId}/offers`, { to: bob._id })).statusCode).toBe(401);

    for (const [to, message] of [
      [alice._id, OFFER_WORDS.cancelledBuyer],
      [carol._id, OFFER_WORDS.notABidder],
      [seller._id, OFFER_WORDS.notABidder],
      ['999999', OFFER_WORDS.notABidder],
    ] as const) {
      const res = await offer(app, auctionId, to, seller);
      expect(res.statusCode, to).toBe(400);
      expect(expectErrorBody(res).issues).toEqual([{ path: 'to', message }]);
    }
    for (const body of [{}, { to: 'bob' }, { to: 5 }]) {
      const res = await post(app, `/api/auction/${auctionId}/offers`, body, opts(seller));
      expect(res.statusCode).toBe(400);
      expect(expectErrorBody(res).issues).toEqual([expect.objectContaining({ path: 'to' })]);
    }

    const made = (await seller.caller.offers.make({ auctionId, to: bob._id }))!;
    const second = await offer(app, auctionId, bob, seller);
    expect(second.statusCode).toBe(409);
    expect(expectErrorBody(second).error).toBe(OFFER_WORDS.pendingAlready);
    // Only Bob may answer it; anyone else is not told it exists.
    for (const who of [seller, alice, carol]) {
      expect((await answer(app, made._id, 'accept', who)).statusCode).toBe(404);
      expect(await failure(who.caller.offers.decline({ id: made._id }))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await answer(app, '424242', 'accept', bob)).statusCode).toBe(404);
    expect((await answer(app, 'x', 'decline', bob)).statusCode).toBe(404);
  });
});

describe('an offer after a reserve not met', () => {
  test('offered to the leader, declined, then offered again; an open or sold auction is not offerable', async ({ app, deps }) => {
    const { seller, alice, bob, auctionId } = await endedAuction(deps, { reservePrice: 500 });
    expect((await get(app, `/api/auction/${auctionId}`, opts(seller))).json().winner).toBeNull();

    const made = await offer(app, auctionId, alice, seller);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ to: { _id: alice._id }, price: 115, status: 'pending' });
    const declined = await answer(app, made.json()._id, 'decline', alice);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().offer).toMatchObject({ status: 'declined', answeredAt: new Date(deps.now()).toISOString() });
    expect(await deps.sql('select id from orders')).toEqual([]);

    // Declined: the seller may try the next bidder, who takes it below the reserve.
    const next = await seller.caller.offers.make({ auctionId, to: bob._id });
    const { order } = await bob.caller.offers.accept({ id: next._id });
    expect(order).toMatchObject({ buyer: { _id: bob._id }, price: 105 });
    expect((await get(app, `/api/auction/${auctionId}`, opts(alice))).json()).toMatchObject({
      winner: { _id: bob._id },
      reserveMet: false,
    });
    expect((await seller.caller.offers.ofAuction({ auctionId })).offers.map((o) => o.status)).toEqual(['accepted', 'declined']);

    // Still running, or sold at the close: nothing to offer.
    const open = await deps.store.auctions.insert({
      sellerId: seller.id,
      itemName: 'Still open',
      itemDescription: 'Bidding still runs on this one.',
      itemCategory: 'Home & Garden',
      startingPrice: 10,
      reservePrice: 500,
      buyNowPrice: null,
      shippingCost: null,
      photo: null,
      startsAt: new Date(deps.now()),
      endsAt: new Date(deps.now() + HOUR_MS),
      createdAt: new Date(deps.now()),
    });
    await bob.caller.auction.placeBid({ auctionId: String(open.id), bidAmount: 20 });
    const running = await offer(app, String(open.id), bob, seller);
    expect(running.statusCode).toBe(409);
    expect(expectErrorBody(running).error).toBe(OFFER_WORDS.notOfferable);
    const sold = await endedAuction(deps, { itemName: 'Sold at the close' });
    expect((await offer(app, sold.auctionId, sold.bob, sold.seller)).statusCode).toBe(409);
    expect((await sold.seller.caller.offers.ofAuction({ auctionId: sold.auctionId })).offerable).toBe(false);
  });
});

describe('a relisted auction', () => {
  test('is offered to nobody: the relisting may sell the item', async ({ app, deps }) => {
    const { seller, bob, auctionId } = await endedAuction(deps, { reservePrice: 500 });
    const start = new Date(deps.now() + 60_000).toISOString();
    const end = new Date(deps.now() + 24 * HOUR_MS).toISOString();
    const relisted = await post(app, `/api/auction/${auctionId}/relist`, { itemStartDate: start, itemEndDate: end }, opts(seller));
    expect(relisted.statusCode, relisted.body).toBe(201);
    const res = await offer(app, auctionId, bob, seller);
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res).error).toBe(OFFER_WORDS.notOfferable);
    expect((await seller.caller.offers.ofAuction({ auctionId })).offerable).toBe(false);
  });
});

describe('a relist while an offer waits', () => {
  test('is 409 until the offer is declined: the offer may still sell the item, and the relist never sells it twice', async ({
    app,
    deps,
  }) => {
    const { seller, bob, auctionId } = await endedAuction(deps, { reservePrice: 500 });
    const made = await offer(app, auctionId, bob, seller);
    expect(made.statusCode, made.body).toBe(201);
    const relist = () =>
      post(
        app,
        `/api/auction/${auctionId}/relist`,
        { itemStartDate: new Date(deps.now() + 60_000).toISOString(), itemEndDate: new Date(deps.now() + 24 * HOUR_MS).toISOString() },
        opts(seller),
      );
    const refused = await relist();
    expect(refused.statusCode).toBe(409);
    expect(expectErrorBody(refused).error).toBe(RELIST_WORDS.offerPending);
    expect((await answer(app, made.json()._id, 'decline', bob)).statusCode).toBe(200);
    expect((await relist()).statusCode).toBe(201);
  });
});

describe('expiry', () => {
  test('an offer lasts PAYMENT_DUE_HOURS: then it leaves the list, cannot be answered, and frees the auction', async ({ makeDeps }) => {
    const deps = await makeDeps({ PAYMENT_DUE_HOURS: 2 });
    const { seller, bob, alice, auctionId } = await endedAuction(deps, { reservePrice: 500 });
    const made = await seller.caller.offers.make({ auctionId, to: bob._id });
    expect(made.expiresAt).toBe(new Date(deps.now() + 2 * HOUR_MS).toISOString());

    deps.clock.advance(2 * HOUR_MS - 1);
    expect((await bob.caller.offers.mine()).offers).toHaveLength(1);
    expect(await failure(seller.caller.offers.make({ auctionId, to: alice._id }))).toMatchObject({ code: 'CONFLICT' });
    deps.clock.advance(1);
    expect((await bob.caller.offers.mine()).offers).toEqual([]);
    expect(await failure(bob.caller.offers.accept({ id: made._id }))).toMatchObject({ code: 'CONFLICT', message: OFFER_WORDS.expired });
    expect(await failure(bob.caller.offers.decline({ id: made._id }))).toMatchObject({ code: 'CONFLICT', message: OFFER_WORDS.expired });
    expect((await seller.caller.offers.ofAuction({ auctionId })).offers[0]!.status).toBe('expired');

    const next = await seller.caller.offers.make({ auctionId, to: alice._id });
    expect(next).toMatchObject({ to: { _id: alice._id }, status: 'pending' });
    expect(await deps.sql('select status from offers order by id')).toEqual([{ status: 'expired' }, { status: 'pending' }]);
  });
});

describe('the offer by e-mail', () => {
  test('the offered bidder receives a mail naming the item', async ({ makeDeps }) => {
    const server = await startSmtp();
    try {
      const { app, deps } = await mailingApp(makeDeps, server.url);
      const { seller, bob, auctionId } = await endedAuction(deps, { reservePrice: 500, itemName: 'Teak <chair>' });
      expect((await offer(app, auctionId, bob, seller)).statusCode).toBe(201);
      // Bob was mailed when Alice outbid him too: the offer's mail comes among the others, in its time.
      const offered = (m: { to: string; subject: string }) => m.to === bob.email && m.subject.startsWith('A second chance');
      let mails = await server.waitFor(1);
      for (let count = 2; !mails.some(offered); count++) mails = await server.waitFor(count);
      const mail = mails.find(offered)!;
      expect(mail.subject).toBe('A second chance: “Teak <chair>” is offered to you');
      expect(mail.text).toContain('Sally Seller offers you “Teak <chair>” at your highest bid, $105');
      expect(mail.html).toContain('Teak &#60;chair&#62;');
    } finally {
      await server.close();
    }
  });
});

describe('at the same instant over HTTP', () => {
  test('two offers at once: one 201, one 409; ten accepts at once: one order', async ({ listening: { deps, baseUrl } }) => {
    const fire = async (path: string, who: Person, body: object) =>
      (
        await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { cookie: sessionCookieHeader(who.token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    for (let round = 0; round < 3; round++) {
      const { seller, alice, bob, auctionId } = await endedAuction(deps, { reservePrice: 500, itemName: `Raced ${round}` });
      const made = await Promise.all([
        fire(`/api/auction/${auctionId}/offers`, seller, { to: alice._id }),
        fire(`/api/auction/${auctionId}/offers`, seller, { to: bob._id }),
      ]);
      expect(made.sort()).toEqual([201, 409]);
      const [pending] = (await seller.caller.offers.ofAuction({ auctionId })).offers;
      const to = pending!.to._id === alice._id ? alice : bob;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => fire(`/api/offers/${pending!._id}/${i % 3 === 0 ? 'decline' : 'accept'}`, to, {})),
      );
      expect(answers.filter((s) => s === 201 || s === 200)).toHaveLength(1);
      expect(answers.filter((s) => s === 409)).toHaveLength(9);
      const orders = await deps.sql('select id from orders where auction_id = $1', [Number(auctionId)]);
      expect(orders).toHaveLength(answers.includes(201) ? 1 : 0);
    }
  });
});
