// Auctions: the public shape, reads (lists, stats, one with its bids) and creation with a photo.
import { auctionDateIssues, resolveEnd, resolveStart } from '../../shared/auction-dates';
import { auctionStatus } from '../../shared/auction-status';
import { CATEGORIES, type AuctionSort, type AuctionStatusFilter, type Category } from '../../shared/constants';
import type { CreateAuctionForm } from '../../shared/schemas/auction';
import type { AuctionFilter, AuctionRecord, ListedAuctionRecord, Page } from '../db/records';
import { toBid, type Auction, type Bid } from '../wire';
import type { AppDeps } from '../deps';
import { buyerOf, reserveMet as reserveMetBy } from '../domain/bidding';
import { buyNowAvailable } from '../domain/buying';
import { invalid, notFound } from '../domain/errors';
import { searchWords } from '../domain/search';
import { checkPhotoStart, deletePhoto, photoUrls, storePhoto } from './photos';

export interface AuctionPage {
  items: Auction[];
  /** How many auctions match, over all pages: counted on the first page only (later pages: null). */
  total: number | null;
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** Bids shown on the detail page, newest first; bidsCount still counts them all. */
export const DETAIL_BIDS_LIMIT = 200;

/** Auctions on the dashboards and the landing page. */
const LATEST_COUNT = 3;

/**
 * What the public shape depends on besides the row: the moment (for status and timeLeft), where
 * photos are served, and who asks (for their own maximum).
 */
export interface AuctionView {
  now: number;
  publicUrl: string;
  viewerId: number | null;
}

/** One reading of the clock per request, so every auction in an answer is seen at the same moment. */
/**
 * Tells the live followers of these auctions (their pages, in every instance) to read them afresh:
 * their bids were worked out again, or they were cancelled.
 */
export function reloadFollowers(deps: AppDeps, auctions: ReadonlyArray<{ id: number; bidsCount: number }>): void {
  for (const { id, bidsCount } of auctions) deps.bus.publish({ auctionId: String(id), reload: true, bidsCount });
}

export function viewOf(deps: AppDeps, viewer: { id: number } | null): AuctionView {
  return { now: deps.now(), publicUrl: deps.settings.PUBLIC_URL, viewerId: viewer?.id ?? null };
}

export function toAuction(
  row: AuctionRecord,
  view: AuctionView,
  bidList: Bid[] = [],
  myMaxBid: number | null = null,
  watching = false,
): Auction {
  const endsAt = row.endsAt.getTime();
  const status = row.cancelledAt ? 'cancelled' : auctionStatus(row.startsAt.getTime(), endsAt, view.now);
  // Taken one by one rather than spread into the answer: a whole list maps thousands of auctions, and
  // the spread more than doubled the time of each.
  const { itemPhoto, itemPhotoCard, photos, photoCards } = photoUrls(row.photo, row.morePhotos, view.publicUrl);
  const reserveMet = reserveMetBy(row);
  const auction: Auction = {
    _id: String(row.id),
    itemName: row.itemName,
    itemDescription: row.itemDescription,
    itemCategory: row.itemCategory,
    startingPrice: row.startingPrice,
    currentPrice: row.currentPrice,
    itemPhoto,
    itemPhotoCard,
    photos,
    photoCards,
    itemCondition: row.itemCondition,
    shippingCost: row.shippingCost,
    itemLocation: row.itemLocation,
    itemStartDate: row.startsAt.toISOString(),
    itemEndDate: row.endsAt.toISOString(),
    seller: { _id: String(row.sellerId), name: row.sellerName },
    sellerName: row.sellerName,
    bidsCount: row.bidsCount,
    status,
    timeLeft: status === 'cancelled' ? 0 : Math.max(0, endsAt - view.now),
    // The leader at the end is the winner, from the moment it ends (the close records it within
    // seconds), unless the price stayed below the reserve.
    winner: status === 'ended' && buyerOf(row) !== null ? { _id: String(row.leaderId), name: row.leaderName ?? '' } : null,
    reserveMet,
    buyNowPrice: row.buyNowPrice,
    buyNowAvailable: status === 'open' && buyNowAvailable(row, reserveMet),
    relistedFrom: row.relistedFrom === null ? null : String(row.relistedFrom),
    myMaxBid,
    watching,
    bids: bidList,
  };
  // The reserve's number is its seller's alone: no other answer carries the field at all.
  if (view.viewerId === row.sellerId) auction.reservePrice = row.reservePrice;
  return auction;
}

/** Auctions of a list page in their public shape, with the viewer's own maximum and watch the page read with them. */
export function toListedAuctions(rows: ListedAuctionRecord[], view: AuctionView): Auction[] {
  return rows.map((row) => toAuction(row, view, [], row.viewerMax, row.viewerWatches));
}

/** Opaque ids are decimal strings of our integer keys; anything else names no auction. */
export function parseId(id: string): number | null {
  return /^\d{1,15}$/.test(id) ? Number(id) : null;
}

/** What narrows and orders a list of auctions. */
export interface AuctionListOptions {
  q?: string;
  status?: AuctionStatusFilter | 'cancelled';
  category?: Category;
  sellerId?: number;
  sort?: AuctionSort;
  /** Cancelled auctions too (the administrator's list); the seller's own list has them anyway. */
  withCancelled?: boolean;
}

/** The list's options as the store reads them, at the moment of the view. */
function filterOf(options: AuctionListOptions, view: AuctionView): AuctionFilter {
  return {
    now: view.now,
    status: options.status === 'all' ? undefined : options.status,
    category: options.category,
    sellerId: options.sellerId,
    // The seller's own list shows their cancelled auctions too; every other list leaves them out.
    withCancelled: options.withCancelled ?? (options.sellerId !== undefined && options.sellerId === view.viewerId),
    words: searchWords(options.q),
  };
}

/**
 * One page, newest first unless sorted otherwise, optionally searched (`q`) and of one status,
 * category or seller; the total on the first page only, unless the caller shows none (`withTotal`
 * false: the REST page, whose answer is the auctions alone, is not counted for nothing).
 */
export async function listAuctions(
  deps: AppDeps,
  viewer: { id: number } | null,
  options: AuctionListOptions & { limit: number; cursor?: string | null },
  { withTotal = true }: { withTotal?: boolean } = {},
): Promise<AuctionPage> {
  const view = viewOf(deps, viewer);
  const filter = filterOf(options, view);
  const pageOptions = { ...options, viewerId: view.viewerId };
  let page: Page<ListedAuctionRecord>;
  let total: number | null = null;
  if (options.cursor || !withTotal) page = await deps.store.auctions.page(filter, pageOptions);
  else if (filter.words?.length) {
    // A search's first page is counted first, and plans its read from the count: the search's words
    // are then looked up once less (SQLite's full-text index, the most of what a search costs). On
    // PostgreSQL the two queries then run one after the other, not side by side on two connections.
    total = await deps.store.auctions.count(filter);
    page = await deps.store.auctions.page(filter, { ...pageOptions, counted: total });
  } else [page, total] = await Promise.all([deps.store.auctions.page(filter, pageOptions), deps.store.auctions.count(filter)]);
  return { items: toListedAuctions(page.items, view), total, nextCursor: page.nextCursor };
}

/**
 * Auctions a whole list reads at once. Each page is a query: larger pages cost less per auction, but
 * hardly beyond this size, and smaller ones hold the event loop for less time while they are read
 * (the longest stretch a whole list holds it).
 */
export const WHOLE_LIST_PAGE = 250;

/**
 * Every auction of a list, page after page in the list's order, without a total: for the REST list
 * that answers them all. Seen at one moment like a single page, so that no auction changes its status
 * (and leaves or joins a list of one status) between pages.
 */
export async function* everyAuction(
  deps: AppDeps,
  viewer: { id: number },
  options: AuctionListOptions,
): AsyncGenerator<Auction[], void, undefined> {
  const view = viewOf(deps, viewer);
  const filter = filterOf(options, view);
  let cursor: string | null = null;
  do {
    const page = await deps.store.auctions.page(filter, { sort: options.sort, limit: WHOLE_LIST_PAGE, cursor, viewerId: view.viewerId });
    yield toListedAuctions(page.items, view);
    cursor = page.nextCursor;
  } while (cursor !== null);
}

/** The categories that have at least one auction, in the order of the category list. */
export async function presentCategories(deps: AppDeps): Promise<Category[]> {
  const present = await deps.store.auctions.categories();
  return present.sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b));
}

/**
 * The dashboard: counts (all auctions, the open ones, the caller's own with the cancelled), and the
 * newest open auctions and the caller's newest. The counts are those the database keeps as auctions
 * are written (docs/decisions/0017-counts-the-database-keeps.md), not counted on every read.
 */
export async function auctionStats(deps: AppDeps, userId: number) {
  const view = viewOf(deps, { id: userId });
  const { counts, open, own } = await deps.store.auctions.dashboard(view.now, userId, LATEST_COUNT);
  return {
    totalAuctions: counts.listed,
    activeAuctions: counts.open,
    userAuctionCount: counts.own,
    latestAuctions: toListedAuctions(open, view),
    latestUserAuctions: toListedAuctions(own, view),
  };
}

/** The newest auctions open for bids right now, for the signed-out landing page. */
export async function liveAuctions(deps: AppDeps): Promise<Auction[]> {
  const view = viewOf(deps, null);
  const page = await deps.store.auctions.page({ now: view.now, status: 'open' }, { limit: LATEST_COUNT });
  return page.items.map((row) => toAuction(row, view));
}

/** One auction with its newest bids, and the viewer's own maximum. */
export async function getAuction(deps: AppDeps, viewer: { id: number }, id: string): Promise<Auction> {
  const key = parseId(id);
  if (key === null) throw notFound('Auction not found');
  const [row, bids] = await Promise.all([deps.store.auctions.viewedBy(key, viewer.id), deps.store.bids.newestOf(key, DETAIL_BIDS_LIMIT)]);
  if (!row) throw notFound('Auction not found');
  const auction = toAuction(row, viewOf(deps, viewer), bids.map(toBid), row.viewerMax, row.viewerWatches);
  if (row.viewerOrderId !== null) auction.orderId = String(row.viewerOrderId);
  return auction;
}

/**
 * Stores the photos one after the other, in the order given; if one is refused, none stays. Each is
 * read when its turn comes, so that a create holds one photo's bytes in memory, however many it sends
 * (both doors stream them to disk first: plugins/upload-form.ts). Their sizes and formats are checked
 * before the first is decoded.
 */
async function storePhotos(deps: AppDeps, files: File[]): Promise<string[]> {
  for (const file of files) await checkPhotoStart(file);
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await storePhoto(deps, new Uint8Array(await file.arrayBuffer())));
    return stored;
  } catch (error) {
    await deletePhotos(deps.settings.UPLOAD_DIR, stored);
    throw error;
  }
}

const deletePhotos = (uploadDir: string, photos: string[]) => Promise.all(photos.map((photo) => deletePhoto(uploadDir, photo)));

/** Checks the dates against the server's clock, stores the photos, then the auction. */
export async function createAuction(deps: AppDeps, seller: { id: number }, input: CreateAuctionForm): Promise<Auction> {
  const view = viewOf(deps, seller);
  const startsAt = resolveStart(input.itemStartDate, view.now);
  const endsAt = resolveEnd(input.itemEndDate);
  const issues = auctionDateIssues(startsAt, endsAt, view.now);
  if (issues.length > 0) throw invalid(issues);

  const [photo, ...morePhotos] = await storePhotos(deps, input.itemPhoto);
  try {
    // Only these fields come from the client: seller, prices and counts are the server's.
    const row = await deps.store.auctions.insert({
      sellerId: seller.id,
      itemName: input.itemName,
      itemDescription: input.itemDescription,
      itemCategory: input.itemCategory,
      startingPrice: input.startingPrice,
      reservePrice: input.reservePrice ?? null,
      buyNowPrice: input.buyNowPrice ?? null,
      itemCondition: input.itemCondition ?? null,
      shippingCost: input.shippingCost ?? null,
      itemLocation: input.itemLocation ?? null,
      photo: photo!,
      morePhotos,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      createdAt: new Date(view.now),
    });
    return toAuction(row, view);
  } catch (error) {
    await deletePhotos(deps.settings.UPLOAD_DIR, [photo!, ...morePhotos]);
    throw error;
  }
}
