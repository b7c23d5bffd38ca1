// The auction as the auction page and every bid read it, on SQLite: one statement prepared once, read
// raw and mapped by hand (a hot path the benchmark measures; the lists read through common/lists.ts).
import { auctionColumnsText } from '../common/auction-rows';
import type { AuctionStore } from '../store';
import type { AuctionRecord, ListedAuctionRecord, ViewedAuctionRecord } from '../records';
import type { SqliteDb } from './open';
import { auctions, users } from './schema';

/** An auction's row as AUCTION_VALUES reads it raw: one value per column, in that order. */
type AuctionValues = [
  id: number,
  sellerId: number,
  sellerName: string,
  itemName: string,
  itemDescription: string,
  itemCategory: AuctionRecord['itemCategory'],
  startingPrice: number,
  currentPrice: number,
  bidsCount: number,
  photo: string | null,
  startsAt: number,
  endsAt: number,
  createdAt: number,
  leaderId: number | null,
  leaderName: string | null,
  leaderMax: number | null,
  closedAt: number | null,
  morePhotos: string,
  itemCondition: AuctionRecord['itemCondition'],
  shippingCost: number | null,
  itemLocation: string | null,
  reservePrice: number | null,
  buyNowPrice: number | null,
  cancelledAt: number | null,
  relistedFrom: number | null,
  secondChanceAt: number | null,
];

/** The photos after the cover, stored as a JSON array: most auctions have none, which needs no parsing. */
const photoNames = (json: string): string[] => (json === '[]' ? [] : (JSON.parse(json) as string[]));

/** The auction page's row, with its viewer's own maximum and watch, read raw. */
export type ListedValues = [...AuctionValues, viewerMax: number | null, viewerWatches: 0 | 1];

/**
 * Rows read raw and mapped by hand: Drizzle passes each column of each row through its decoder, and
 * better-sqlite3 builds a row object one property at a time; either costs more than the read itself,
 * on the auction that every bid and every auction page reads.
 */
function auctionOfValues([
  id,
  sellerId,
  sellerName,
  itemName,
  itemDescription,
  itemCategory,
  startingPrice,
  currentPrice,
  bidsCount,
  photo,
  startsAt,
  endsAt,
  createdAt,
  leaderId,
  leaderName,
  leaderMax,
  closedAt,
  morePhotos,
  itemCondition,
  shippingCost,
  itemLocation,
  reservePrice,
  buyNowPrice,
  cancelledAt,
  relistedFrom,
  secondChanceAt,
]: AuctionValues): AuctionRecord {
  return {
    id,
    sellerId,
    sellerName,
    itemName,
    itemDescription,
    itemCategory,
    startingPrice,
    currentPrice,
    bidsCount,
    photo,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    createdAt: new Date(createdAt),
    leaderId,
    leaderName,
    leaderMax,
    closedAt: closedAt === null ? null : new Date(closedAt),
    morePhotos: photoNames(morePhotos),
    itemCondition,
    shippingCost,
    itemLocation,
    reservePrice,
    buyNowPrice,
    cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
    relistedFrom,
    secondChanceAt: secondChanceAt === null ? null : new Date(secondChanceAt),
  };
}

/**
 * The same with the viewer's columns, as one literal: adding them to auctionOfValues' object took
 * twice as long.
 */
export function listedOfValues([
  id,
  sellerId,
  sellerName,
  itemName,
  itemDescription,
  itemCategory,
  startingPrice,
  currentPrice,
  bidsCount,
  photo,
  startsAt,
  endsAt,
  createdAt,
  leaderId,
  leaderName,
  leaderMax,
  closedAt,
  morePhotos,
  itemCondition,
  shippingCost,
  itemLocation,
  reservePrice,
  buyNowPrice,
  cancelledAt,
  relistedFrom,
  secondChanceAt,
  viewerMax,
  viewerWatches,
]: ListedValues): ListedAuctionRecord {
  return {
    id,
    sellerId,
    sellerName,
    itemName,
    itemDescription,
    itemCategory,
    startingPrice,
    currentPrice,
    bidsCount,
    photo,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    createdAt: new Date(createdAt),
    leaderId,
    leaderName,
    leaderMax,
    closedAt: closedAt === null ? null : new Date(closedAt),
    morePhotos: photoNames(morePhotos),
    itemCondition,
    shippingCost,
    itemLocation,
    reservePrice,
    buyNowPrice,
    cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
    relistedFrom,
    secondChanceAt: secondChanceAt === null ? null : new Date(secondChanceAt),
    viewerMax,
    viewerWatches: viewerWatches === 1,
  };
}

/** Every column of an auction (common/auction-rows.ts) in its order, for the plain statements below (read raw). */
export const AUCTION_VALUES = auctionColumnsText({ auctions, users }, { auction: 'a', seller: 's', leader: 'l' });
/** An auction with its seller and its leader, as AUCTION_VALUES names them. */
export const AUCTION_WITH_NAMES = 'auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id';

/**
 * What the viewer `@viewer` may see of the auction `a` (common/auction-rows.ts viewerColumns): their
 * own maximum and whether they watch it, after AUCTION_VALUES (ListedValues).
 */
export const VIEWER_VALUES = `case when a.leader_id = @viewer then a.leader_max
    else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = @viewer) end,
  exists (select 1 from watches w where w.user_id = @viewer and w.auction_id = a.id)`;

/** One auction by id, prepared once: the auction page and every bid read it. */
export function prepareAuctionById(db: SqliteDb): (id: number) => AuctionRecord | undefined {
  const statement = db.$client.prepare<[number], AuctionValues>(`select ${AUCTION_VALUES} from ${AUCTION_WITH_NAMES} where a.id = ?`).raw();
  return (id) => {
    const row = statement.get(id);
    return row && auctionOfValues(row);
  };
}

/** One auction by id with its viewer's own maximum and watch (viewerColumns), for the auction page. */
function prepareAuctionViewedBy(db: SqliteDb): (id: number, viewerId: number) => ViewedAuctionRecord | undefined {
  const statement = db.$client
    .prepare<{ id: number; viewer: number }, [...ListedValues, viewerOrderId: number | null]>(
      `select ${AUCTION_VALUES}, ${VIEWER_VALUES},
         case when @viewer in (a.seller_id, a.leader_id) then (select o.id from orders o where o.auction_id = a.id order by o.id desc limit 1) end
       from ${AUCTION_WITH_NAMES} where a.id = @id`,
    )
    .raw();
  return (id, viewer) => {
    const row = statement.get({ id, viewer });
    if (!row) return undefined;
    // The newest order's id, through its auction's index, and only for the two who may see it (after a
    // second chance, the leader is its buyer).
    const viewerOrderId = row.pop() as number | null;
    return { ...listedOfValues(row as unknown as ListedValues), viewerOrderId };
  };
}

export function sqliteAuctions(
  db: SqliteDb,
  auctionById: (id: number) => AuctionRecord | undefined,
): Pick<AuctionStore, 'byId' | 'viewedBy'> {
  const auctionViewedBy = prepareAuctionViewedBy(db);
  return {
    async byId(id) {
      return auctionById(id);
    },
    async viewedBy(id, viewerId) {
      return auctionViewedBy(id, viewerId);
    },
  };
}
