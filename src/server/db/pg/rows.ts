// Auctions as every list reads them on PostgreSQL: the row with its seller's and leader's names, and
// the order of a user's own lists. Shared by the watchlist and the auction and bid lists.
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgDb } from './open';
import { auctions, users } from './schema';

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
