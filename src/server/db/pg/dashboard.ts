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
const COUNT_COLUMNS = `coalesce((select listed from auction_counts where id = 1), 0) as listed,
    cast(coalesce((select unclosed from auction_counts where id = 1), 0)
      - (select count(*) from auctions where closed_at is null and ends_at <= $1 and cancelled_at is null)
      - (select count(*) from auctions where closed_at is null and cancelled_at is null and starts_at > $1 and ends_at > $1)
      + (select count(*) from auctions where closed_at is not null and cancelled_at is null and ends_at > $1 and starts_at <= $1)
      as integer) as open,
    coalesce((select auctions from seller_auction_counts where seller_id = $2), 0) as own`;

const COUNTS = { name: 'auction-counts', text: `select ${COUNT_COLUMNS}` };

/**
 * The dashboard in one statement: one round trip, and its counts and lists of one snapshot (two
 * statements on two connections could each see another moment). Each row carries the counts; a
 * dashboard without a list to show is one row of counts alone, its `list` null. The lists run newest
 * first through the index of the auctions not cancelled (the newest are the likeliest to be open, so
 * few rows are read past the page), and through the index of a seller's auctions by id.
 */
const DASHBOARD = {
  name: 'auction-dashboard',
  text: `select counts.*, lists.* from (select ${COUNT_COLUMNS}) counts left join (
      (select 'open' as list, ${VIEWER_COLUMNS}, ${AUCTION_COLUMNS_AND_JOINS}
        where a.starts_at <= $1 and a.ends_at > $1 and a.cancelled_at is null order by a.id desc limit $3)
      union all
      (select 'own', ${VIEWER_COLUMNS}, ${AUCTION_COLUMNS_AND_JOINS} where a.seller_id = $2 order by a.id desc limit $3)
    ) lists on true`,
};

type DashboardRow = AuctionCounts & ListedAuctionRecord & { list: 'open' | 'own' | null };

export function pgDashboard(db: PgDb): Pick<AuctionStore, 'counts' | 'dashboard'> {
  const pool = db.$client;
  return {
    async counts(now, sellerId) {
      return (await pool.query<AuctionCounts>({ ...COUNTS, values: [new Date(now), sellerId] })).rows[0]!;
    },
    async dashboard(now, viewerId, limit) {
      const { rows } = await pool.query<DashboardRow>({ ...DASHBOARD, values: [new Date(now), viewerId, limit] });
      const { listed, open, own } = rows[0]!;
      // Each row keeps the counts and its `list`, which no answer reads: deleting them would cost more than carrying them.
      return {
        counts: { listed, open, own },
        open: rows.filter((row) => row.list === 'open'),
        own: rows.filter((row) => row.list === 'own'),
      };
    },
  };
}
