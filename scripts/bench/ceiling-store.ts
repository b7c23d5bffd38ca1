// What the ceiling server (ceiling-server.ts) asks of its database, answered by raw SQL on SQLite
// (ceiling-sqlite.ts) or PostgreSQL (ceiling-postgres.ts); times are milliseconds since the epoch in both.
// The bid's checks live here once: each store calls them inside its transaction, on the row it holds.
import type { CeilingReads } from './ceiling-reads';

export interface SessionRow {
  id: number;
  name: string;
  role: string;
  expires_at: number;
  last_seen_at: number;
}

export interface AuctionForBid {
  seller_id: number;
  current_price: number;
  bids_count: number;
  starts_at: number;
  ends_at: number;
}

export interface AuctionWithSeller {
  id: number;
  seller_id: number;
  seller_name: string;
  item_name: string;
  item_description: string;
  item_category: string;
  starting_price: number;
  current_price: number;
  bids_count: number;
  photo: string | null;
  starts_at: number;
  ends_at: number;
}

export interface BidWithBidder {
  id: number;
  amount: number;
  created_at: number;
  bidder_id: number;
  bidder_name: string;
}

export interface CeilingStore {
  /** The session by the SHA-256 of its token, joined to its user. */
  sessionUser(tokenHash: string): Promise<SessionRow | undefined>;
  /** One transaction: read the auction holding it, `checkBid`, raise the price, insert the bid. */
  placeBid(auctionId: number, bidderId: number, amount: number, now: number): Promise<{ id: number; bidsCount: number }>;
  auctionWithSeller(id: number): Promise<AuctionWithSeller | undefined>;
  /** The newest 200 bids, newest first. */
  bidsOf(auctionId: number): Promise<BidWithBidder[]>;
  /**
   * The twins of the orders page, a conversation, a profile and the moderators' two pages
   * (ceiling-reads.ts): on SQLite only, where the rows that read them run (scripts/bench/index.ts).
   * PostgreSQL's store has none, and its ceiling serves none of these routes.
   */
  reads?: CeilingReads;
  close(): Promise<void>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The app's rules for a bid by hand: not the seller, while open, current price + 1 to + 10. */
export function checkBid(auction: AuctionForBid | undefined, bidderId: number, amount: number, now: number): asserts auction {
  if (!auction) throw new HttpError(404, 'Auction not found');
  if (auction.seller_id === bidderId) throw new HttpError(403, 'You cannot bid on your own auction.');
  if (now < auction.starts_at || now >= auction.ends_at) throw new HttpError(400, 'This auction is not open.');
  const min = auction.current_price + 1;
  const max = auction.current_price + 10;
  if (amount < min || amount > max) {
    throw new HttpError(400, `Your bid must be between $${min} and $${max}: the current price is $${auction.current_price}.`);
  }
}
