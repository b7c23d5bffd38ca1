// Auctions and bids on SQLite.
import { and, count, desc, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuctionStatus } from '../../../shared/constants';
import { idCursor, pageOf } from '../paging';
import type { AuctionFilter, AuctionRecord, AuctionStore, BidOutcome, BidRecord, BidStore } from '../store';
import type { SqliteDb } from './open';
import { auctions, bids, users } from './schema';

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

function matching(filter: AuctionFilter): SQL | undefined {
  return and(
    filter.status ? statusIs(filter.status, filter.now) : undefined,
    filter.category ? eq(auctions.itemCategory, filter.category) : undefined,
    filter.sellerId === undefined ? undefined : eq(auctions.sellerId, filter.sellerId),
  );
}

/** Every column of an auction, with its seller's name. */
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
};

const bidColumns = {
  id: bids.id,
  auctionId: bids.auctionId,
  bidderId: bids.bidderId,
  bidderName: users.name,
  amount: bids.amount,
  seq: bids.seq,
  createdAt: bids.createdAt,
};

const withSeller = (db: SqliteDb) => db.select(auctionColumns).from(auctions).innerJoin(users, eq(users.id, auctions.sellerId));
const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** One auction by id, prepared once: the auction page and every bid read it. */
export function prepareAuctionById(db: SqliteDb): (id: number) => AuctionRecord | undefined {
  const statement = withSeller(db)
    .where(eq(auctions.id, placeholder('id')))
    .prepare();
  return (id) => statement.get({ id });
}

export function sqliteAuctions(db: SqliteDb, auctionById: (id: number) => AuctionRecord | undefined): AuctionStore {
  return {
    async byId(id) {
      return auctionById(id);
    },
    async page(filter, { limit, cursor }) {
      const after = idCursor(cursor);
      const rows: AuctionRecord[] = withSeller(db)
        .where(and(matching(filter), after === null ? undefined : lt(auctions.id, after)))
        .orderBy(desc(auctions.id))
        .limit(limit + 1)
        .all();
      return pageOf(rows, limit, (row) => String(row.id));
    },
    async count(filter) {
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
          const { id } = tx
            .insert(auctions)
            .values({ ...auction, currentPrice: auction.currentPrice ?? auction.startingPrice })
            .returning({ id: auctions.id })
            .get();
          if (bidRows.length > 0)
            tx.insert(bids)
              .values(bidRows.map((bid, i) => ({ ...bid, auctionId: id, seq: i + 1 })))
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
  };
}

export function sqliteBids(db: SqliteDb, auctionById: (id: number) => AuctionRecord | undefined): BidStore {
  // A bid's statements, prepared once: the bid is the hottest write of the product.
  const repeatOf = db
    .select(bidColumns)
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(and(eq(bids.bidderId, placeholder('bidderId')), eq(bids.requestKey, placeholder('requestKey'))))
    .prepare();
  // Conditional on the price the decision read: the changed-row count proves nobody moved it.
  const raise = db
    .update(auctions)
    .set({ currentPrice: placeholder('price'), bidsCount: sql`${auctions.bidsCount} + 1` })
    .where(and(eq(auctions.id, placeholder('id')), eq(auctions.currentPrice, placeholder('expected'))))
    .returning({ bidsCount: auctions.bidsCount })
    .prepare();
  const insert = db
    .insert(bids)
    .values({
      auctionId: sql.placeholder('auctionId'),
      bidderId: sql.placeholder('bidderId'),
      amount: sql.placeholder('amount'),
      seq: sql.placeholder('seq'),
      requestKey: sql.placeholder('requestKey'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ id: bids.id })
    .prepare();
  const newestOf = db
    .select(bidColumns)
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(eq(bids.auctionId, placeholder('auctionId')))
    .orderBy(desc(bids.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  // better-sqlite3's transaction function, made once (Drizzle's db.transaction builds one per call):
  // IMMEDIATE takes the write lock at BEGIN, so the state read inside cannot change before the write,
  // not even from another process.
  const transaction = db.$client.transaction((work: () => unknown) => work());
  const immediately = <T>(work: () => T) => transaction.immediate(work) as T;
  const ofAuction = (auctionId: number | null) => (auctionId === null ? undefined : eq(bids.auctionId, auctionId));

  return {
    async place({ auctionId, bidder, requestKey }, decide) {
      return immediately((): BidOutcome => {
        const auction = auctionById(auctionId);
        const earlier = requestKey ? (repeatOf.get({ bidderId: bidder.id, requestKey }) ?? null) : null;
        const decision = decide({ auction, repeatOf: earlier });
        if (decision === 'repeat') return { kind: 'repeated' as const, bid: earlier!, auction: auction! };
        const current = auction!;
        const raised = raise.get({ id: auctionId, price: decision.price, expected: current.currentPrice });
        if (!raised) return { kind: 'price-moved' as const, auction: current };
        const at = decision.at;
        const { id } = insert.get({
          auctionId,
          bidderId: bidder.id,
          amount: decision.amount,
          seq: raised.bidsCount,
          requestKey,
          createdAt: at,
        });
        const bid: BidRecord = {
          id,
          auctionId,
          bidderId: bidder.id,
          bidderName: bidder.name,
          amount: decision.amount,
          seq: raised.bidsCount,
          createdAt: at,
        };
        return { kind: 'placed' as const, bid, auction: { ...current, currentPrice: decision.price, bidsCount: raised.bidsCount } };
      });
    },
    async newestOf(auctionId, limit) {
      return newestOf.all({ auctionId, limit });
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
    async insertMany(rows) {
      for (let i = 0; i < rows.length; i += 500)
        db.insert(bids)
          .values(rows.slice(i, i + 500))
          .run();
    },
  };
}
