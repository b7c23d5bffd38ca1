// The bid on SQLite: one IMMEDIATE transaction of statements prepared once (the hottest write of the
// product, measured by the benchmark), and the auction page's history of bids.
import { and, eq, sql } from 'drizzle-orm';
import { bidWrites, leaderStanding } from '../bid-writes';
import type { BidStore } from '../store';
import type { AuctionRecord, BidOutcome, BidRecord, HistoryBidRecord } from '../records';
import type { NoticeWriter } from './notices';
import type { SqliteDb } from './open';
import type { WriteTransactions } from './group-commit';
import { bids, users } from './schema';

const bidColumns = {
  id: bids.id,
  auctionId: bids.auctionId,
  bidderId: bids.bidderId,
  bidderName: users.name,
  amount: bids.amount,
  seq: bids.seq,
  createdAt: bids.createdAt,
  auto: bids.auto,
  buyNow: bids.buyNow,
  // Written with every bid (and by the migration for the bids before it), so never null when read.
  endsAt: sql<Date>`${bids.endsAt}`.mapWith(bids.endsAt),
};

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** A bid of an auction's history, read raw: its time in epoch milliseconds, `auto` as 0 or 1. */
type HistoryBidValues = [id: number, bidderId: number, bidderName: string, amount: number, createdAt: number, auto: 0 | 1, buyNow: 0 | 1];

const historyBidOfValues = ([id, bidderId, bidderName, amount, createdAt, auto, buyNow]: HistoryBidValues): HistoryBidRecord => ({
  id,
  bidderId,
  bidderName,
  amount,
  createdAt: new Date(createdAt),
  auto: auto === 1,
  buyNow: buyNow === 1,
});

export function sqliteBids(
  db: SqliteDb,
  auctionById: (id: number) => AuctionRecord | undefined,
  insertNotices: NoticeWriter,
  writeTransaction: WriteTransactions,
): Pick<BidStore, 'place' | 'newestOf'> {
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
  const insert = db.$client.prepare<[number, number, number, number, string | null, number, 0 | 1, number, number | null], { id: number }>(
    `insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, auto, ends_at, max_bid)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  // A raise of a maximum alone, kept for a removal's replay, placed after the auction's bids so far.
  const keepRaise = db.$client.prepare<{ auctionId: number; bidderId: number; amount: number; at: number }>(
    `insert into max_raises (auction_id, bidder_id, amount, after_bid_id, created_at)
     values (@auctionId, @bidderId, @amount, (select max(id) from bids where auction_id = @auctionId), @at)`,
  );
  // The auction page's history (up to 200 rows on every read): only the columns it shows, read raw and
  // mapped by hand, as better-sqlite3's row objects would cost more than the read itself. Its limit
  // is cast so that the statement is compiled once (rowLimit, common/dialect.ts, says why).
  const newestOf = db.$client
    .prepare<[number, number], HistoryBidValues>(
      `select b.id, b.bidder_id, u.name, b.amount, b.created_at, b.auto, b.buy_now
       from bids b join users u on u.id = b.bidder_id where b.auction_id = ? order by b.id desc limit cast(? as integer)`,
    )
    .raw();
  // Whether the bidder watches the auction, for the bid's answer.
  const watchesOne = db.$client.prepare<[number, number], 1>('select 1 from watches where user_id = ? and auction_id = ?').pluck();
  const watches = (userId: number, auctionId: number) => watchesOne.get(userId, auctionId) !== undefined;

  return {
    async place({ auctionId, bidder, requestKey, maxBid }, decide) {
      return writeTransaction((): BidOutcome => {
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
        const writes = bidWrites(current, decision, bidder, requestKey, maxBid);
        const keepRaised = () => {
          if (writes.raised !== null) keepRaise.run({ auctionId, bidderId: bidder.id, amount: writes.raised, at: decision.at.getTime() });
        };

        if (decision.entries.length === 0) {
          // A raise of the leader's maximum alone that moves no price (one that meets the reserve writes
          // its automatic bid below, like any bid).
          if (decision.bidderMax !== null && raiseLeaderMax.run(decision.bidderMax, auctionId, bidder.id).changes > 0) keepRaised();
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
        keepRaised();
        if (writes.spent) keepMaximum.run(auctionId, writes.spent.bidderId, writes.spent.amount);
        const [at, endsAt] = [decision.at.getTime(), decision.endsAt.getTime()];
        const written = writes.bids(raised.bidsCount).map((row): BidRecord => {
          const { id } = insert.get(
            auctionId,
            row.bidderId,
            row.amount,
            row.seq,
            row.requestKey,
            at,
            row.auto ? 1 : 0,
            endsAt,
            row.maxBid,
          )!;
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
    async newestOf(auctionId, limit) {
      return newestOf.all(auctionId, limit).map(historyBidOfValues);
    },
  };
}
