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
