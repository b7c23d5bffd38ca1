// A user's watchlist and their bids: the auctions they follow, and where they stand on each they bid on.
// Both are read a page at a time (docs/rules/lists-and-search.md#watchlist).
import type { AppDeps } from '../deps';
import { buyerOf } from '../domain/bidding';
import { conflict, notFound } from '../domain/errors';
import { auctionStatus } from '../../shared/auction-status';
import { WATCHLIST_MAX, type MyBidState } from '../../shared/constants';
import type { OwnListPageInput } from '../../shared/schemas/user';
import type { Auction } from '../wire';
import { parseId, toListedAuctions, viewOf, type AuctionPage } from './auctions';

export interface MyBid {
  auction: Auction;
  /** The caller's standing maximum on it. */
  myMaxBid: number;
  /** The amount of the caller's newest bid on it, placed or automatic. */
  myLastBid: number;
  state: MyBidState;
}

export interface MyBidsPage {
  items: MyBid[];
  /** How many auctions the caller has bid on: counted on the first page only (later pages: null). */
  total: number | null;
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export const watchlistFull = () =>
  conflict(
    `You can watch at most ${WATCHLIST_MAX.toLocaleString('en-US')} auctions. Stop watching one you no longer follow, then try again.`,
  );

/**
 * Puts an auction on the caller's watchlist or takes it off; doing it twice changes nothing. A list
 * that already holds WATCHLIST_MAX auctions takes no more.
 */
export async function setWatching(deps: AppDeps, user: { id: number }, id: string, watching: boolean): Promise<{ watching: boolean }> {
  const auctionId = parseId(id);
  if (auctionId === null) throw notFound('Auction not found');
  if (watching) {
    const outcome = await deps.store.watches.add(user.id, auctionId, new Date(deps.now()), WATCHLIST_MAX);
    if (outcome === 'unknown') throw notFound('Auction not found');
    if (outcome === 'full') throw watchlistFull();
  } else if (!(await deps.store.watches.remove(user.id, auctionId))) {
    throw notFound('Auction not found');
  }
  return { watching };
}

/**
 * A page of the caller's watchlist: open auctions by soonest end first, then scheduled, then ended
 * ones; the total on the first page only.
 */
export async function watchlist(deps: AppDeps, user: { id: number }, { limit, cursor }: OwnListPageInput): Promise<AuctionPage> {
  const view = viewOf(deps, user);
  const [page, total] = await Promise.all([
    deps.store.watches.page(user.id, { now: view.now, limit, cursor }),
    cursor ? null : deps.store.watches.count(user.id),
  ]);
  return { items: toListedAuctions(page.items, view), total, nextCursor: page.nextCursor };
}

/**
 * A page of the auctions the caller has bid on, with where they stand: leading or outbid while it is
 * open, won or lost once it has ended. Open auctions by soonest end first, then scheduled ones, then
 * the most recently ended; the total on the first page only.
 */
export async function myBids(deps: AppDeps, user: { id: number }, { limit, cursor }: OwnListPageInput): Promise<MyBidsPage> {
  const view = viewOf(deps, user);
  const [page, total] = await Promise.all([
    deps.store.bids.ofBidder(user.id, { now: view.now, limit, cursor }),
    cursor ? null : deps.store.bids.biddenOnCount(user.id),
  ]);
  const auctions = toListedAuctions(
    page.items.map((row) => row.auction),
    view,
  );
  const items = page.items.map((row, i): MyBid => {
    const leads = row.auction.leaderId === user.id;
    const ended = auctionStatus(row.auction.startsAt.getTime(), row.auction.endsAt.getTime(), view.now) === 'ended';
    // Ended in the lead below the reserve is not a win.
    const won = buyerOf(row.auction) === user.id;
    return {
      auction: auctions[i]!,
      myMaxBid: row.maxBid,
      myLastBid: row.lastBid,
      state: ended ? (won ? 'won' : 'lost') : leads ? 'leading' : 'outbid',
    };
  });
  return { items, total, nextCursor: page.nextCursor };
}
