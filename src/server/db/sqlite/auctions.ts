// Auctions, bids, standing maxima and the notices they owe, on SQLite.
import { and, asc, count, desc, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AuctionSort, AuctionStatus } from '../../../shared/constants';
import { badRequest } from '../../domain/errors';
import { bidWrites, leaderStanding } from '../bid-writes';
import {
  decodeKeyCursor,
  encodeKeyCursor,
  encodeOwnListCursor,
  idCursor,
  ownListPosition,
  ownListStart,
  pageOf,
  type KeyCursor,
} from '../paging';
import type {
  AuctionFilter,
  AuctionRecord,
  AuctionStore,
  BidOutcome,
  BidRecord,
  BidStore,
  HistoryBidRecord,
  ListedAuctionRecord,
  OwnListOptions,
  Page,
} from '../store';
import type { NoticeWriter } from './notices';
import type { SqliteDb } from './open';
import { immediateTransactions } from './transaction';
import { auctions, bids, maxBids, users, watches } from './schema';

/** The one condition per status, by the clock of the request. */
export function statusIs(status: AuctionStatus, now: number): SQL {
  const at = new Date(now);
  switch (status) {
    case 'scheduled':
      return gt(auctions.startsAt, at);
    case 'open':
      return and(lte(auctions.startsAt, at), gt(auctions.endsAt, at))!;
    case 'ended':
      return lte(auctions.endsAt, at);
  }
}

/**
 * An FTS5 query asking for every word as a prefix: each one quoted, so that whatever it holds is text
 * to find and never query syntax (OR, NEAR, a star, a minus), with the quote itself doubled.
 */
function prefixQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * A search finds its matches through auctions_search, then either reads them and sorts them (few
 * matches: cheap whatever the order) or walks the sort's own index and keeps the rows that match
 * (many matches: a page fills after a few steps, where sorting them all would read thousands of
 * rows). From this many matches on, the index is walked; the count stops there, so it stays cheap.
 */
const MANY_MATCHES = 500;

/**
 * Auctions whose name or description has a word starting with each of the words. The unary plus
 * keeps SQLite from looking the matches up by id, so that it walks the order's index instead.
 */
function searchFor(words: string[], walkSortIndex: boolean): SQL {
  const id = walkSortIndex ? sql`+${auctions.id}` : sql`${auctions.id}`;
  return sql`${id} in (select rowid from auctions_search where auctions_search match ${prefixQuery(words)})`;
}

function matching(filter: AuctionFilter, { walkSortIndex = false } = {}): SQL | undefined {
  return and(
    filter.status ? statusIs(filter.status, filter.now) : undefined,
    filter.category ? eq(auctions.itemCategory, filter.category) : undefined,
    filter.sellerId === undefined ? undefined : eq(auctions.sellerId, filter.sellerId),
    filter.words?.length ? searchFor(filter.words, walkSortIndex) : undefined,
  );
}

/**
 * Each sort but newest: the column it orders by, which way, and the value of a row in that column.
 * The id breaks ties in the same direction, so (value, id) is one key that an index of both reads
 * in order, and a page starts strictly after the last (value, id) of the one before.
 */
const KEY_SORTS: Record<
  Exclude<AuctionSort, 'newest'>,
  { column: SQLiteColumn; descending: boolean; keyOf: (row: AuctionRecord) => number }
> = {
  ending: { column: auctions.endsAt, descending: false, keyOf: (row) => row.endsAt.getTime() },
  price_asc: { column: auctions.currentPrice, descending: false, keyOf: (row) => row.currentPrice },
  price_desc: { column: auctions.currentPrice, descending: true, keyOf: (row) => row.currentPrice },
  bids: { column: auctions.bidsCount, descending: true, keyOf: (row) => row.bidsCount },
};

const invalidCursor = () => badRequest('Invalid cursor');

const leaders = alias(users, 'leaders');

/** Every column of an auction, with its seller's and its leader's names. */
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
  if (viewerId === null) return { viewerMax: sql<null>`null`, viewerWatches: sql<0>`0` };
  const spentMax = sql`(select ${maxBids.amount} from ${maxBids} where ${maxBids.auctionId} = ${auctions.id} and ${maxBids.bidderId} = ${viewerId})`;
  const watched = sql`exists (select 1 from ${watches} where ${watches.userId} = ${viewerId} and ${watches.auctionId} = ${auctions.id})`;
  return {
    viewerMax: sql<number | null>`case when ${auctions.leaderId} = ${viewerId} then ${auctions.leaderMax} else ${spentMax} end`,
    viewerWatches: sql<0 | 1>`${watched}`,
  };
}

/** An auction's row as `select auctionColumns` returns it raw: one value per column, in that order. */
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
];

/** A list's row as `select {...auctionColumns, ...viewerColumns}` returns it raw. */
type ListedValues = [...AuctionValues, viewerMax: number | null, viewerWatches: 0 | 1];
/** How many values a ListedValues row has: any further ones are a statement's own. */
const LISTED_VALUES = 19;

/**
 * Rows read raw and mapped by hand: Drizzle passes each column of each row through its decoder, and
 * better-sqlite3 builds a row object one property at a time; either costs more than the read itself,
 * on a page of hundreds of auctions as on the auction that every bid reads.
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
  };
}

/**
 * The same with the viewer's columns, as one literal: adding them to auctionOfValues' object took
 * twice as long, on every auction of a whole list.
 */
function listedOfValues([
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
    viewerMax,
    viewerWatches: viewerWatches === 1,
  };
}

const bidColumns = {
  id: bids.id,
  auctionId: bids.auctionId,
  bidderId: bids.bidderId,
  bidderName: users.name,
  amount: bids.amount,
  seq: bids.seq,
  createdAt: bids.createdAt,
  auto: bids.auto,
  // Written with every bid (and by the migration for the bids before it), so never null when read.
  endsAt: sql<Date>`${bids.endsAt}`.mapWith(bids.endsAt),
};

/** Auctions with their seller's and leader's names and what the viewer of the list may see of each (viewerColumns). */
const listedFor = (db: SqliteDb, viewerId: number | null) =>
  db
    .select({ ...auctionColumns, ...viewerColumns(viewerId) })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .leftJoin(leaders, eq(leaders.id, auctions.leaderId));

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** Every column of auctionColumns in its order, for the plain statements below (read raw). */
const AUCTION_VALUES = `a.id, a.seller_id, s.name, a.item_name, a.item_description, a.item_category, a.starting_price,
  a.current_price, a.bids_count, a.photo, a.starts_at, a.ends_at, a.created_at, a.leader_id, l.name, a.leader_max, a.closed_at`;
/** An auction with its seller and its leader, as AUCTION_VALUES names them. */
const AUCTION_WITH_NAMES = 'auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id';

/** One auction by id, prepared once: the auction page and every bid read it. */
export function prepareAuctionById(db: SqliteDb): (id: number) => AuctionRecord | undefined {
  const statement = db.$client.prepare<[number], AuctionValues>(`select ${AUCTION_VALUES} from ${AUCTION_WITH_NAMES} where a.id = ?`).raw();
  return (id) => {
    const row = statement.get(id);
    return row && auctionOfValues(row);
  };
}

/** One auction by id with its viewer's own maximum and watch (viewerColumns), for the auction page. */
function prepareAuctionViewedBy(db: SqliteDb): (id: number, viewerId: number) => ListedAuctionRecord | undefined {
  const statement = db.$client
    .prepare<{ id: number; viewer: number }, ListedValues>(
      `select ${AUCTION_VALUES},
         case when a.leader_id = @viewer then a.leader_max
           else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = @viewer) end,
         exists (select 1 from watches w where w.user_id = @viewer and w.auction_id = a.id)
       from ${AUCTION_WITH_NAMES} where a.id = @id`,
    )
    .raw();
  return (id, viewer) => {
    const row = statement.get({ id, viewer });
    return row && listedOfValues(row);
  };
}

/** What a page of a user's own list reads by: the user, the moment of its order, where it starts, how many. */
interface OwnListParams {
  user: number;
  at: number;
  group: number;
  key: number;
  id: number;
  limit: number;
}

/** An auction's group and key in a user's own list seen at @at: ownListPosition (db/paging.ts) in SQL. */
const OWN_LIST_GROUP = 'case when a.ends_at <= @at then 2 when a.starts_at > @at then 1 else 0 end';
const OWN_LIST_KEY = 'case when a.ends_at <= @at then -a.ends_at when a.starts_at > @at then a.starts_at else a.ends_at end';

/**
 * Pages of one of a user's own lists (OwnListOptions in db/store.ts): the auctions `ids` names (a
 * statement of auction ids reading @user), with what the user may see of each (viewerColumns) and
 * the `extra` columns. The places of all of them are worked out and sorted first, from the auctions'
 * times alone; only the page's rows are then read whole, with their subqueries.
 */
export function prepareOwnListPage<Extra extends unknown[] = []>(db: SqliteDb, ids: string, extra = '') {
  const statement = db.$client
    .prepare<[OwnListParams], [...ListedValues, ...Extra]>(
      `select ${AUCTION_VALUES},
         case when a.leader_id = @user then a.leader_max
           else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = @user) end,
         exists (select 1 from watches w where w.user_id = @user and w.auction_id = a.id)${extra}
       from (
         select id, g, k from (select a.id, ${OWN_LIST_GROUP} as g, ${OWN_LIST_KEY} as k from auctions a where a.id in (${ids}))
         where (g, k, id) > (@group, @key, @id)
         order by g, k, id
         limit @limit
       ) o
       join auctions a on a.id = o.id join users s on s.id = a.seller_id left join users l on l.id = a.leader_id
       order by o.g, o.k, o.id`,
    )
    .raw();
  return (userId: number, { now, limit, cursor }: OwnListOptions): Page<{ auction: ListedAuctionRecord; extra: Extra }> => {
    const start = ownListStart(now, cursor);
    if (start === null) throw invalidCursor();
    const rows = statement.all({ user: userId, ...start, limit: limit + 1 }).map((values) => ({
      auction: listedOfValues(values.slice(0, LISTED_VALUES) as ListedValues),
      extra: values.slice(LISTED_VALUES) as Extra,
    }));
    return pageOf(rows, limit, (row) => encodeOwnListCursor(ownListPosition(row.auction, start.at)));
  };
}

export function sqliteAuctions(
  db: SqliteDb,
  auctionById: (id: number) => AuctionRecord | undefined,
): Omit<AuctionStore, 'insert' | 'insertIfNew' | 'idByName' | 'closeDue' | 'tellEndingSoon'> {
  const auctionViewedBy = prepareAuctionViewedBy(db);
  const matchesUpTo = db.$client
    .prepare<[string, number], number>('select count(*) from (select rowid from auctions_search where auctions_search match ? limit ?)')
    .pluck();
  const countMatches = db.$client.prepare<[string], number>('select count(*) from auctions_search where auctions_search match ?').pluck();
  /** The filter as a page reads it: a search with many matches walks the order's index. */
  const pageMatching = (filter: AuctionFilter) =>
    matching(filter, {
      walkSortIndex: !!filter.words?.length && matchesUpTo.get(prefixQuery(filter.words), MANY_MATCHES)! >= MANY_MATCHES,
    });
  return {
    async byId(id) {
      return auctionById(id);
    },
    async viewedBy(id, viewerId) {
      return auctionViewedBy(id, viewerId);
    },
    async page(filter, { limit, cursor, sort = 'newest', viewerId = null }) {
      const where = pageMatching(filter);
      if (sort === 'newest') {
        const after = idCursor(cursor);
        if (cursor && after === null) throw invalidCursor();
        const rows = listedFor(db, viewerId)
          .where(and(where, after === null ? undefined : lt(auctions.id, after)))
          .orderBy(desc(auctions.id))
          .limit(limit + 1)
          .values() as ListedValues[];
        return pageOf(rows.map(listedOfValues), limit, (row) => String(row.id));
      }
      const { column, descending, keyOf } = KEY_SORTS[sort];
      let after: KeyCursor | null = null;
      if (cursor) {
        after = decodeKeyCursor(sort, cursor);
        if (after === null) throw invalidCursor();
      }
      // A row value comparison: SQLite reads it as one range of the (value, id) index.
      const past = after && sql`(${column}, ${auctions.id}) ${sql.raw(descending ? '<' : '>')} (${after.key}, ${after.id})`;
      const direction = descending ? desc : asc;
      const rows = listedFor(db, viewerId)
        .where(and(where, past ?? undefined))
        .orderBy(direction(column), direction(auctions.id))
        .limit(limit + 1)
        .values() as ListedValues[];
      return pageOf(rows.map(listedOfValues), limit, (row) => encodeKeyCursor(sort, { key: keyOf(row), id: row.id }));
    },
    async count(filter) {
      // A search alone is counted in the full-text index, without reading a row of the table.
      const searchAlone = !filter.status && !filter.category && filter.sellerId === undefined;
      if (filter.words?.length && searchAlone) return countMatches.get(prefixQuery(filter.words))!;
      return db.select({ n: count() }).from(auctions).where(matching(filter)).get()!.n;
    },
    async categories() {
      return db
        .selectDistinct({ category: auctions.itemCategory })
        .from(auctions)
        .all()
        .map((r) => r.category);
    },
  };
}

/** A bid of an auction's history, read raw: its time in epoch milliseconds, `auto` as 0 or 1. */
type HistoryBidValues = [id: number, bidderId: number, bidderName: string, amount: number, createdAt: number, auto: 0 | 1];

const historyBidOfValues = ([id, bidderId, bidderName, amount, createdAt, auto]: HistoryBidValues): HistoryBidRecord => ({
  id,
  bidderId,
  bidderName,
  amount,
  createdAt: new Date(createdAt),
  auto: auto === 1,
});

export function sqliteBids(
  db: SqliteDb,
  auctionById: (id: number) => AuctionRecord | undefined,
  insertNotices: NoticeWriter,
): Pick<BidStore, 'place' | 'ofBidder' | 'newestOf'> {
  // A bid's statements, prepared once: the bid is the hottest write of the product.
  const repeatOf = db
    .select(bidColumns)
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(and(eq(bids.bidderId, placeholder('bidderId')), eq(bids.requestKey, placeholder('requestKey'))))
    .prepare();
  // A bidder who does not lead keeps their maximum here, only so they can see it (the rule needs none
  // of them): written when they bid without taking the lead, and when a leader loses the lead.
  const keepMaximum = db.$client.prepare<[number, number, number]>(
    'insert into max_bids (auction_id, bidder_id, amount) values (?, ?, ?) on conflict (auction_id, bidder_id) do update set amount = excluded.amount',
  );
  // The caller's own maximum on each auction: the leader's is on the auction row, anyone else's here.
  // One auction (its page, a repeated bid): a lookup by key, without unpacking a list.
  const ownMaximum = db.$client
    .prepare<{ bidder: number; id: number }, number | null>(
      `select case when a.leader_id = @bidder then a.leader_max
         else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = @bidder) end
       from auctions a where a.id = @id`,
    )
    .pluck();
  // The bid's two writes, plain statements like its reads: Drizzle's placeholder binding and result
  // mapping cost the hottest write of the product more than the writes themselves.
  // The raise is conditional on the price the decision read: the changed-row count proves nobody moved
  // it. The end is written only when a late bid moves it: SQLite rewrites the entries of every index
  // on a column it sets, changed or not, and three indexes hold the end.
  interface Raise {
    id: number;
    expected: number;
    price: number;
    added: number;
    leaderId: number;
    leaderMax: number;
    endsAt: number;
  }
  const raiseWith = (setEnd: boolean) =>
    db.$client.prepare<[Raise], { bidsCount: number }>(
      `update auctions set current_price = @price, bids_count = bids_count + @added, leader_id = @leaderId,
         leader_max = @leaderMax${setEnd ? ', ends_at = @endsAt' : ''}
       where id = @id and current_price = @expected returning bids_count as bidsCount`,
    );
  const raise = raiseWith(false);
  const raiseAndExtend = raiseWith(true);
  // The leader raising their maximum alone: nothing else moves.
  const raiseLeaderMax = db.$client.prepare<[number, number, number]>('update auctions set leader_max = ? where id = ? and leader_id = ?');
  const insert = db.$client.prepare<[number, number, number, number, string | null, number, 0 | 1, number], { id: number }>(
    `insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, auto, ends_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  // The auction page's history (up to 200 rows on every read): only the columns it shows, read raw and
  // mapped by hand, as better-sqlite3's row objects would cost more than the read itself.
  const newestOf = db.$client
    .prepare<[number, number], HistoryBidValues>(
      `select b.id, b.bidder_id, u.name, b.amount, b.created_at, b.auto
       from bids b join users u on u.id = b.bidder_id where b.auction_id = ? order by b.id desc limit ?`,
    )
    .raw();
  // Whether the bidder watches the auction, for the bid's answer.
  const watchesOne = db.$client.prepare<[number, number], 1>('select 1 from watches where user_id = ? and auction_id = ?').pluck();
  const watches = (userId: number, auctionId: number) => watchesOne.get(userId, auctionId) !== undefined;
  // My bids: the auctions the bidder has bid on, through the index of a bidder's bids by auction, and
  // their newest bid on each, through the same index.
  const ownBidsPage = prepareOwnListPage<[lastBid: number]>(
    db,
    'select auction_id from bids where bidder_id = @user',
    ', (select b.amount from bids b where b.bidder_id = @user and b.auction_id = a.id order by b.id desc limit 1)',
  );
  const immediately = immediateTransactions(db);

  return {
    async place({ auctionId, bidder, requestKey }, decide) {
      return immediately((): BidOutcome => {
        const auction = auctionById(auctionId);
        const earlier = requestKey ? (repeatOf.get({ bidderId: bidder.id, requestKey }) ?? null) : null;
        const leader = leaderStanding(auction);
        const decision = decide({ auction, maxima: leader ? [leader] : [], repeatOf: earlier });
        if (decision === 'repeat') {
          const own = ownMaximum.get({ bidder: bidder.id, id: auctionId }) ?? null;
          return {
            kind: 'repeated',
            bid: earlier!,
            auction: auction!,
            myMaxBid: own,
            watching: watches(bidder.id, auctionId),
          };
        }
        const current = auction!;
        const writes = bidWrites(current, decision, bidder, requestKey);

        if (decision.entries.length === 0) {
          // A raise of the leader's maximum alone.
          if (decision.bidderMax !== null) raiseLeaderMax.run(decision.bidderMax, auctionId, bidder.id);
          return {
            kind: 'placed',
            bids: [],
            auction: { ...current, leaderMax: writes.leaderMax },
            myMaxBid: writes.myMaxBid,
            watching: watches(bidder.id, auctionId),
            notified: [],
          };
        }

        const extended = decision.endsAt.getTime() !== current.endsAt.getTime();
        const raised = (extended ? raiseAndExtend : raise).get({
          id: auctionId,
          price: decision.price,
          added: decision.entries.length,
          endsAt: decision.endsAt.getTime(),
          leaderId: decision.leaderId,
          leaderMax: writes.leaderMax,
          expected: current.currentPrice,
        });
        if (!raised) return { kind: 'price-moved', auction: current };
        if (writes.spent) keepMaximum.run(auctionId, writes.spent.bidderId, writes.spent.amount);
        const [at, endsAt] = [decision.at.getTime(), decision.endsAt.getTime()];
        const written = writes.bids(raised.bidsCount).map((row): BidRecord => {
          const { id } = insert.get(auctionId, row.bidderId, row.amount, row.seq, row.requestKey, at, row.auto ? 1 : 0, endsAt)!;
          return { ...row, id };
        });
        const notified = insertNotices(auctionId, decision.notices, decision.at);
        return {
          kind: 'placed',
          bids: written,
          auction: writes.auctionAfter(raised.bidsCount),
          myMaxBid: writes.myMaxBid,
          watching: watches(bidder.id, auctionId),
          notified,
        };
      });
    },
    async ofBidder(bidderId, options) {
      const page = ownBidsPage(bidderId, options);
      // Their maximum is the one the viewer's columns read: on the auction row while they lead, in max_bids once spent.
      return { ...page, items: page.items.map(({ auction, extra: [lastBid] }) => ({ auction, maxBid: auction.viewerMax!, lastBid })) };
    },
    async newestOf(auctionId, limit) {
      return newestOf.all(auctionId, limit).map(historyBidOfValues);
    },
  };
}
