// What a bid does: the rule, as a pure function of what the bid transaction read (no I/O). The
// storage around it (db/<dialect>) reads the state in one transaction, calls this, writes the result.
// The rule in words, with the worked example: docs/rules/bidding.md.
import { BID_WORDS, bidBounds, formatDollars } from '../../shared/bids';
import type { NotificationKind } from '../../shared/constants';
import { CANCEL_WORDS } from '../../shared/listing';
import { badRequest, conflict, forbidden, invalid, notFound } from './errors';

/** What the rule needs to know of the auction. */
export interface AuctionState {
  id: number;
  sellerId: number;
  itemName: string;
  currentPrice: number;
  startsAt: Date;
  endsAt: Date;
  /** The bidder with the highest standing maximum, or null before the first bid. */
  leaderId: number | null;
  /** When the close recorded the outcome, or null until then. */
  closedAt: Date | null;
  /** The price below which the seller keeps the item, or null; its number is the seller's alone to see. */
  reservePrice: number | null;
  /** When its seller cancelled it, or null. */
  cancelledAt: Date | null;
}

/**
 * A bidder's standing maximum on an auction: the largest bid amount or maximum they have sent to it.
 * `order` tells who reached an amount first (smaller is earlier) when two maxima are equal.
 */
export interface StandingMax {
  bidderId: number;
  amount: number;
  order: number;
}

/** What the bid transaction read before deciding. */
export interface BidState {
  /** Undefined when no auction has that id. */
  auction: AuctionState | undefined;
  /**
   * The standing maxima on the auction that can matter: at least the leader's (more does no harm).
   * Every other bidder's maximum is spent, at most the price, so it cannot change the outcome of a
   * bid that must top the price; a bidder without one here is taken to have none.
   */
  maxima: StandingMax[];
  /** The bid placed earlier by this bidder with this request key, when the request repeats one. */
  repeatOf: { auctionId: number; amount: number } | null;
}

/** A bid as the bidder sent it: an amount, a maximum, or both. */
export interface BidRequest {
  bidderId: number;
  /** Null when the leader only raises their maximum. */
  bidAmount: number | null;
  maxBid: number | null;
}

export interface BidRules {
  now: number;
  /** A bid this close to the end moves the end to the bid's time plus as much; 0 never extends. */
  softCloseMs: number;
}

/** One bid of the history, in the order it is written. */
export interface HistoryEntry {
  bidderId: number;
  amount: number;
  /** Placed for the bidder by their maximum, not by their own hand. */
  auto: boolean;
}

/** A notification owed to a user, written in the transaction of the event that owes it. */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  message: string;
}

/** The users the notices tell, each once: whom the event's live notice events go to. */
export const usersTold = (notices: Notice[]): number[] => [...new Set(notices.map((notice) => notice.userId))];

export interface BidDecision {
  /** When the bid was decided: the time of its history entries and notices. */
  at: Date;
  /** The auction's price afterwards. */
  price: number;
  /** Who leads afterwards. */
  leaderId: number;
  /** The bidder's new standing maximum when it grew, otherwise null. */
  bidderMax: number | null;
  /**
   * Bids to add to the history, in order: the placed bid first, then at most one automatic bid. A
   * raise of a maximum alone adds none, or only the automatic bid that meets the reserve.
   */
  entries: HistoryEntry[];
  /** The auction's end afterwards, moved by a late bid. */
  endsAt: Date;
  notices: Notice[];
}

/** Highest amount first; of equal amounts, whoever reached it first. */
const ranksAbove = (a: StandingMax, b: StandingMax) => a.amount > b.amount || (a.amount === b.amount && a.order < b.order);

function highest(maxima: StandingMax[]): StandingMax | undefined {
  let best: StandingMax | undefined;
  for (const m of maxima) if (!best || ranksAbove(m, best)) best = m;
  return best;
}

/**
 * Whether bidding is over: by the clock, or closed whatever the clock says (a purchase's end is its
 * moment, a cancel closes too, and a request's time was read before it waited for the auction, during
 * which the close may have come).
 */
export function hasEnded(auction: Pick<AuctionState, 'endsAt' | 'closedAt'>, now: number): boolean {
  return now >= auction.endsAt.getTime() || auction.closedAt !== null;
}

/** Null without a reserve; otherwise whether the current price has reached it. */
export function reserveMet(auction: Pick<AuctionState, 'currentPrice' | 'reservePrice'>): boolean | null {
  return auction.reservePrice === null ? null : auction.currentPrice >= auction.reservePrice;
}

/**
 * Who buys the item once the auction has ended: its leader, unless the price stayed below the
 * reserve; null without one. A second-chance offer the bidder accepted made them the leader, and the
 * seller's offer is their consent below the reserve. The one rule for the winner in answers, in my
 * bids and for a relist.
 */
export function buyerOf(
  auction: Pick<AuctionState, 'leaderId' | 'currentPrice' | 'reservePrice'> & { secondChanceAt?: Date | null },
): number | null {
  return !auction.secondChanceAt && reserveMet(auction) === false ? null : auction.leaderId;
}

/**
 * The price once the reserve has its say: a leader whose maximum reaches the reserve pays at least
 * the reserve, so the price jumps to it rather than creeping up below it. Otherwise the price stays.
 */
function liftedToReserve(price: number, leaderMax: number, reservePrice: number | null): number {
  return reservePrice !== null && leaderMax >= reservePrice && price < reservePrice ? reservePrice : price;
}

/** What a request does to the price and the lead: the part of a decision that the replay of a removal reuses. */
export type Settlement = Pick<BidDecision, 'price' | 'leaderId' | 'bidderMax' | 'entries'>;

/**
 * The rule's arithmetic for an accepted request, without its checks: who leads afterwards, at what
 * price, and which bids that adds. `maxima` must hold the leader's and the bidder's standing maxima
 * (more does no harm). decideBid runs it after its checks; the replay of a bidder's removal
 * (bidder-removal.ts) runs it over an auction's stored requests, where the bounds no longer apply.
 */
export function settleBid(
  auction: Pick<AuctionState, 'currentPrice' | 'leaderId' | 'reservePrice'>,
  maxima: StandingMax[],
  { bidderId, bidAmount, maxBid }: BidRequest,
): Settlement {
  const own = maxima.find((m) => m.bidderId === bidderId);
  const standing = own?.amount ?? 0;
  const wanted = Math.max(bidAmount ?? 0, maxBid ?? 0);
  const bidderMax = wanted > standing ? wanted : null;
  // A maximum that grew is reached now, after every other: it loses ties.
  const mine: StandingMax = bidderMax === null ? own! : { bidderId, amount: bidderMax, order: Number.POSITIVE_INFINITY };
  const standings = [...maxima.filter((m) => m.bidderId !== bidderId), mine];
  const leader = highest(standings)!;
  const runnerUp = highest(standings.filter((m) => m.bidderId !== leader.bidderId));

  if (bidAmount === null) {
    // A raise alone. The leader's keeps the price, but for the reserve. Only a replay can meet a raise
    // by someone who does not lead (an old bid stored without its maximum understates a bidder): it
    // takes the lead the way a bid at the current price would.
    const byMaxima =
      leader.bidderId === auction.leaderId || !runnerUp
        ? auction.currentPrice
        : Math.max(auction.currentPrice, Math.min(leader.amount, runnerUp.amount + 1));
    const price = liftedToReserve(byMaxima, leader.amount, auction.reservePrice);
    const moved = price !== auction.currentPrice || leader.bidderId !== auction.leaderId;
    return {
      price,
      leaderId: leader.bidderId,
      bidderMax,
      entries: moved ? [{ bidderId: leader.bidderId, amount: price, auto: true }] : [],
    };
  }

  const byMaxima = runnerUp ? Math.max(bidAmount, Math.min(leader.amount, runnerUp.amount + 1)) : bidAmount;
  const price = liftedToReserve(byMaxima, leader.amount, auction.reservePrice);
  const entries: HistoryEntry[] = [{ bidderId, amount: bidAmount, auto: false }];
  if (price !== bidAmount || leader.bidderId !== bidderId) entries.push({ bidderId: leader.bidderId, amount: price, auto: true });
  return { price, leaderId: leader.bidderId, bidderMax, entries };
}

/**
 * Decides a bid, or throws why it is refused. A request repeating an earlier one (same bidder, same
 * request key) answers 'repeat' when it asks for the same amount.
 */
export function decideBid({ auction, maxima, repeatOf }: BidState, request: BidRequest, rules: BidRules): BidDecision | 'repeat' {
  if (repeatOf) {
    if (repeatOf.auctionId !== auction?.id || repeatOf.amount !== request.bidAmount)
      throw conflict('This request key was already used for another bid.');
    return 'repeat';
  }
  if (!auction) throw notFound('Auction not found');
  const { bidderId, bidAmount } = request;
  if (auction.sellerId === bidderId) throw forbidden('You cannot bid on your own auction.');
  if (auction.cancelledAt !== null) throw badRequest(CANCEL_WORDS.notOpen);
  if (rules.now < auction.startsAt.getTime()) throw badRequest('This auction has not started yet; bidding opens at its start date.');
  if (hasEnded(auction, rules.now)) throw badRequest('This auction has ended; bids are no longer accepted.');

  if (bidAmount === null) {
    // Raising a maximum alone moves nothing but the leader's own ceiling (no end, nobody told), unless
    // it reaches a reserve the price is below: then the leader's automatic bid meets the reserve.
    if (auction.leaderId !== bidderId) throw invalid([{ path: 'bidAmount', message: BID_WORDS.raiseNeedsLead }]);
    return { at: new Date(rules.now), ...settleBid(auction, maxima, request), endsAt: auction.endsAt, notices: [] };
  }

  const { min, max } = bidBounds(auction.currentPrice);
  if (bidAmount < min || bidAmount > max) {
    throw badRequest(BID_WORDS.outOfRange(auction.currentPrice));
  }

  const { price, leaderId, bidderMax, entries } = settleBid(auction, maxima, request);
  const notices: Notice[] = [];
  if (auction.leaderId !== null && auction.leaderId !== leaderId) {
    notices.push({
      userId: auction.leaderId,
      kind: 'outbid',
      message: `You were outbid on “${auction.itemName}”: the price is now ${formatDollars(price)}.`,
    });
  }

  const lateFrom = auction.endsAt.getTime() - rules.softCloseMs;
  const endsAt = rules.softCloseMs > 0 && rules.now > lateFrom ? new Date(rules.now + rules.softCloseMs) : auction.endsAt;

  return { at: new Date(rules.now), price, leaderId, bidderMax, entries, endsAt, notices };
}

/**
 * What an auction owes when it ends, given its leader then: `won` and `sold` when it sold; `unsold`
 * alone without bids; below its reserve, `unsold` naming the highest bid to the seller and
 * `reserve_not_met` to the leader. The messages name the public price, never the reserve. A cancelled
 * auction owes nobody anything: its seller ended it.
 */
export function closingNotices(auction: AuctionState, leader: { id: number; name: string } | null): Notice[] {
  if (auction.cancelledAt !== null) return [];
  const item = `“${auction.itemName}”`;
  const price = formatDollars(auction.currentPrice);
  if (!leader) return [{ userId: auction.sellerId, kind: 'unsold', message: `Your auction ${item} ended without bids.` }];
  if (reserveMet(auction) === false) {
    return [
      {
        userId: leader.id,
        kind: 'reserve_not_met',
        message: `${item} ended below the seller's reserve: your bid of ${price} did not win.`,
      },
      { userId: auction.sellerId, kind: 'unsold', message: `Your auction ${item} ended below your reserve: the highest bid was ${price}.` },
    ];
  }
  return [
    { userId: leader.id, kind: 'won', message: `You won ${item} for ${price}.` },
    { userId: auction.sellerId, kind: 'sold', message: `${item} sold to ${leader.name} for ${price}.` },
  ];
}
