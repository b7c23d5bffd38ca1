// Placing a bid: the rule (domain/bidding.ts) inside the store's bid transaction, then the live event.
// Why one synchronous transaction: docs/decisions/0004-the-bid-transaction.md.
import type { PlaceBidInput } from '../../shared/schemas/auction';
import type { BidRecord } from '../db/store';
import type { AppDeps } from '../deps';
import { decideBid, formatDollars } from '../domain/bidding';
import { conflict, notFound } from '../domain/errors';
import type { BidEvent } from '../live/bid-bus';
import { parseId, toAuction, toBid, viewOf, type Auction, type Bid } from './auctions';

export interface PlacedBid {
  bid: Bid;
  /** The auction as it stands after the bid; its `bids` hold only this bid (the detail read has them all). */
  auction: Auction;
}

/** The live event of a bid: the auction as it stood right after it (its price is the bid, its count the bid's number). */
export function toBidEvent(bid: BidRecord): BidEvent {
  return { auctionId: String(bid.auctionId), currentPrice: bid.amount, bidsCount: bid.seq, bid: toBid(bid) };
}

export async function placeBid(deps: AppDeps, bidder: { id: number; name: string }, input: PlaceBidInput): Promise<PlacedBid> {
  const auctionId = parseId(input.auctionId);
  if (auctionId === null) throw notFound('Auction not found');
  const outcome = await deps.store.bids.place({ auctionId, bidder, requestKey: input.requestKey ?? null }, (state) =>
    decideBid(state, { bidderId: bidder.id, amount: input.bidAmount }, deps.now()),
  );
  if (outcome.kind === 'price-moved') {
    throw conflict(`The price moved before your bid landed: the current price is ${formatDollars(outcome.auction.currentPrice)}.`);
  }
  // Published after the commit, so a listener never sees a bid that could still roll back; a repeat
  // was published the first time.
  if (outcome.kind === 'placed') deps.bus.publish(toBidEvent(outcome.bid));
  const bid = toBid(outcome.bid);
  return { bid, auction: toAuction(outcome.auction, viewOf(deps), [bid]) };
}
