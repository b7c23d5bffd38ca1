// The bid event bus behind the live streams. In-process here; pg-bid-bus.ts carries it across the
// instances that share a PostgreSQL database, behind the same interface.
//
// Each auction is its own channel, so a bid wakes only the streams that follow that auction (and the
// few that follow every auction). A stream follows a few auctions at once: a browser's one live
// connection carries the auctions all its tabs show. Publishing only appends the event (one object,
// shared by every subscriber, which the stream writer serialises once: live/event-stream.ts) to each
// subscriber's queue; the subscribers are woken after the publisher's own work is done (the bid's
// answer goes out first), and each then sends at its own pace. A subscriber that falls too far
// behind is ended rather than buffered without bound: its client reconnects with its last event id
// and catches up from the database.
import type { LiveBidEvent } from '../wire';

/** What one subscription follows: some auctions, each in the order of its bids, and maybe every auction besides. */
export interface Following {
  auctionIds: readonly string[];
  everyAuction: boolean;
}

export const followOne = (auctionId: string): Following => ({ auctionIds: [auctionId], everyAuction: false });
export const FOLLOW_EVERY_AUCTION: Following = { auctionIds: [], everyAuction: true };

export interface BidBus {
  /** Hands the event to every subscriber that follows its auction or every auction; returns how many. */
  publish(event: LiveBidEvent): number;
  /** Events of what `following` names from now on, until the signal aborts or the bus closes. */
  subscribe(following: Following, signal?: AbortSignal): AsyncIterable<LiveBidEvent>;
  /**
   * Ends every subscription (server shutdown); resolves once what the bus still had to send other
   * instances has gone out.
   */
  close(): Promise<void>;
}

/** Events a subscriber may have waiting before it is let go as too slow. */
export const MAX_QUEUED_EVENTS = 1000;

/**
 * Thrown to a subscriber the bus let go (it fell behind, or an auction's order was lost): its client
 * should reconnect with its last event id and resume from the database. A subscription that ends for
 * any other reason (its signal, the bus closing) simply ends.
 */
export class ResumeLater extends Error {
  constructor() {
    super('the live stream must be resumed from the database');
  }
}

interface Subscriber {
  /** The auctions it follows by name; from the every-auction channel it takes only the others. */
  auctions: ReadonlySet<string>;
  queue: LiveBidEvent[];
  /** Resolves the subscriber's pending wait, if it is waiting. */
  wake: (() => void) | null;
  ended: boolean;
  /** Ended for falling behind: told to resume rather than simply ended. */
  letGo: boolean;
}

/**
 * The fan-out within one process, fed from two sides: the events of auctions followed by name (in
 * each auction's order), and the events for the subscribers of every auction (as they come). The
 * in-process bus feeds both with each published event; the PostgreSQL bus feeds the first in the
 * order its numbering restores and the second as it hears rings.
 */
export interface FanOut {
  /** Hands the event to the subscribers that follow its auction by name; returns how many. */
  toFollowers(event: LiveBidEvent): number;
  /** Hands the event to the subscribers of every auction that do not follow its auction by name. */
  toEveryAuction(event: LiveBidEvent): number;
  subscribe(following: Following, signal?: AbortSignal): AsyncIterable<LiveBidEvent>;
  close(): void;
}

export function createFanOut(): FanOut {
  const channels = new Map<string, Set<Subscriber>>();
  const everyAuction = new Set<Subscriber>();
  let closed = false;

  // Woken together once the publishers of this turn are done: a bid's answer is written before any
  // stream resumes to send its event, however many streams follow the auction.
  const waking = new Set<Subscriber>();
  const wakeAll = () => {
    for (const subscriber of waking) subscriber.wake?.();
    waking.clear();
  };

  const end = (subscriber: Subscriber) => {
    subscriber.ended = true;
    subscriber.wake?.();
  };

  function hand(subscriber: Subscriber, event: LiveBidEvent): boolean {
    if (subscriber.ended) return false;
    if (subscriber.queue.length >= MAX_QUEUED_EVENTS) {
      subscriber.letGo = true;
      end(subscriber);
      return false;
    }
    subscriber.queue.push(event);
    if (waking.size === 0) setImmediate(wakeAll);
    waking.add(subscriber);
    return true;
  }

  return {
    toFollowers(event) {
      let handed = 0;
      for (const subscriber of channels.get(event.auctionId) ?? []) if (hand(subscriber, event)) handed += 1;
      return handed;
    },

    toEveryAuction(event) {
      let handed = 0;
      for (const subscriber of everyAuction) {
        if (!subscriber.auctions.has(event.auctionId) && hand(subscriber, event)) handed += 1;
      }
      return handed;
    },

    async *subscribe(following, signal) {
      const subscriber: Subscriber = { auctions: new Set(following.auctionIds), queue: [], wake: null, ended: closed, letGo: false };
      for (const auctionId of subscriber.auctions) {
        let subscribers = channels.get(auctionId);
        if (!subscribers) channels.set(auctionId, (subscribers = new Set()));
        subscribers.add(subscriber);
      }
      if (following.everyAuction) everyAuction.add(subscriber);
      const onAbort = () => end(subscriber);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) end(subscriber);
      try {
        for (;;) {
          // Ending wins over what is still queued: the client resumes from its last event id.
          while (!subscriber.ended && subscriber.queue.length > 0) yield subscriber.queue.shift()!;
          if (subscriber.letGo) throw new ResumeLater();
          if (subscriber.ended) return;
          await new Promise<void>((resolve) => (subscriber.wake = resolve));
          subscriber.wake = null;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        waking.delete(subscriber);
        everyAuction.delete(subscriber);
        for (const auctionId of subscriber.auctions) {
          const subscribers = channels.get(auctionId);
          subscribers?.delete(subscriber);
          if (subscribers?.size === 0) channels.delete(auctionId);
        }
      }
    },

    close() {
      closed = true;
      for (const subscribers of channels.values()) for (const subscriber of subscribers) end(subscriber);
      for (const subscriber of everyAuction) end(subscriber);
      channels.clear();
      everyAuction.clear();
    },
  };
}

/** The bus of one process: each event goes to its auction's followers and to every auction's. */
export function createBidBus(): BidBus {
  const fanOut = createFanOut();
  return {
    publish: (event) => fanOut.toFollowers(event) + fanOut.toEveryAuction(event),
    subscribe: (following, signal) => fanOut.subscribe(following, signal),
    close: async () => fanOut.close(),
  };
}
