// The bid event bus behind the live subscription. In-process now; a database or broker channel can
// replace it behind the same interface when the product runs on more than one machine.
import { EventEmitter, on } from 'node:events';

export interface BidEvent {
  auctionId: string;
  currentPrice: number;
  bidsCount: number;
  bid: {
    _id: string;
    bidder: { _id: string; name: string };
    bidAmount: number;
    bidTime: string;
  };
}

export interface BidBus {
  publish(event: BidEvent): void;
  /** Events from now on, until the signal aborts or the bus closes. */
  subscribe(signal?: AbortSignal): AsyncIterable<BidEvent>;
  /** Ends every subscription (server shutdown). */
  close(): void;
}

export function createBidBus(): BidBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const closing = new AbortController();
  return {
    publish(event) {
      emitter.emit('bid', event);
    },
    async *subscribe(signal) {
      const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
      try {
        for await (const [event] of on(emitter, 'bid', { signal: stop })) yield event as BidEvent;
      } catch (error) {
        if (!stop.aborted) throw error;
      }
    },
    close() {
      closing.abort();
    },
  };
}
