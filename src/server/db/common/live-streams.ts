// The places of open live streams, the same on both databases (db/store.ts LiveStreamStore), shared
// by every instance on the database.
import { and, count, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { LiveStreamStore } from '../store';
import { TURN_SCOPES, type Dialect } from './dialect';
import { get, run } from './work';

export function liveStreamQueries({ kind, t, transaction, write, takeTurns }: Dialect): LiveStreamStore {
  const { liveStreams } = t;
  return {
    acquire(place, now, caps) {
      return transaction(function* (tx) {
        // Two takes could both count one place short of the cap and both insert: the takes of one user,
        // and of one address, take turns (the user's first in every take, so no two wait on each other).
        yield* takeTurns(tx, TURN_SCOPES.liveUser, place.userId);
        yield* takeTurns(tx, TURN_SCOPES.liveAddress, place.address);
        // Places of this user or address that lapsed by now (an instance that died) count no more.
        yield* run(
          tx
            .delete(liveStreams)
            .where(and(lte(liveStreams.expiresAt, now), or(eq(liveStreams.userId, place.userId), eq(liveStreams.address, place.address)))),
        );
        const ofUser = yield* get(tx.select({ n: count() }).from(liveStreams).where(eq(liveStreams.userId, place.userId)));
        if (ofUser!.n >= caps.perUser) return 'user-full';
        const ofAddress = yield* get(tx.select({ n: count() }).from(liveStreams).where(eq(liveStreams.address, place.address)));
        if (ofAddress!.n >= caps.perAddress) return 'address-full';
        yield* run(tx.insert(liveStreams).values(place));
        return null;
      });
    },
    async renew(ids, expiresAt) {
      if (ids.length === 0) return;
      // Every open stream of the instance: one array parameter on PostgreSQL, so no cap on how many.
      const listed = kind === 'pg' ? sql`${liveStreams.id} = any(${sql.param(ids)})` : inArray(liveStreams.id, ids);
      await write((tx) => run(tx.update(liveStreams).set({ expiresAt }).where(listed)));
    },
    async release(id) {
      await write((tx) => run(tx.delete(liveStreams).where(eq(liveStreams.id, id))));
    },
  };
}
