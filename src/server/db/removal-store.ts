// What the store does to remove a bidder from an auction (db/common/bidder-removal.ts, the same on both databases).
import type { RemovalState, Replay } from '../domain/bidder-removal';
import type { AuditActor } from './moderation-store';
import type { AuctionRecord } from './records';

export interface RemovalOutcome {
  /** The auction afterwards. */
  auction: AuctionRecord;
}

export interface RemovalStore {
  /**
   * Removes the bidder from the auction in one transaction that takes the same turn as a bid (on
   * PostgreSQL the auction row's lock, on SQLite the IMMEDIATE write lock): a bid either lands before
   * it and is replayed, or after it, on the new state. Reads the auction and its stored requests in
   * order, lets `decide` replay them (pure: it throws to refuse), then one conditional update of the
   * auction and the writes of its result: the bidder's bids, raises and maximum gone, the automatic
   * bids made anew, the placed bids numbered again, the maxima of those who do not lead; and the
   * removal's entry in the audit log.
   */
  removeBidder(
    auctionId: number,
    bidderId: number,
    decide: (state: RemovalState) => Replay,
    audit: { actor: AuditActor; reason: string; at: Date },
  ): Promise<RemovalOutcome>;
}
