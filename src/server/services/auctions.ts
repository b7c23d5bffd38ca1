// Auctions: the public shape, reads (lists, stats, one with its bids) and creation with a photo.
import { and, count, desc, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import { auctionDateIssues, resolveEnd, resolveStart } from '../../shared/auction-dates';
import { CATEGORIES, PHOTO_MAX_BYTES, type Category } from '../../shared/constants';
import type { createAuctionInput } from '../../shared/schemas/auction';
import type { Db } from '../db/client';
import { perDb } from '../db/prepared';
import { auctions, bids, users, type AuctionRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { TRPCError } from '@trpc/server';
import { invalid, notFound } from './errors';
import { deletePhoto, photoTooLarge, photoUrls, storePhoto } from './photos';
import type { z } from 'zod';

export interface Bid {
  _id: string;
  bidder: { _id: string; name: string };
  bidAmount: number;
  bidTime: string;
}

export interface Auction {
  _id: string;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  startingPrice: number;
  currentPrice: number;
  itemPhoto: string;
  /** A 640×480 WebP copy for cards and lists. */
  itemPhotoCard: string;
  itemStartDate: string;
  itemEndDate: string;
  seller: { _id: string; name: string };
  sellerName: string;
  bidsCount: number;
  /** Milliseconds until the end by the server's clock; 0 once ended. */
  timeLeft: number;
  bids: Bid[];
}

/** Bids shown on the detail page, newest first; bidsCount still counts them all. */
export const DETAIL_BIDS_LIMIT = 200;

type AuctionWithSeller = AuctionRow & { sellerName: string };

/** What the public shape depends on besides the row: the moment (for timeLeft) and where photos are served. */
export interface AuctionView {
  now: number;
  publicUrl: string;
}

/** One reading of the clock per request, so every auction in an answer is seen at the same moment. */
export function viewOf(deps: AppDeps): AuctionView {
  return { now: deps.now(), publicUrl: deps.settings.PUBLIC_URL };
}

export function toAuction(row: AuctionWithSeller, view: AuctionView, bidList: Bid[] = []): Auction {
  return {
    _id: String(row.id),
    itemName: row.itemName,
    itemDescription: row.itemDescription,
    itemCategory: row.itemCategory,
    startingPrice: row.startingPrice,
    currentPrice: row.currentPrice,
    ...photoUrls(row.photo, view.publicUrl),
    itemStartDate: row.startsAt.toISOString(),
    itemEndDate: row.endsAt.toISOString(),
    seller: { _id: String(row.sellerId), name: row.sellerName },
    sellerName: row.sellerName,
    bidsCount: row.bidsCount,
    timeLeft: Math.max(0, row.endsAt.getTime() - view.now),
    bids: bidList,
  };
}

/** Opaque ids are decimal strings of our integer keys; anything else names no auction. */
export function parseId(id: string): number | null {
  return /^\d{1,15}$/.test(id) ? Number(id) : null;
}

const withSeller = (db: Db) =>
  db
    .select({ auction: auctions, sellerName: users.name })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId));

const flatten = (r: { auction: AuctionRow; sellerName: string }): AuctionWithSeller => ({ ...r.auction, sellerName: r.sellerName });

function listWhere(db: Db, where: SQL | undefined, view: AuctionView, limit: number): Auction[] {
  return withSeller(db).where(where).orderBy(desc(auctions.id)).limit(limit).all().map((r) => toAuction(flatten(r), view));
}

export interface AuctionPage {
  items: Auction[];
  /** How many auctions match, over all pages: counted on the first page only (later pages: null). */
  total: number | null;
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** One page, newest first, optionally of one category or one seller; keyset pages by id. */
export function listAuctions(deps: AppDeps, options: { category?: Category; sellerId?: number; limit: number; cursor?: string | null }): AuctionPage {
  const { db } = deps;
  const matching = and(
    options.category ? eq(auctions.itemCategory, options.category) : undefined,
    options.sellerId === undefined ? undefined : eq(auctions.sellerId, options.sellerId),
  );
  const where = and(matching, options.cursor ? lt(auctions.id, Number(options.cursor)) : undefined);
  const total = options.cursor ? null : db.select({ n: count() }).from(auctions).where(matching).get()!.n;
  const rows = listWhere(db, where, viewOf(deps), options.limit + 1);
  const items = rows.slice(0, options.limit);
  return { items, total, nextCursor: rows.length > options.limit ? items[items.length - 1]!._id : null };
}

/** The categories that have at least one auction, in the order of SPEC §3. */
export function presentCategories(db: Db): Category[] {
  return db
    .selectDistinct({ category: auctions.itemCategory })
    .from(auctions)
    .all()
    .map((r) => r.category)
    .sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b));
}

export function auctionStats(deps: AppDeps, userId: number) {
  const { db } = deps;
  const view = viewOf(deps);
  const active = gt(auctions.endsAt, new Date(view.now));
  const countWhere = (where?: SQL) => db.select({ n: count() }).from(auctions).where(where).get()!.n;
  return {
    totalAuctions: countWhere(),
    activeAuctions: countWhere(active),
    userAuctionCount: countWhere(eq(auctions.sellerId, userId)),
    latestAuctions: listWhere(db, active, view, 3),
    latestUserAuctions: listWhere(db, eq(auctions.sellerId, userId), view, 3),
  };
}

/** The newest auctions open for bids right now, for the signed-out landing page. */
export function liveAuctions(deps: AppDeps, limit = 3): Auction[] {
  const view = viewOf(deps);
  const now = new Date(view.now);
  return listWhere(deps.db, and(lte(auctions.startsAt, now), gt(auctions.endsAt, now)), view, limit);
}

const auctionById = perDb((db) =>
  withSeller(db)
    .where(eq(auctions.id, sql`${sql.placeholder('id')}`))
    .prepare(),
);

const bidsOf = perDb((db) =>
  db
    .select({ id: bids.id, amount: bids.amount, createdAt: bids.createdAt, bidderId: bids.bidderId, bidderName: users.name })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(eq(bids.auctionId, sql`${sql.placeholder('auctionId')}`))
    .orderBy(desc(bids.id))
    .limit(DETAIL_BIDS_LIMIT)
    .prepare(),
);

export function toBid(row: { id: number; amount: number; createdAt: Date; bidderId: number; bidderName: string }): Bid {
  return {
    _id: String(row.id),
    bidder: { _id: String(row.bidderId), name: row.bidderName },
    bidAmount: row.amount,
    bidTime: row.createdAt.toISOString(),
  };
}

/** One auction with its bids, newest first. */
export function getAuction(deps: AppDeps, id: string): Auction {
  const key = parseId(id);
  const row = key === null ? undefined : auctionById(deps.db).get({ id: key });
  if (!row) throw notFound('Auction not found');
  return toAuction(flatten(row), viewOf(deps), bidsOf(deps.db).all({ auctionId: key! }).map(toBid));
}


type CreateAuctionForm = z.output<typeof createAuctionInput>;


/** Checks the dates against the server's clock, stores the photo, then the auction. */
export async function createAuction(deps: AppDeps, seller: { id: number; name: string }, input: CreateAuctionForm): Promise<Auction> {
  const view = viewOf(deps);
  const now = view.now;
  const startsAt = resolveStart(input.itemStartDate, now);
  const endsAt = resolveEnd(input.itemEndDate);
  const issues = auctionDateIssues(startsAt, endsAt, now);
  if (issues.length > 0) throw invalid(issues);
  if (input.itemPhoto.size > PHOTO_MAX_BYTES) throw photoTooLarge();

  const photo = await storePhoto(deps.settings.UPLOAD_DIR, new Uint8Array(await input.itemPhoto.arrayBuffer()));
  try {
    // Only these columns come from the client: seller, prices and counts are the server's.
    const row = deps.db
      .insert(auctions)
      .values({
        sellerId: seller.id,
        itemName: input.itemName,
        itemDescription: input.itemDescription,
        itemCategory: input.itemCategory,
        startingPrice: input.startingPrice,
        currentPrice: input.startingPrice,
        photo,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        createdAt: new Date(now),
      })
      .returning()
      .get();
    return toAuction({ ...row, sellerName: seller.name }, view);
  } catch (error) {
    await deletePhoto(deps.settings.UPLOAD_DIR, photo);
    throw error;
  }
}
