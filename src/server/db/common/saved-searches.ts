// Saved searches, the same on both databases (db/saved-search-store.ts): a user's few searches,
// and the tick that matches each auction against them once, as it opens. Like the close (close.ts),
// every server process ticks, so each auction is claimed in a transaction of its own by a conditional
// update of its `matched_at`, with the notices written beside the claim: told once, however many look.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, type Column } from 'drizzle-orm';
import type { MatchOutcome } from '../records';
import type { SavedSearchStore } from '../saved-search-store';
import type { AuctionReader } from './close';
import { anyId, rowLimit, TURN_SCOPES, type Dialect } from './dialect';
import { all, get } from './work';

/** The column holds the value, null included (`=` never finds a null). */
const holds = (column: Column, value: string | number | null) => (value === null ? isNull(column) : eq(column, value));

export function savedSearchQueries(
  { db, t, kind, transaction, takeTurns, writeNotices }: Dialect,
  auctionById: AuctionReader,
): SavedSearchStore {
  const { auctions, savedSearches } = t;
  const ofUser = (userId: number) => eq(savedSearches.userId, userId);
  return {
    async ofUser(userId) {
      // Through saved_searches_user_id_idx (user, id), newest first; a user keeps few.
      return db.select().from(savedSearches).where(ofUser(userId)).orderBy(desc(savedSearches.id));
    },
    save(search, max) {
      // Two saves of one user could both count one search short of the limit and both insert: they take turns.
      return transaction(function* (tx) {
        yield* takeTurns(tx, TURN_SCOPES.savedSearches, search.userId);
        const same = yield* get(
          tx
            .select()
            .from(savedSearches)
            .where(
              and(
                ofUser(search.userId),
                holds(savedSearches.q, search.q),
                holds(savedSearches.category, search.category),
                holds(savedSearches.maxPrice, search.maxPrice),
              ),
            ),
        );
        if (same) return same;
        const kept = yield* get(tx.select({ n: count() }).from(savedSearches).where(ofUser(search.userId)));
        if (kept!.n >= max) return 'full';
        return (yield* get(tx.insert(savedSearches).values(search).returning()))!;
      });
    },
    async delete(userId, id) {
      // Another user's search is not found, exactly like one that does not exist.
      const removed = await db
        .delete(savedSearches)
        .where(and(ofUser(userId), eq(savedSearches.id, anyId(id))))
        .returning({ id: savedSearches.id });
      return removed.length > 0;
    },
    async matchDue(now, limit, decide): Promise<MatchOutcome> {
      const at = new Date(now);
      // Through the partial index of auctions not matched yet (by start): a tick with none due reads nothing.
      const due = and(isNull(auctions.matchedAt), lte(auctions.startsAt, at))!;
      // Nobody saved a search: no auction owes a notice, and the due ones are claimed together, in
      // one statement, rather than one transaction each (a backlog of thousands takes a moment, not
      // minutes). A search saved meanwhile hears of the auctions that open after it, as always.
      const [anySearch] = await db.select({ id: savedSearches.id }).from(savedSearches).limit(rowLimit(1));
      if (!anySearch) {
        const batch = db.select({ id: auctions.id }).from(auctions).where(due).orderBy(asc(auctions.startsAt)).limit(rowLimit(limit));
        const claimedAll = await db
          .update(auctions)
          .set({ matchedAt: at })
          .where(and(due, inArray(auctions.id, kind === 'pg' ? batch.for('update', { skipLocked: true }) : batch)))
          .returning({ id: auctions.id });
        return { due: claimedAll.length, userIds: [] };
      }
      let claimed = 0;
      const userIds: number[] = [];
      while (claimed < limit) {
        const told = await transaction(function* (tx) {
          // The next auction due that nobody claimed; on PostgreSQL, one another process (or a bid)
          // holds this instant is passed over, for that process or the next tick, as the close does.
          const next = tx.select({ id: auctions.id }).from(auctions).where(due).orderBy(asc(auctions.startsAt)).limit(rowLimit(1));
          const row = yield* get(
            tx
              .update(auctions)
              .set({ matchedAt: at })
              .where(and(due, eq(auctions.id, kind === 'pg' ? next.for('update', { skipLocked: true }) : next)))
              .returning({ id: auctions.id }),
          );
          if (!row) return null;
          const auction = (yield* auctionById(tx, row.id))!;
          // Only the searches that can match, through saved_searches_match_idx (category, max price):
          // those of another category, or below the price, are never read. The words are the rule's.
          const searches = yield* all(
            tx
              .select()
              .from(savedSearches)
              .where(
                and(
                  or(isNull(savedSearches.category), eq(savedSearches.category, auction.itemCategory)),
                  or(isNull(savedSearches.maxPrice), gte(savedSearches.maxPrice, auction.currentPrice)),
                  ne(savedSearches.userId, auction.sellerId),
                ),
              )
              .orderBy(asc(savedSearches.id)),
          );
          return yield* writeNotices(tx, auction.id, decide(auction, searches), at);
        });
        if (told === null) break;
        claimed += 1;
        userIds.push(...told);
      }
      // `due` counts the auctions this call claimed: fewer than `limit` means none is left unclaimed.
      return { due: claimed, userIds };
    },
  };
}
