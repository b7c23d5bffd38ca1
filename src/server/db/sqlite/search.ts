// The auction search on SQLite. It differs from PostgreSQL's (pg/search.ts) in where the words are:
// here an FTS5 table beside the auctions (auctions_search, kept by triggers: drizzle/sqlite/0011),
// whose matches a list joins by id and which counts its matches without reading the auctions.
import { sql } from 'drizzle-orm';
import type { AuctionSearch } from '../common/lists';
import type { SqliteDb } from './open';
import { auctions } from './schema';

/**
 * An FTS5 query asking for every word as a prefix: each one quoted, so that whatever it holds is text
 * to find and never query syntax (OR, NEAR, a star, a minus), with the quote itself doubled.
 */
function prefixQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * A search finds its matches through auctions_search, then either reads them and sorts them (few
 * matches: cheap whatever the order) or walks the sort's own index and keeps the rows that match
 * (many matches: a page fills after a few steps, where sorting them all would read thousands of
 * rows). From this many matches on, the index is walked. A first page plans from the list's count,
 * made just before it; a later page counts the index's matches up to here.
 */
const MANY_MATCHES = 500;

export function sqliteSearch(db: SqliteDb): AuctionSearch {
  // The limit is written into the statement: a bound one would have SQLite compile it again on every run (rowLimit, dialect.ts).
  const matchesUpTo = db.$client
    .prepare<[string], number>(
      `select count(*) from (select rowid from auctions_search where auctions_search match ? limit ${MANY_MATCHES})`,
    )
    .pluck();
  const countMatches = db.$client.prepare<[string], number>('select count(*) from auctions_search where auctions_search match ?').pluck();
  return {
    /**
     * Auctions whose name or description has a word starting with each of the words. On a page with
     * many matches, the unary plus keeps SQLite from looking the matches up by id, so that it walks
     * the order's index instead.
     */
    matching(words, use, counted) {
      const query = prefixQuery(words);
      // A count of the whole filter is a better guide than the index's matches (the other filters may
      // leave few of them), and reading the index again is what the search costs most.
      const walkSortIndex = use === 'page' && (counted ?? matchesUpTo.get(query)!) >= MANY_MATCHES;
      const id = walkSortIndex ? sql`+${auctions.id}` : sql`${auctions.id}`;
      return {
        form: walkSortIndex ? 'walk' : 'lookup',
        value: query,
        on: (term) => sql`${id} in (select rowid from auctions_search where auctions_search match ${term})`,
      };
    },
    // A search alone is counted in the full-text index, without reading a row of the table.
    async countAlone(words) {
      return countMatches.get(prefixQuery(words))!;
    },
  };
}
