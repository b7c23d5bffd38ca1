// Second-chance offers (docs/rules/orders.md#second-chance): when the seller may offer an unsold item
// to one of its bidders, to whom, at what price, and who may answer. Pure rules on what the offer's
// transaction read; the words are src/shared/offers.ts's.
import { formatDollars } from '../../shared/bids';
import type { OrderStatus } from '../../shared/constants';
import { OFFER_WORDS, type OfferStatus } from '../../shared/offers';
import type { Notice } from './bidding';
import { reserveMet } from './bidding';
import { conflict, forbidden, invalid, notFound } from './errors';

/** What the rule needs to know of the auction, read in the offer's transaction. */
export interface OfferableState {
  auction:
    | {
        id: number;
        sellerId: number;
        sellerName: string;
        itemName: string;
        currentPrice: number;
        reservePrice: number | null;
        closedAt: Date | null;
        cancelledAt: Date | null;
        /** Put up for sale again: the relisting may sell it, so no offer may sell it twice. */
        relisted: boolean;
      }
    | undefined;
  /** The auction's newest order, if it has one. */
  order: { status: OrderStatus } | undefined;
  /** Everyone whose order for this auction was cancelled unpaid: never offered the item again. */
  cancelledBuyerIds: number[];
  /** Whether an offer for the auction is pending and not expired yet. */
  pending: boolean;
  /** The highest amount the offered user has in the auction's history; undefined if they never bid. */
  toHighestBid: number | undefined;
  /** Whether the offered user deleted their account: their bids stay in the history, but no offer reaches them. */
  toDeleted: boolean;
}

/** An offer as the store writes it, with its notice. */
export interface OfferDecision {
  at: Date;
  price: number;
  expiresAt: Date;
  notices: Notice[];
}

/**
 * Whether the ended auction is one a seller may offer again: its order was cancelled unpaid (and no
 * other is live), or it ended below its reserve and so never had one; and it was not relisted.
 */
export function offerable(state: Pick<OfferableState, 'auction' | 'order'>): boolean {
  const { auction, order } = state;
  if (!auction || auction.closedAt === null || auction.cancelledAt !== null || auction.relisted) return false;
  return order ? order.status === 'cancelled' : reserveMet(auction) === false;
}

/**
 * Decides the seller's offer of the auction to `toId` at `now`, or throws why not: an unknown
 * auction 404, anyone but its seller 403, an auction that sold or still runs 409, a pending offer
 * 409, someone who never bid, deleted their account, or did not pay for it 400 at `to`.
 */
export function decideOffer(state: OfferableState, callerId: number, toId: number, now: number, expiryMs: number): OfferDecision {
  const { auction } = state;
  if (!auction) throw notFound(OFFER_WORDS.auctionNotFound);
  if (auction.sellerId !== callerId) throw forbidden(OFFER_WORDS.onlySeller);
  if (!offerable(state)) throw conflict(OFFER_WORDS.notOfferable);
  if (state.pending) throw conflict(OFFER_WORDS.pendingAlready);
  if (state.toHighestBid === undefined) throw invalid([{ path: 'to', message: OFFER_WORDS.notABidder }]);
  if (state.toDeleted) throw invalid([{ path: 'to', message: OFFER_WORDS.deletedBidder }]);
  if (state.cancelledBuyerIds.includes(toId)) throw invalid([{ path: 'to', message: OFFER_WORDS.cancelledBuyer }]);
  const price = state.toHighestBid;
  return {
    at: new Date(now),
    price,
    expiresAt: new Date(now + expiryMs),
    notices: [
      {
        userId: toId,
        kind: 'offer',
        message: `${auction.sellerName} offers you “${auction.itemName}” at your highest bid, ${formatDollars(price)}: accept or decline it on the auction's page.`,
      },
    ],
  };
}

/** What the answer's rule needs to know of an offer. */
export interface OfferState {
  id: number;
  auctionId: number;
  itemName: string;
  sellerId: number;
  toId: number;
  toName: string;
  price: number;
  status: OfferStatus;
  expiresAt: Date;
}

export type OfferAnswer = 'accept' | 'decline';

/** An answer as the store writes it: one conditional update from `pending`, with its notices. */
export interface AnswerDecision {
  at: Date;
  to: 'accepted' | 'declined';
  notices: Notice[];
}

/**
 * Decides the caller's answer to an offer at `now`, or throws why not: an offer that is not theirs
 * 404 (another's offer is not revealed), an answered offer 409 naming its answer, an expired one 409.
 * An acceptance tells the seller, in the words of a sale.
 */
export function decideAnswer(offer: OfferState | undefined, callerId: number, answer: OfferAnswer, now: number): AnswerDecision {
  if (!offer || offer.toId !== callerId) throw notFound(OFFER_WORDS.notFound);
  if (offer.status !== 'pending') throw conflict(OFFER_WORDS.answered(offer.status));
  if (offer.expiresAt.getTime() <= now) throw conflict(OFFER_WORDS.expired);
  const at = new Date(now);
  if (answer === 'decline') return { at, to: 'declined', notices: [] };
  return {
    at,
    to: 'accepted',
    notices: [
      {
        userId: offer.sellerId,
        kind: 'sold',
        message: `${offer.toName} accepted your second-chance offer for “${offer.itemName}” at ${formatDollars(offer.price)}.`,
      },
    ],
  };
}
