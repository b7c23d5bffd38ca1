// A small auction in memory for the tests of the bid rule (src/server/domain/bidding.ts): requests to
// decide, the refusal a call throws, and a market that decides each request on the auction and writes
// the decision back as the bid transaction does.
import {
  decideBid,
  type AuctionState,
  type BidDecision,
  type BidRequest,
  type BidState,
  type HistoryEntry,
  type StandingMax,
} from '../../src/server/domain/bidding';
import { AppError } from '../../src/server/domain/errors';

export const SELLER = 1;
export const X = 2;
export const Y = 3;
export const Z = 4;
export const BIDDERS = [X, Y, Z, 5];
export const START = Date.parse('2026-06-01T12:00:00Z');
export const MINUTE = 60_000;
export const WINDOW = 2 * MINUTE;

export function auctionOf(fields: Partial<AuctionState> = {}): AuctionState {
  return {
    id: 7,
    sellerId: SELLER,
    itemName: 'Brass desk lamp',
    currentPrice: 100,
    startsAt: new Date(START - MINUTE),
    endsAt: new Date(START + 60 * MINUTE),
    leaderId: null,
    closedAt: null,
    reservePrice: null,
    cancelledAt: null,
    ...fields,
  };
}

export const bid = (bidderId: number, bidAmount: number, maxBid: number | null = null): BidRequest => ({ bidderId, bidAmount, maxBid });
export const raise = (bidderId: number, maxBid: number): BidRequest => ({ bidderId, bidAmount: null, maxBid });

/** The refusal a call throws: the AppError, or a failed expectation when it does not throw one. */
export function refusal(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the bid to be refused');
}

/** Highest amount first; of equal amounts, whoever reached it first. */
export function ranked(maxima: StandingMax[]): StandingMax[] {
  return [...maxima].sort((a, b) => b.amount - a.amount || a.order - b.order);
}

/**
 * An auction as the store keeps it: its row, every standing maximum with the order it was reached in,
 * and the history. `place` decides a request on it and, when accepted, writes the decision back as the
 * bid transaction does.
 */
export class Market {
  auction: AuctionState;
  maxima: StandingMax[] = [];
  /** Every bid, with the number of the decision that wrote it. */
  history: Array<HistoryEntry & { decision: number }> = [];
  now = START;
  private reached = 0;
  private decisions = 0;

  constructor(
    fields: Partial<AuctionState> = {},
    readonly softCloseMs = WINDOW,
  ) {
    this.auction = auctionOf(fields);
  }

  /** What the bid transaction reads: all maxima (`leaderOnly`: only the leader's, as the store reads it). */
  state(leaderOnly = false): BidState {
    const all = ranked(this.maxima).map((m) => ({ ...m }));
    const maxima = leaderOnly ? all.filter((m) => m.bidderId === this.auction.leaderId) : all;
    return { auction: { ...this.auction }, maxima, repeatOf: null };
  }

  decide(request: BidRequest): BidDecision {
    const decision = decideBid(this.state(), request, { now: this.now, softCloseMs: this.softCloseMs });
    if (decision === 'repeat') throw new Error('no request key here: a decision cannot be a repeat');
    return decision;
  }

  place(request: BidRequest): BidDecision {
    const decision = this.decide(request);
    if (decision.bidderMax !== null) {
      this.maxima = this.maxima.filter((m) => m.bidderId !== request.bidderId);
      this.maxima.push({ bidderId: request.bidderId, amount: decision.bidderMax, order: ++this.reached });
    }
    this.decisions += 1;
    for (const entry of decision.entries) this.history.push({ ...entry, decision: this.decisions });
    this.auction = { ...this.auction, currentPrice: decision.price, leaderId: decision.leaderId, endsAt: decision.endsAt };
    return decision;
  }

  maxOf(bidderId: number): number | undefined {
    return this.maxima.find((m) => m.bidderId === bidderId)?.amount;
  }
}
