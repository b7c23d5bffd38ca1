// The dashboards' counts and short lists on SQLite: statements prepared once and read raw, as the
// auction page's are (a read the benchmark holds to a budget). The counts come from the tables the
// triggers keep (counts-schema.ts, docs/decisions/0017-counts-the-database-keeps.md).
import type { AuctionStore } from '../store';
import type { AuctionCounts, DashboardRecord } from '../records';
import { AUCTION_VALUES, AUCTION_WITH_NAMES, listedOfValues, VIEWER_VALUES, type ListedValues } from './auctions';
import type { SqliteDb } from './open';

/**
 * The open auctions at `@now`, exactly as `count` finds them (started, not ended, not cancelled):
 * the kept count of those not closed, less those of them ended but not closed yet (the close comes
 * within a second; the close's own index) and those still to start, plus those closed while their
 * end is still ahead (none, unless the clock went back). Each part reads only its own few rows, through
 * an index named so that no other plan is ever taken.
 */
const OPEN_COUNT = `coalesce((select unclosed from auction_counts where id = 1), 0)
  - (select count(*) from auctions indexed by auctions_due_idx
      where closed_at is null and ends_at <= @now and cancelled_at is null)
  - (select count(*) from auctions indexed by auctions_unclosed_start_idx
      where closed_at is null and cancelled_at is null and starts_at > @now and ends_at > @now)
  + (select count(*) from auctions indexed by auctions_closed_end_idx
      where closed_at is not null and cancelled_at is null and ends_at > @now and starts_at <= @now)`;

const COUNTS = `select coalesce((select listed from auction_counts where id = 1), 0), ${OPEN_COUNT},
  coalesce((select auctions from seller_auction_counts where seller_id = @seller), 0)`;

/**
 * Newest first through the rowid, as a list of all auctions reads it (common/lists.ts): the newest
 * auctions are the likeliest to be open, so few rows are read past the page. Each limit is cast so
 * that the statement is compiled once (rowLimit, common/dialect.ts, says why).
 */
const NEWEST_OPEN = `select ${AUCTION_VALUES}, ${VIEWER_VALUES} from ${AUCTION_WITH_NAMES}
  where a.starts_at <= @now and a.ends_at > @now and a.cancelled_at is null order by a.id desc limit cast(@limit as integer)`;

/** Through the index of a seller's auctions by id. */
const NEWEST_OWN = `select ${AUCTION_VALUES}, ${VIEWER_VALUES} from ${AUCTION_WITH_NAMES}
  where a.seller_id = @viewer order by a.id desc limit cast(@limit as integer)`;

export function sqliteDashboard(db: SqliteDb): Pick<AuctionStore, 'counts' | 'dashboard'> {
  const counts = db.$client.prepare<{ now: number; seller: number | null }, [number, number, number]>(COUNTS).raw();
  const newestOpen = db.$client.prepare<{ now: number; viewer: number; limit: number }, ListedValues>(NEWEST_OPEN).raw();
  const newestOwn = db.$client.prepare<{ viewer: number; limit: number }, ListedValues>(NEWEST_OWN).raw();
  const countsAt = (now: number, seller: number | null): AuctionCounts => {
    const [listed, open, own] = counts.get({ now, seller })!;
    return { listed, open, own };
  };
  // One read transaction: its three statements see one snapshot, even of a file another process writes.
  const dashboardAt = db.$client.transaction((now: number, viewer: number, limit: number): DashboardRecord => ({
    counts: countsAt(now, viewer),
    open: newestOpen.all({ now, viewer, limit }).map(listedOfValues),
    own: newestOwn.all({ viewer, limit }).map(listedOfValues),
  }));
  return {
    async counts(now, sellerId) {
      return countsAt(now, sellerId);
    },
    async dashboard(now, viewerId, limit) {
      return dashboardAt(now, viewerId, limit);
    },
  };
}
