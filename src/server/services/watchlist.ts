// A user's watchlist and their bids: the auctions they follow, and where they stand on each they bid on.
import type { AppDeps } from '../deps';
import { notFound } from '../domain/errors';
import { auctionStatus } from '../../shared/auction-status';
import type { MyBidState } from '../../shared/constants';
import { parseId, toAuctions, viewOf, type Auction } from './auctions';

export interface MyBid {
  auction: Auction;
  /** The caller's standing maximum on it. */
  myMaxBid: number;
  /** The amount of the caller's newest bid on it, placed or automatic. */
  myLastBid: number;
  state: MyBidState;
}

/** Puts an auction on the caller's watchlist or takes it off; doing it twice changes nothing. */
export async function setWatching(deps: AppDeps, user: { id: number }, id: string, watching: boolean): Promise<{ watching: boolean }> {
  const auctionId = parseId(id);
  const known =
    auctionId !== null &&
    (watching
      ? await deps.store.watches.add(user.id, auctionId, new Date(deps.now()))
      : await deps.store.watches.remove(user.id, auctionId));
  if (!known) throw notFound('Auction not found');
  return { watching };
}

/** The caller's watchlist: open auctions by soonest end first, then scheduled, then ended ones. */
export async function watchlist(deps: AppDeps, user: { id: number }): Promise<Auction[]> {
  const view = viewOf(deps, user);
  return toAuctions(deps, await deps.store.watches.auctionsOf(user.id, view.now), view);
}

/**
 * Every auction the caller has bid on, with where they stand: leading or outbid while it is open,
 * won or lost once it has ended. Open auctions by soonest end first, then the most recently ended.
 */
export async function myBids(deps: AppDeps, user: { id: number }): Promise<MyBid[]> {
  const view = viewOf(deps, user);
  const rows = await deps.store.bids.ofBidder(user.id, view.now);
  const auctions = await toAuctions(
    deps,
    rows.map((row) => row.auction),
    view,
  );
  return rows.map((row, i) => {
    const leads = row.auction.leaderId === user.id;
    const ended = auctionStatus(row.auction.startsAt.getTime(), row.auction.endsAt.getTime(), view.now) === 'ended';
    return {
      auction: auctions[i]!,
      myMaxBid: row.maxBid,
      myLastBid: row.lastBid,
      state: ended ? (leads ? 'won' : 'lost') : leads ? 'leading' : 'outbid',
    };
  });
}
