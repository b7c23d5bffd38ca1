// An auction as every statement reads it, on both databases: its row with its seller's and its
// leader's names (an AuctionRecord) and, in a list, what only the list's viewer may see of it (a
// ListedAuctionRecord). The one column list: the queries written once select it through Drizzle, and
// each dialect's plain statements (the auction page, the bid) read the same columns as SQL text.
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tables } from './dialect';

/** The auction's own columns that an AuctionRecord reads, by their key in the table. */
type OwnKey =
  | 'id'
  | 'sellerId'
  | 'itemName'
  | 'itemDescription'
  | 'itemCategory'
  | 'startingPrice'
  | 'currentPrice'
  | 'bidsCount'
  | 'photo'
  | 'startsAt'
  | 'endsAt'
  | 'createdAt'
  | 'leaderId'
  | 'leaderMax'
  | 'closedAt'
  | 'morePhotos'
  | 'itemCondition'
  | 'shippingCost'
  | 'itemLocation'
  | 'reservePrice'
  | 'buyNowPrice'
  | 'cancelledAt'
  | 'relistedFrom'
  | 'secondChanceAt';

/**
 * Every field of an AuctionRecord and where it is read: the auction's own columns (`own`, by key),
 * its seller's name and its leader's name (a second join of the users). SQLite's plain statements
 * read the values in this order.
 */
function auctionFields<Own extends Record<OwnKey, unknown>, SellerName, LeaderName>(
  own: Own,
  sellerName: SellerName,
  leaderName: LeaderName,
): Pick<Own, OwnKey> & { sellerName: SellerName; leaderName: LeaderName } {
  return {
    id: own.id,
    sellerId: own.sellerId,
    sellerName,
    itemName: own.itemName,
    itemDescription: own.itemDescription,
    itemCategory: own.itemCategory,
    startingPrice: own.startingPrice,
    currentPrice: own.currentPrice,
    bidsCount: own.bidsCount,
    photo: own.photo,
    startsAt: own.startsAt,
    endsAt: own.endsAt,
    createdAt: own.createdAt,
    leaderId: own.leaderId,
    leaderName,
    leaderMax: own.leaderMax,
    closedAt: own.closedAt,
    morePhotos: own.morePhotos,
    itemCondition: own.itemCondition,
    shippingCost: own.shippingCost,
    itemLocation: own.itemLocation,
    reservePrice: own.reservePrice,
    buyNowPrice: own.buyNowPrice,
    cancelledAt: own.cancelledAt,
    relistedFrom: own.relistedFrom,
    secondChanceAt: own.secondChanceAt,
  };
}

/** The users table once more, as the auctions' leaders: auctionColumns reads their names from a left join of it. */
export const leadersOf = (t: Tables) => alias(t.users, 'leaders');

/** Every column of an auction with its seller's and its leader's names, for a select from the auctions joined to both. */
export function auctionColumns(t: Tables) {
  return auctionFields(t.auctions, t.users.name, leadersOf(t).name);
}

/**
 * What only the viewer of a list may see of each auction, read with it: their own maximum (the
 * leader's is on the row, anyone else's in max_bids) and whether they watch it, a lookup by key each.
 * A guest (null) has neither.
 */
export function viewerColumns({ auctions, maxBids, watches }: Tables, viewerId: number | SQL | null) {
  if (viewerId === null) return { viewerMax: sql<number | null>`null`, viewerWatches: sql`false`.mapWith(Boolean) };
  const spentMax = sql`(select ${maxBids.amount} from ${maxBids} where ${maxBids.auctionId} = ${auctions.id} and ${maxBids.bidderId} = ${viewerId})`;
  const watched = sql`exists (select 1 from ${watches} where ${watches.userId} = ${viewerId} and ${watches.auctionId} = ${auctions.id})`;
  return {
    viewerMax: sql<number | null>`case when ${auctions.leaderId} = ${viewerId} then ${auctions.leaderMax} else ${spentMax} end`,
    // SQLite answers 0 or 1, PostgreSQL a boolean.
    viewerWatches: watched.mapWith(Boolean),
  };
}

/** Every column of a listed auction: the auction's with what its viewer may see of it (a ListedAuctionRecord). */
export const listedColumns = (t: Tables, viewerId: number | SQL | null) => ({ ...auctionColumns(t), ...viewerColumns(t, viewerId) });

/**
 * The same columns as SQL text, for a dialect's plain statements: read from the auction, its seller
 * and its leader under the names `as` gives them, and with `named`, each named as its field (which
 * PostgreSQL's driver makes the row's properties of). The tables are either dialect's.
 */
export function auctionColumnsText(
  tables: { auctions: Table; users: Table },
  as: { auction: string; seller: string; leader: string },
  { named = false } = {},
): string {
  const own = Object.fromEntries(
    Object.entries(getTableColumns(tables.auctions)).map(([key, column]) => [key, `${as.auction}.${column.name}`]),
  );
  const name = getTableColumns(tables.users).name!.name;
  const fields = auctionFields(own as Record<OwnKey, string>, `${as.seller}.${name}`, `${as.leader}.${name}`);
  return Object.entries(fields)
    .map(([field, column]) => (named ? `${column} as "${field}"` : column))
    .join(', ');
}
