// Auctions, bids, standing maxima and the notices they owe, on SQLite.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AuctionSort, AuctionStatus } from '../../../shared/constants';
import type { Notice } from '../../domain/bidding';
import { badRequest } from '../../domain/errors';
import { decodeKeyCursor, encodeKeyCursor, idCursor, pageOf, type KeyCursor } from '../paging';
import type { AuctionFilter, AuctionRecord, AuctionStore, BidOutcome, BidRecord, BidStore, NotificationStore } from '../store';
import type { SqliteDb } from './open';
import { auctions, bids, maxBids, notifications, users } from './schema';

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
  closedAt: auctions.closedAt,
};

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

const withSeller = (db: SqliteDb) =>
  db
    .select(auctionColumns)
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .leftJoin(leaders, eq(leaders.id, auctions.leaderId));

/** Writes notices owed by one event, inside its transaction. */
function insertNotices(db: SqliteDb, auctionId: number, notices: Notice[], at: Date) {
  if (notices.length === 0) return;
  db.insert(notifications)
    .values(notices.map((notice) => ({ ...notice, auctionId, createdAt: at })))
    .run();
}
const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** One auction by id, prepared once: the auction page and every bid read it. */
export function prepareAuctionById(db: SqliteDb): (id: number) => AuctionRecord | undefined {
  const statement = withSeller(db)
    .where(eq(auctions.id, placeholder('id')))
    .prepare();
  return (id) => statement.get({ id });
}

/**
 * better-sqlite3's transaction function, made once (Drizzle's db.transaction builds one per call):
 * IMMEDIATE takes the write lock at BEGIN, so the state read inside cannot change before the write,
 * not even from another process.
 */
export function immediateTransactions(db: SqliteDb) {
  const transaction = db.$client.transaction((work: () => unknown) => work());
  return <T>(work: () => T) => transaction.immediate(work) as T;
}

export function sqliteAuctions(db: SqliteDb, auctionById: (id: number) => AuctionRecord | undefined): AuctionStore {
  const immediately = immediateTransactions(db);
  // Through the partial index of auctions not closed yet: a tick with nothing due reads nothing.
  const dueIds = db
    .select({ id: auctions.id })
    .from(auctions)
    .where(and(isNull(auctions.closedAt), lte(auctions.endsAt, placeholder('now'))))
    .orderBy(asc(auctions.endsAt))
    .limit(sql.placeholder('limit'))
    .prepare();
  const claim = db
    .update(auctions)
    .set({ closedAt: placeholder('now') })
    .where(and(eq(auctions.id, placeholder('id')), isNull(auctions.closedAt), lte(auctions.endsAt, placeholder('now'))))
    .returning({ id: auctions.id })
    .prepare();
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
    async page(filter, { limit, cursor, sort = 'newest' }) {
      const where = pageMatching(filter);
      if (sort === 'newest') {
        const after = idCursor(cursor);
        if (cursor && after === null) throw invalidCursor();
        const rows: AuctionRecord[] = withSeller(db)
          .where(and(where, after === null ? undefined : lt(auctions.id, after)))
          .orderBy(desc(auctions.id))
          .limit(limit + 1)
          .all();
        return pageOf(rows, limit, (row) => String(row.id));
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
      const rows: AuctionRecord[] = withSeller(db)
        .where(and(where, past ?? undefined))
        .orderBy(direction(column), direction(auctions.id))
        .limit(limit + 1)
        .all();
      return pageOf(rows, limit, (row) => encodeKeyCursor(sort, { key: keyOf(row), id: row.id }));
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
    async insert(auction) {
      const { id } = db
        .insert(auctions)
        .values({ ...auction, currentPrice: auction.currentPrice ?? auction.startingPrice })
        .returning({ id: auctions.id })
        .get();
      return auctionById(id)!;
    },
    async insertIfNew(auction, bidRows) {
      return db.transaction(
        (tx) => {
          const taken = tx
            .select({ id: auctions.id })
            .from(auctions)
            .where(and(eq(auctions.sellerId, auction.sellerId), eq(auctions.itemName, auction.itemName)))
            .get();
          if (taken) return false;
          // Demo bids are placed by hand and rise: the last one leads, each bidder's highest is their maximum.
          const leaderId = bidRows.at(-1)?.bidderId ?? null;
          const { id } = tx
            .insert(auctions)
            .values({ ...auction, currentPrice: auction.currentPrice ?? auction.startingPrice, leaderId })
            .returning({ id: auctions.id })
            .get();
          if (bidRows.length === 0) return true;
          tx.insert(bids)
            .values(bidRows.map((bid, i) => ({ ...bid, auctionId: id, seq: i + 1, endsAt: auction.endsAt })))
            .run();
          const highest = new Map<number, number>();
          for (const bid of bidRows) highest.set(bid.bidderId, Math.max(highest.get(bid.bidderId) ?? 0, bid.amount));
          tx.insert(maxBids)
            .values([...highest].sort((a, b) => a[1] - b[1]).map(([bidderId, amount]) => ({ auctionId: id, bidderId, amount })))
            .run();
          return true;
        },
        { behavior: 'immediate' },
      );
    },
    async idByName(sellerId, itemName) {
      return db
        .select({ id: auctions.id })
        .from(auctions)
        .where(and(eq(auctions.sellerId, sellerId), eq(auctions.itemName, itemName)))
        .get()?.id;
    },
    async closeDue(now, limit, decide) {
      const at = new Date(now);
      // Placeholders inside sql`` bind as they are: epoch milliseconds, as stored.
      const due = dueIds.all({ now, limit });
      const closed: AuctionRecord[] = [];
      for (const { id } of due) {
        const auction = immediately(() => {
          // The claim is conditional: another process may have closed it, or a late bid moved its end.
          if (!claim.get({ id, now })) return null;
          const row = auctionById(id)!;
          insertNotices(db, id, decide(row), at);
          return row;
        });
        if (auction) closed.push(auction);
      }
      return closed;
    },
  };
}

/** A bid as its table stores it: times in epoch milliseconds, `auto` as 0 or 1. */
type BidRow = Omit<BidRecord, 'createdAt' | 'auto' | 'endsAt'> & { createdAt: number; auto: 0 | 1; endsAt: number };

export function sqliteBids(db: SqliteDb, auctionById: (id: number) => AuctionRecord | undefined): BidStore {
  // A bid's statements, prepared once: the bid is the hottest write of the product.
  const repeatOf = db
    .select(bidColumns)
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(and(eq(bids.bidderId, placeholder('bidderId')), eq(bids.requestKey, placeholder('requestKey'))))
    .prepare();
  // The standing maxima, on every bid: plain better-sqlite3 statements over a few integer columns,
  // where Drizzle's mapping of each row would cost the bid more than the reads themselves.
  interface MaximumRow {
    bidderId: number;
    amount: number;
    order: number;
    bidderName: string;
  }
  const maximumSelect =
    'select m.bidder_id as bidderId, m.amount, m.id as "order", u.name as bidderName from max_bids m join users u on u.id = m.bidder_id';
  // The two highest (of two bidders, since each has one row) and the bidder's own: all the rule needs.
  const topMaxima = db.$client.prepare<[number], MaximumRow>(
    `${maximumSelect} where m.auction_id = ? order by m.amount desc, m.id limit 2`,
  );
  const ownMaximum = db.$client.prepare<[number, number], MaximumRow>(`${maximumSelect} where m.auction_id = ? and m.bidder_id = ?`);
  // A maximum that grows is written anew (REPLACE deletes the old row), so its id, the order of
  // reaching it, is the newest.
  const writeMaximum = db.$client.prepare<[number, number, number]>(
    'insert or replace into max_bids (auction_id, bidder_id, amount) values (?, ?, ?)',
  );
  // Conditional on the price the decision read: the changed-row count proves nobody moved it. The end
  // is written only when a late bid moves it: SQLite rewrites the entries of every index on a column
  // it sets, changed or not, and two indexes hold the end.
  const raiseWith = (setEnd: boolean) =>
    db
      .update(auctions)
      .set({
        currentPrice: placeholder('price'),
        bidsCount: sql`${auctions.bidsCount} + ${placeholder('added')}`,
        leaderId: placeholder('leaderId'),
        ...(setEnd ? { endsAt: placeholder('endsAt') } : {}),
      })
      .where(and(eq(auctions.id, placeholder('id')), eq(auctions.currentPrice, placeholder('expected'))))
      .returning({ bidsCount: auctions.bidsCount })
      .prepare();
  const raise = raiseWith(false);
  const raiseAndExtend = raiseWith(true);
  const insert = db
    .insert(bids)
    .values({
      auctionId: sql.placeholder('auctionId'),
      bidderId: sql.placeholder('bidderId'),
      amount: sql.placeholder('amount'),
      seq: sql.placeholder('seq'),
      requestKey: sql.placeholder('requestKey'),
      createdAt: sql.placeholder('createdAt'),
      auto: sql.placeholder('auto'),
      endsAt: sql.placeholder('endsAt'),
    })
    .returning({ id: bids.id })
    .prepare();
  // The auction page's history (up to 200 rows on every read): a plain statement, mapped by hand,
  // as Drizzle's per-column mapping would cost more than the read itself.
  const newestOf = db.$client.prepare<[number, number], BidRow>(
    `select b.id, b.auction_id as auctionId, b.bidder_id as bidderId, u.name as bidderName, b.amount, b.seq,
       b.created_at as createdAt, b.auto, b.ends_at as endsAt
     from bids b join users u on u.id = b.bidder_id where b.auction_id = ? order by b.id desc limit ?`,
  );
  const immediately = immediateTransactions(db);
  const ofAuction = (auctionId: number | null) => (auctionId === null ? undefined : eq(bids.auctionId, auctionId));

  return {
    async place({ auctionId, bidder, requestKey }, decide) {
      return immediately((): BidOutcome => {
        const auction = auctionById(auctionId);
        const earlier = requestKey ? (repeatOf.get({ bidderId: bidder.id, requestKey }) ?? null) : null;
        const maxima = auction ? topMaxima.all(auctionId) : [];
        const own = maxima.find((m) => m.bidderId === bidder.id) ?? (auction ? ownMaximum.get(auctionId, bidder.id) : undefined);
        if (own && !maxima.includes(own)) maxima.push(own);
        const decision = decide({ auction, maxima, repeatOf: earlier });
        if (decision === 'repeat') return { kind: 'repeated', bid: earlier!, auction: auction!, myMaxBid: own?.amount ?? null };
        const current = auction!;

        if (decision.bidderMax !== null) {
          writeMaximum.run(auctionId, bidder.id, decision.bidderMax);
        }
        const myMaxBid = decision.bidderMax ?? own!.amount;
        if (decision.entries.length === 0) return { kind: 'placed', bids: [], auction: current, myMaxBid };

        const extended = decision.endsAt.getTime() !== current.endsAt.getTime();
        const raised = (extended ? raiseAndExtend : raise).get({
          id: auctionId,
          price: decision.price,
          added: decision.entries.length,
          endsAt: decision.endsAt.getTime(),
          leaderId: decision.leaderId,
          expected: current.currentPrice,
        });
        if (!raised) return { kind: 'price-moved', auction: current };
        const names = new Map([[bidder.id, bidder.name], ...maxima.map((m) => [m.bidderId, m.bidderName] as const)]);
        const firstSeq = raised.bidsCount - decision.entries.length + 1;
        const written = decision.entries.map((entry, i): BidRecord => {
          const row = {
            auctionId,
            bidderId: entry.bidderId,
            amount: entry.amount,
            seq: firstSeq + i,
            // The key belongs to the placed bid: a repeat answers with it.
            requestKey: i === 0 ? requestKey : null,
            createdAt: decision.at,
            auto: entry.auto,
            endsAt: decision.endsAt,
          };
          const { id } = insert.get(row);
          return { ...row, id, bidderName: names.get(entry.bidderId)! };
        });
        insertNotices(db, auctionId, decision.notices, decision.at);
        const after: AuctionRecord = {
          ...current,
          currentPrice: decision.price,
          bidsCount: raised.bidsCount,
          endsAt: decision.endsAt,
          leaderId: decision.leaderId,
          leaderName: names.get(decision.leaderId)!,
        };
        return { kind: 'placed', bids: written, auction: after, myMaxBid };
      });
    },
    async maximaOf(bidderId, auctionIds) {
      if (auctionIds.length === 0) return new Map();
      // One auction (its page, a bid's answer): the statement prepared for the bid.
      if (auctionIds.length === 1) {
        const own = ownMaximum.get(auctionIds[0]!, bidderId);
        return new Map(own ? [[auctionIds[0]!, own.amount]] : []);
      }
      const rows = db
        .select({ auctionId: maxBids.auctionId, amount: maxBids.amount })
        .from(maxBids)
        .where(and(eq(maxBids.bidderId, bidderId), inArray(maxBids.auctionId, auctionIds)))
        .all();
      return new Map(rows.map((row) => [row.auctionId, row.amount]));
    },
    async newestOf(auctionId, limit) {
      return newestOf.all(auctionId, limit).map((row) => ({
        ...row,
        createdAt: new Date(row.createdAt),
        auto: row.auto === 1,
        endsAt: new Date(row.endsAt),
      }));
    },
    async since(afterBidId, auctionId, limit) {
      return db
        .select(bidColumns)
        .from(bids)
        .innerJoin(users, eq(users.id, bids.bidderId))
        .where(and(gt(bids.id, afterBidId), ofAuction(auctionId)))
        .orderBy(bids.id)
        .limit(limit)
        .all();
    },
    async idAfter(afterBidId, auctionId, skip) {
      const row = db
        .select({ id: bids.id })
        .from(bids)
        .where(and(gt(bids.id, afterBidId), ofAuction(auctionId)))
        .orderBy(bids.id)
        .limit(1)
        .offset(skip)
        .get();
      return row?.id ?? null;
    },
    async latestId(auctionId) {
      const row = db.select({ id: bids.id }).from(bids).where(ofAuction(auctionId)).orderBy(desc(bids.id)).limit(1).get();
      return row?.id ?? 0;
    },
  };
}

export function sqliteNotifications(db: SqliteDb): NotificationStore {
  return {
    async newestOf(userId, limit) {
      return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).all();
    },
  };
}
