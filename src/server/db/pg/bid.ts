// The bid on PostgreSQL: the auction read with its row's version, the rule, then every write in one
// statement, conditional on that version (docs/decisions/0021-the-bid-by-the-rows-version.md). Its
// statements are named, prepared once per connection (the hottest write of the product, measured by
// the benchmark). Also the auction page's history of bids.
import { bidWrites, leaderStanding, type BidWrites } from '../bid-writes';
import type { BidStore } from '../store';
import { usersTold, type BidDecision } from '../../domain/bidding';
import type { AuctionRecord, BidOutcome, BidRecord, HistoryBidRecord } from '../records';
import { versionedAuction } from './auctions';
import { noticeWrites } from './notices';
import type { PgDb } from './open';
import { onConnection, RETRYABLE, type Queryable } from './transaction';

const BID_COLUMNS = `b.id, b.auction_id as "auctionId", b.bidder_id as "bidderId", u.name as "bidderName", b.amount, b.seq,
  b.created_at as "createdAt", b.auto, b.buy_now as "buyNow", b.ends_at as "endsAt"`;

/** The bid statements, each prepared once per connection. */
const BID = {
  repeatOf: {
    name: 'bid-repeat-of',
    text: `select ${BID_COLUMNS} from bids b join users u on u.id = b.bidder_id where b.bidder_id = $1 and b.request_key = $2`,
  },
  // The leader raising their maximum alone: nothing else moves. The raise is kept (for a removal's
  // replay) in the same statement, placed after the auction's bids so far.
  raiseLeaderMax: {
    name: 'bid-raise-leader-max',
    text: `with raised as (update auctions set leader_max = $1 where id = $2 and xmin = $5::xid returning 1),
      kept as (
        insert into max_raises (auction_id, bidder_id, amount, after_bid_id, created_at)
        select $2, $3, $1, (select max(id) from bids where auction_id = $2), $4 from raised
      )
      select exists (select 1 from watches where user_id = $3 and auction_id = $2) as watching from raised`,
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

/**
 * Every write of a bid that moves the price, as one statement: the raise, conditional on the version of
 * the auction's row the decision read ($6), and everything that depends on it, each reading `raised`, so
 * that a raise that found the row changed writes nothing at all. In order:
 * - the decision's bids (one or two), which travel as one JSON array: JSON.stringify writes it at native
 *   speed, where the driver would escape array parameters element by element in JavaScript;
 * - a raise of the leader's maximum that met the reserve, kept for a removal's replay after the
 *   automatic bid it wrote ($11, null when there is none);
 * - the maximum of a bidder who no longer leads, kept only so that they can see it ($12 and $13);
 * - the notices and their mail ($14 to $16), about the price this bid left.
 * The bidder's watch is read by the same statement.
 */
function bidWriteStatement(mail: boolean) {
  return {
    name: mail ? 'bid-write-mail' : 'bid-write',
    text: `with raised as (
        update auctions set current_price = $2, bids_count = $8, leader_id = $3, leader_max = $4, ends_at = $5
        where id = $1 and xmin = $6::xid returning 1
      ), inserted as (
        insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, auto, ends_at, max_bid)
        select $1, b."bidderId", b.amount, b.seq, b."requestKey", $7, b.auto, $5, b."maxBid"
        from raised, jsonb_to_recordset($9::jsonb) as b("bidderId" int, amount int, seq int, "requestKey" text, auto boolean, "maxBid" int)
        returning id, seq
      ), kept_raise as (
        insert into max_raises (auction_id, bidder_id, amount, after_bid_id, created_at)
        select $1, $10, $11::int, max(id), $7 from inserted where $11::int is not null having count(*) > 0
      ), kept_maximum as (
        insert into max_bids (auction_id, bidder_id, amount) select $1, $12::int, $13::int from raised where $12::int is not null
        on conflict (auction_id, bidder_id) do update set amount = excluded.amount
      ), ${noticeWrites(mail, { userIds: '$14', kinds: '$15', messages: '$16', auctionId: '$1::int', at: '$7', price: '$2::int' }, 'raised')}
      select id, seq, exists (select 1 from watches where user_id = $10 and auction_id = $1) as watching from inserted`,
  };
}

/**
 * How many times one bid is decided: each time its write found the auction changed, another write to
 * the auction stood in between, so the auction moved on meanwhile. A bid that loses this many times is
 * answered as one whose price moved, rather than holding its connection for longer.
 */
const DECISIONS = 50;

async function watching(client: Queryable, userId: number, auctionId: number): Promise<boolean> {
  return (await client.query({ ...BID.watching, values: [userId, auctionId] })).rowCount === 1;
}

/** The bidder's own maximum on one auction, or null when they have none there. */
async function ownMaximum(client: Queryable, bidderId: number, auctionId: number): Promise<number | null> {
  const { rows } = await client.query<{ amount: number | null }>({ ...BID.ownMaximum, values: [bidderId, auctionId] });
  return rows[0]?.amount ?? null;
}

/**
 * Whether a failed write is decided again: nothing of a statement that failed stands. A deadlock or a
 * serialization failure ended it; or the same request key, sent to another auction at once, met this
 * bid only at the unique index: that bid is committed now, and the rule answers as it does to any repeat.
 */
function decidedAgain(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return RETRYABLE.has(code ?? '') || (code === '23505' && constraint === 'bids_bidder_request_key_unique');
}

export function pgBids(db: PgDb, { mail }: { mail: boolean }): Pick<BidStore, 'place' | 'newestOf'> {
  const pool = db.$client;
  const bidWrite = bidWriteStatement(mail);

  /** Writes what the decision says, conditional on the version of the row it read: null, writing nothing, when the row changed since. */
  async function write(
    client: Queryable,
    bid: { auctionId: number; bidder: { id: number; name: string } },
    { auction: current, version }: { auction: AuctionRecord; version: string },
    decision: BidDecision,
    writes: BidWrites,
  ): Promise<BidOutcome | null> {
    const { auctionId, bidder } = bid;
    if (decision.entries.length === 0) {
      // A raise of the leader's maximum alone that moves no price (one that meets the reserve writes
      // its automatic bid below, like any bid).
      const raised =
        decision.bidderMax === null
          ? null
          : await client.query<{ watching: boolean }>({
              ...BID.raiseLeaderMax,
              values: [decision.bidderMax, auctionId, bidder.id, decision.at, version],
            });
      if (raised?.rows.length === 0) return null;
      return {
        kind: 'placed',
        bids: [],
        auction: { ...current, leaderMax: writes.leaderMax },
        myMaxBid: writes.myMaxBid,
        watching: raised?.rows[0]?.watching ?? (await watching(client, bidder.id, auctionId)),
        notified: [],
      };
    }

    // The count moves only with the row's version: the decision's bids are numbered from it.
    const bidsCount = current.bidsCount + decision.entries.length;
    const rows = writes.bids(bidsCount);
    const { notices } = decision;
    const inserted = await client.query<{ id: number; seq: number; watching: boolean }>({
      ...bidWrite,
      values: [
        auctionId,
        decision.price,
        decision.leaderId,
        writes.leaderMax,
        decision.endsAt,
        version,
        decision.at,
        bidsCount,
        // Only what the statement reads: a Date costs JSON.stringify a call to its toJSON.
        JSON.stringify(
          rows.map(({ bidderId, amount, seq, requestKey, auto, maxBid }) => ({ bidderId, amount, seq, requestKey, auto, maxBid })),
        ),
        bidder.id,
        writes.raised,
        writes.spent?.bidderId ?? null,
        writes.spent?.amount ?? null,
        notices.map((n) => n.userId),
        notices.map((n) => n.kind),
        notices.map((n) => n.message),
      ],
    });
    if (inserted.rows.length === 0) return null;
    const idOf = new Map(inserted.rows.map((row) => [row.seq, row.id]));
    return {
      kind: 'placed',
      bids: rows.map((row): BidRecord => ({ ...row, id: idOf.get(row.seq)! })),
      auction: writes.auctionAfter(bidsCount),
      myMaxBid: writes.myMaxBid,
      watching: inserted.rows[0]!.watching,
      notified: usersTold(notices),
    };
  }

  return {
    /**
     * The auction and its row's version, the rule, the writes conditional on that version; and again
     * from the read while another write came first. The same steps as on SQLite, where nothing can
     * come between the read and the writes.
     */
    place: (bid, decide) =>
      onConnection(pool, async (client): Promise<BidOutcome> => {
        const { auctionId, bidder, requestKey, maxBid } = bid;
        for (let decisions = 1; ; decisions += 1) {
          const read = await versionedAuction(client, auctionId);
          const earlier = requestKey
            ? ((await client.query<BidRecord>({ ...BID.repeatOf, values: [bidder.id, requestKey] })).rows[0] ?? null)
            : null;
          const leader = leaderStanding(read?.auction);
          const decision = decide({ auction: read?.auction, maxima: leader ? [leader] : [], repeatOf: earlier });
          if (decision === 'repeat') {
            return {
              kind: 'repeated',
              bid: earlier!,
              auction: read!.auction,
              myMaxBid: await ownMaximum(client, bidder.id, auctionId),
              watching: await watching(client, bidder.id, auctionId),
            };
          }
          const writes = bidWrites(read!.auction, decision, bidder, requestKey, maxBid);
          const last = decisions === DECISIONS;
          try {
            const outcome = await write(client, bid, read!, decision, writes);
            if (outcome) return outcome;
          } catch (error) {
            if (last || !decidedAgain(error)) throw error;
          }
          if (last) return { kind: 'price-moved', auction: read!.auction };
        }
      }),
    async newestOf(auctionId, limit) {
      return (await pool.query<HistoryBidRecord>({ ...BID.newestOf, values: [auctionId, limit] })).rows;
    },
  };
}
