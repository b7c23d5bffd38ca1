// GET /api/user/export and user.export, on SQLite and PostgreSQL: everything kept about the caller
// as a JSON download, the other side of each trade by name alone, never another's e-mail, maximum or
// login data; a few downloads an hour.
import { describe, expect } from 'vitest';
import { EXPORTS_PER_HOUR } from '../../src/shared/constants';
import { closeDueAuctions } from '../../src/server/services/closing';
import { failure } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { callerFor } from '../support/accounts';
import { get, login, signedUp } from '../support/http';

const HOUR_MS = 3_600_000;

test.override({ buildOptions: { closeAuctions: false } });

async function listing(deps: TestDeps, sellerId: number, itemName: string) {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName,
    itemDescription: 'A working brass desk lamp from the 1950s.',
    itemCategory: 'Home & Garden',
    startingPrice: 100,
    reservePrice: null,
    buyNowPrice: null,
    shippingCost: 15,
    photo: null,
    startsAt: new Date(now),
    endsAt: new Date(now + HOUR_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

describe('a user’s data for download', () => {
  test('holds the account, logins, auctions, bids and own maxima, watchlist, searches, notices, orders, messages, feedback; the others by name alone', async ({
    app,
    deps,
  }) => {
    // Three people signed up through the API, so that each has a login history of their own.
    const seller = await signedUp(app, { name: 'Sally Seller' });
    const buyer = await signedUp(app, { name: 'Bea Buyer' });
    const rival = await signedUp(app, { name: 'Rita Rival' });
    const [sellerCall, buyerCall, rivalCall] = await Promise.all([seller, buyer, rival].map((who) => callerFor(deps, who.token)));
    expect((await login(app, buyer.email, buyer.password)).statusCode).toBe(200);

    // A lamp the buyer wins over the rival's maximum of $150 with their own of $200; a vase still open.
    const lamp = await listing(deps, Number(seller.user._id), 'Brass desk lamp');
    const vase = await listing(deps, Number(seller.user._id), 'Blue glass vase');
    await rivalCall!.auction.placeBid({ auctionId: lamp, bidAmount: 110, maxBid: 150 });
    await buyerCall!.auction.placeBid({ auctionId: lamp, bidAmount: 120, maxBid: 200 });
    await buyerCall!.auction.placeBid({ auctionId: vase, bidAmount: 105, maxBid: 130 });
    await rivalCall!.auction.placeBid({ auctionId: vase, bidAmount: 110, maxBid: 400 });
    await buyerCall!.user.setWatching({ auctionId: vase, watching: true });
    await buyerCall!.user.saveSearch({ q: 'desk lamp', maxPrice: 300 });
    await buyerCall!.messages.send({ auctionId: lamp, body: 'Does the lamp come with its bulb?' });
    await sellerCall!.messages.send({ auctionId: lamp, to: buyer.user._id, body: 'Yes, a new one.' });

    deps.clock.advance(HOUR_MS);
    await closeDueAuctions(deps);
    const { orders } = await buyerCall!.orders.list({ role: 'buyer', limit: 10 });
    const orderId = orders[0]!._id;
    await sellerCall!.orders.paid({ id: orderId });
    await sellerCall!.orders.shipped({ id: orderId, trackingNumber: 'TRACK123' });
    await buyerCall!.orders.received({ id: orderId });
    await buyerCall!.orders.feedback({ id: orderId, rating: 'positive', comment: 'Lovely lamp.' });
    await sellerCall!.orders.feedback({ id: orderId, rating: 'positive', comment: 'Quick payment.' });

    const res = await get(app, '/api/user/export', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="open-auction-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();

    expect(data.account).toMatchObject({ _id: buyer.user._id, name: 'Bea Buyer', email: buyer.email, role: 'user' });
    expect(data.loginHistory.map((l: { kind: string }) => l.kind)).toEqual(['signup', 'login']);
    expect(data.loginHistory[0]).toHaveProperty('ipAddress');
    expect(data.auctions).toEqual([]);
    // Their own bids, placed and automatic, on both auctions.
    expect(new Set(data.bids.map((b: { auctionId: string }) => b.auctionId))).toEqual(new Set([lamp, vase]));
    expect(data.bids.find((b: { amount: number; auto: boolean }) => b.amount === 120 && !b.auto)).toMatchObject({
      itemName: 'Brass desk lamp',
    });
    // Their maxima: $200 where they led to the end, $130 where the rival leads.
    expect(data.maximumBids).toEqual(
      expect.arrayContaining([
        { auctionId: lamp, itemName: 'Brass desk lamp', amount: 200 },
        { auctionId: vase, itemName: 'Blue glass vase', amount: 130 },
      ]),
    );
    expect(data.maximumBids).toHaveLength(2);
    expect(data.watchlist).toEqual([expect.objectContaining({ auctionId: vase, itemName: 'Blue glass vase' })]);
    expect(data.savedSearches).toEqual([expect.objectContaining({ q: 'desk lamp', maxPrice: 300, category: null })]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(['won', 'message']));
    expect(data.orders).toEqual([
      expect.objectContaining({
        _id: orderId,
        auctionId: lamp,
        itemName: 'Brass desk lamp',
        buyer: { _id: buyer.user._id, name: 'Bea Buyer' },
        seller: { _id: seller.user._id, name: 'Sally Seller' },
        status: 'received',
        trackingNumber: 'TRACK123',
      }),
    ]);
    expect(
      data.messages.map((m: { from: { name: string }; to: { name: string }; body: string }) => [m.from.name, m.to.name, m.body]),
    ).toEqual([
      ['Bea Buyer', 'Sally Seller', 'Does the lamp come with its bulb?'],
      ['Sally Seller', 'Bea Buyer', 'Yes, a new one.'],
    ]);
    expect(data.feedback.given).toEqual([
      expect.objectContaining({ orderId, comment: 'Lovely lamp.', about: { _id: seller.user._id, name: 'Sally Seller' } }),
    ]);
    expect(data.feedback.received).toEqual([
      expect.objectContaining({ orderId, comment: 'Quick payment.', from: { _id: seller.user._id, name: 'Sally Seller' } }),
    ]);

    // Nothing of the others' accounts: their e-mails, the rival's maxima ($150, $400), their logins.
    const text = res.body;
    for (const email of [seller.email, rival.email]) expect(text).not.toContain(email);
    for (const max of [150, 400]) expect(text).not.toMatch(new RegExp(`"amount":${max}\\b`));
    expect(data.loginHistory).toHaveLength(2);

    // The seller's download holds the auctions they listed, the messages from both sides, and feedback both ways.
    const theirs = (await get(app, '/api/user/export', { token: seller.token })).json();
    expect(theirs.auctions.map((a: { itemName: string }) => a.itemName)).toEqual(['Brass desk lamp', 'Blue glass vase']);
    expect(theirs.auctions[0]).not.toHaveProperty('leaderMax');
    expect(theirs.messages).toHaveLength(2);
    expect(theirs.feedback.received[0].comment).toBe('Lovely lamp.');
    expect(JSON.stringify(theirs)).not.toContain(buyer.email);
  });

  test('the procedure answers what the route does; signed out is 401; more than a few an hour is 429', async ({ app, deps }) => {
    const someone = await signedUp(app, { name: 'Olga Owner' });
    const call = (await callerFor(deps, someone.token))!;
    const viaProcedure = await call.user.export();
    expect(viaProcedure.account.email).toBe(someone.email);
    expect((await get(app, '/api/user/export')).statusCode).toBe(401);

    for (let i = 1; i < EXPORTS_PER_HOUR; i++) expect((await get(app, '/api/user/export', { token: someone.token })).statusCode).toBe(200);
    const refused = await get(app, '/api/user/export', { token: someone.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/download your data/);
    expect((await failure(call.user.export())).code).toBe('TOO_MANY_REQUESTS');
  });
});
