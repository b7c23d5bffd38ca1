// The auction lists, the same on both databases: pages of auctions in each sort with their count and
// categories (db/store.ts AuctionStore), and the pages of a user's own lists, the watchlist (WatchStore)
// and my bids (BidStore). Only the search differs: each dialect's search.ts gives its condition.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { AuctionSort, AuctionStatus, Category } from '../../../shared/constants';
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
import { anyId, rowLimit, type Dialect } from './dialect';
import { columnPlaceholder, idPlaceholder } from './prepared';

/**
 * The condition that each of the words starts a word of an auction's name or description: where the
 * two databases really differ, SQLite finding words in an FTS5 table beside the auctions and
 * PostgreSQL in a tsvector column of theirs (sqlite/search.ts, pg/search.ts).
 */
export interface AuctionSearch {
  /**
   * The condition, for a page of a list (which may pick its plan by how many auctions match: `counted`
   * when the caller knows already) or for a count.
   */
  matching(words: string[], use: 'page' | 'count', counted?: number): SearchCondition | Promise<SearchCondition>;
  /**
   * How many auctions match the words, with no other filter (cancelled auctions left out), where the
   * database counts them without reading a row.
   */
  countAlone?(words: string[]): Promise<number>;
}

/**
 * A search's condition around the one value its words make (`term`: that value as a parameter, or a
 * placeholder for it in a statement prepared once), and the form of its SQL, which names the
 * statement: the same form, the same SQL.
 */
export interface SearchCondition {
  form: string;
  value: unknown;
  on(term: SQL): SQL;
}

const invalidCursor = () => badRequest('Invalid cursor');

/**
 * What decides a list page's statement, its values apart: its filters, its sort, whether it starts
 * after a cursor, whether it has a viewer, and its search's form.
 */
interface PageShape {
  /** A status, or any not cancelled (`listed`), or any at all (`any`, with the cancelled ones). */
  status: AuctionStatus | 'listed' | 'any';
  category: boolean;
  seller: boolean;
  sort: AuctionSort;
  after: boolean;
  viewer: boolean;
  /** The search's form (SearchCondition), or null without words. */
  search: string | null;
}

const shapeOf = (filter: AuctionFilter): Pick<PageShape, 'status' | 'category' | 'seller'> => ({
  status: filter.status ?? (filter.withCancelled ? 'any' : 'listed'),
  category: filter.category !== undefined,
  seller: filter.sellerId !== undefined,
});

export function auctionListQueries(
  dialect: Dialect,
  searching: AuctionSearch,
  kept: AuctionStore['counts'],
): Pick<AuctionStore, 'page' | 'count' | 'categories'> {
  const { kind, db, t, readRows } = dialect;
  const { auctions, users } = t;
  const leaders = leadersOf(t);

  const notCancelled = isNull(auctions.cancelledAt);
  // Nearly every auction is not cancelled. Without being told, SQLite's planner takes `is null` for a
  // narrow condition and, for a page, sorts what it keeps rather than reading the sort's index in
  // order. A count is left as it is: it reads the partial index of the auctions not cancelled.
  const listable = (use: 'page' | 'count') =>
    kind === 'sqlite' && use === 'page' ? sql`likelihood(${notCancelled}, 0.999)` : notCancelled;

  /** The one condition per status, by the clock of the request (a time or its placeholder); a cancelled auction has no timed status. */
  function statusIs(status: AuctionStatus, at: Date | SQL): SQL {
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

  /**
   * The conditions of a filter's shape, with its values as `terms` gives them (placeholders, or the
   * request's own values) and a search's condition, if any.
   */
  function conditions(
    shape: Pick<PageShape, 'status' | 'category' | 'seller'>,
    terms: { now: Date | SQL; category: Category | SQL | undefined; sellerId: SQL | undefined },
    use: 'page' | 'count',
    words: SQL | undefined,
  ): SQL | undefined {
    const { status } = shape;
    return and(
      // Cancelled auctions are in no list but their seller's own and the administrator's.
      status === 'listed' ? listable(use) : status === 'any' ? undefined : statusIs(status, terms.now),
      shape.category && terms.category ? eq(auctions.itemCategory, terms.category) : undefined,
      shape.seller && terms.sellerId ? eq(auctions.sellerId, terms.sellerId) : undefined,
      words,
    );
  }

  /**
   * Each sort but newest: the column it orders by, which way, the value of a row in that column, and
   * the placeholder a cursor's value takes (a number from a request compared as a bigint, like an id).
   * The id breaks ties in the same direction, so (value, id) is one key that an index of both reads in
   * order, and a page starts strictly after the last (value, id) of the one before.
   */
  const KEY_SORTS: Record<
    Exclude<AuctionSort, 'newest'>,
    { column: PgColumn; descending: boolean; keyOf: (row: AuctionRecord) => number; placeholder: SQL }
  > = {
    ending: {
      column: auctions.endsAt,
      descending: false,
      keyOf: (row) => row.endsAt.getTime(),
      placeholder: columnPlaceholder('afterKey', auctions.endsAt),
    },
    price_asc: {
      column: auctions.currentPrice,
      descending: false,
      keyOf: (row) => row.currentPrice,
      placeholder: idPlaceholder('afterKey'),
    },
    price_desc: {
      column: auctions.currentPrice,
      descending: true,
      keyOf: (row) => row.currentPrice,
      placeholder: idPlaceholder('afterKey'),
    },
    bids: { column: auctions.bidsCount, descending: true, keyOf: (row) => row.bidsCount, placeholder: idPlaceholder('afterKey') },
  };

  /**
   * A page's statement for one shape of request (its filters, sort, cursor, viewer and search), with
   * every value a placeholder; a search's condition is the dialect's own (search.ts).
   */
  function pageStatement(shape: PageShape, search: SearchCondition | null) {
    const placeholders = {
      now: columnPlaceholder('now', auctions.endsAt),
      category: sql`${sql.placeholder('category')}`,
      sellerId: idPlaceholder('sellerId'),
    };
    const filters = conditions(shape, placeholders, 'page', search?.on(sql`${sql.placeholder('search')}`));
    /** Auctions with their seller's and leader's names and what the viewer of the list may see of each. */
    const listed = db
      .select(listedColumns(t, shape.viewer ? sql`${sql.placeholder('viewerId')}` : null))
      .from(auctions)
      .innerJoin(users, eq(users.id, auctions.sellerId))
      .leftJoin(leaders, eq(leaders.id, auctions.leaderId));
    if (shape.sort === 'newest') {
      return listed
        .where(and(filters, shape.after ? lt(auctions.id, idPlaceholder('afterId')) : undefined))
        .orderBy(desc(auctions.id))
        .limit(rowLimit(sql.placeholder('limit')));
    }
    const { column, descending, placeholder } = KEY_SORTS[shape.sort];
    // A row value comparison: both databases read it as one range of the (value, id) index.
    const past =
      shape.after && sql`(${column}, ${auctions.id}) ${sql.raw(descending ? '<' : '>')} (${placeholder}, ${idPlaceholder('afterId')})`;
    const direction = descending ? desc : asc;
    return listed
      .where(and(filters, past || undefined))
      .orderBy(direction(column), direction(auctions.id))
      .limit(rowLimit(sql.placeholder('limit')));
  }

  // Each shape's statement, prepared once (prepared.ts): a list page is read on nearly every request
  // of the site, and building its statement cost more than reading its rows. The name PostgreSQL
  // prepares it under spells the shape out, in a few letters.
  const statements = new Map<string, ReturnType<ReturnType<typeof pageStatement>['prepare']>>();
  function prepared(shape: PageShape, search: SearchCondition | null) {
    const { status, category, seller, sort, after, viewer } = shape;
    const flags = `${category ? 'c' : ''}${seller ? 's' : ''}${after ? 'a' : ''}${viewer ? 'v' : ''}`;
    const name = `list-${status}-${flags}-${sort}${search ? `-${search.form}` : ''}`;
    let statement = statements.get(name);
    if (statement === undefined) statements.set(name, (statement = pageStatement(shape, search).prepare(name)));
    return statement;
  }

  return {
    async page(filter, { limit, cursor, sort = 'newest', viewerId = null, counted }) {
      let after: KeyCursor | null = null;
      if (cursor && sort === 'newest') {
        const id = idCursor(cursor);
        if (id === null) throw invalidCursor();
        after = { key: id, id };
      } else if (cursor && sort !== 'newest') {
        after = decodeKeyCursor(sort, cursor);
        if (after === null) throw invalidCursor();
        // The auctions' ends lie within the years 1 to 9999, the times both databases read: a cursor
        // before them starts at the top, and one after them has nothing after it.
        if (sort === 'ending' && after.key < EARLIEST_MS) after = null;
        else if (sort === 'ending' && after.key > LATEST_MS) return { items: [], nextCursor: null };
      }
      const search = filter.words?.length ? await searching.matching(filter.words, 'page', counted) : null;
      const shape: PageShape = { ...shapeOf(filter), sort, after: after !== null, viewer: viewerId !== null, search: search?.form ?? null };
      const values = {
        now: new Date(filter.now),
        category: filter.category,
        sellerId: filter.sellerId,
        viewerId,
        afterKey: after && sort === 'ending' ? new Date(after.key) : after?.key,
        afterId: after?.id,
        search: search?.value,
        limit: limit + 1,
      };
      const rows = await readRows('listed', prepared(shape, search), values);
      if (sort === 'newest') return pageOf(rows, limit, (row) => String(row.id));
      const { keyOf } = KEY_SORTS[sort];
      return pageOf(rows, limit, (row) => encodeKeyCursor(sort, { key: keyOf(row), id: row.id }));
    },
    async count(filter) {
      // A search alone is counted where the database can without reading a row (SQLite's full-text
      // index, which cancelled auctions leave); all auctions, or the open ones, are counted already
      // (the counts the database keeps: the dashboards').
      const searchAlone = !filter.status && !filter.category && filter.sellerId === undefined && !filter.withCancelled;
      if (filter.words?.length && searchAlone && searching.countAlone) return searching.countAlone(filter.words);
      if (!filter.words?.length && searchAlone) return (await kept(filter.now, null)).listed;
      const openAlone = filter.status === 'open' && !filter.category && filter.sellerId === undefined && !filter.words?.length;
      if (openAlone) return (await kept(filter.now, null)).open;
      const search = filter.words?.length ? await searching.matching(filter.words, 'count') : null;
      const [row] = await db
        .select({ n: count() })
        .from(auctions)
        .where(
          conditions(
            shapeOf(filter),
            {
              now: new Date(filter.now),
              category: filter.category,
              sellerId: filter.sellerId === undefined ? undefined : anyId(filter.sellerId),
            },
            'count',
            search?.on(sql`${sql.param(search.value)}`),
          ),
        );
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
      .limit(rowLimit(limit + 1))
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
