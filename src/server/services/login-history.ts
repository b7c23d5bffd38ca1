// Each sign-up and login leaves an entry: time, address, device, location and ISP. Kept 6 months.
import { LOGIN_HISTORY_RETENTION_MONTHS } from '../../shared/constants';
import type { AppDeps } from '../deps';
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

/** The most entries the login history shows. */
const HISTORY_LIMIT = 100;

export function retentionCutoff(now: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - LOGIN_HISTORY_RETENTION_MONTHS);
  return cutoff;
}

export async function recordLogin(deps: AppDeps, userId: number, kind: 'login' | 'signup', client: ClientInfo): Promise<void> {
  const now = deps.now();
  const geo = lookupIp(client.ip);
  await deps.store.logins.record(
    {
      userId,
      kind,
      at: new Date(now),
      ipAddress: client.ip,
      userAgent: client.userAgent,
      device: describeDevice(client.userAgent),
      location: describeLocation(client.ip, geo),
      isp: geo?.isp ?? UNKNOWN,
    },
    { city: geo?.city ?? null, region: geo?.region ?? null, country: geo?.country ?? null },
    retentionCutoff(now),
  );
}

export function pruneLoginHistory(deps: AppDeps): Promise<number> {
  return deps.store.logins.prune(retentionCutoff(deps.now()));
}

export async function listLogins(deps: AppDeps, userId: number): Promise<LoginEntry[]> {
  const entries = await deps.store.logins.newestOf(userId, HISTORY_LIMIT);
  return entries.map((e) => ({
    id: String(e.id),
    dateTime: e.createdAt.toISOString(),
    ipAddress: e.ipAddress,
    location: e.location,
    isp: e.isp,
    device: e.device,
  }));
}
