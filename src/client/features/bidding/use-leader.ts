// Who leads an auction, as the page can tell from what it holds. The server never says who leads an
// open auction, but its history does: after each accepted bid the newest entry is the leader's (a
// placed bid that does not lead is followed by the leader's automatic bid; docs/rules/bidding.md).
// Between those two live events, for a moment, the placed bid is on top: that moment is not news.
import { useEffect, useState } from 'react';
import type { Auction, Bid } from '../auctions/types';

/** How long a change of leader must hold before the page shows it: the automatic answer to a bid comes right after it. */
const SETTLE_MS = 400;

/**
 * The leader's id by the history, newest first. A bid placed by someone else at or below the
 * viewer's own maximum, while the viewer led, is about to be answered by an automatic bid for the
 * viewer (the viewer reached that maximum first): the viewer still leads.
 */
export function leaderOf(bids: Bid[], viewerId: string | undefined, myMaxBid: number | null): string | null {
  const [top, ...earlier] = bids;
  if (!top) return null;
  const answeredForViewer =
    viewerId !== undefined &&
    top.bidder._id !== viewerId &&
    !top.auto &&
    myMaxBid !== null &&
    top.bidAmount <= myMaxBid &&
    leaderOf(earlier, viewerId, myMaxBid) === viewerId;
  return answeredForViewer ? viewerId : top.bidder._id;
}

/**
 * The leader's id, once it has held for a moment; null before the first bid. The viewer's own bid on
 * top makes them the leader at once: the page must not say 'outbid' for a moment after their bid
 * was accepted (an automatic bid that outbid them comes with it, and the bid's answer says so).
 */
export function useLeader(auction: Pick<Auction, 'bids' | 'myMaxBid'>, viewerId: string | undefined): string | null {
  const now = leaderOf(auction.bids, viewerId, auction.myMaxBid);
  const [settled, setSettled] = useState(now);
  // Settled while drawing, so the page never shows the old leader beside the viewer's own new bid.
  if (viewerId !== undefined && now === viewerId && auction.bids[0]?.bidder._id === viewerId && settled !== now) setSettled(now);
  useEffect(() => {
    if (now === settled) return;
    const timer = setTimeout(() => setSettled(now), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [now, settled]);
  return settled;
}
