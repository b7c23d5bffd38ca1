// Live bid updates through auction.onBid: events in order, filtered by auction, resumable with
// lastEventId (missed bids first, then live), and ended by the bus closing or the caller's signal.
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import type { BidEvent } from '../../src/server/wire';
import { anonymousCaller, callerFor, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';

async function setup(deps: TestDeps) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const ann = await signedInUser(deps, 'Ann Bidder');
  const ben = await signedInUser(deps, 'Ben Bidder');
  const watcher = await signedInUser(deps, 'Wendy Watcher');
  const sellerId = Number(seller.user._id);
  const first = await insertAuction(deps, sellerId, { startingPrice: 100 });
  const second = await insertAuction(deps, sellerId, { startingPrice: 500 });
  return { seller, ann, ben, watcher, first, second };
}

type Tracked = [string, BidEvent, unknown];

async function subscribe(
  caller: { auction: { onBid: (input?: { auctionId?: string; lastEventId?: string | null }) => Promise<AsyncIterable<unknown>> } },
  input?: { auctionId?: string; lastEventId?: string | null },
) {
  const iterator = (await caller.auction.onBid(input))[Symbol.asyncIterator]();
  return {
    /** The next event with its tracked id, or null when the subscription ended. */
    async next(): Promise<{ id: string; event: BidEvent } | null> {
      const result = await iterator.next();
      if (result.done) return null;
      const [id, event] = result.value as Tracked;
      return { id, event };
    },
    iterator,
  };
}

describe('auction.onBid', () => {
  test('bids from other callers arrive in order with the price, the count and the bid row', async ({ deps }) => {
    const { ann, ben, watcher, first } = await setup(deps);
    // insertAuction's default end, a week away: no bid here comes near enough to move it.
    const itemEndDate = new Date(deps.now() + 7 * DAY_MS).toISOString();
    const sub = await subscribe(watcher.caller, { auctionId: first });
    const received = sub.next();
    const placed1 = await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 105 });
    deps.clock.advance(1000);
    await ben.caller.auction.placeBid({ auctionId: first, bidAmount: 110 });
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 111 });

    const one = await received;
    expect(one).toEqual({
      id: placed1.bid!._id,
      event: {
        auctionId: first,
        currentPrice: 105,
        bidsCount: 1,
        itemEndDate,
        bid: {
          _id: placed1.bid!._id,
          bidder: { _id: ann.user._id, name: 'Ann Bidder' },
          bidAmount: 105,
          bidTime: new Date(deps.now() - 1000).toISOString(),
          auto: false,
          buyNow: false,
        },
      },
    });
    const two = await sub.next();
    const three = await sub.next();
    expect([two?.event.currentPrice, three?.event.currentPrice]).toEqual([110, 111]);
    expect([two?.event.bidsCount, three?.event.bidsCount]).toEqual([2, 3]);
    expect([two?.event.itemEndDate, three?.event.itemEndDate]).toEqual([itemEndDate, itemEndDate]);
    expect([two?.event.bid.auto, three?.event.bid.auto]).toEqual([false, false]);
    expect(two?.event.bid.bidder.name).toBe('Ben Bidder');
    expect(Number(three!.id)).toBeGreaterThan(Number(two!.id));
    await deps.bus.close();
    expect(await sub.next()).toBeNull();
  });

  test('refused bids publish nothing, and events of other auctions are filtered out', async ({ deps }) => {
    const { seller, ann, ben, watcher, first, second } = await setup(deps);
    const sub = await subscribe(watcher.caller, { auctionId: first });
    const received = sub.next();
    await ann.caller.auction.placeBid({ auctionId: second, bidAmount: 501 });
    await expect(ben.caller.auction.placeBid({ auctionId: first, bidAmount: 150 })).rejects.toThrow(/current price/);
    await expect(seller.caller.auction.placeBid({ auctionId: first, bidAmount: 101 })).rejects.toThrow(/own auction/);
    await ben.caller.auction.placeBid({ auctionId: first, bidAmount: 101 });
    const event = (await received)!.event;
    expect(event).toMatchObject({ auctionId: first, currentPrice: 101, bidsCount: 1 });
    expect(event.bid.bidder.name).toBe('Ben Bidder');
    await deps.bus.close();
    expect(await sub.next()).toBeNull();
  });

  test('without an auctionId, bids of every auction arrive', async ({ deps }) => {
    const { ann, watcher, first, second } = await setup(deps);
    const sub = await subscribe(watcher.caller);
    const received = sub.next();
    await ann.caller.auction.placeBid({ auctionId: second, bidAmount: 501 });
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101 });
    expect((await received)?.event.auctionId).toBe(second);
    expect((await sub.next())?.event.auctionId).toBe(first);
    await deps.bus.close();
  });

  test('a repeated request key publishes no second event', async ({ deps }) => {
    const { ann, watcher, first } = await setup(deps);
    const sub = await subscribe(watcher.caller, { auctionId: first });
    const received = sub.next();
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101, requestKey: 'double-submit' });
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101, requestKey: 'double-submit' });
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 102 });
    expect((await received)?.event.currentPrice).toBe(101);
    expect((await sub.next())?.event).toMatchObject({ currentPrice: 102, bidsCount: 2 });
    await deps.bus.close();
  });

  test('resuming with lastEventId replays the missed bids first, with the price and count of each, then goes on live', async ({ deps }) => {
    const { ann, ben, watcher, first, second } = await setup(deps);
    const seen = await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101 });
    await ben.caller.auction.placeBid({ auctionId: first, bidAmount: 105 });
    await ben.caller.auction.placeBid({ auctionId: second, bidAmount: 510 });
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 115 });

    const sub = await subscribe(watcher.caller, { auctionId: first, lastEventId: seen.bid!._id });
    const missed1 = await sub.next();
    const missed2 = await sub.next();
    expect(missed1?.event).toMatchObject({
      auctionId: first,
      currentPrice: 105,
      bidsCount: 2,
      bid: { bidAmount: 105, bidder: { name: 'Ben Bidder' } },
    });
    expect(missed2?.event).toMatchObject({
      auctionId: first,
      currentPrice: 115,
      bidsCount: 3,
      bid: { bidAmount: 115, bidder: { name: 'Ann Bidder' } },
    });
    expect(missed2?.id).toBe(missed2?.event.bid._id);

    const live = sub.next();
    await ben.caller.auction.placeBid({ auctionId: first, bidAmount: 120 });
    expect((await live)?.event).toMatchObject({ currentPrice: 120, bidsCount: 4 });
    await deps.bus.close();
    expect(await sub.next()).toBeNull();
  });

  test('a bid placed while missed bids are being replayed is not lost', async ({ deps }) => {
    const { ann, ben, watcher, first } = await setup(deps);
    const seen = await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101 });
    await ben.caller.auction.placeBid({ auctionId: first, bidAmount: 102 });
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 103 });

    const sub = await subscribe(watcher.caller, { auctionId: first, lastEventId: seen.bid!._id });
    expect((await sub.next())?.event.currentPrice).toBe(102);
    // The watcher is still catching up when this bid lands.
    await ben.caller.auction.placeBid({ auctionId: first, bidAmount: 104 });
    expect((await sub.next())?.event.currentPrice).toBe(103);
    const afterReplay = sub.next();
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 105 });
    expect((await afterReplay)?.event).toMatchObject({ currentPrice: 104, bidsCount: 4 });
    expect((await sub.next())?.event).toMatchObject({ currentPrice: 105, bidsCount: 5 });
    await deps.bus.close();
  });

  test('a long absence is replayed in full, not only its first page', async ({ deps }) => {
    const { ann, ben, watcher, first } = await setup(deps);
    const seen = await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101 });
    const MISSED = 130;
    for (let i = 0; i < MISSED; i++) {
      await (i % 2 ? ann : ben).caller.auction.placeBid({ auctionId: first, bidAmount: 102 + i });
    }
    const sub = await subscribe(watcher.caller, { auctionId: first, lastEventId: seen.bid!._id });
    const prices: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < MISSED; i++) {
      const next = await sub.next();
      prices.push(next!.event.currentPrice);
      counts.push(next!.event.bidsCount);
    }
    expect(prices).toEqual(Array.from({ length: MISSED }, (_, i) => 102 + i));
    expect(counts).toEqual(Array.from({ length: MISSED }, (_, i) => 2 + i));
    const live = sub.next();
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 102 + MISSED });
    expect((await live)?.event.bidsCount).toBe(MISSED + 2);
    await deps.bus.close();
  });

  test('the caller’s abort signal ends the subscription', async ({ deps }) => {
    const { ann, watcher, first } = await setup(deps);
    const controller = new AbortController();
    const sub = await subscribe(await callerFor(deps, watcher.token, { signal: controller.signal }), { auctionId: first });
    const received = sub.next();
    await ann.caller.auction.placeBid({ auctionId: first, bidAmount: 101 });
    expect((await received)?.event.currentPrice).toBe(101);
    const pending = sub.next();
    controller.abort();
    expect(await pending).toBeNull();
  });

  test('closing the bus ends every subscription; signed out is UNAUTHORIZED', async ({ deps }) => {
    const { ann, watcher, first, second } = await setup(deps);
    const a = await subscribe(watcher.caller, { auctionId: first });
    const b = await subscribe(ann.caller, { auctionId: second });
    const pendingA = a.next();
    const pendingB = b.next();
    await deps.bus.close();
    expect(await pendingA).toBeNull();
    expect(await pendingB).toBeNull();
    const anonymous = anonymousCaller(deps);
    await expect(anonymous.auction.onBid({ auctionId: first })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
