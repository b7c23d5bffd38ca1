// What administrators read: system counts, the newest users and auctions, users searched and sorted, messages.
import { and, asc, count, desc, eq, gt, lte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DAY_MS, type Role } from '../../shared/constants';
import type { AdminAuctionsInput, AdminUserSortColumn, AdminUsersInput } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import { auctions, users, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { toAuction, viewOf, type Auction, type AuctionView } from './auctions';

export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
  lastLogin: string | null;
  avatar: string | null;
  location: { city: string | null; region: string | null; country: string | null } | null;
}

export const RECENT_SIGNUP_DAYS = 7;
const RECENT_AUCTIONS = 6;
const LATEST_USERS = 10;

function toAdminUser(row: UserRow): AdminUser {
  const { lastLoginCity: city, lastLoginRegion: region, lastLoginCountry: country } = row;
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    avatar: row.avatar,
    location: city || region || country ? { city, region, country } : null,
  };
}

const countOf = (db: Db, table: typeof users | typeof auctions, where?: SQL) => db.select({ n: count() }).from(table).where(where).get()!.n;

function auctionsWhere(db: Db, where: SQL | undefined, view: AuctionView, limit: number): Auction[] {
  return db
    .select({ auction: auctions, sellerName: users.name })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .where(where)
    .orderBy(desc(auctions.id))
    .limit(limit)
    .all()
    .map((r) => toAuction({ ...r.auction, sellerName: r.sellerName }, view));
}

export function adminDashboard(deps: AppDeps) {
  const { db } = deps;
  const view = viewOf(deps);
  const now = view.now;
  const active = gt(auctions.endsAt, new Date(now));
  return {
    stats: {
      activeAuctions: countOf(db, auctions, active),
      totalAuctions: countOf(db, auctions),
      totalUsers: countOf(db, users),
      recentUsers: countOf(db, users, gt(users.createdAt, new Date(now - RECENT_SIGNUP_DAYS * DAY_MS))),
    },
    recentAuctions: auctionsWhere(db, and(lte(auctions.startsAt, new Date(now)), active), view, RECENT_AUCTIONS),
    recentUsersList: db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(LATEST_USERS).all().map(toAdminUser),
  };
}

const SORT_COLUMNS: Record<AdminUserSortColumn, SQLWrapper> = {
  name: sql`${users.name} collate nocase`,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  lastLogin: users.lastLoginAt,
};

/** Searches this long and longer are served by the trigram index (users_search, migration 0002). */
const TRIGRAM = 3;

/** Literal, case-insensitive substring search on name or email: % and _ are plain characters here. */
function matching(search: string): SQL | undefined {
  if (!search) return undefined;
  if ([...search].length >= TRIGRAM) {
    // A quoted FTS5 phrase is matched literally; the trigram tokenizer folds case.
    const phrase = `"${search.replaceAll('"', '""')}"`;
    return sql`${users.id} in (select rowid from users_search where users_search match ${phrase})`;
  }
  // One or two characters make no trigram: read the names. unicode_lower is registered by
  // openDatabase, since SQLite's own lower() folds ASCII only.
  const needle = search.toLowerCase();
  return sql`(instr(unicode_lower(${users.name}), ${needle}) > 0 or instr(unicode_lower(${users.email}), ${needle}) > 0)`;
}

export function adminUsers(db: Db, input: AdminUsersInput) {
  const where = and(matching(input.search), input.role === 'all' ? undefined : eq(users.role, input.role));
  const totalUsers = countOf(db, users, where);
  const direction = input.sortOrder === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[input.sortBy];
  // Never-logged-in users sort after everyone else either way; the id keeps equal values in a stable order.
  const order = [
    ...(input.sortBy === 'lastLogin' ? [sql`${users.lastLoginAt} is null`] : []),
    direction(column),
    direction(users.id),
  ];
  const rows = db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .all();
  const totalPages = Math.ceil(totalUsers / input.limit);
  return {
    data: {
      users: rows.map(toAdminUser),
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

/** Every auction for the console: newest first, by status, a page at a time by id. */
export function adminAuctions(deps: AppDeps, input: AdminAuctionsInput) {
  const { db } = deps;
  const view = viewOf(deps);
  const now = new Date(view.now);
  const status = input.status === 'active' ? gt(auctions.endsAt, now) : input.status === 'ended' ? lte(auctions.endsAt, now) : undefined;
  const total = countOf(db, auctions, status);
  const items = auctionsWhere(db, and(status, input.cursor ? lt(auctions.id, Number(input.cursor)) : undefined), view, input.limit + 1);
  const page = items.slice(0, input.limit);
  return { items: page, total, nextCursor: items.length > input.limit ? page[page.length - 1]!._id : null };
}
