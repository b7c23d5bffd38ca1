// What the store does for second-chance offers (db/common/offers.ts, the same on both databases).
import type { OfferStatus } from '../../shared/offers';
import type { AnswerDecision, OfferableState, OfferDecision, OfferState } from '../domain/offers';
import type { OrderRecord } from './records';

/** An offer with what its answer shows of the auction and of the offered bidder. */
export interface OfferRecord extends OfferState {
  photo: string | null;
  status: OfferStatus;
  createdAt: Date;
  answeredAt: Date | null;
}

/** A bidder of an auction, with their highest amount in its history. */
export interface BidderRecord {
  id: number;
  name: string;
  highestBid: number;
}

/** What the seller's panel reads of an auction: whether it may be offered, to whom, and its offers. */
export interface SecondChanceRecord {
  state: OfferableState;
  /** Its bidders, highest amount first, without those whose order was cancelled unpaid nor deleted accounts. */
  bidders: BidderRecord[];
  /** Its offers, newest first. */
  offers: OfferRecord[];
}

export type MakeOfferOutcome =
  | { made: true; offer: OfferRecord; notified: number[] }
  /** Another offer for the auction came first: the unique index over pending offers let one in. */
  | { made: false };

export type AnswerOutcome =
  | { answered: true; offer: OfferRecord; order: OrderRecord | null; notified: number[] }
  /** Another answer came first (or the offer expired meanwhile): the offer as it now stands. */
  | { answered: false; offer: OfferRecord };

export interface OfferStore {
  /**
   * The seller's offer of an auction to one bidder, in one transaction (offers of one auction take
   * turns): reads what the rule needs, lets `decide` judge it (pure: it throws to refuse), marks the
   * auction's pending offers past their time `expired`, and inserts the offer unless one is pending.
   */
  make(auctionId: number, toId: number, now: Date, decide: (state: OfferableState) => OfferDecision): Promise<MakeOfferOutcome>;
  /** The auction as the seller's panel sees it, or undefined for an unknown auction. */
  secondChance(auctionId: number, now: Date): Promise<SecondChanceRecord | undefined>;
  /** The user's offers still pending and not expired at `now`, newest first. */
  pendingFor(userId: number, now: Date): Promise<OfferRecord[]>;
  /**
   * The bidder's answer, in one transaction: one conditional update from `pending` and not expired.
   * An acceptance makes the order (due `paymentDueMs` later) at the offer's price, makes the bidder
   * the auction's leader at that price (buyerOf), and writes the seller's notice, all or nothing.
   */
  answer(
    offerId: number,
    now: Date,
    paymentDueMs: number,
    decide: (offer: OfferRecord | undefined) => AnswerDecision,
  ): Promise<AnswerOutcome>;
}
