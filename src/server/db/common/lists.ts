// The auction lists, the same on both databases: pages of auctions in each sort with their count and
// categories (db/store.ts AuctionStore), and the pages of a user's own lists, the watchlist (WatchStore)
// and my bids (BidStore). Only the search differs: each dialect's search.ts gives its condition.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { AuctionSort, AuctionStatus } from '../../../shared/constants';
import { badRequest } from '../../domain/errors';
import {
  decodeKeyCursor,
  EARLIEST_MS,
  encodeKeyCursor,
  encodeOwnListCursor,
  idCursor,
  LATEST_MS,
  ownListPosition,
  ownListStart,
  pageOf,
  type KeyCursor,
} from '../paging';
import type { AuctionStore, BidStore, WatchStore } from '../store';
import type { AuctionFilter, AuctionRecord, ListedAuctionRecord, OwnListOptions } from '../records';
import { leadersOf, listedColumns } from './auction-rows';
import { anyId, type Dialect } from './dialect';

/**
 * The condition that each of the words starts a word of an auction's name or description: where the
 * two databases really differ, SQLite finding words in an FTS5 table beside the auctions and
 * PostgreSQL in a tsvector column of theirs (sqlite/search.ts, pg/search.ts).
 */
export interface AuctionSearch {
  /** The condition, for a page of a list (which may pick its plan by how many auctions match) or for a count. */
  matching(words: string[], use: 'page' | 'count'): SQL | Promise<SQL>;
  /**
   * How many auctions match the words, with no other filter (cancelled auctions left out), where the
   * database counts them without reading a row.
   */
  countAlone?(words: string[]): Promise<number>;
}

const invalidCursor = () => badRequest('Invalid cursor');

export function auctionListQueries(
  dialect: Dialect,
  search: AuctionSearch,
  kept: AuctionStore['counts'],
): Pick<AuctionStore, 'page' | 'count' | 'categories'> {
  const { kind, db, t, readListed } = dialect;
  const { auctions, users } = t;
  const leaders = leadersOf(t);

  const notCancelled = isNull(auctions.cancelledAt);
  // Nearly every auction is not cancelled. Without being told, SQLite's planner takes `is null` for a
  // narrow condition and, for a page, sorts what it keeps rather than reading the sort's index in
  // order. A count is left as it is: it reads the partial index of the auctions not cancelled.
  const listable = (use: 'page' | 'count') =>
    kind === 'sqlite' && use === 'page' ? sql`likelihood(${notCancelled}, 0.999)` : notCancelled;

  /** The one condition per status, by the clock of the request; a cancelled auction has no timed status. */
  function statusIs(status: AuctionStatus, now: number): SQL {
    const at = new Date(now);
    switch (status) {
      case 'scheduled':
        return and(gt(auctions.startsAt, at), notCancelled)!;
      case 'open':
        return and(lte(auctions.startsAt, at), gt(auctions.endsAt, at), notCancelled)!;
      case 'ended':
        return and(lte(auctions.endsAt, at), notCancelled)!;
      case 'cancelled':
        return isNotNull(auctions.cancelledAt);
    }
  }

  async function matching(filter: AuctionFilter, use: 'page' | 'count'): Promise<SQL | undefined> {
    return and(
      // Cancelled auctions are in no list but their seller's own and the administrator's.
      filter.status ? statusIs(filter.status, filter.now) : filter.withCancelled ? undefined : listable(use),
      filter.category ? eq(auctions.itemCategory, filter.category) : undefined,
      filter.sellerId === undefined ? undefined : eq(auctions.sellerId, anyId(filter.sellerId)),
      filter.words?.length ? await search.matching(filter.words, use) : undefined,
    );
  }

  /**
   * A time a cursor names, as a parameter. Any number of milliseconds decodes, but PostgreSQL reads
   * times of the years 1 to 9999 only: a time outside them lies before or after every row's, as
   * infinity does there. SQLite compares the milliseconds it stores.
   */
  const cursorTime = (ms: number): SQL =>
    kind === 'pg' && (ms < EARLIEST_MS || ms > LATEST_MS)
      ? sql.raw(`cast('${ms < EARLIEST_MS ? '-' : ''}infinity' as timestamptz)`)
      : sql`${sql.param(new Date(ms), auctions.endsAt)}`;

  /**
   * Each sort but newest: the column it orders by, which way, the value of a row in that column, and
   * that value back as a parameter (a number from a request compared as a bigint, like an id). The id
   * breaks ties in the same direction, so (value, id) is one key that an index of both reads in
   * order, and a page starts strictly after the last (value, id) of the one before.
   */
  const KEY_SORTS: Record<
    Exclude<AuctionSort, 'newest'>,
    { column: PgColumn; descending: boolean; keyOf: (row: AuctionRecord) => number; param: (key: number) => SQL }
  > = {
    ending: { column: auctions.endsAt, descending: false, keyOf: (row) => row.endsAt.getTime(), param: cursorTime },
    price_asc: { column: auctions.currentPrice, descending: false, keyOf: (row) => row.currentPrice, param: anyId },
    price_desc: { column: auctions.currentPrice, descending: true, keyOf: (row) => row.currentPrice, param: anyId },
    bids: { column: auctions.bidsCount, descending: true, keyOf: (row) => row.bidsCount, param: anyId },
  };

  /** Auctions with their seller's and leader's names and what the viewer of the list may see of each. */
  const listedFor = (viewerId: number | null) =>
    db
      .select(listedColumns(t, viewerId))
      .from(auctions)
      .innerJoin(users, eq(users.id, auctions.sellerId))
      .leftJoin(leaders, eq(leaders.id, auctions.leaderId));

  return {
    async page(filter, { limit, cursor, sort = 'newest', viewerId = null }) {
      const where = await matching(filter, 'page');
      if (sort === 'newest') {
        const after = idCursor(cursor);
        if (cursor && after === null) throw invalidCursor();
        const rows = await readListed(
          listedFor(viewerId)
            .where(and(where, after === null ? undefined : lt(auctions.id, anyId(after))))
            .orderBy(desc(auctions.id))
            .limit(limit + 1),
        );
        return pageOf(rows, limit, (row) => String(row.id));
      }
      const { column, descending, keyOf, param } = KEY_SORTS[sort];
      let after: KeyCursor | null = null;
      if (cursor) {
        after = decodeKeyCursor(sort, cursor);
        if (after === null) throw invalidCursor();
      }
      // A row value comparison: both databases read it as one range of the (value, id) index.
      const past = after && sql`(${column}, ${auctions.id}) ${sql.raw(descending ? '<' : '>')} (${param(after.key)}, ${anyId(after.id)})`;
      const direction = descending ? desc : asc;
      const rows = await readListed(
        listedFor(viewerId)
          .where(and(where, past ?? undefined))
          .orderBy(direction(column), direction(auctions.id))
          .limit(limit + 1),
      );
      return pageOf(rows, limit, (row) => encodeKeyCursor(sort, { key: keyOf(row), id: row.id }));
    },
    async count(filter) {
      // A search alone is counted where the database can without reading a row (SQLite's full-text
      // index, which cancelled auctions leave); all auctions, or the open ones, are counted already
      // (the counts the database keeps: the dashboards').
      const searchAlone = !filter.status && !filter.category && filter.sellerId === undefined && !filter.withCancelled;
      if (filter.words?.length && searchAlone && search.countAlone) return search.countAlone(filter.words);
      if (!filter.words?.length && searchAlone) return (await kept(filter.now, null)).listed;
      const openAlone = filter.status === 'open' && !filter.category && filter.sellerId === undefined && !filter.words?.length;
      if (openAlone) return (await kept(filter.now, null)).open;
      const [row] = await db
        .select({ n: count() })
        .from(auctions)
        .where(await matching(filter, 'count'));
      return row!.n;
    },
    async categories() {
      const rows = await db.selectDistinct({ category: auctions.itemCategory }).from(auctions).where(notCancelled);
      return rows.map((r) => r.category);
    },
  };
}

/** What a select of these SQL fields reads. */
type ValuesOf<Fields> = { [Key in keyof Fields]: Fields[Key] extends SQL<infer Value> ? Value : never };

/**
 * Pages of one of a user's own lists (OwnListOptions in db/store.ts): the auctions whose ids `idsOf`
 * selects for the user, with what the user may see of each (viewerColumns) and the columns `extraOf` adds.
 * The places of all of them are worked out and sorted first, from the auctions' times alone; only the
 * page's rows are then read whole, with their subqueries.
 */
function ownListPage<Extra extends Record<string, SQL>>(
  { kind, db, t }: Dialect,
  idsOf: (userId: number) => SQLWrapper,
  extraOf: (userId: number) => Extra,
) {
  const { auctions, users } = t;
  const leaders = leadersOf(t);
  /** A time as epoch milliseconds, which a cursor carries: what SQLite stores, computed on PostgreSQL. */
  const epochMs = (time: SQL | PgColumn) => (kind === 'pg' ? sql`cast(extract(epoch from ${time}) * 1000 as bigint)` : sql`${time}`);
  return async (userId: number, { now, limit, cursor }: OwnListOptions) => {
    const start = ownListStart(now, cursor);
    if (start === null) throw invalidCursor();
    // An auction's group and key in the list seen at the moment of its first page: ownListPosition (db/paging.ts) in SQL.
    const at = new Date(start.at);
    const [ended, scheduled] = [lte(auctions.endsAt, at), gt(auctions.startsAt, at)];
    const [endsAt, startsAt] = [epochMs(auctions.endsAt), epochMs(auctions.startsAt)];
    const places = db
      .select({
        id: auctions.id,
        group: sql<number>`case when ${ended} then 2 when ${scheduled} then 1 else 0 end`.as('g'),
        key: sql<number>`case when ${ended} then -${endsAt} when ${scheduled} then ${startsAt} else ${endsAt} end`.as('k'),
      })
      .from(auctions)
      .where(and(inArray(auctions.id, idsOf(userId)), isNull(auctions.cancelledAt)))
      .as('own');
    // The cursor's key and id are numbers from a request, compared as bigints (like an id: anyId).
    const onPage = db
      .select()
      .from(places)
      .where(sql`(${places.group}, ${places.key}, ${places.id}) > (${start.group}, ${anyId(start.key)}, ${anyId(start.id)})`)
      .orderBy(places.group, places.key, places.id)
      .limit(limit + 1)
      .as('o');
    // Typed by hand: Drizzle cannot work out what a select of fields still generic (Extra) reads.
    const fields: SelectedFields = { ...listedColumns(t, userId), ...extraOf(userId) };
    const rows = (await db
      .select(fields)
      .from(onPage)
      .innerJoin(auctions, eq(auctions.id, onPage.id))
      .innerJoin(users, eq(users.id, auctions.sellerId))
      .leftJoin(leaders, eq(leaders.id, auctions.leaderId))
      .orderBy(onPage.group, onPage.key, onPage.id)) as (ListedAuctionRecord & ValuesOf<Extra>)[];
    return pageOf(rows, limit, (row) => encodeOwnListCursor(ownListPosition(row, start.at)));
  };
}

/** The watchlist's pages, through the key (the user's watches). */
export function watchlistQueries(dialect: Dialect): Pick<WatchStore, 'page'> {
  const { db, t } = dialect;
  const { watches } = t;
  const page = ownListPage(
    dialect,
    (userId) => db.select({ id: watches.auctionId }).from(watches).where(eq(watches.userId, userId)),
    () => ({}),
  );
  return { page };
}

/**
 * My bids' pages: the auctions the bidder has bid on, through the index of a bidder's bids by auction,
 * and their newest bid on each, through the same index.
 */
export function bidListQueries(dialect: Dialect): Pick<BidStore, 'ofBidder'> {
  const { db, t } = dialect;
  const { auctions, bids } = t;
  const page = ownListPage(
    dialect,
    (bidderId) => db.select({ id: bids.auctionId }).from(bids).where(eq(bids.bidderId, bidderId)),
    (bidderId) => ({
      lastBid: sql<number>`(select ${bids.amount} from ${bids} where ${bids.bidderId} = ${bidderId} and ${bids.auctionId} = ${auctions.id} order by ${bids.id} desc limit 1)`,
    }),
  );
  return {
    async ofBidder(bidderId, options) {
      const { items, nextCursor } = await page(bidderId, options);
      // Their maximum is the one the viewer's columns read: on the auction row while they lead, in max_bids once spent.
      return { items: items.map(({ lastBid, ...auction }) => ({ auction, maxBid: auction.viewerMax!, lastBid })), nextCursor };
    },
  };
}
