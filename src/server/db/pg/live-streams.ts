// The places of open live streams on PostgreSQL (db/store.ts LiveStreamStore), shared by every
// instance on the database.
import type { LiveStreamStore } from '../store';
import type { PgDb } from './open';
import { transaction } from './transaction';

export function pgLiveStreams(db: PgDb): LiveStreamStore {
  const pool = db.$client;
  return {
    async acquire(place, now, caps) {
      return transaction(pool, async (client) => {
        // Under READ COMMITTED two takes could both count one place short of the cap and both insert;
        // a lock per user and per address (in that order in every take, so no two wait on each other)
        // lets one count after the other has written. Held until the transaction ends.
        await client.query(
          "select pg_advisory_xact_lock(hashtext('live-user:' || $1::text)), pg_advisory_xact_lock(hashtext('live-address:' || $2))",
          [place.userId, place.address],
        );
        await client.query('delete from live_streams where expires_at <= $1 and (user_id = $2 or address = $3)', [
          now,
          place.userId,
          place.address,
        ]);
        const { rows } = await client.query<{ user_places: number; address_places: number }>(
          `select (select count(*)::int from live_streams where user_id = $1) as user_places,
                  (select count(*)::int from live_streams where address = $2) as address_places`,
          [place.userId, place.address],
        );
        const counts = rows[0]!;
        if (counts.user_places >= caps.perUser) return 'user-full';
        if (counts.address_places >= caps.perAddress) return 'address-full';
        await client.query('insert into live_streams (id, user_id, address, expires_at) values ($1, $2, $3, $4)', [
          place.id,
          place.userId,
          place.address,
          place.expiresAt,
        ]);
        return null;
      });
    },
    async renew(ids, expiresAt) {
      if (ids.length === 0) return;
      await pool.query('update live_streams set expires_at = $1 where id = any($2::text[])', [expiresAt, ids]);
    },
    async release(id) {
      await pool.query('delete from live_streams where id = $1', [id]);
    },
  };
}
