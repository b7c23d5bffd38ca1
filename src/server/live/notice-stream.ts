// One user's live stream of notices: their unread count and newest notice when it opens, then again
// whenever their notices change (a bid outbids them, an auction closes, a tab marks some read).
import type { AppDeps } from '../deps';
import { noticeSummary, type NoticeSummary } from '../services/notifications';

const sameSummary = (a: NoticeSummary, b: NoticeSummary) =>
  a.unread === b.unread && a.newest?._id === b.newest?._id && a.newest?.read === b.newest?.read;

/** The summary now, then after each change that alters it, until the signal aborts or the bus closes. */
export async function* noticeStream(deps: AppDeps, userId: number, signal: AbortSignal): AsyncGenerator<NoticeSummary> {
  // Listen before the first read, so a notice written in between is not missed. The bus's iterator
  // attaches on its first next(), so that is asked for now; `stop` ends it when this stream ends.
  const stop = new AbortController();
  const changes = deps.notices.subscribe(userId, AbortSignal.any([signal, stop.signal]))[Symbol.asyncIterator]();
  let pending = changes.next();
  try {
    let last = await noticeSummary(deps, userId);
    yield last;
    for (;;) {
      const next = await pending;
      if (next.done) return;
      pending = changes.next();
      const summary = await noticeSummary(deps, userId);
      // A change another tab already showed (or undid) is not sent again.
      if (sameSummary(summary, last)) continue;
      last = summary;
      yield summary;
    }
  } finally {
    stop.abort();
  }
}
