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
