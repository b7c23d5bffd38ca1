// Ending an auction early and putting an unsold item up again (docs/rules/auctions.md#cancel-and-relist):
// who may, and in which state. Pure rules on the auction as its transaction read it; the words are
// src/shared/listing.ts's.
import { auctionDateIssues, resolveEnd, resolveStart } from '../../shared/auction-dates';
import type { OrderStatus } from '../../shared/constants';
import { CANCEL_WORDS, RELIST_WORDS } from '../../shared/listing';
import { listingPrices } from '../../shared/schemas/auction';
import { buyerOf, hasEnded } from './bidding';
import { conflict, forbidden, invalid, notFound, type AppError, type Issue } from './errors';

/** What the rules need to know of an auction. */
export interface ListingState {
  sellerId: number;
  startingPrice: number;
  currentPrice: number;
  bidsCount: number;
  endsAt: Date;
  leaderId: number | null;
  /** When the close recorded the outcome, or when it was cancelled; null until then. */
  closedAt: Date | null;
  cancelledAt: Date | null;
  reservePrice: number | null;
  buyNowPrice: number | null;
  /** When its bidder accepted a second-chance offer (buyerOf; left out: never). */
  secondChanceAt?: Date | null;
  /** The status of the order its sale made, if any (left out: none). */
  orderStatus?: OrderStatus | null;
  /** Whether a second-chance offer of it waits for its answer: that offer may still sell it (left out: none). */
  offerPending?: boolean;
}

const AUCTION_NOT_FOUND = 'Auction not found';

/**
 * Why the caller may not cancel the auction at `now`, or null when they may: its seller, while it is
 * scheduled or open, not cancelled, and without a bid. The store's cancel is one conditional update
 * of these same conditions; this says which of them failed.
 */
export function cancelRefusal(auction: ListingState | undefined, callerId: number, now: number): AppError | null {
  if (!auction) return notFound(AUCTION_NOT_FOUND);
  if (auction.sellerId !== callerId) return forbidden(CANCEL_WORDS.notSeller);
  if (auction.cancelledAt !== null) return conflict(CANCEL_WORDS.cancelled);
  // 409 rather than 400: the request is well formed, and the auction's state refuses it, as it does
  // when a bid is already there.
  if (hasEnded(auction, now)) return conflict(CANCEL_WORDS.ended);
  if (auction.bidsCount > 0) return conflict(CANCEL_WORDS.hasBids);
  return null;
}

/**
 * Whether an ended auction found no buyer: nobody bid, the price stayed below the reserve, or its
 * order was cancelled unpaid. A Buy It Now purchase leads at its price, which is at least the
 * reserve, so it counts as a sale. This is the one place that says "sold" for a relist.
 */
export function endedWithoutSale(
  auction: Pick<ListingState, 'leaderId' | 'currentPrice' | 'reservePrice' | 'secondChanceAt' | 'orderStatus'>,
): boolean {
  return auction.orderStatus === 'cancelled' || buyerOf(auction) === null;
}

/** What the seller sends to relist: new dates, and the prices that change (null drops a reserve or a Buy It Now price). */
export interface RelistRequest {
  itemStartDate: string;
  itemEndDate: string;
  startingPrice?: number;
  reservePrice?: number | null;
  buyNowPrice?: number | null;
}

/** The new auction's own dates and prices; everything else is copied from the old one. */
export interface Relisting {
  startsAt: Date;
  endsAt: Date;
  startingPrice: number;
  reservePrice: number | null;
  buyNowPrice: number | null;
}

/**
 * Decides a relist of `auction` by the caller at `now`, or throws why not: its seller, once it ended
 * without a sale or was cancelled, and once only (`relistedAlready`: a new auction relists it). The
 * new dates follow the create rules, and so do the prices, copied ones included: a copied reserve
 * below a new starting price is refused at `reservePrice`.
 */
export function decideRelist(
  auction: ListingState | undefined,
  relistedAlready: boolean,
  callerId: number,
  request: RelistRequest,
  now: number,
): Relisting {
  if (!auction) throw notFound(AUCTION_NOT_FOUND);
  if (auction.sellerId !== callerId) throw forbidden(RELIST_WORDS.notSeller);
  if (auction.cancelledAt === null) {
    if (!hasEnded(auction, now)) throw conflict(RELIST_WORDS.notEnded);
    if (!endedWithoutSale(auction)) throw conflict(RELIST_WORDS.sold);
  }
  if (relistedAlready) throw conflict(RELIST_WORDS.relisted);
  if (auction.offerPending) throw conflict(RELIST_WORDS.offerPending);

  const startsAt = resolveStart(request.itemStartDate, now);
  const endsAt = resolveEnd(request.itemEndDate);
  const issues: Issue[] = auctionDateIssues(startsAt, endsAt, now);
  const prices = {
    startingPrice: request.startingPrice ?? auction.startingPrice,
    reservePrice: request.reservePrice === undefined ? auction.reservePrice : request.reservePrice,
    buyNowPrice: request.buyNowPrice === undefined ? auction.buyNowPrice : request.buyNowPrice,
  };
  const checked = listingPrices.safeParse(prices);
  if (!checked.success) issues.push(...checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  if (issues.length > 0) throw invalid(issues);
  return { startsAt: new Date(startsAt), endsAt: new Date(endsAt), ...prices };
}
