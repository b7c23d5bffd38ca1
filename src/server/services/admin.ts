// What administrators read: system counts, the newest users and auctions, users searched and sorted, auctions by status.
import { DAY_MS, type Role } from '../../shared/constants';
import type { UserStatus } from '../../shared/moderation';
import type { AdminAuctionsInput, AdminUsersInput } from '../../shared/schemas/admin';
import type { UserRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { listAuctions, toListedAuctions, viewOf } from './auctions';
import { avatarUrl } from './avatars';

export interface AdminUser {
  _id: string;
  name: string;
  /** Empty for a deleted account: its address was erased. */
  email: string;
  role: Role;
  /** Whether the account may sign in ('Active', 'Suspended' or 'Deleted' on screen). */
  status: UserStatus;
  createdAt: string;
  lastLogin: string | null;
  /** Always a picture's URL, as for User. */
  avatar: string;
  location: { city: string | null; region: string | null; country: string | null } | null;
}

export const RECENT_SIGNUP_DAYS = 7;
const RECENT_AUCTIONS = 6;
const LATEST_USERS = 10;

export function toAdminUser(row: UserRecord, publicUrl: string): AdminUser {
  const { lastLoginCity: city, lastLoginRegion: region, lastLoginCountry: country } = row;
  return {
    _id: String(row.id),
    name: row.name,
    // A deleted account's column holds a stand-in (db/common/account-deletion.ts), never shown.
    email: row.status === 'deleted' ? '' : row.email,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    avatar: avatarUrl(row, publicUrl),
    location: city || region || country ? { city, region, country } : null,
  };
}

export async function adminDashboard(deps: AppDeps, admin: { id: number }) {
  const { auctions, users } = deps.store;
  const view = viewOf(deps, admin);
  const open = { now: view.now, status: 'open' as const };
  // The counts the database keeps, as the users' dashboard reads them (services/auctions.ts auctionStats).
  const [counts, totalUsers, recentUsers, openReports, recentAuctions, newestUsers] = await Promise.all([
    auctions.counts(view.now, null),
    users.count(),
    users.count({ createdAfter: new Date(view.now - RECENT_SIGNUP_DAYS * DAY_MS) }),
    deps.store.reports.countOpen(),
    auctions.page(open, { limit: RECENT_AUCTIONS, viewerId: admin.id }),
    users.newest(LATEST_USERS),
  ]);
  return {
    stats: { activeAuctions: counts.open, totalAuctions: counts.listed, totalUsers, recentUsers, openReports },
    recentAuctions: toListedAuctions(recentAuctions.items, view),
    recentUsersList: newestUsers.map((row) => toAdminUser(row, view.publicUrl)),
  };
}

export async function adminUsers(deps: AppDeps, input: AdminUsersInput) {
  const { users, total: totalUsers } = await deps.store.users.adminPage(input);
  const totalPages = Math.ceil(totalUsers / input.limit);
  return {
    data: {
      users: users.map((row) => toAdminUser(row, deps.settings.PUBLIC_URL)),
      pagination: {
        currentPage: input.page,
        totalPages,
        totalUsers,
        limit: input.limit,
        hasNextPage: input.page < totalPages,
        hasPrevPage: input.page > 1,
      },
    },
  };
}

/** Every auction for the console: newest first, by status, a page at a time, with the total on every page. */
export async function adminAuctions(deps: AppDeps, admin: { id: number }, input: AdminAuctionsInput) {
  const status = input.status === 'all' ? undefined : input.status;
  const [page, total] = await Promise.all([
    listAuctions(deps, admin, { status, limit: input.limit, cursor: input.cursor, withCancelled: true }),
    deps.store.auctions.count({ now: deps.now(), status, withCancelled: true }),
  ]);
  return { items: page.items, total, nextCursor: page.nextCursor };
}
