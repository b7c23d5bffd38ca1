// The bid bus for several server processes on one PostgreSQL database. A bid published in one process
// reaches the live subscribers of every process: locally at once, elsewhere through the doorbell
// (LISTEN/NOTIFY). The database stays the record: a ring carries the whole event (a few hundred
// bytes, since names are short), so no process reads the database for a bid it heard, but a ring
// can arrive late, out of order, or not at all, and what it failed to bring is read from there.
//
// Order. Each process publishes after its own commit, so the rings of two processes that bid on one
// auction moments apart can cross. A bid's `bidsCount` is its number within its auction, with no
// holes, so for each auction followed here the bus remembers the last number it handed on: a
// smaller one is a duplicate and dropped, the next one is handed on at once, and one further ahead
// waits while the bids in between are read from the database (`BidHistory.bidsAfter`), then goes out
// behind them. The database always has them by then: a bid's number is given in its transaction,
// after every smaller one committed, and its ring is sent only after its own commit.
//
// A new subscription. The first local subscriber of an auction reads where its numbering stands
// (`BidHistory.bidsCount`); rings heard during that read are handed on too, since they came after the
// subscription. What it cannot see: a bid committed in the moment between the subscription and that
// read whose ring comes only after the read is taken as seen (a window of one query's time).
//
// Reconnects. While the doorbell's listener is reconnecting its rings are lost; once it listens
// again, every followed auction is read from its last number on, so nothing is skipped. What a read
// cannot bring in order (more than a subscriber may have waiting, a failed read, bids announced but
// not in the database) ends that auction's subscriptions instead: their clients reconnect with their
// last event id and replay from the database (bid-stream.ts), wherever they land.
//
// Every auction (a subscription's `everyAuction`) gets events as they are heard, without the numbering, which does
// not span auctions: in the order each process published them, but two processes' events can
// interleave, so one auction's events may come out of order, and rings lost while the listener
// reconnects are not read again. These subscriptions carry on regardless: each event carries its
// auction's current price, so the next bid of an auction mends what a lost one left behind. A
// client that must see every bid of an auction follows that auction.
import type { BidEvent, LiveBidEvent } from '../wire';
import { createFanOut, MAX_QUEUED_EVENTS, ResumeLater, type BidBus } from './bid-bus';
import type { Doorbell } from './doorbell';

/** The doorbell channel of bid events. */
export const BIDS_CHANNEL = 'auction_bids';

/** What the bus reads from the database: the store maps these onto its bids. */
export interface BidHistory {
  /** Events of the auction's bids numbered after `afterCount` (by bidsCount), oldest first, at most `limit`. */
  bidsAfter(auctionId: string, afterCount: number, limit: number): Promise<BidEvent[]>;
  /** The auction's bidsCount now: the number of its latest bid, 0 before the first. */
  bidsCount(auctionId: string): Promise<number>;
}

export interface PgBidBusOptions {
  doorbell: Doorbell;
  history: BidHistory;
  log?: { warn(details: object, message: string): void };
}

/** An auction that has subscribers in this process. */
interface Followed {
  subscribers: number;
  /** The bidsCount of the last event handed to them; null until read from the database. */
  last: number | null;
  /** Events heard ahead of a gap, by bidsCount, waiting for the bids in between. */
  early: Map<number, BidEvent>;
  /** The events are being handed on (and maybe read): only one hand-on runs per auction. */
  busy: boolean;
  /** The listener reconnected during a hand-on: read from the database once more afterwards. */
  again: boolean;
  /** Aborted when this auction's order cannot be kept: its subscriptions end, their clients replay. */
  ended: AbortController;
}

const consoleLog = { warn: (details: object, message: string) => console.warn(message, details) };

export function createPgBidBus({ doorbell, history, log = consoleLog }: PgBidBusOptions): BidBus {
  // The fan-out within the process: auctions' followers are fed in order by the hand-on below,
  // every-auction subscribers as events are heard.
  const fanOut = createFanOut();
  const followed = new Map<string, Followed>();
  let closed = false;

  function end(auctionId: string, auction: Followed, why: unknown) {
    log.warn({ err: why, auctionId }, 'live bids of an auction lost their order here; its subscribers resume from the database');
    if (followed.get(auctionId) === auction) followed.delete(auctionId);
    auction.ended.abort();
  }

  /** Hands on the events next in line after `last` (known by now); true when one at least went out. */
  function handOnNext(auction: Followed, last: number): boolean {
    for (const count of auction.early.keys()) if (count <= last) auction.early.delete(count);
    let next = auction.early.get(last + 1);
    if (!next) return false;
    for (; next; next = auction.early.get(next.bidsCount + 1)) {
      auction.early.delete(next.bidsCount);
      auction.last = next.bidsCount;
      fanOut.toFollowers(next);
    }
    return true;
  }

  /**
   * Hands on what waits, reading what is missing, until nothing waits and no read is owed. Runs
   * synchronously while nothing is missing, so an event next in line goes out before publish returns.
   */
  async function handOn(auctionId: string, auction: Followed) {
    auction.busy = true;
    // A read that brings nothing while a gap waits can be one that started before the waiting event's
    // bids committed; a second one cannot, so after two the gap is not in the database.
    let fruitless = 0;
    try {
      while (followed.get(auctionId) === auction) {
        if (auction.last === null) {
          const count = await history.bidsCount(auctionId);
          // Events heard during the read go out too: they came after the subscription did.
          auction.last = Math.min(count, ...[...auction.early.keys()].map((early) => early - 1));
          continue;
        }
        handOnNext(auction, auction.last);
        if (auction.early.size === 0 && !auction.again) return;
        if (auction.early.size > MAX_QUEUED_EVENTS) throw new Error('more events wait for a gap than a subscriber may have queued');
        auction.again = false;
        const missed = await history.bidsAfter(auctionId, auction.last, MAX_QUEUED_EVENTS + 1);
        if (followed.get(auctionId) !== auction) return;
        if (missed.length > MAX_QUEUED_EVENTS) throw new Error('more bids were missed than a subscriber may have queued');
        for (const event of missed) auction.early.set(event.bidsCount, event);
        fruitless = handOnNext(auction, auction.last) || auction.early.size === 0 ? 0 : fruitless + 1;
        if (fruitless >= 2) throw new Error(`bids after number ${auction.last} were announced but are not in the database`);
      }
    } catch (error) {
      end(auctionId, auction, error);
    } finally {
      auction.busy = false;
    }
  }

  function follow(auctionId: string): Followed {
    let auction = followed.get(auctionId);
    if (!auction) {
      auction = { subscribers: 0, last: null, early: new Map(), busy: false, again: false, ended: new AbortController() };
      followed.set(auctionId, auction);
      void handOn(auctionId, auction);
    }
    auction.subscribers += 1;
    return auction;
  }

  /** An event published here or heard from another process, in whatever order it came. */
  function arrived(event: LiveBidEvent) {
    const auction = followed.get(event.auctionId);
    if (auction && 'reload' in event) {
      // The auction's bids were numbered again: its followers read it afresh, and the numbering goes
      // on from the rewrite's count. Events waiting for a gap belong to the old numbering.
      auction.early.clear();
      auction.last = event.bidsCount;
      fanOut.toFollowers(event);
      return;
    }
    if (!auction || 'reload' in event) return;
    if (auction.last !== null && event.bidsCount <= auction.last) return;
    auction.early.set(event.bidsCount, event);
    if (!auction.busy) void handOn(event.auctionId, auction);
  }

  const stopListening = doorbell.listen(BIDS_CHANNEL, {
    heard(payload) {
      let event: LiveBidEvent;
      try {
        event = JSON.parse(payload) as LiveBidEvent;
      } catch (error) {
        log.warn({ err: error }, 'a bid ring that is not JSON was ignored');
        return;
      }
      fanOut.toEveryAuction(event);
      arrived(event);
    },
    listening() {
      for (const [auctionId, auction] of followed) {
        auction.again = true;
        if (!auction.busy) void handOn(auctionId, auction);
      }
    },
  });

  return {
    publish(event) {
      if (closed) return 0;
      // Handed on here now; the ring is for the other processes (a process skips its own rings).
      const handed = fanOut.toEveryAuction(event) + (followed.get(event.auctionId)?.subscribers ?? 0);
      arrived(event);
      doorbell.ring(BIDS_CHANNEL, JSON.stringify(event));
      return handed;
    },

    async *subscribe(following, signal) {
      if (closed) return;
      const auctions = [...new Set(following.auctionIds)].map((auctionId) => [auctionId, follow(auctionId)] as const);
      try {
        // An auction whose order is lost here ends the subscriptions that follow it.
        const ends = auctions.map(([, auction]) => auction.ended.signal);
        yield* fanOut.subscribe(following, AbortSignal.any(signal ? [signal, ...ends] : ends));
        if (!closed && !signal?.aborted && ends.some((end) => end.aborted)) throw new ResumeLater();
      } finally {
        for (const [auctionId, auction] of auctions) {
          auction.subscribers -= 1;
          if (auction.subscribers === 0 && followed.get(auctionId) === auction) followed.delete(auctionId);
        }
      }
    },

    close() {
      closed = true;
      const stopped = stopListening();
      followed.clear();
      fanOut.close();
      return stopped;
    },
  };
}
