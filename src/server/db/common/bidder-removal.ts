// Removing a bidder from an auction, the same on both databases (db/removal-store.ts): the auction's
// stored requests read in order, the replay (domain/bidder-removal.ts) written back in one transaction.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { conflict } from '../../domain/errors';
import { REMOVAL_WORDS, type RemovalState, type Replay, type StoredRequest } from '../../domain/bidder-removal';
import type { RemovalOutcome, RemovalStore } from '../removal-store';
import { recordAudit } from './audit';
import type { AuctionReader } from './close';
import { anyId, type Db, type Dialect } from './dialect';
import { all, get, run, type Work } from './work';

interface StoredBid {
  id: number;
  bidderId: number;
  amount: number;
  maxBid: number | null;
  auto: boolean;
  seq: number;
  createdAt: Date;
  endsAt: Date;
}

interface StoredRaise {
  bidderId: number;
  amount: number;
  afterBidId: number;
  createdAt: Date;
}

/**
 * The requests in the order they were accepted: the placed bids by id, each raise after the bids up
 * to its `afterBidId` (ids only grow, and an auction's requests take turns). The automatic bids are
 * not requests (the replay makes them anew); they only tell a raise the end it happened under.
 */
function requestsInOrder(bids: StoredBid[], raises: StoredRaise[]): StoredRequest[] {
  const requests: StoredRequest[] = [];
  let endsAt: Date | null = null;
  let next = 0;
  const raisesUpTo = (id: number) => {
    for (; next < raises.length && raises[next]!.afterBidId < id; next++) {
      const { bidderId, amount, createdAt } = raises[next]!;
      requests.push({ kind: 'raise', bidderId, maxBid: amount, createdAt, endsAt: endsAt ?? createdAt });
    }
  };
  for (const bid of bids) {
    raisesUpTo(bid.id);
    endsAt = bid.endsAt;
    if (bid.auto) continue;
    // A bid stored before maxima were kept replays with its amount as its maximum.
    const { id, bidderId, amount, createdAt } = bid;
    requests.push({ kind: 'bid', bidId: id, bidderId, amount, maxBid: bid.maxBid ?? amount, createdAt, endsAt: bid.endsAt });
  }
  raisesUpTo(Number.POSITIVE_INFINITY);
  return requests;
}

/**
 * A long history in slices, a statement each: SQLite binds at most 32,766 parameters to one
 * statement, and an auction may have thousands of bids.
 */
function chunks<T>(items: T[], size = 1000): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  return slices;
}

/**
 * Removes the bidder from the auction inside the caller's transaction (RemovalStore.removeBidder says
 * how): the administrator's removal and a suspension's, each with its own audit entry.
 */
export function* removeBidderIn(
  { kind, t }: Pick<Dialect, 'kind' | 't'>,
  auctionById: AuctionReader,
  tx: Db,
  auctionId: number,
  bidderId: number,
  decide: (state: RemovalState) => Replay,
): Work<RemovalOutcome> {
  const { auctions, bids, maxBids, maxRaises } = t;
  // A bid's turn: on PostgreSQL this locks the auction's row, and a bid's write, conditional on the
  // row's version (pg/bid.ts), waits for it, finds the row changed and is decided again on the
  // auction as left here; SQLite's writers always take turns.
  const row = tx
    .select({ id: auctions.id })
    .from(auctions)
    .where(eq(auctions.id, anyId(auctionId)));
  yield* get(kind === 'pg' ? row.for('no key update') : row);
  const auction = yield* auctionById(tx, auctionId);
  const stored = auction
    ? yield* all(
        tx
          .select({
            id: bids.id,
            bidderId: bids.bidderId,
            amount: bids.amount,
            maxBid: bids.maxBid,
            auto: bids.auto,
            seq: bids.seq,
            createdAt: bids.createdAt,
            endsAt: bids.endsAt,
          })
          .from(bids)
          .where(eq(bids.auctionId, auction.id))
          .orderBy(asc(bids.id)),
      )
    : [];
  const raises = auction
    ? yield* all(
        tx
          .select({
            bidderId: maxRaises.bidderId,
            amount: maxRaises.amount,
            afterBidId: maxRaises.afterBidId,
            createdAt: maxRaises.createdAt,
          })
          .from(maxRaises)
          .where(eq(maxRaises.auctionId, auction.id))
          .orderBy(asc(maxRaises.afterBidId), asc(maxRaises.id)),
      )
    : [];
  const replay = decide({ auction, requests: requestsInOrder(stored, raises) });
  const current = auction!;

  // One conditional update decides, on the count and the state read: under the turn it always
  // matches, and should a future change break the turn, nothing else is written.
  const updated = yield* get(
    tx
      .update(auctions)
      .set({ currentPrice: replay.price, bidsCount: replay.history.length, leaderId: replay.leaderId, leaderMax: replay.leaderMax })
      .where(and(eq(auctions.id, current.id), eq(auctions.bidsCount, current.bidsCount), isNull(auctions.closedAt)))
      .returning({ id: auctions.id }),
  );
  if (!updated) throw conflict(REMOVAL_WORDS.ended);

  yield* run(tx.delete(bids).where(and(eq(bids.auctionId, current.id), or(eq(bids.auto, true), eq(bids.bidderId, bidderId)))));
  yield* run(tx.delete(maxRaises).where(and(eq(maxRaises.auctionId, current.id), eq(maxRaises.bidderId, bidderId))));
  yield* run(tx.delete(maxBids).where(eq(maxBids.auctionId, current.id)));

  // The placed bids keep their ids and are numbered again. PostgreSQL checks its unique
  // (auction, seq) row by row, so the new numbers go in negated, then turn positive.
  const seqOf = new Map(stored.map((bid) => [bid.id, bid.seq]));
  const renumbered = replay.history.filter((bid) => bid.bidId !== null && seqOf.get(bid.bidId) !== bid.seq);
  for (const some of chunks(renumbered)) {
    const cases = some.map((bid) => sql`when ${bid.bidId} then cast(${-bid.seq} as integer)`);
    yield* run(
      tx
        .update(bids)
        .set({ seq: sql`case ${bids.id} ${sql.join(cases, sql` `)} end` })
        .where(
          inArray(
            bids.id,
            some.map((bid) => bid.bidId!),
          ),
        ),
    );
  }
  if (renumbered.length > 0) {
    yield* run(
      tx
        .update(bids)
        .set({ seq: sql`0 - ${bids.seq}` })
        .where(and(eq(bids.auctionId, current.id), lt(bids.seq, 0))),
    );
  }
  for (const made of chunks(replay.history.filter((bid) => bid.bidId === null))) {
    yield* run(
      tx.insert(bids).values(
        made.map(({ bidderId: by, amount, seq, createdAt, endsAt }) => ({
          auctionId: current.id,
          bidderId: by,
          amount,
          seq,
          createdAt,
          endsAt,
          auto: true,
        })),
      ),
    );
  }
  // The maxima of those who do not lead, so each still sees their own (the leader's is on the auction).
  const others = replay.maxima.filter((max) => max.bidderId !== replay.leaderId);
  if (others.length > 0) {
    yield* run(tx.insert(maxBids).values(others.map((max) => ({ auctionId: current.id, bidderId: max.bidderId, amount: max.amount }))));
  }
  return { auction: (yield* auctionById(tx, current.id))! };
}

export function removalQueries(dialect: Dialect, auctionById: AuctionReader): RemovalStore {
  return {
    removeBidder(auctionId, bidderId, decide, { actor, reason, at }) {
      return dialect.transaction(function* (tx) {
        const outcome = yield* removeBidderIn(dialect, auctionById, tx, auctionId, bidderId, decide);
        // The removed account is the entry's target; the auction is named in its reason.
        const target = { type: 'user' as const, id: bidderId };
        yield* recordAudit(dialect.t, tx, { actor, action: 'remove_bidder', target, reason: `${reason} (auction #${auctionId})`, at });
        return outcome;
      });
    },
  };
}
