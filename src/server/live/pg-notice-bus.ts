// The notice bus for several server processes on one PostgreSQL database. A change of a user's
// notices wakes that user's streams in this process at once and in the others through the doorbell
// (LISTEN/NOTIFY), whose ring carries only the user ids. A wake carries no data (the stream reads the
// count afresh), so order does not matter and a wake too many costs one read: after the listener
// reconnects, every stream in this process is woken once, since rings sent meanwhile were lost.
import type { Doorbell } from './doorbell';
import { MAX_RING_BYTES } from './doorbell';
import { createNoticeBus, type NoticeBus } from './notice-bus';

/** The doorbell channel of notice changes. */
export const NOTICES_CHANNEL = 'user_notices';

/** Comma-separated user ids, in as few rings as NOTIFY's payload limit allows. */
export function noticeRings(userIds: Iterable<number>): string[] {
  const rings: string[] = [];
  let ring = '';
  for (const userId of userIds) {
    const id = String(userId);
    if (ring !== '' && ring.length + 1 + id.length > MAX_RING_BYTES) {
      rings.push(ring);
      ring = '';
    }
    ring = ring === '' ? id : `${ring},${id}`;
  }
  if (ring !== '') rings.push(ring);
  return rings;
}

const userIdsOf = (ring: string) => ring.split(',').map(Number).filter(Number.isSafeInteger);

export function createPgNoticeBus({ doorbell }: { doorbell: Doorbell }): NoticeBus {
  // The fan-out within the process is the in-process bus's; this one adds the rings around it.
  const local = createNoticeBus();
  /** Users with streams in this process, and how many. */
  const followed = new Map<number, number>();
  let closed = false;

  const stopListening = doorbell.listen(NOTICES_CHANNEL, {
    heard: (ring) => local.publish(userIdsOf(ring)),
    listening: () => local.publish(followed.keys()),
  });

  return {
    publish(userIds) {
      if (closed) return;
      const unique = new Set(userIds);
      local.publish(unique);
      for (const ring of noticeRings(unique)) doorbell.ring(NOTICES_CHANNEL, ring);
    },

    async *subscribe(userId, signal) {
      if (closed) return;
      followed.set(userId, (followed.get(userId) ?? 0) + 1);
      try {
        yield* local.subscribe(userId, signal);
      } finally {
        const left = followed.get(userId)! - 1;
        if (left === 0) followed.delete(userId);
        else followed.set(userId, left);
      }
    },

    async close() {
      closed = true;
      const stopped = stopListening();
      await local.close();
      await stopped;
    },
  };
}
