// The bid event bus behind the live streams. In-process now; a database or broker channel can
// replace it behind the same interface when the product runs on more than one machine.
//
// Each auction is its own channel, so a bid wakes only the streams that follow that auction (and the
// few that follow every auction). Publishing only appends to each subscriber's queue; every stream
// then sends at its own pace. A subscriber that falls too far behind is ended rather than buffered
// without bound: its client reconnects with its last event id and catches up from the database.
import type { Bid } from '../services/auctions';

/** An accepted bid, with the auction as it stood right after it. */
export interface BidEvent {
  auctionId: string;
  currentPrice: number;
  bidsCount: number;
  /** The auction's end right after the bid: a late bid moves it (soft close). */
  itemEndDate: string;
  bid: Bid;
}

export interface BidBus {
  /** Hands the event to every subscriber of its auction and of all auctions; returns how many. */
  publish(event: BidEvent): number;
  /** Events of one auction (or of every auction, with null) from now on, until the signal aborts or the bus closes. */
  subscribe(auctionId: string | null, signal?: AbortSignal): AsyncIterable<BidEvent>;
  /** Ends every subscription (server shutdown). */
  close(): void;
}

/** Events a subscriber may have waiting before it is ended as too slow. */
export const MAX_QUEUED_EVENTS = 1000;

interface Subscriber {
  queue: BidEvent[];
  /** Resolves the subscriber's pending wait, if it is waiting. */
  wake: (() => void) | null;
  ended: boolean;
}

const EVERY_AUCTION = '*';

export function createBidBus(): BidBus {
  const channels = new Map<string, Set<Subscriber>>();
  let closed = false;

  const end = (subscriber: Subscriber) => {
    subscriber.ended = true;
    subscriber.wake?.();
  };

  function deliver(channel: string, event: BidEvent): number {
    let handed = 0;
    for (const subscriber of channels.get(channel) ?? []) {
      if (subscriber.ended) continue;
      if (subscriber.queue.length >= MAX_QUEUED_EVENTS) {
        end(subscriber);
        continue;
      }
      subscriber.queue.push(event);
      subscriber.wake?.();
      handed += 1;
    }
    return handed;
  }

  return {
    publish(event) {
      return deliver(event.auctionId, event) + deliver(EVERY_AUCTION, event);
    },

    async *subscribe(auctionId, signal) {
      const channel = auctionId ?? EVERY_AUCTION;
      const subscriber: Subscriber = { queue: [], wake: null, ended: closed };
      let subscribers = channels.get(channel);
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
      const onAbort = () => end(subscriber);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) end(subscriber);
      try {
        for (;;) {
          // Ending wins over what is still queued: the client resumes from its last event id.
          while (!subscriber.ended && subscriber.queue.length > 0) yield subscriber.queue.shift()!;
          if (subscriber.ended) return;
          await new Promise<void>((resolve) => (subscriber.wake = resolve));
          subscriber.wake = null;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        subscribers.delete(subscriber);
        if (subscribers.size === 0) channels.delete(channel);
      }
    },

    close() {
      closed = true;
      for (const subscribers of channels.values()) for (const subscriber of subscribers) end(subscriber);
      channels.clear();
    },
  };
}
