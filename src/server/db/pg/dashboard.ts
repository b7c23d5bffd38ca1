// The dashboards' counts and short lists on PostgreSQL: named statements prepared once per connection
// and mapped by the driver, as the auction page's are (a read the benchmark holds to a budget). The
// counts come from the tables the trigger keeps (counts-schema.ts, docs/decisions/0017-counts-the-database-keeps.md).
import type { AuctionStore } from '../store';
import type { AuctionCounts, ListedAuctionRecord } from '../records';
import { AUCTION_COLUMNS_AND_JOINS, VIEWER_COLUMNS } from './auctions';
import type { PgDb } from './open';

/**
 * The open auctions at $1, exactly as `count` finds them (started, not ended, not cancelled): the kept
 * count of those not closed, less those of them ended but not closed yet (the close comes within a
 * second; the close's own index) and those still to start (the index by start), plus those closed
 * while their end is still ahead (none, unless the clock went back). Each part reads only its own few rows.
 */
const COUNTS = {
  name: 'auction-counts',
  text: `select coalesce((select listed from auction_counts where id = 1), 0) as listed,
    cast(coalesce((select unclosed from auction_counts where id = 1), 0)
      - (select count(*) from auctions where closed_at is null and ends_at <= $1 and cancelled_at is null)
      - (select count(*) from auctions where closed_at is null and cancelled_at is null and starts_at > $1 and ends_at > $1)
      + (select count(*) from auctions where closed_at is not null and cancelled_at is null and ends_at > $1 and starts_at <= $1)
      as integer) as open,
    coalesce((select auctions from seller_auction_counts where seller_id = $2), 0) as own`,
};

/**
 * The two lists in one statement, one round trip: newest first through the index of the auctions not
 * cancelled (the newest are the likeliest to be open, so few rows are read past the page), and
 * through the index of a seller's auctions by id. `list` says which each row is of.
 */
const NEWEST = {
  name: 'auctions-newest',
  text: `(select 'open' as list, ${VIEWER_COLUMNS}, ${AUCTION_COLUMNS_AND_JOINS}
      where a.starts_at <= $1 and a.ends_at > $1 and a.cancelled_at is null order by a.id desc limit $3)
    union all
    (select 'own', ${VIEWER_COLUMNS}, ${AUCTION_COLUMNS_AND_JOINS} where a.seller_id = $2 order by a.id desc limit $3)`,
};

export function pgDashboard(db: PgDb): Pick<AuctionStore, 'counts' | 'newest'> {
  const pool = db.$client;
  return {
    async counts(now, sellerId) {
      return (await pool.query<AuctionCounts>({ ...COUNTS, values: [new Date(now), sellerId] })).rows[0]!;
    },
    async newest(now, viewerId, limit) {
      const { rows } = await pool.query<ListedAuctionRecord & { list: 'open' | 'own' }>({
        ...NEWEST,
        values: [new Date(now), viewerId, limit],
      });
      // Each row keeps its `list`, which no answer reads: deleting it would cost more than carrying it.
      return { open: rows.filter((row) => row.list === 'open'), own: rows.filter((row) => row.list === 'own') };
    },
  };
}
