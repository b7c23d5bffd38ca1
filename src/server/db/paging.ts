// Keyset paging, the same for every list: read one row more than the page holds; if it came, the
// page's last row names where the next page starts. Cheap at any depth, unlike OFFSET.
import type { Page } from './records';

/** The page of `rows` (read with `limit + 1`), with the cursor of the next page when there is one. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (row: T) => string): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? cursorOf(items[items.length - 1]!) : null };
}

/** Cursors of lists paged by id are the id itself, as decimal digits; anything else starts at the top. */
export function idCursor(cursor: string | null | undefined): number | null {
  return cursor && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
}

/** Where a page of a list sorted by some value starts: after this value, and of equal values, after this id. */
export interface KeyCursor {
  key: number;
  id: number;
}

/**
 * The cursor of a list sorted by a value (a price, a count, a time): opaque to clients, and naming its
 * sort, so that a cursor of one order handed to another is refused rather than misread.
 */
export function encodeKeyCursor(sort: string, { key, id }: KeyCursor): string {
  return Buffer.from(`${sort}:${key}:${id}`).toString('base64url');
}

/** The position a cursor of that sort names, or null when it is not one. */
export function decodeKeyCursor(sort: string, cursor: string): KeyCursor | null {
  const match = /^([a-z_]+):(-?\d{1,15}):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || match[1] !== sort) return null;
  return { key: Number(match[2]), id: Number(match[3]) };
}

/**
 * A place in one of a user's own lists (the watchlist, my bids): open auctions first by soonest end
 * (group 0), then scheduled ones by soonest start (1), then ended ones, most recently ended first (2,
 * the end negated), and of equal times by id; `at` is the moment the groups were read at.
 */
export interface OwnListPosition {
  at: number;
  group: 0 | 1 | 2;
  key: number;
  id: number;
}

/** Where an auction stands in a user's own list seen at `at`. */
export function ownListPosition(row: { id: number; startsAt: Date; endsAt: Date }, at: number): OwnListPosition {
  const [startsAt, endsAt] = [row.startsAt.getTime(), row.endsAt.getTime()];
  if (endsAt <= at) return { at, group: 2, key: -endsAt, id: row.id };
  if (startsAt > at) return { at, group: 1, key: startsAt, id: row.id };
  return { at, group: 0, key: endsAt, id: row.id };
}

/**
 * The cursor of a user's own list: opaque to clients, naming the position of the page's last auction
 * and the moment of the first page, so that every page sorts as the first did and an auction that
 * opens or ends between two pages neither comes twice nor goes missing.
 */
export function encodeOwnListCursor({ at, group, key, id }: OwnListPosition): string {
  return Buffer.from(`own:${at}:${group}:${key}:${id}`).toString('base64url');
}

/** Times a cursor may name: the years 1 to 9999, which both databases read. */
export const [EARLIEST_MS, LATEST_MS] = [Date.parse('0001-01-01T00:00:00.000Z'), Date.parse('9999-12-31T23:59:59.999Z')];

/** The position an own list's cursor names, or null when it is not one. */
export function decodeOwnListCursor(cursor: string): OwnListPosition | null {
  const match = /^own:(-?\d{1,15}):([012]):(-?\d{1,15}):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) return null;
  const at = Number(match[1]);
  if (at < EARLIEST_MS || at > LATEST_MS) return null;
  return { at, group: Number(match[2]) as 0 | 1 | 2, key: Number(match[3]), id: Number(match[4]) };
}

/**
 * Where a page of a user's own list starts: the first page at `now`, or after the cursor's position,
 * in the order seen at the cursor's moment. Before every auction, the first page starts at group -1.
 */
export function ownListStart(
  now: number,
  cursor: string | null | undefined,
): { at: number; group: number; key: number; id: number } | null {
  if (!cursor) return { at: now, group: -1, key: 0, id: 0 };
  return decodeOwnListCursor(cursor);
}
