// The bid bus: one channel per auction, a queue per subscriber, slow subscribers ended rather than buffered.
import { describe, expect, test } from 'vitest';
import { createBidBus, FOLLOW_EVERY_AUCTION, followOne, MAX_QUEUED_EVENTS, ResumeLater } from '../../src/server/live/bid-bus';
import type { BidEvent, LiveBidEvent } from '../../src/server/wire';

const event = (auctionId: string, n: number): BidEvent => ({
  auctionId,
  currentPrice: 10 + n,
  bidsCount: n,
  itemEndDate: new Date(1).toISOString(),
  bid: {
    _id: `${auctionId}-${n}`,
    bidder: { _id: '1', name: 'Ann' },
    bidAmount: 10 + n,
    bidTime: new Date(0).toISOString(),
    auto: false,
    buyNow: false,
  },
});

async function take(iterator: AsyncIterator<LiveBidEvent>, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await iterator.next()).value!.bid._id);
  return ids;
}

describe('bid bus', () => {
  test('hands an event to the subscribers of its auction and of every auction, and to no one else', async () => {
    const bus = createBidBus();
    const one = bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const two = bus.subscribe(followOne('2'))[Symbol.asyncIterator]();
    const every = bus.subscribe(FOLLOW_EVERY_AUCTION)[Symbol.asyncIterator]();
    // A subscription attaches on its first next().
    const [first1, first2, firstEvery] = [one.next(), two.next(), every.next()];
    await new Promise((resolve) => setImmediate(resolve));
    expect(bus.publish(event('1', 1))).toBe(2);
    expect(bus.publish(event('3', 1))).toBe(1);
    expect(bus.publish(event('2', 1))).toBe(2);
    expect((await first1).value!.bid._id).toBe('1-1');
    expect((await first2).value!.bid._id).toBe('2-1');
    expect((await firstEvery).value!.bid._id).toBe('1-1');
    expect(await take(every, 2)).toEqual(['3-1', '2-1']);
    await bus.close();
    expect((await one.next()).done).toBe(true);
    expect(bus.publish(event('1', 2))).toBe(0);
  });

  test('a subscriber that falls too far behind is ended; the others go on', async () => {
    const bus = createBidBus();
    const slow = bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const fast = bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const [slowFirst, fastFirst] = [slow.next(), fast.next()];
    await new Promise((resolve) => setImmediate(resolve));
    bus.publish(event('1', 0));
    await Promise.all([slowFirst, fastFirst]);
    for (let n = 1; n <= MAX_QUEUED_EVENTS; n++) {
      bus.publish(event('1', n));
      await fast.next();
    }
    bus.publish(event('1', MAX_QUEUED_EVENTS + 1));
    await expect(slow.next()).rejects.toBeInstanceOf(ResumeLater);
    expect((await fast.next()).value!.bidsCount).toBe(MAX_QUEUED_EVENTS + 1);
    await bus.close();
  });

  test("a subscriber's abort signal ends it, and its channel is dropped", async () => {
    const bus = createBidBus();
    const stop = new AbortController();
    const sub = bus.subscribe(followOne('7'), stop.signal)[Symbol.asyncIterator]();
    const pending = sub.next();
    await new Promise((resolve) => setImmediate(resolve));
    expect(bus.publish(event('8', 1))).toBe(0);
    stop.abort();
    expect((await pending).done).toBe(true);
    expect(bus.publish(event('7', 1))).toBe(0);
  });
});
