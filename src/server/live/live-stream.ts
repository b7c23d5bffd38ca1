// A browser's one live connection: the user's notices and the bids of every auction its open tabs
// show (or of every auction, when a tab shows a list), in one stream. Browsers open at most six
// connections to a site over HTTP/1.1; with two streams per tab, three tabs would leave none for the
// requests. So the tabs of a browser share one stream (src/client/lib/live), which follows what they
// show together and is opened again when that changes, resuming after the last bid it delivered.
import type { AppDeps } from '../deps';
import type { NoticeSummary } from '../services/notifications';
import { bidStream, type FollowedAuctions, type StreamItem } from './bid-stream';
import { noticeStream } from './notice-stream';

/** The user's notices now: sent when the stream opens and after each change. */
export interface NoticesEvent {
  notices: NoticeSummary;
}

export interface LiveItem {
  /** The id of the last bid sent on this stream (what a reconnecting client sends back). */
  id: string;
  event: StreamItem['event'] | NoticesEvent;
}

/** Both streams, as their items come, until either ends or the signal aborts. */
export async function* liveStream(
  deps: AppDeps,
  { userId, following, lastEventId }: { userId: number; following: FollowedAuctions; lastEventId: number },
  signal: AbortSignal,
): AsyncGenerator<LiveItem> {
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  const bids = bidStream(deps, { following, lastEventId }, both);
  const notices = noticeStream(deps, userId, both);
  const nextBid = () => bids.next().then((result) => ({ bid: result }));
  const nextNotice = () => notices.next().then((result) => ({ notice: result }));
  let pendingBid = nextBid();
  let pendingNotice = nextNotice();
  // A stream opened afresh starts after the newest bid there is (read once the bids are listened to),
  // so that its client, reconnecting before any bid came, still resumes from there and misses none.
  let lastId = String(lastEventId > 0 ? lastEventId : await deps.store.bids.latestId(null));
  try {
    for (;;) {
      const next = await Promise.race([pendingBid, pendingNotice]);
      if ('bid' in next) {
        if (next.bid.done) return;
        lastId = next.bid.value.id;
        yield next.bid.value;
        pendingBid = nextBid();
      } else {
        if (next.notice.done) return;
        yield { id: lastId, event: { notices: next.notice.value } };
        pendingNotice = nextNotice();
      }
    }
  } finally {
    // Each stream ends at its next await once stopped; what it still had in flight is dropped.
    stop.abort();
    pendingBid.catch(() => {});
    pendingNotice.catch(() => {});
  }
}
