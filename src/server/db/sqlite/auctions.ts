// Auctions, bids, standing maxima and the notices they owe, on SQLite.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { bidWrites, leaderStanding } from '../bid-writes';
import { auctionColumnsText } from '../common/auction-rows';
import { idCursor, pageOf } from '../paging';
import type { AuctionStore, BidStore, NotificationStore } from '../store';
import type { AuctionRecord, BidOutcome, BidRecord, ClosedAuction, HistoryBidRecord, ListedAuctionRecord } from '../records';
import type { NoticeWriter } from './mail';
import type { SqliteDb } from './open';
import { immediateTransactions } from './transaction';
import { auctions, bids, maxBids, notifications, users, watches } from './schema';

/** An auction's row as AUCTION_VALUES reads it raw: one value per column, in that order. */
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

/** The auction page's row, with its viewer's own maximum and watch, read raw. */
type ListedValues = [...AuctionValues, viewerMax: number | null, viewerWatches: 0 | 1];

/**
 * Rows read raw and mapped by hand: Drizzle passes each column of each row through its decoder, and
 * better-sqlite3 builds a row object one property at a time; either costs more than the read itself,
 * on the auction that every bid and every auction page reads.
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
 * twice as long.
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

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** Every column of an auction (common/auction-rows.ts) in its order, for the plain statements below (read raw). */
const AUCTION_VALUES = auctionColumnsText({ auctions, users }, { auction: 'a', seller: 's', leader: 'l' });
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

export function sqliteAuctions(
  db: SqliteDb,
  auctionById: (id: number) => AuctionRecord | undefined,
  insertNotices: NoticeWriter,
): Omit<AuctionStore, 'page' | 'count' | 'categories'> {
  const immediately = immediateTransactions(db);
  const auctionViewedBy = prepareAuctionViewedBy(db);
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
  // Ending soon, the same way: open auctions that end within the window and whose watchers were not
  // told yet, through the partial index that holds only those not told (or closed) yet.
  const endingSoonWhere = and(
    isNull(auctions.endingSoonAt),
    isNull(auctions.closedAt),
    gt(auctions.endsAt, placeholder('now')),
    lt(auctions.endsAt, placeholder('until')),
    lte(auctions.startsAt, placeholder('now')),
  );
  const endingSoonIds = db
    .select({ id: auctions.id })
    .from(auctions)
    .where(endingSoonWhere)
    .orderBy(asc(auctions.endsAt))
    .limit(sql.placeholder('limit'))
    .prepare();
  const claimEndingSoon = db
    .update(auctions)
    .set({ endingSoonAt: placeholder('now') })
    .where(and(eq(auctions.id, placeholder('id')), endingSoonWhere))
    .returning({ id: auctions.id })
    .prepare();
  const watchersOf = db
    .select({ userId: watches.userId })
    .from(watches)
    .where(eq(watches.auctionId, placeholder('id')))
    .prepare();
  return {
    async byId(id) {
      return auctionById(id);
    },
    async viewedBy(id, viewerId) {
      return auctionViewedBy(id, viewerId);
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
          // Demo bids are placed by hand and rise: the last one leads with it as the maximum, and each
          // other bidder's highest is theirs.
          const last = bidRows.at(-1);
          const { id } = tx
            .insert(auctions)
            .values({
              ...auction,
              currentPrice: auction.currentPrice ?? auction.startingPrice,
              leaderId: last?.bidderId ?? null,
              leaderMax: last?.amount ?? null,
            })
            .returning({ id: auctions.id })
            .get();
          if (!last) return true;
          tx.insert(bids)
            .values(bidRows.map((bid, i) => ({ ...bid, auctionId: id, seq: i + 1, endsAt: auction.endsAt })))
            .run();
          const highest = new Map<number, number>();
          for (const bid of bidRows)
            if (bid.bidderId !== last.bidderId) highest.set(bid.bidderId, Math.max(highest.get(bid.bidderId) ?? 0, bid.amount));
          if (highest.size > 0)
            tx.insert(maxBids)
              .values([...highest].map(([bidderId, amount]) => ({ auctionId: id, bidderId, amount })))
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
      const closed: ClosedAuction[] = [];
      for (const { id } of due) {
        const done = immediately((): ClosedAuction | null => {
          // The claim is conditional: another process may have closed it, or a late bid moved its end.
          if (!claim.get({ id, now })) return null;
          const auction = auctionById(id)!;
          return { auction, notified: insertNotices(id, decide(auction), at) };
        });
        if (done) closed.push(done);
      }
      return closed;
    },
    async tellEndingSoon(now, withinMs, limit, decide) {
      const at = new Date(now);
      const window = { now, until: now + withinMs };
      const due = endingSoonIds.all({ ...window, limit });
      const userIds: number[] = [];
      for (const { id } of due) {
        immediately(() => {
          // Conditional, like the close: another process may have told them, or the auction closed.
          if (!claimEndingSoon.get({ ...window, id })) return;
          const notices = decide(
            auctionById(id)!,
            watchersOf.all({ id }).map((w) => w.userId),
          );
          userIds.push(...insertNotices(id, notices, at));
        });
      }
      return { due: due.length, userIds };
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
): Omit<BidStore, 'ofBidder'> {
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
  const ownMaxima = db.$client.prepare<{ bidder: number; ids: string }, { auctionId: number; amount: number | null }>(
    `select a.id as auctionId, case when a.leader_id = @bidder then a.leader_max else m.amount end as amount
     from auctions a left join max_bids m on m.auction_id = a.id and m.bidder_id = @bidder
     where a.id in (select value from json_each(@ids))`,
  );
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
  const biddenOnCount = db.$client.prepare<[number], number>('select count(distinct auction_id) from bids where bidder_id = ?').pluck();
  const immediately = immediateTransactions(db);
  // One auction, a few (the auctions a browser's tabs show), or every one (null).
  const ofAuctions = (auctionIds: readonly number[] | null) => (auctionIds === null ? undefined : inArray(bids.auctionId, [...auctionIds]));

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
    async maximaOf(bidderId, auctionIds) {
      if (auctionIds.length === 0) return new Map();
      if (auctionIds.length === 1) {
        const [id] = auctionIds as [number];
        const own = ownMaximum.get({ bidder: bidderId, id });
        return new Map(own === null || own === undefined ? [] : [[id, own]]);
      }
      const rows = ownMaxima.all({ bidder: bidderId, ids: JSON.stringify(auctionIds) });
      return new Map(rows.filter((row) => row.amount !== null).map((row) => [row.auctionId, row.amount!]));
    },
    async biddenOnCount(bidderId) {
      return biddenOnCount.get(bidderId)!;
    },
    async newestOf(auctionId, limit) {
      return newestOf.all(auctionId, limit).map(historyBidOfValues);
    },
    async since(afterBidId, auctionIds, limit) {
      return db
        .select(bidColumns)
        .from(bids)
        .innerJoin(users, eq(users.id, bids.bidderId))
        .where(and(gt(bids.id, afterBidId), ofAuctions(auctionIds)))
        .orderBy(bids.id)
        .limit(limit)
        .all();
    },
    async afterNumber(auctionId, afterSeq, limit) {
      // An auction's bids are numbered in the order of their ids, so its id index reads them in order.
      return db
        .select(bidColumns)
        .from(bids)
        .innerJoin(users, eq(users.id, bids.bidderId))
        .where(and(eq(bids.auctionId, auctionId), gt(bids.seq, afterSeq)))
        .orderBy(bids.id)
        .limit(limit)
        .all();
    },
    async idAfter(afterBidId, auctionIds, skip) {
      const row = db
        .select({ id: bids.id })
        .from(bids)
        .where(and(gt(bids.id, afterBidId), ofAuctions(auctionIds)))
        .orderBy(bids.id)
        .limit(1)
        .offset(skip)
        .get();
      return row?.id ?? null;
    },
    async latestId(auctionIds) {
      const row = db.select({ id: bids.id }).from(bids).where(ofAuctions(auctionIds)).orderBy(desc(bids.id)).limit(1).get();
      return row?.id ?? 0;
    },
  };
}

export function sqliteNotifications(db: SqliteDb): NotificationStore {
  // Read on every page (the header's count) and after every change of a user's notices (their live
  // stream): prepared once, and answered from the partial index of unread notices alone.
  const unread = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, placeholder('userId')), isNull(notifications.readAt)))
    .prepare();
  const unreadOf = (userId: number) => unread.get({ userId })!.n;
  const immediately = immediateTransactions(db);
  return {
    async newestOf(userId, limit) {
      return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).all();
    },
    async page(userId, { limit, cursor }) {
      const after = idCursor(cursor);
      const rows = db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), after === null ? undefined : lt(notifications.id, after)))
        .orderBy(desc(notifications.id))
        .limit(limit + 1)
        .all();
      return pageOf(rows, limit, (row) => String(row.id));
    },
    async unreadCount(userId) {
      return unreadOf(userId);
    },
    async markRead(userId, ids, at) {
      if (ids !== null && ids.length === 0) return { marked: 0, unread: unreadOf(userId) };
      // The user's own unread notices only: another user's id matches nothing, like an unknown one.
      return immediately(() => {
        const { changes } = db
          .update(notifications)
          .set({ readAt: at })
          .where(
            and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === null ? undefined : inArray(notifications.id, ids)),
          )
          .run();
        return { marked: changes, unread: unreadOf(userId) };
      });
    },
  };
}
