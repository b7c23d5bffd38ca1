// Buying at the Buy It Now price: the rule, as a pure function of what the purchase transaction read
// (no I/O). The storage around it reads the auction in one transaction, calls this, and writes the
// purchase and the close it brings at once. The rule in words: docs/rules/bidding.md#buy-it-now.
import { formatDollars } from '../../shared/bids';
import { BUY_NOW_WORDS, CANCEL_WORDS } from '../../shared/listing';
import { closingNotices, hasEnded, reserveMet, type AuctionState, type Notice } from './bidding';
import { badRequest, conflict, forbidden, notFound } from './errors';

/** What the rule needs to know of the auction: the bid rule's view, its count and its prices. */
export interface PurchaseAuction extends AuctionState {
  bidsCount: number;
  reservePrice: number | null;
  buyNowPrice: number | null;
  cancelledAt: Date | null;
}

/** What the purchase transaction read before deciding. */
export interface PurchaseState {
  /** Undefined when no auction has that id. */
  auction: PurchaseAuction | undefined;
  /** Whether a purchase at the Buy It Now price already ended the auction. */
  bought: boolean;
}

export interface PurchaseDecision {
  /** The moment of the purchase: the auction's end, and the time of its history entry and notices. */
  at: Date;
  /** The price paid, which becomes the auction's final price. */
  price: number;
  /** What the purchase owes: the outbid leader's notice, then the close's. */
  notices: Notice[];
}

/**
 * Whether the item may still be bought at its Buy It Now price, the clock aside: without a reserve,
 * until the first bid; with one, until the price reaches it.
 */
export function buyNowAvailable(auction: { buyNowPrice: number | null; bidsCount: number }, reserveMet: boolean | null): boolean {
  if (auction.buyNowPrice === null) return false;
  return reserveMet === null ? auction.bidsCount === 0 : !reserveMet;
}

/**
 * Decides a purchase by `buyer` at `now`, or throws why it is refused. `now` is read once the
 * transaction holds the auction, so the purchase is timed after whatever went before it.
 */
export function decidePurchase({ auction, bought }: PurchaseState, buyer: { id: number; name: string }, now: number): PurchaseDecision {
  if (!auction) throw notFound('Auction not found');
  if (auction.sellerId === buyer.id) throw forbidden(BUY_NOW_WORDS.sellerCannotBuy);
  if (auction.cancelledAt !== null) throw badRequest(CANCEL_WORDS.notOpen);
  // Bought already is a race lost, like a bid that got there first, not a late arrival at an end.
  if (bought) throw conflict(BUY_NOW_WORDS.alreadyBought);
  if (auction.buyNowPrice === null) throw badRequest(BUY_NOW_WORDS.none);
  // Closed counts as ended whatever the clock says, as for a bid.
  if (now < auction.startsAt.getTime() || hasEnded(auction, now)) throw badRequest(BUY_NOW_WORDS.notOpen);
  if (!buyNowAvailable(auction, reserveMet(auction))) throw conflict(BUY_NOW_WORDS.gone);

  const price = auction.buyNowPrice;
  const notices: Notice[] = [];
  // With a reserve not yet met someone may lead: the purchase takes the item from them.
  if (auction.leaderId !== null && auction.leaderId !== buyer.id) {
    notices.push({
      userId: auction.leaderId,
      kind: 'outbid',
      message: `You were outbid on “${auction.itemName}”: it was bought at its Buy It Now price of ${formatDollars(price)}.`,
    });
  }
  // The purchase ends the auction, so the close's notices are owed at once, as the close would word them.
  notices.push(...closingNotices({ ...auction, currentPrice: price, leaderId: buyer.id }, buyer));
  return { at: new Date(now), price, notices };
}
