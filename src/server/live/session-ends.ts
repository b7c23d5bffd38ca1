// When an account is signed out by someone else's hand (an administrator's suspension), its live
// streams end at once on every instance, not at the next periodic check of the streams' sessions
// (live/streams.ts, every 30 seconds). One process needs nothing more than its own LiveStreams; several
// on one PostgreSQL database tell each other through the doorbell (live/doorbell.ts), whose ring carries
// the account's id. A ring is only a hint: one lost while a listener reconnects is made good by that
// periodic check, since the sessions themselves are gone from the database.
import type { Doorbell } from './doorbell';

export interface SessionEnds {
  /** Tells the other instances that every session of the user ended. */
  announce(userId: number): void;
  /**
   * Calls `heard` with each user another instance announced, until the returned function is called;
   * what it returns resolves once the announcements still to go out have gone.
   */
  listen(heard: (userId: number) => void): () => Promise<void>;
}

/** A single process: nobody else to tell. */
export const processSessionEnds: SessionEnds = {
  announce() {},
  listen: () => async () => {},
};

/** The doorbell channel of accounts signed out everywhere. */
export const SESSION_ENDS_CHANNEL = 'session_ends';

export function createPgSessionEnds(doorbell: Doorbell): SessionEnds {
  return {
    announce: (userId) => doorbell.ring(SESSION_ENDS_CHANNEL, String(userId)),
    listen: (heard) =>
      doorbell.listen(SESSION_ENDS_CHANNEL, {
        heard(ring) {
          const userId = Number(ring);
          if (Number.isSafeInteger(userId)) heard(userId);
        },
        listening() {},
      }),
  };
}
