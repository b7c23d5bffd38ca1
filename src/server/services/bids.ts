// Placing a bid: the rule (domain/bidding.ts) inside the store's bid transaction, then the live events.
// Why one synchronous transaction: docs/decisions/0004-the-bid-transaction.md.
import type { PlaceBidInput } from '../../shared/schemas/auction';
import type { AuctionRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { formatDollars } from '../../shared/bids';
import { decideBid } from '../domain/bidding';
import { conflict, notFound } from '../domain/errors';
import { toBid, toBidEvent, type Auction, type Bid } from '../wire';
import { parseId, toAuction, viewOf } from './auctions';

export interface BidAnswer {
  /** For the bidder, in words: placed, outbid at once by an automatic bid, or a maximum raised. */
  message: string;
  /** The bid the bidder placed, or null when they only raised their maximum. */
  bid: Bid | null;
  /** The auction as it stands after the bid; its `bids` hold only the bids this one added (the detail read has them all). */
  auction: Auction;
  /** Whether the bidder leads now. */
  leading: boolean;
}

function messageFor(auction: AuctionRecord, bidderId: number, placed: boolean, myMaxBid: number | null): string {
  if (auction.leaderId !== bidderId) return `An automatic bid outbid you: the price is now ${formatDollars(auction.currentPrice)}.`;
  if (!placed) return `Your maximum bid is now ${formatDollars(myMaxBid ?? auction.currentPrice)}.`;
  return 'Bid placed successfully';
}

export async function placeBid(deps: AppDeps, bidder: { id: number; name: string }, input: PlaceBidInput): Promise<BidAnswer> {
  const auctionId = parseId(input.auctionId);
  if (auctionId === null) throw notFound('Auction not found');
  const request = { bidderId: bidder.id, bidAmount: input.bidAmount ?? null, maxBid: input.maxBid ?? null };
  const rules = { now: deps.now(), softCloseMs: deps.settings.SOFT_CLOSE_SECONDS * 1000 };
  const outcome = await deps.store.bids.place(
    { auctionId, bidder, requestKey: input.requestKey ?? null, maxBid: request.maxBid },
    (state) => decideBid(state, request, rules),
  );
  if (outcome.kind === 'price-moved') {
    throw conflict(`The price moved before your bid landed: the current price is ${formatDollars(outcome.auction.currentPrice)}.`);
  }
  const view = viewOf(deps, bidder);
  if (outcome.kind === 'repeated') {
    // Published the first time; answered as things stand now.
    const bid = toBid(outcome.bid);
    return {
      message: messageFor(outcome.auction, bidder.id, true, outcome.myMaxBid),
      bid,
      auction: toAuction(outcome.auction, view, [bid], outcome.myMaxBid, outcome.watching),
      leading: outcome.auction.leaderId === bidder.id,
    };
  }
  // Published after the commit, so a listener never sees a bid that could still roll back; in order.
  for (const bid of outcome.bids) deps.bus.publish(toBidEvent(bid));
  deps.notices.publish(outcome.notified);
  const added = outcome.bids.map(toBid);
  // A raise alone places no bid, though it may add the automatic bid that meets the reserve.
  const placed = request.bidAmount !== null;
  return {
    message: messageFor(outcome.auction, bidder.id, placed, outcome.myMaxBid),
    bid: placed ? added[0]! : null,
    auction: toAuction(outcome.auction, view, added.reverse(), outcome.myMaxBid, outcome.watching),
    leading: outcome.auction.leaderId === bidder.id,
  };
}
