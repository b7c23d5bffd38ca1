// The close and the ending-soon tick, the same on both databases (db/store.ts AuctionStore). Every
// server process runs them once a second, so each auction is claimed in a transaction of its own by a
// conditional update: the next auction due that nobody claimed yet, in one statement, with the notices
// owed written beside the claim. However many processes tick, each auction is claimed exactly once.
import { and, asc, eq, gt, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { AuctionStore } from '../store';
import type { AuctionRecord, ClosedAuction } from '../records';
import { rowLimit, type Db, type Dialect } from './dialect';
import { makeOrder } from './orders';
import { all, get, type Work } from './work';

/** One auction with its seller's and leader's names, read on the unit's transaction (it sees its own writes). */
export type AuctionReader = (tx: Db, id: number) => Work<AuctionRecord | undefined>;

export function closeQueries(
  { kind, t, transaction, writeNotices }: Dialect,
  auctionById: AuctionReader,
): Pick<AuctionStore, 'closeDue' | 'tellEndingSoon'> {
  const { auctions, watches } = t;

  /**
   * In one transaction, claims the next auction (by end, then id) that `where` finds, setting `claim`,
   * whose condition is `where` again: whatever a late bid or another closer did meanwhile, the
   * auction is claimed only if it still qualifies. On PostgreSQL, "skip locked" passes over an
   * auction another closer (or a bid) holds this instant, so two instances never wait on each other:
   * the other claims it, or this one does on its next tick. SQLite's IMMEDIATE transactions already
   * take turns. Then `told` writes the notices; null when nothing was left to claim.
   */
  function* claimNext<T>(
    tx: Db,
    where: SQL,
    claim: Partial<typeof auctions.$inferInsert>,
    told: (auction: AuctionRecord) => Work<T>,
  ): Work<T | null> {
    const next = tx
      .select({ id: auctions.id })
      .from(auctions)
      .where(where)
      .orderBy(asc(auctions.endsAt), asc(auctions.id))
      .limit(rowLimit(1));
    const claimed = yield* get(
      tx
        .update(auctions)
        .set(claim)
        .where(and(where, eq(auctions.id, kind === 'pg' ? next.for('update', { skipLocked: true }) : next)))
        .returning({ id: auctions.id }),
    );
    if (!claimed) return null;
    return yield* told((yield* auctionById(tx, claimed.id))!);
  }

  /** Claims one auction at a time, each in its own transaction, until none is left or `limit` were; what each returned. */
  async function claimEach<T>(limit: number, claim: (tx: Db) => Work<T | null>): Promise<T[]> {
    const claimed: T[] = [];
    while (claimed.length < limit) {
      const done = await transaction(claim);
      if (done === null) break;
      claimed.push(done);
    }
    return claimed;
  }

  return {
    closeDue(now, limit, decide, paymentDueMs) {
      const at = new Date(now);
      // Through the partial index of auctions not closed yet: a tick with nothing due reads nothing.
      // The end is read again at the claim: a late bid may just have moved it.
      const due = and(isNull(auctions.closedAt), lte(auctions.endsAt, at))!;
      // A closer that fails after the claim leaves the auction unclosed, for the next tick.
      return claimEach(limit, (tx) =>
        claimNext(tx, due, { closedAt: at }, function* (auction): Work<ClosedAuction> {
          // The order of an auction with a buyer is made with the claim: once, or not at all.
          yield* makeOrder(t, tx, auction, at, paymentDueMs);
          return { auction, notified: yield* writeNotices(tx, auction.id, decide(auction), at) };
        }),
      );
    },
    async tellEndingSoon(now, withinMs, limit, decide) {
      const at = new Date(now);
      // Open auctions that end within the window and whose watchers were not told yet, through the
      // partial index that holds only those not told (or closed) yet. Told once, whatever a late bid
      // does to the end afterwards.
      const endingSoon = and(
        isNull(auctions.endingSoonAt),
        isNull(auctions.closedAt),
        gt(auctions.endsAt, at),
        lt(auctions.endsAt, new Date(now + withinMs)),
        lte(auctions.startsAt, at),
      )!;
      const told = await claimEach(limit, (tx) =>
        claimNext(tx, endingSoon, { endingSoonAt: at }, function* (auction): Work<number[]> {
          const watchers = yield* all(
            tx.select({ userId: watches.userId }).from(watches).where(eq(watches.auctionId, auction.id)).orderBy(watches.userId),
          );
          const notices = decide(
            auction,
            watchers.map((w) => w.userId),
          );
          return yield* writeNotices(tx, auction.id, notices, at);
        }),
      );
      // `due` counts the auctions this call claimed: fewer than `limit` means none is left unclaimed.
      return { due: told.length, userIds: told.flat() };
    },
  };
}
