// Auctions as every list reads them on PostgreSQL: the row with its seller's and leader's names, and
// the pages of a user's own lists. Shared by the watchlist and the auction and bid lists.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest } from '../../domain/errors';
import { encodeOwnListCursor, ownListPosition, ownListStart, pageOf } from '../paging';
import type { ListedAuctionRecord, OwnListOptions, Page } from '../store';
import type { PgDb } from './open';
import { auctions, maxBids, users, watches } from './schema';

const leaders = alias(users, 'leaders');

/** Every column of an auction, with its seller's and its leader's names: an AuctionRecord. */
const auctionColumns = {
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

/** Auctions with their seller's and leader's names and what the viewer of the list may see of each: ListedAuctionRecords. */
export const listedFor = (db: PgDb, viewerId: number | null) =>
  db
    .select({ ...auctionColumns, ...viewerColumns(viewerId) })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .leftJoin(leaders, eq(leaders.id, auctions.leaderId));

/**
 * Every column of an auction with its seller's and leader's names, named as an AuctionRecord's
 * fields, for the plain statements (the driver maps PostgreSQL's integers, booleans and times).
 */
export const AUCTION_COLUMNS = `a.id, a.seller_id as "sellerId", s.name as "sellerName", a.item_name as "itemName",
    a.item_description as "itemDescription", a.item_category as "itemCategory", a.starting_price as "startingPrice",
    a.current_price as "currentPrice", a.bids_count as "bidsCount", a.photo, a.starts_at as "startsAt",
    a.ends_at as "endsAt", a.created_at as "createdAt", a.leader_id as "leaderId", l.name as "leaderName",
    a.leader_max as "leaderMax", a.closed_at as "closedAt"`;

/** An auction with its seller and its leader, as AUCTION_COLUMNS names them. */
export const AUCTION_WITH_NAMES = 'auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id';

/** A time as epoch milliseconds, which a cursor carries. */
const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * An auction's group and key in a user's own list seen at $2: ownListPosition (db/paging.ts) in SQL,
 * the times in epoch milliseconds as the cursor carries them.
 */
const OWN_LIST_GROUP = 'case when a.ends_at <= $2 then 2 when a.starts_at > $2 then 1 else 0 end';
const OWN_LIST_KEY = `case when a.ends_at <= $2 then -${epochMs('a.ends_at')} when a.starts_at > $2 then ${epochMs('a.starts_at')}
  else ${epochMs('a.ends_at')} end`;

/**
 * Pages of one of a user's own lists (OwnListOptions in db/store.ts), as one named statement: the
 * auctions `ids` names (a statement of auction ids reading $1, the user), with what the user may see
 * of each (their maximum, their watch) and the `extra` columns. The places of all of them are worked
 * out and sorted first, from the auctions' times alone; only the page's rows are then read whole.
 */
export function ownListPage<Extra extends object = object>(pool: PgDb['$client'], name: string, ids: string, extra = '') {
  const text = `select ${AUCTION_COLUMNS},
      case when a.leader_id = $1 then a.leader_max
        else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = $1) end as "viewerMax",
      exists (select 1 from watches w where w.user_id = $1 and w.auction_id = a.id) as "viewerWatches"${extra}
    from (
      select id, g, k from (select a.id, ${OWN_LIST_GROUP} as g, ${OWN_LIST_KEY} as k from auctions a where a.id in (${ids})) own
      where (g, k, id) > ($3, $4::bigint, $5::bigint)
      order by g, k, id
      limit $6
    ) o
    join auctions a on a.id = o.id join users s on s.id = a.seller_id left join users l on l.id = a.leader_id
    order by o.g, o.k, o.id`;
  return async (userId: number, { now, limit, cursor }: OwnListOptions): Promise<Page<ListedAuctionRecord & Extra>> => {
    const start = ownListStart(now, cursor);
    if (start === null) throw badRequest('Invalid cursor');
    const { rows } = await pool.query<ListedAuctionRecord & Extra>({
      name,
      text,
      values: [userId, new Date(start.at).toISOString(), start.group, start.key, start.id, limit + 1],
    });
    return pageOf(rows, limit, (row) => encodeOwnListCursor(ownListPosition(row, start.at)));
  };
}
