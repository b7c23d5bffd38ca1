// Reads of bids, the same on both databases (db/store.ts BidStore): how many auctions a bidder bid on,
// and the bids after a given one that the live streams replay. The bid
// itself and the auction page's history are each dialect's own hot paths (sqlite/pg bid.ts).
import { and, countDistinct, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { BidStore } from '../store';
import { anyId, inAnyIds, rowLimit, type Dialect, type Tables } from './dialect';

/** A bid with its bidder's name: a BidRecord. */
const bidColumns = ({ bids, users }: Tables) => ({
  id: bids.id,
  auctionId: bids.auctionId,
  bidderId: bids.bidderId,
  bidderName: users.name,
  amount: bids.amount,
  seq: bids.seq,
  createdAt: bids.createdAt,
  auto: bids.auto,
  buyNow: bids.buyNow,
  // Written with every bid (and by the migration for the bids before it), so never null when read.
  endsAt: sql<Date>`${bids.endsAt}`.mapWith(bids.endsAt),
});

export function bidReads({ db, t }: Dialect): Pick<BidStore, 'biddenOnCount' | 'since' | 'afterNumber' | 'idAfter' | 'latestId'> {
  const { auctions, bids, users } = t;
  const columns = bidColumns(t);
  // One auction, a few (the auctions a browser's tabs show), or every one (null).
  const ofAuctions = (auctionIds: readonly number[] | null) => (auctionIds === null ? undefined : inAnyIds(bids.auctionId, auctionIds));
  const withNames = () => db.select(columns).from(bids).innerJoin(users, eq(users.id, bids.bidderId));
  return {
    async biddenOnCount(bidderId) {
      // A cancelled auction is not among my bids (lists.ts), so it is not counted either.
      const [row] = await db
        .select({ n: countDistinct(bids.auctionId) })
        .from(bids)
        .innerJoin(auctions, eq(auctions.id, bids.auctionId))
        .where(and(eq(bids.bidderId, bidderId), isNull(auctions.cancelledAt)));
      return row!.n;
    },
    async since(afterBidId, auctionIds, limit) {
      return withNames()
        .where(and(gt(bids.id, anyId(afterBidId)), ofAuctions(auctionIds)))
        .orderBy(bids.id)
        .limit(rowLimit(limit));
    },
    async afterNumber(auctionId, afterSeq, limit) {
      // An auction's bids are numbered in the order of their ids, so its id index reads them in order.
      return withNames()
        .where(and(eq(bids.auctionId, anyId(auctionId)), gt(bids.seq, afterSeq)))
        .orderBy(bids.id)
        .limit(rowLimit(limit));
    },
    async idAfter(afterBidId, auctionIds, skip) {
      const [row] = await db
        .select({ id: bids.id })
        .from(bids)
        .where(and(gt(bids.id, anyId(afterBidId)), ofAuctions(auctionIds)))
        .orderBy(bids.id)
        .limit(rowLimit(1))
        .offset(skip);
      return row?.id ?? null;
    },
    async latestId(auctionIds) {
      const [row] = await db.select({ id: bids.id }).from(bids).where(ofAuctions(auctionIds)).orderBy(desc(bids.id)).limit(rowLimit(1));
      return row?.id ?? 0;
    },
  };
}
