// Auctions as every list reads them on PostgreSQL: the row with its seller's and leader's names, and
// the order of a user's own lists. Shared by the watchlist and the auction and bid lists.
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgDb } from './open';
import { auctions, maxBids, users, watches } from './schema';

const leaders = alias(users, 'leaders');

/** Every column of an auction, with its seller's and its leader's names: an AuctionRecord. */
export const auctionColumns = {
  id: auctions.id,
  sellerId: auctions.sellerId,
  sellerName: users.name,
  itemName: auctions.itemName,
  itemDescription: auctions.itemDescription,
  itemCategory: auctions.itemCategory,
  startingPrice: auctions.startingPrice,
  currentPrice: auctions.currentPrice,
  bidsCount: auctions.bidsCount,
  photo: auctions.photo,
  startsAt: auctions.startsAt,
  endsAt: auctions.endsAt,
  createdAt: auctions.createdAt,
  leaderId: auctions.leaderId,
  leaderName: leaders.name,
  leaderMax: auctions.leaderMax,
  closedAt: auctions.closedAt,
};

/** Auctions with their seller's and leader's names, ready for a where clause and joins of a list's own. */
export const withSeller = (db: PgDb) =>
  db
    .select(auctionColumns)
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .leftJoin(leaders, eq(leaders.id, auctions.leaderId));

/**
 * What only the viewer of a list may see of each auction, read with it: their own maximum (the
 * leader's is on the row, anyone else's in max_bids) and whether they watch it, a lookup by key each.
 */
function viewerColumns(viewerId: number | null) {
  if (viewerId === null) return { viewerMax: sql<null>`null`, viewerWatches: sql<boolean>`false` };
  const spentMax = sql`(select ${maxBids.amount} from ${maxBids} where ${maxBids.auctionId} = ${auctions.id} and ${maxBids.bidderId} = ${viewerId})`;
  const watched = sql`exists (select 1 from ${watches} where ${watches.userId} = ${viewerId} and ${watches.auctionId} = ${auctions.id})`;
  return {
    viewerMax: sql<number | null>`case when ${auctions.leaderId} = ${viewerId} then ${auctions.leaderMax} else ${spentMax} end`,
    viewerWatches: sql<boolean>`${watched}`,
  };
}

/** Auctions as withSeller reads them, with what the viewer of the list may see of each: ListedAuctionRecords. */
export const listedFor = (db: PgDb, viewerId: number | null) =>
  db
    .select({ ...auctionColumns, ...viewerColumns(viewerId) })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .leftJoin(leaders, eq(leaders.id, auctions.leaderId));

/**
 * The order of a user's own lists (watchlist, my bids): open auctions by soonest end, then scheduled
 * ones by soonest start, then ended ones, most recently ended first. A time cannot be negated, its
 * epoch can: one sort key then serves all three groups.
 */
export function openFirst(now: number): SQL[] {
  const at = new Date(now);
  const ended = sql`${auctions.endsAt} <= ${at}`;
  const scheduled = sql`${auctions.startsAt} > ${at}`;
  const epoch = (time: typeof auctions.endsAt) => sql`extract(epoch from ${time})`;
  return [
    sql`case when ${ended} then 2 when ${scheduled} then 1 else 0 end`,
    sql`case when ${ended} then -${epoch(auctions.endsAt)} when ${scheduled} then ${epoch(auctions.startsAt)} else ${epoch(auctions.endsAt)} end`,
    asc(auctions.id),
  ];
}
