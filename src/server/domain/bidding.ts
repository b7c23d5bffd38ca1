// What a bid does: the rule, as a pure function of what the bid transaction read (no I/O). The
// storage around it (db/<dialect>) reads the state in one transaction, calls this, writes the result.
import { bidBounds } from '../../shared/bids';
import type { BidState, BidWrite } from '../db/store';
import { badRequest, conflict, forbidden, notFound } from './errors';

export const formatDollars = (n: number) => `$${n.toLocaleString('en-US')}`;

export interface PlacedBid {
  bidderId: number;
  amount: number;
}

/**
 * Accepts a bid, or throws why not. A bid repeating an earlier request (same bidder, same request
 * key) is answered with that first bid, as long as it asks for the same thing.
 */
export function decideBid({ auction, repeatOf }: BidState, bid: PlacedBid, now: number): BidWrite | 'repeat' {
  if (repeatOf) {
    if (repeatOf.auctionId !== auction?.id || repeatOf.amount !== bid.amount)
      throw conflict('This request key was already used for another bid.');
    return 'repeat';
  }
  if (!auction) throw notFound('Auction not found');
  if (auction.sellerId === bid.bidderId) throw forbidden('You cannot bid on your own auction.');
  if (now < auction.startsAt.getTime()) throw badRequest('This auction has not started yet; bidding opens at its start date.');
  if (now >= auction.endsAt.getTime()) throw badRequest('This auction has ended; bids are no longer accepted.');
  const { min, max } = bidBounds(auction.currentPrice);
  if (bid.amount < min || bid.amount > max) {
    throw badRequest(
      `Your bid must be between ${formatDollars(min)} and ${formatDollars(max)}: the current price is ${formatDollars(auction.currentPrice)}.`,
    );
  }
  return { amount: bid.amount, price: bid.amount, at: new Date(now) };
}
