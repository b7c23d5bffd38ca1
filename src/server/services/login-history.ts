// Each sign-up and login leaves an entry: time, address, device, location and ISP. Kept 6 months.
import { and, desc, eq, lt } from 'drizzle-orm';
import { LOGIN_HISTORY_RETENTION_MONTHS } from '../../shared/constants';
import type { Db } from '../db/client';
import { loginEvents, users } from '../db/schema';
import { describeDevice } from './device';
import { describeLocation, lookupIp, UNKNOWN } from './geo';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface LoginEntry {
  id: string;
  dateTime: string;
  ipAddress: string;
  location: string;
  isp: string;
  device: string;
}

export function retentionCutoff(now: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - LOGIN_HISTORY_RETENTION_MONTHS);
  return cutoff;
}

export function recordLogin(db: Db, userId: number, kind: 'login' | 'signup', client: ClientInfo, now: number): void {
  const geo = lookupIp(client.ip);
  const at = new Date(now);
  db.transaction((tx) => {
    tx.insert(loginEvents)
      .values({
        userId,
        kind,
        createdAt: at,
        ipAddress: client.ip,
        userAgent: client.userAgent,
        device: describeDevice(client.userAgent),
        location: describeLocation(client.ip, geo),
        isp: geo?.isp ?? UNKNOWN,
      })
      .run();
    tx.update(users)
      .set({ lastLoginAt: at, lastLoginCity: geo?.city ?? null, lastLoginRegion: geo?.region ?? null, lastLoginCountry: geo?.country ?? null })
      .where(eq(users.id, userId))
      .run();
    tx.delete(loginEvents)
      .where(and(eq(loginEvents.userId, userId), lt(loginEvents.createdAt, retentionCutoff(now))))
      .run();
  });
}

export function pruneLoginHistory(db: Db, now: number): number {
  return db.delete(loginEvents).where(lt(loginEvents.createdAt, retentionCutoff(now))).run().changes;
}

export function listLogins(db: Db, userId: number, limit = 100): LoginEntry[] {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit)
    .all()
    .map((e) => ({
      id: String(e.id),
      dateTime: e.createdAt.toISOString(),
      ipAddress: e.ipAddress,
      location: e.location,
      isp: e.isp,
      device: e.device,
    }));
}
