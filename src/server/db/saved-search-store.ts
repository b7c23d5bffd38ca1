// Saved searches: a user's few searches, and the tick that tells them of auctions that match.
import type { Notice } from '../domain/bidding';
import type { AuctionRecord, MatchOutcome, SavedSearchRecord } from './records';

export interface SavedSearchStore {
  /** The user's saved searches, newest first. */
  ofUser(userId: number): Promise<SavedSearchRecord[]>;
  /**
   * Saves the search unless the user keeps `max` already, counted and inserted as one step (two saves
   * at once cannot both take the last place); the one saved, or 'full'. The user's search with the
   * very same criteria is answered as it is, nothing saved twice.
   */
  save(
    search: Pick<SavedSearchRecord, 'userId' | 'q' | 'category' | 'maxPrice' | 'createdAt'>,
    max: number,
  ): Promise<SavedSearchRecord | 'full'>;
  /** Deletes the user's search; false when the user has none with that id (another user's included). */
  delete(userId: number, id: number): Promise<boolean>;
  /**
   * Claims the auctions that opened by `now` and were not matched yet, at most `limit` of them, each
   * in its own transaction: marked matched only if nobody did it first (so once per auction, however
   * many processes tick), with the notices `decide` returns written beside the claim. `decide` gets
   * the saved searches that may match (of the auction's category or none, up to its price or without
   * a limit, not its seller's); its rule says which do.
   */
  matchDue(now: number, limit: number, decide: (auction: AuctionRecord, searches: SavedSearchRecord[]) => Notice[]): Promise<MatchOutcome>;
}
