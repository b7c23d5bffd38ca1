// The ceiling's PostgreSQL: the `pg` driver's pool (as large as the app's) with named prepared statements,
// and the bid as one transaction of as few round trips as the app's: the auction read under its row lock,
// the bid checked, then one statement that raises the price, recording the leader, and inserts the bid
// (numbered, with its end): the writes of the app's bid without a maximum.
import pg from 'pg';
import { transaction } from '../../src/server/db/pg/transaction';
import { timesAsMillis } from '../../tools/database';
import { checkBid, type CeilingStore } from './ceiling-store';
import type * as Row from './ceiling-store';

/** Each statement by name: PostgreSQL parses and plans it once per connection. */
const statements = {
  session: 'select u.id, u.name, u.role, s.expires_at, s.last_seen_at from sessions s join users u on u.id = s.user_id where s.id = $1',
  lockAuction: 'select seller_id, current_price, bids_count, starts_at, ends_at from auctions where id = $1 for no key update',
  raiseAndInsert: `with raised as (
      update auctions set current_price = $3, bids_count = $4, leader_id = $2, leader_max = $3 where id = $1 returning ends_at
    )
    insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, ends_at)
    select $1, $2, $3, $4, null, $5, raised.ends_at from raised returning id`,
  auctionWithSeller: `select a.id, a.seller_id, u.name as seller_name, a.item_name, a.item_description, a.item_category,
      a.starting_price, a.current_price, a.bids_count, a.photo, a.starts_at, a.ends_at
    from auctions a join users u on u.id = a.seller_id where a.id = $1`,
  bidsOf: `select b.id, b.amount, b.created_at, b.bidder_id, u.name as bidder_name from bids b join users u on u.id = b.bidder_id
    where b.auction_id = $1 order by b.id desc limit 200`,
};

/** Rows with their times as milliseconds, as the SQLite store gives them. */
async function rows<T>(client: pg.Pool | pg.PoolClient, name: keyof typeof statements, values: unknown[]): Promise<T[]> {
  const result = await client.query<Record<string, unknown>>({ name, text: statements[name], values });
  return timesAsMillis<T>(result.rows);
}

export function postgresCeilingStore(url: string): CeilingStore {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    sessionUser: async (hash) => (await rows<Row.SessionRow>(pool, 'session', [hash]))[0],
    placeBid: (auctionId, bidderId, amount, now) =>
      transaction(pool, async (client) => {
        const [auction] = await rows<Row.AuctionForBid>(client, 'lockAuction', [auctionId]);
        checkBid(auction, bidderId, amount, now);
        const bidsCount = auction.bids_count + 1;
        const [bid] = await rows<{ id: number }>(client, 'raiseAndInsert', [auctionId, bidderId, amount, bidsCount, new Date(now)]);
        return { id: bid!.id, bidsCount };
      }),
    auctionWithSeller: async (id) => (await rows<Row.AuctionWithSeller>(pool, 'auctionWithSeller', [id]))[0],
    bidsOf: (auctionId) => rows<Row.BidWithBidder>(pool, 'bidsOf', [auctionId]),
    close: () => pool.end(),
  };
}
