// One live stream of accepted bids: of some auctions, of every auction, or both. A client that
// reconnects with the id of the last event it saw first gets the bids it missed, read from the
// database, then new ones.
import type { AppDeps } from '../deps';
import { toBidEvent } from '../wire';
import type { BidEvent } from '../wire';

/** The most missed bids replayed after a reconnect; a longer gap sends a reload instead. */
export const MAX_REPLAYED_BIDS = 1000;
const REPLAY_PAGE = 100;

/**
 * Sent instead of a replay too long to be worth it, and when an auction's bids were rewritten: the
 * client reads the auctions afresh.
 */
export interface ReloadEvent {
  reload: true;
  /** The one auction of a stream that follows one, otherwise null: read everything afresh. */
  auctionId: string | null;
}

export interface StreamItem {
  /** The event id a reconnecting client sends back. */
  id: string;
  event: BidEvent | ReloadEvent;
}

/** What a stream follows, by the auctions' keys. */
export interface FollowedAuctions {
  auctionIds: readonly number[];
  everyAuction: boolean;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Missed bids first (at most MAX_REPLAYED_BIDS, page by page, letting other requests run between
 * pages), then live ones, until the signal aborts or the bus closes.
 */
export async function* bidStream(
  deps: AppDeps,
  { following, lastEventId }: { following: FollowedAuctions; lastEventId: number },
  signal: AbortSignal,
): AsyncGenerator<StreamItem> {
  // Listen before reading the missed ones, so nothing falls between the two. The bus's iterator
  // attaches on its first next(), so that is asked for now; `stop` ends it when this stream ends.
  const stop = new AbortController();
  const followingIds = { auctionIds: following.auctionIds.map(String), everyAuction: following.everyAuction };
  const live = deps.bus.subscribe(followingIds, AbortSignal.any([signal, stop.signal]))[Symbol.asyncIterator]();
  let pending = live.next();
  try {
    let last = lastEventId;
    if (last > 0) {
      const { bids } = deps.store;
      const scope = following.everyAuction ? null : following.auctionIds;
      if ((await bids.idAfter(last, scope, MAX_REPLAYED_BIDS)) !== null) {
        last = await bids.latestId(scope);
        const only = !following.everyAuction && following.auctionIds.length === 1 ? String(following.auctionIds[0]) : null;
        yield { id: String(last), event: { reload: true, auctionId: only } };
      } else {
        for (let page = await bids.since(last, scope, REPLAY_PAGE); page.length > 0; page = await bids.since(last, scope, REPLAY_PAGE)) {
          for (const bid of page) {
            last = bid.id;
            yield { id: String(bid.id), event: toBidEvent(bid) };
          }
          if (page.length < REPLAY_PAGE) break;
          await nextTurn();
        }
      }
    }
    for (;;) {
      // A subscriber the bus let go (fallen behind, an auction's order lost) gets ResumeLater here.
      const next = await pending;
      if (next.done) return;
      pending = live.next();
      // An auction whose bids were rewritten: the client reads it afresh. The stream's place stays:
      // a bid of another auction may still come with a smaller id than the rewrite's.
      if ('reload' in next.value) {
        yield { id: String(last), event: { reload: true, auctionId: next.value.auctionId } };
        continue;
      }
      // Bids already replayed from the database also arrived live while the replay ran.
      if (Number(next.value.bid._id) <= last) continue;
      yield { id: next.value.bid._id, event: next.value };
    }
  } finally {
    stop.abort();
  }
}
