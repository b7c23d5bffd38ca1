// Keyset paging, the same for every list: read one row more than the page holds; if it came, the
// page's last row names where the next page starts. Cheap at any depth, unlike OFFSET.
import type { Page } from './store';

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
