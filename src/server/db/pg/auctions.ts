// The auction as the auction page and every bid read it, on PostgreSQL: named statements prepared once
// per connection, mapped by the driver (a hot path the benchmark measures; the lists: common/lists.ts).
import { auctionColumnsText } from '../common/auction-rows';
import type { AuctionStore } from '../store';
import type { AuctionRecord, ViewedAuctionRecord } from '../records';
import type { PgDb } from './open';
import { auctions, users } from './schema';
import { type Queryable } from './transaction';

/**
 * Every column of an auction with its seller's and leader's names (the one column list,
 * common/auction-rows.ts), named as an AuctionRecord's fields, for the plain statements below.
 */
const AUCTION_COLUMNS = auctionColumnsText({ auctions, users }, { auction: 'a', seller: 's', leader: 'l' }, { named: true });
const AUCTION_WITH_NAMES = 'auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id';

// The hot paths below are plain named statements, prepared once per connection and mapped by the
// driver (PostgreSQL's integers, booleans and times arrive as numbers, booleans and Dates): every bid
// and every auction page runs them, and the query builder's mapping would cost more than the reads.

/** Every column of an auction and the joins it reads them from, for a plain statement (here and dashboard.ts) to add its condition to. */
export const AUCTION_COLUMNS_AND_JOINS = `${AUCTION_COLUMNS} from ${AUCTION_WITH_NAMES}`;

/**
 * What the viewer $2 may see of the auction `a` (common/auction-rows.ts viewerColumns): their own
 * maximum and whether they watch it, named as a ListedAuctionRecord's fields.
 */
export const VIEWER_COLUMNS = `case when a.leader_id = $2 then a.leader_max
    else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = $2) end as "viewerMax",
  exists (select 1 from watches w where w.user_id = $2 and w.auction_id = a.id) as "viewerWatches"`;

const AUCTION_BY_ID = { name: 'auction-by-id', text: `select ${AUCTION_COLUMNS_AND_JOINS} where a.id = $1::bigint` };

/** One auction by id, on the pool or on a transaction's connection (which then sees its own writes). */
export async function auctionById(client: Queryable, id: number): Promise<AuctionRecord | undefined> {
  const { rows } = await client.query<AuctionRecord>({ ...AUCTION_BY_ID, values: [id] });
  return rows[0];
}

/**
 * A purchase's lock on its auction, until the commit, and what it reads: purchases of one auction run
 * one after the other, and a bid's write, conditional on the row's version, waits for the purchase and
 * then finds the row changed (pg/bid.ts). "No key update" still lets rows that refer to the auction
 * (bids, watches) be inserted meanwhile. A writer that waited for the lock gets the row as the writer
 * before it left it: under READ COMMITTED, PostgreSQL evaluates the locked row's newest version
 * again. Its subqueries (the names, read from that row's ids) still see the tables as they were when
 * the statement began, before the wait: a leader who signed up meanwhile has no name yet there, and is
 * read again (holdAuction). What other tables hold for the writer (their watch) is read by the
 * statements after this one. Every field of an AuctionRecord is read: the rules read the reserve and
 * the cancellation, and the answers show the auction as this row has it.
 */
const AUCTION_HELD = {
  name: 'auction-held',
  text: `select a.id, a.seller_id as "sellerId", (select name from users where id = a.seller_id) as "sellerName",
      a.item_name as "itemName", a.item_description as "itemDescription", a.item_category as "itemCategory",
      a.starting_price as "startingPrice", a.current_price as "currentPrice", a.bids_count as "bidsCount", a.photo,
      a.starts_at as "startsAt", a.ends_at as "endsAt", a.created_at as "createdAt", a.leader_id as "leaderId",
      (select name from users where id = a.leader_id) as "leaderName", a.leader_max as "leaderMax",
      a.closed_at as "closedAt", a.more_photos as "morePhotos", a.item_condition as "itemCondition",
      a.shipping_cost as "shippingCost", a.item_location as "itemLocation", a.reserve_price as "reservePrice",
      a.buy_now_price as "buyNowPrice", a.cancelled_at as "cancelledAt", a.relisted_from as "relistedFrom",
      a.second_chance_at as "secondChanceAt"
    from auctions a where a.id = $1::bigint for no key update`,
};

/** One auction by id under its row lock (AUCTION_HELD), on a transaction's connection, for a purchase. */
export async function holdAuction(client: Queryable, id: number): Promise<AuctionRecord | undefined> {
  const found = (await client.query<AuctionRecord>({ ...AUCTION_HELD, values: [id] })).rows[0];
  // A leader who signed up while this waited for the lock (see AUCTION_HELD): read once more, now.
  return found && found.leaderId !== null && found.leaderName === null ? auctionById(client, id) : found;
}

/**
 * An auction as a bid reads it: without a lock, with the version of its row, which PostgreSQL keeps
 * as `xmin` (the transaction that wrote it). Every write to an auction row gives it a new version, so
 * a write conditional on this one finds nothing when anything changed the row since (pg/bid.ts). The
 * names come from the same snapshot as the row.
 */
const AUCTION_VERSIONED = {
  name: 'auction-versioned',
  text: `select a.xmin::text as version, ${AUCTION_COLUMNS_AND_JOINS} where a.id = $1::bigint`,
};

/** One auction by id and the version of its row (AUCTION_VERSIONED). */
export async function versionedAuction(client: Queryable, id: number): Promise<{ auction: AuctionRecord; version: string } | undefined> {
  const row = (await client.query<AuctionRecord & { version: string }>({ ...AUCTION_VERSIONED, values: [id] })).rows[0];
  if (!row) return undefined;
  const { version, ...auction } = row;
  return { auction, version };
}

/** The same with its viewer's own maximum and watch: the auction page in one statement instead of three. */
const AUCTION_VIEWED_BY = {
  name: 'auction-viewed-by',
  text: `select ${VIEWER_COLUMNS},
      case when $2 in (a.seller_id, a.leader_id) then (select o.id from orders o where o.auction_id = a.id order by o.id desc limit 1) end as "viewerOrderId",
      ${AUCTION_COLUMNS_AND_JOINS}
    where a.id = $1::bigint`,
};

export function pgAuctions(db: PgDb): Pick<AuctionStore, 'byId' | 'viewedBy'> {
  const pool = db.$client;
  return {
    async byId(id) {
      return auctionById(pool, id);
    },
    async viewedBy(id, viewerId) {
      return (await pool.query<ViewedAuctionRecord>({ ...AUCTION_VIEWED_BY, values: [id, viewerId] })).rows[0];
    },
  };
}
