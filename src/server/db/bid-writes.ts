// What a bid's decision writes, worked out the same way for every database: the stores differ only in
// how they read the state and run the writes (docs/decisions/0004-the-bid-transaction.md).
import type { BidDecision, StandingMax } from '../domain/bidding';
import type { AuctionRecord, BidRecord } from './records';

/** The one maximum the rule needs, from the auction row just read (see BidState.maxima). */
export function leaderStanding(auction: AuctionRecord | undefined): StandingMax | null {
  return auction?.leaderId != null ? { bidderId: auction.leaderId, amount: auction.leaderMax ?? auction.currentPrice, order: 0 } : null;
}

/** A bid as it is inserted: its record without the id the database gives it, and its request key. */
export type NewBid = Omit<BidRecord, 'id'> & {
  requestKey: string | null;
  /** The maximum a placed bid's request sent (bids.max_bid), for a removal's replay; null on an automatic bid. */
  maxBid: number | null;
};

export interface BidWrites {
  /** Whether the bidder leads afterwards. */
  leads: boolean;
  /** The maximum that leads afterwards: the bidder's when they lead with a grown one, else the leader's as it was. */
  leaderMax: number;
  /** The bidder's own maximum afterwards, for the answer. */
  myMaxBid: number;
  /**
   * A maximum that leaves the auction row for max_bids, only so that its bidder can see it: the
   * bidder's, spent, when an automatic bid outbid them at once; the previous leader's when the lead
   * changed hands; null when neither happened.
   */
  spent: { bidderId: number; amount: number } | null;
  /** The new maximum of a raise alone, kept (max_raises) for a removal's replay; null for a bid or a raise that raised nothing. */
  raised: number | null;
  /** The decision's bids, numbered so that the last one's number is the auction's count after the raise. */
  bids(bidsCount: number): NewBid[];
  /** The auction after the raise. */
  auctionAfter(bidsCount: number): AuctionRecord;
}

export function bidWrites(
  current: AuctionRecord,
  decision: BidDecision,
  bidder: { id: number; name: string },
  requestKey: string | null,
  maxBid: number | null,
): BidWrites {
  const leads = decision.leaderId === bidder.id;
  const leaderMax = leads && decision.bidderMax !== null ? decision.bidderMax : (current.leaderMax ?? current.currentPrice);
  // Whoever does not lead afterwards topped the price, so their maximum grew: the decision has it.
  const myMaxBid = leads ? leaderMax : decision.bidderMax!;
  const previous = leaderStanding(current);
  const spent = !leads
    ? { bidderId: bidder.id, amount: myMaxBid }
    : previous && previous.bidderId !== bidder.id
      ? { bidderId: previous.bidderId, amount: previous.amount }
      : null;
  const names = new Map([
    [bidder.id, bidder.name],
    [current.leaderId, current.leaderName],
  ]);
  const placesBid = decision.entries.some((entry) => !entry.auto);
  return {
    leads,
    leaderMax,
    myMaxBid,
    spent,
    raised: placesBid ? null : decision.bidderMax,
    bids(bidsCount) {
      const firstSeq = bidsCount - decision.entries.length + 1;
      return decision.entries.map((entry, i) => ({
        auctionId: current.id,
        bidderId: entry.bidderId,
        bidderName: names.get(entry.bidderId)!,
        amount: entry.amount,
        seq: firstSeq + i,
        // The key belongs to the placed bid, always the first when there is one: a repeat answers with
        // it. A raise alone places none (its one entry, if any, is automatic) and keeps no key.
        requestKey: i === 0 && !entry.auto ? requestKey : null,
        maxBid: entry.auto ? null : Math.max(entry.amount, maxBid ?? 0),
        createdAt: decision.at,
        auto: entry.auto,
        buyNow: false,
        endsAt: decision.endsAt,
      }));
    },
    auctionAfter(bidsCount) {
      return {
        ...current,
        currentPrice: decision.price,
        bidsCount,
        endsAt: decision.endsAt,
        leaderId: decision.leaderId,
        leaderName: names.get(decision.leaderId)!,
        leaderMax,
      };
    },
  };
}
