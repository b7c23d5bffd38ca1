// The places of open live streams on SQLite (db/store.ts LiveStreamStore).
import type { LiveStreamStore } from '../store';
import { immediateTransactions } from './transaction';
import type { SqliteDb } from './open';

export function sqliteLiveStreams(db: SqliteDb): LiveStreamStore {
  // One writer at a time: the count and the insert of one take cannot interleave with another's.
  const immediately = immediateTransactions(db);
  const dropLapsed = db.$client.prepare<[number]>('delete from live_streams where expires_at <= ?');
  const ofUser = db.$client.prepare<[number], number>('select count(*) from live_streams where user_id = ?').pluck();
  const ofAddress = db.$client.prepare<[string], number>('select count(*) from live_streams where address = ?').pluck();
  const insert = db.$client.prepare<[string, number, string, number]>(
    'insert into live_streams (id, user_id, address, expires_at) values (?, ?, ?, ?)',
  );
  const release = db.$client.prepare<[string]>('delete from live_streams where id = ?');
  return {
    async acquire(place, now, caps) {
      return immediately(() => {
        dropLapsed.run(now.getTime());
        if (ofUser.get(place.userId)! >= caps.perUser) return 'user-full';
        if (ofAddress.get(place.address)! >= caps.perAddress) return 'address-full';
        insert.run(place.id, place.userId, place.address, place.expiresAt.getTime());
        return null;
      });
    },
    async renew(ids, expiresAt) {
      if (ids.length === 0) return;
      db.$client
        .prepare(`update live_streams set expires_at = ? where id in (${ids.map(() => '?').join(',')})`)
        .run(expiresAt.getTime(), ...ids);
    },
    async release(id) {
      release.run(id);
    },
  };
}
