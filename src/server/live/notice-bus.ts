// The notice bus behind each user's live count of unread notices. In-process now; like the bid bus,
// a database or broker channel can replace it behind the same interface.
//
// Each user is their own channel, so a notice wakes only that user's streams (every tab they have
// open). A change carries no data: the stream reads the count and the newest notice afresh, so
// changes that come faster than a stream sends are folded into one, and nothing is queued.

export interface NoticeBus {
  /** Tells every stream of these users that their notices changed (written, or marked read). */
  publish(userIds: Iterable<number>): void;
  /**
   * Yields once for each change of the user's notices from now on, several changes in a row folding
   * into one, until the signal aborts or the bus closes.
   */
  subscribe(userId: number, signal?: AbortSignal): AsyncIterable<void>;
  /**
   * Ends every subscription (server shutdown); resolves once what the bus still had to send other
   * instances has gone out.
   */
  close(): Promise<void>;
}

interface Subscriber {
  changed: boolean;
  /** Resolves the subscriber's pending wait, if it is waiting. */
  wake: (() => void) | null;
  ended: boolean;
}

export function createNoticeBus(): NoticeBus {
  const channels = new Map<number, Set<Subscriber>>();
  let closed = false;

  const end = (subscriber: Subscriber) => {
    subscriber.ended = true;
    subscriber.wake?.();
  };

  return {
    publish(userIds) {
      for (const userId of new Set(userIds)) {
        for (const subscriber of channels.get(userId) ?? []) {
          subscriber.changed = true;
          subscriber.wake?.();
        }
      }
    },

    async *subscribe(userId, signal) {
      const subscriber: Subscriber = { changed: false, wake: null, ended: closed };
      let subscribers = channels.get(userId);
      if (!subscribers) channels.set(userId, (subscribers = new Set()));
      subscribers.add(subscriber);
      const onAbort = () => end(subscriber);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) end(subscriber);
      try {
        for (;;) {
          if (subscriber.ended) return;
          if (subscriber.changed) {
            // Cleared before the stream reads, so a change during its read wakes it once more.
            subscriber.changed = false;
            yield;
            continue;
          }
          await new Promise<void>((resolve) => (subscriber.wake = resolve));
          subscriber.wake = null;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        subscribers.delete(subscriber);
        if (subscribers.size === 0) channels.delete(userId);
      }
    },

    async close() {
      closed = true;
      for (const subscribers of channels.values()) for (const subscriber of subscribers) end(subscriber);
      channels.clear();
    },
  };
}
