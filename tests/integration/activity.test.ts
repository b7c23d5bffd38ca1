// The menu's counts (user.activity), on SQLite and PostgreSQL: unread messages in every conversation
// of the user, as seller or not, and the orders where it is the user's turn, step by step.
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { FEEDBACK_WINDOW_DAYS } from '../../src/shared/feedback';
import { closeDueAuctions } from '../../src/server/services/closing';
import { signedInUser } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';

const HOUR_MS = 3_600_000;

// The close is run by hand, so that the app's own tick never races a count.
test.override({ buildOptions: { closeAuctions: false } });

async function people(deps: TestDeps) {
  const [seller, buyer, stranger] = await Promise.all([
    signedInUser(deps, 'Sally Seller'),
    signedInUser(deps, 'Bea Buyer'),
    signedInUser(deps, 'Stan Stranger'),
  ]);
  return { seller: seller!, buyer: buyer!, stranger: stranger! };
}
type Person = Awaited<ReturnType<typeof people>>['buyer'];

/** An auction open for an hour at $100 (shipping $15, or collected in person with `pickup`). */
async function listing(deps: TestDeps, sellerId: number, pickup = false) {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName: 'Brass desk lamp',
    itemDescription: 'A working brass desk lamp from the 1950s.',
    itemCategory: 'Home & Garden',
    startingPrice: 100,
    reservePrice: null,
    buyNowPrice: null,
    shippingCost: pickup ? null : 15,
    photo: null,
    startsAt: new Date(now),
    endsAt: new Date(now + HOUR_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

/** Auctions won by `buyer` and closed: their orders' ids, in the order of `pickups`. */
async function wonOrders(deps: TestDeps, seller: Person, buyer: Person, pickups: boolean[]) {
  const ids = [];
  for (const pickup of pickups) ids.push(await listing(deps, seller.id, pickup));
  for (const auctionId of ids) await buyer.caller.auction.placeBid({ auctionId, bidAmount: 105 });
  deps.clock.advance(HOUR_MS);
  await closeDueAuctions(deps);
  const { orders } = await buyer.caller.orders.list({ role: 'buyer', limit: 100 });
  return ids.map((auctionId) => orders.find((o) => o.auction._id === auctionId)!._id);
}

const activity = (who: Person) => who.caller.user.activity();

describe('user.activity', () => {
  test('counts the messages each side has not read, in every conversation, until they read them', async ({ deps }) => {
    const { seller, buyer, stranger } = await people(deps);
    const [lamp, chair] = [await listing(deps, seller.id), await listing(deps, seller.id)];
    expect(await activity(seller)).toEqual({ unreadMessages: 0, ordersOwed: 0 });

    await buyer.caller.messages.send({ auctionId: lamp, body: 'Does it work?' });
    await buyer.caller.messages.send({ auctionId: lamp, body: 'And the cable?' });
    await stranger.caller.messages.send({ auctionId: chair, body: 'Is it oak?' });
    // Their own messages count for nobody who wrote them.
    expect(await activity(seller)).toEqual({ unreadMessages: 3, ordersOwed: 0 });
    expect(await activity(buyer)).toEqual({ unreadMessages: 0, ordersOwed: 0 });

    await seller.caller.messages.read({ auctionId: lamp, with: String(buyer.id) });
    expect((await activity(seller)).unreadMessages).toBe(1);
    await seller.caller.messages.send({ auctionId: lamp, to: String(buyer.id), body: 'Yes, it does.' });
    expect((await activity(buyer)).unreadMessages).toBe(1);
    expect((await activity(stranger)).unreadMessages).toBe(0);

    await buyer.caller.messages.read({ auctionId: lamp });
    await seller.caller.messages.read({ auctionId: chair, with: String(stranger.id) });
    expect((await activity(buyer)).unreadMessages).toBe(0);
    expect((await activity(seller)).unreadMessages).toBe(0);
  });

  test("counts the orders where it is the caller's turn, through every step and feedback's window", async ({ deps }) => {
    const { seller, buyer, stranger } = await people(deps);
    const [shipped, collected, unpaid] = await wonOrders(deps, seller, buyer, [false, true, false]);
    const counts = async () => [(await activity(seller)).ordersOwed, (await activity(buyer)).ordersOwed];

    // The seller is to confirm three payments; the buyer waits.
    expect(await counts()).toEqual([3, 0]);
    await seller.caller.orders.paid({ id: shipped! });
    await seller.caller.orders.paid({ id: collected! });
    // Paid: the shipped one is the seller's to send; the collected one is the buyer's to confirm.
    expect(await counts()).toEqual([2, 1]);
    deps.clock.advance(3 * DAY_MS);
    await seller.caller.orders.cancel({ id: unpaid!, reason: 'unpaid' });
    expect(await counts()).toEqual([1, 1]);
    await seller.caller.orders.shipped({ id: shipped!, trackingNumber: null });
    expect(await counts()).toEqual([0, 2]);

    // Received: each side owes its feedback, until left or until its window closes.
    await buyer.caller.orders.received({ id: shipped! });
    await buyer.caller.orders.received({ id: collected! });
    expect(await counts()).toEqual([2, 2]);
    await buyer.caller.orders.feedback({ id: shipped!, rating: 'positive', comment: '' });
    await seller.caller.orders.feedback({ id: collected!, rating: 'positive', comment: '' });
    expect(await counts()).toEqual([1, 1]);
    expect((await activity(stranger)).ordersOwed).toBe(0);
    deps.clock.advance((FEEDBACK_WINDOW_DAYS + 1) * DAY_MS);
    expect(await counts()).toEqual([0, 0]);
  });
});
