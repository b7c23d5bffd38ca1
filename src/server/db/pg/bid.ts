// The bid on PostgreSQL: one transaction that locks its auction's row, of named statements prepared
// once per connection (the hottest write of the product, measured by the benchmark), and the auction
// page's history of bids.
import { bidWrites, leaderStanding } from '../bid-writes';
import type { BidStore } from '../store';
import type { BidOutcome, BidRecord, HistoryBidRecord } from '../records';
import type { NoticeWriter } from './notices';
import { holdAuction } from './auctions';
import type { PgDb } from './open';
import { transaction, type Queryable } from './transaction';

const BID_COLUMNS = `b.id, b.auction_id as "auctionId", b.bidder_id as "bidderId", u.name as "bidderName", b.amount, b.seq,
  b.created_at as "createdAt", b.auto, b.buy_now as "buyNow", b.ends_at as "endsAt"`;

/** The bid statements, each prepared once per connection. */
const BID = {
  repeatOf: {
    name: 'bid-repeat-of',
    text: `select ${BID_COLUMNS} from bids b join users u on u.id = b.bidder_id where b.bidder_id = $1 and b.request_key = $2`,
  },
  // The raise, conditional on the price and the count the decision read (the lock makes them hold;
  // the condition keeps the bids' numbers and the rule true whatever a future change does to the
  // lock), and the decision's bids (one or two) in one statement: a raise that matched nothing inserts
  // nothing. The bids travel as one JSON array: JSON.stringify writes it at native speed, where the
  // driver would escape array parameters element by element in JavaScript. The bidder's watch is read
  // here, after the lock.
  raiseAndInsert: {
    name: 'bid-raise-and-insert',
    text: `with raised as (
        update auctions set current_price = $2, bids_count = $8, leader_id = $3, leader_max = $4, ends_at = $5
        where id = $1 and current_price = $6 and bids_count = $9 returning 1
      )
      insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, auto, ends_at, max_bid)
      select $1, b."bidderId", b.amount, b.seq, b."requestKey", $7, b.auto, $5, b."maxBid"
      from raised, jsonb_to_recordset($10::jsonb) as b("bidderId" int, amount int, seq int, "requestKey" text, auto boolean, "maxBid" int)
      returning id, seq, exists (select 1 from watches where user_id = $11 and auction_id = $1) as watching`,
  },
  // The leader raising their maximum alone: nothing else moves. The raise is kept (for a removal's
  // replay) in the same statement, placed after the auction's bids so far.
  raiseLeaderMax: {
    name: 'bid-raise-leader-max',
    text: `with raised as (update auctions set leader_max = $1 where id = $2 and leader_id = $3 returning 1),
      kept as (
        insert into max_raises (auction_id, bidder_id, amount, after_bid_id, created_at)
        select $2, $3, $1, (select max(id) from bids where auction_id = $2), $4 from raised
      )
      select exists (select 1 from watches where user_id = $3 and auction_id = $2) as watching from raised`,
  },
  // A raise alone that met the reserve (its automatic bid written by raiseAndInsert), kept the same way.
  keepRaise: {
    name: 'bid-keep-raise',
    text: `insert into max_raises (auction_id, bidder_id, amount, after_bid_id, created_at)
      select $1, $2, $3, max(id), $4 from bids where auction_id = $1`,
  },
  // A bidder who does not lead keeps their maximum here, only so they can see it (the rule needs none of them).
  keepMaximum: {
    name: 'bid-keep-maximum',
    text: `insert into max_bids (auction_id, bidder_id, amount) values ($1, $2, $3)
      on conflict (auction_id, bidder_id) do update set amount = excluded.amount`,
  },
  watching: { name: 'bid-watching', text: 'select 1 from watches where user_id = $1 and auction_id = $2' },
  // The caller's own maximum on one auction: the leader's is on the auction row, anyone else's in max_bids.
  ownMaximum: {
    name: 'bid-own-maximum',
    text: `select case when a.leader_id = $1 then a.leader_max
        else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = $1) end as amount
      from auctions a where a.id = $2::bigint`,
  },
  newestOf: {
    name: 'bids-newest-of',
    text: `select b.id, b.bidder_id as "bidderId", u.name as "bidderName", b.amount, b.created_at as "createdAt", b.auto, b.buy_now as "buyNow"
      from bids b join users u on u.id = b.bidder_id where b.auction_id = $1::bigint order by b.id desc limit $2`,
  },
};

async function watching(client: Queryable, userId: number, auctionId: number): Promise<boolean> {
  return (await client.query({ ...BID.watching, values: [userId, auctionId] })).rowCount === 1;
}

/** The bidder's own maximum on one auction, or null when they have none there. */
async function ownMaximum(client: Queryable, bidderId: number, auctionId: number): Promise<number | null> {
  const { rows } = await client.query<{ amount: number | null }>({ ...BID.ownMaximum, values: [bidderId, auctionId] });
  return rows[0]?.amount ?? null;
}

/** Whether PostgreSQL refused a write for a duplicate in that unique index. */
const violates = (error: unknown, index: string) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === index;

export function pgBids(db: PgDb, insertNotices: NoticeWriter): Pick<BidStore, 'place' | 'newestOf'> {
  const pool = db.$client;

  /** The bid's transaction: the same steps as on SQLite, from the auction's row read under its lock. */
  const placeOnce: BidStore['place'] = ({ auctionId, bidder, requestKey, maxBid }, decide) =>
    transaction(pool, async (client): Promise<BidOutcome> => {
      const found = await holdAuction(client, auctionId);
      const earlier = requestKey
        ? ((await client.query<BidRecord>({ ...BID.repeatOf, values: [bidder.id, requestKey] })).rows[0] ?? null)
        : null;
      const leader = leaderStanding(found);
      const decision = decide({ auction: found, maxima: leader ? [leader] : [], repeatOf: earlier });
      if (decision === 'repeat') {
        return {
          kind: 'repeated',
          bid: earlier!,
          auction: found!,
          myMaxBid: await ownMaximum(client, bidder.id, auctionId),
          watching: await watching(client, bidder.id, auctionId),
        };
      }
      const current = found!;
      const writes = bidWrites(current, decision, bidder, requestKey, maxBid);

      if (decision.entries.length === 0) {
        // A raise of the leader's maximum alone that moves no price (one that meets the reserve writes
        // its automatic bid below, like any bid).
        const raised =
          decision.bidderMax === null
            ? null
            : await client.query<{ watching: boolean }>({
                ...BID.raiseLeaderMax,
                values: [decision.bidderMax, auctionId, bidder.id, decision.at],
              });
        return {
          kind: 'placed',
          bids: [],
          auction: { ...current, leaderMax: writes.leaderMax },
          myMaxBid: writes.myMaxBid,
          watching: raised?.rows[0]?.watching ?? (await watching(client, bidder.id, auctionId)),
          notified: [],
        };
      }

      // Under the lock the count moves only here: the decision's bids are numbered from it.
      const bidsCount = current.bidsCount + decision.entries.length;
      const rows = writes.bids(bidsCount);
      const inserted = await client.query<{ id: number; seq: number; watching: boolean }>({
        ...BID.raiseAndInsert,
        values: [
          auctionId,
          decision.price,
          decision.leaderId,
          writes.leaderMax,
          decision.endsAt,
          current.currentPrice,
          decision.at,
          bidsCount,
          current.bidsCount,
          // Only what the statement reads: a Date costs JSON.stringify a call to its toJSON.
          JSON.stringify(
            rows.map(({ bidderId, amount, seq, requestKey, auto, maxBid }) => ({ bidderId, amount, seq, requestKey, auto, maxBid })),
          ),
          bidder.id,
        ],
      });
      if (inserted.rows.length === 0) return { kind: 'price-moved', auction: current };
      if (writes.raised !== null) await client.query({ ...BID.keepRaise, values: [auctionId, bidder.id, writes.raised, decision.at] });
      if (writes.spent) await client.query({ ...BID.keepMaximum, values: [auctionId, writes.spent.bidderId, writes.spent.amount] });
      const idOf = new Map(inserted.rows.map((row) => [row.seq, row.id]));
      const written: BidRecord[] = rows.map((row) => ({ ...row, id: idOf.get(row.seq)! }));
      const notified = await insertNotices(client, auctionId, decision.notices, decision.at);
      return {
        kind: 'placed',
        bids: written,
        auction: writes.auctionAfter(bidsCount),
        myMaxBid: writes.myMaxBid,
        watching: inserted.rows[0]!.watching,
        notified,
      };
    });

  return {
    async place(bid, decide) {
      // The row lock orders the bids of one auction; the same request key sent to several auctions at
      // once meets only at the unique index. Run again: the bid that won is committed now, and the rule
      // answers as it does to any repeat (each run that loses finds one more winner, so this ends).
      for (;;) {
        try {
          return await placeOnce(bid, decide);
        } catch (error) {
          if (!violates(error, 'bids_bidder_request_key_unique')) throw error;
        }
      }
    },
    async newestOf(auctionId, limit) {
      return (await pool.query<HistoryBidRecord>({ ...BID.newestOf, values: [auctionId, limit] })).rows;
    },
  };
}
