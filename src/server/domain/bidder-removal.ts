// Removing a bidder from an open auction (docs/rules/bidding.md#removing-a-bidder): the auction is
// worked out again as if they had never bid. A pure function over the requests the auction stored:
// the other bidders' requests pass, in their order, through the bid rule's own arithmetic (settleBid)
// without the bounds, which held against prices the removed bidder had pushed up.
import { hasEnded, settleBid, type AuctionState, type StandingMax } from './bidding';
import { conflict, notFound } from './errors';

export const REMOVAL_WORDS = {
  auctionNotFound: 'Auction not found',
  ended: 'This auction has ended: its bids stay as they are.',
  noBids: 'This user has no bid on this auction.',
  removed: 'The bidder was removed and the auction worked out again without their bids.',
} as const;

/**
 * An accepted request of an auction, as stored, in the order it was accepted: a bid placed by hand
 * (with the maximum it sent), or a raise of the leader's maximum alone.
 */
export type StoredRequest =
  | {
      kind: 'bid';
      bidId: number;
      bidderId: number;
      amount: number;
      /** The maximum the request sent; a bid stored before maxima were kept has its amount here. */
      maxBid: number;
      createdAt: Date;
      /** The auction's end right after it. */
      endsAt: Date;
    }
  | {
      kind: 'raise';
      bidderId: number;
      maxBid: number;
      createdAt: Date;
      /** The auction's end then (a raise does not move it): the end its automatic bid, if any, carries. */
      endsAt: Date;
    };

/** A bid of the history after the replay: a placed bid as it was stored, or an automatic bid made anew. */
export interface ReplayedBid {
  /** The placed bid's id, kept; null for an automatic bid, which is inserted. */
  bidId: number | null;
  bidderId: number;
  amount: number;
  auto: boolean;
  /** Its number in the auction, from 1: the auction's count right after it. */
  seq: number;
  createdAt: Date;
  endsAt: Date;
}

export interface Replay {
  price: number;
  leaderId: number | null;
  /** The leader's standing maximum, or null without a leader. */
  leaderMax: number | null;
  /** The standing maximum of every bidder left, the leader's included. */
  maxima: { bidderId: number; amount: number }[];
  history: ReplayedBid[];
}

/** What the replay needs of the auction: where the price starts, and its reserve. */
export type ReplayedAuction = Pick<AuctionState, 'reservePrice'> & { startingPrice: number };

/**
 * The auction worked out from its first request: each bid and raise through settleBid, with the
 * standing maxima of everyone who bid so far, as a fresh auction would have settled them.
 */
export function replayRequests(auction: ReplayedAuction, requests: StoredRequest[]): Replay {
  let state = { currentPrice: auction.startingPrice, leaderId: null as number | null, reservePrice: auction.reservePrice };
  const maxima = new Map<number, StandingMax>();
  const history: ReplayedBid[] = [];
  requests.forEach((request, order) => {
    const settled = settleBid(state, [...maxima.values()], {
      bidderId: request.bidderId,
      bidAmount: request.kind === 'bid' ? request.amount : null,
      maxBid: request.maxBid,
    });
    for (const entry of settled.entries) {
      history.push({
        bidId: entry.auto || request.kind !== 'bid' ? null : request.bidId,
        bidderId: entry.bidderId,
        amount: entry.amount,
        auto: entry.auto,
        seq: history.length + 1,
        createdAt: request.createdAt,
        endsAt: request.endsAt,
      });
    }
    if (settled.bidderMax !== null) maxima.set(request.bidderId, { bidderId: request.bidderId, amount: settled.bidderMax, order });
    state = { ...state, currentPrice: settled.price, leaderId: settled.leaderId };
  });
  const leaderMax = state.leaderId === null ? null : maxima.get(state.leaderId)!.amount;
  return {
    price: state.currentPrice,
    leaderId: state.leaderId,
    leaderMax,
    maxima: [...maxima.values()].map(({ bidderId, amount }) => ({ bidderId, amount })),
    history,
  };
}

/** What the removal's transaction read: the auction (undefined when none has its id) and its requests in order. */
export interface RemovalState {
  auction: (ReplayedAuction & Pick<AuctionState, 'endsAt' | 'closedAt'>) | undefined;
  requests: StoredRequest[];
}

/**
 * Decides the removal of `bidderId` at `now`, or throws why not: the auction must exist and be open
 * (an ended one keeps its outcome: 409), and the user must have bid on it (404: there is nothing of
 * theirs there to remove). The replay of everyone else's requests is what the auction becomes.
 */
export function decideRemoval({ auction, requests }: RemovalState, bidderId: number, now: number): Replay {
  if (!auction) throw notFound(REMOVAL_WORDS.auctionNotFound);
  if (hasEnded(auction, now)) throw conflict(REMOVAL_WORDS.ended);
  if (!requests.some((request) => request.bidderId === bidderId)) throw notFound(REMOVAL_WORDS.noBids);
  return replayRequests(
    auction,
    requests.filter((request) => request.bidderId !== bidderId),
  );
}
