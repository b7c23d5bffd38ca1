// The auction search on SQLite. It differs from PostgreSQL's (pg/search.ts) in where the words are:
// here an FTS5 table beside the auctions (auctions_search, kept by triggers: drizzle/sqlite/0011),
// whose matches a list joins by id and which counts its matches without reading the auctions. What it
// read of the index, a search keeps for the next one of the same words while the index's version holds
// (drizzle/sqlite/0033).
import { sql, type SQL } from 'drizzle-orm';
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
 * made just before it; another page from the last count of the same words, or counts the index's
 * matches up to here.
 */
const MANY_MATCHES = 500;

/**
 * A walk checks each auction against the matches, which SQLite reads from the index into a table of
 * their own for each page: most of what a search with many matches costs. So the matches are kept in
 * memory, for every page of the same words while the index's version holds (auctions_search_version,
 * raised by every write of the index), and the walk asks search_matched instead. Kept for searches of
 * at most KEEP_AT_MOST matches (reading more at once would hold the event loop), up to KEPT_IDS ids
 * in all, the least recently used dropped first; a search beyond them walks checking the index, as
 * before, having tried once at this version.
 */
const KEEP_AT_MOST = 20_000;
const KEPT_IDS = 200_000;
/** Searches whose counts are remembered to plan their pages, the least recently used forgotten first. */
const COUNTS_KEPT = 1_000;
/**
 * A page reads the matches it was given a moment after it was planned: kept matches used this
 * recently (by the monotonic clock, which no change of the system's time moves) are never dropped,
 * so that no page finds its own gone.
 */
const IN_USE_MS = 1_000;

/** Matches kept in memory, by key: search_matched's argument, on every connection of the process. */
const keptMatches = new Map<number, { ids: Set<number>; usedAt: number }>();
let lastKey = 0;

/**
 * The auction's id among the index's matches of a query (`term`): the id as it is, by which SQLite looks
 * the matches up, or behind a unary plus, so that it walks the sort's index instead.
 */
const inIndex = (id: SQL) => (term: SQL) => sql`${id} in (select rowid from auctions_search where auctions_search match ${term})`;

/** What a search knows of its words at one version of the index. */
interface Known {
  version: number;
  /** The count of the matches, or at least MANY_MATCHES: all a plan needs. */
  matches: number;
  /**
   * The key of the matches kept in memory; 'walk' when they are not kept at this version (too many,
   * or no room: the page walks checking the index, without reading the matches again); null when not
   * looked at yet.
   */
  kept: number | 'walk' | null;
}

export function sqliteSearch(db: SqliteDb): AuctionSearch {
  const sqlite = db.$client;
  const versionStatement = sqlite.prepare<[], number>('select version from auctions_search_version where id = 1').pluck();
  // Without its row (deleted by hand), no version is ever the same as another, and nothing is reused.
  const versionOf = () => versionStatement.get() ?? Number.NaN;
  // The limits are written into the statements: a bound one would have SQLite compile them again on every run (rowLimit, dialect.ts).
  const matchesUpTo = sqlite
    .prepare<[string], number>(
      `select count(*) from (select rowid from auctions_search where auctions_search match ? limit ${MANY_MATCHES})`,
    )
    .pluck();
  const countMatches = sqlite.prepare<[string], number>('select count(*) from auctions_search where auctions_search match ?').pluck();
  const matchIds = sqlite
    .prepare<[string], number>(`select rowid from auctions_search where auctions_search match ? limit ${KEEP_AT_MOST + 1}`)
    .pluck();
  sqlite.function('search_matched', (key, id) => {
    const kept = keptMatches.get(key as number);
    // Never: matches in use are not dropped (IN_USE_MS). Rather a failed page than a wrong one.
    if (kept === undefined) throw new Error('the matches of a search in progress were dropped');
    return kept.ids.has(id as number) ? 1 : 0;
  });

  /** By query; a Map iterates in the order its keys were set, so the least recently used come first. */
  const known = new Map<string, Known>();
  const remember = (query: string, knowing: Known) => {
    known.delete(query);
    if (known.size >= COUNTS_KEPT) known.delete(known.keys().next().value!);
    known.set(query, knowing);
    return knowing;
  };
  /** What is known of the query at this version of the index; if nothing, at least `counted`, or its count up to MANY_MATCHES. */
  const knownAt = (query: string, version: number, counted: number | undefined) => {
    const knowing = known.get(query);
    if (knowing?.version === version) return remember(query, knowing);
    return remember(query, { version, matches: counted ?? matchesUpTo.get(query)!, kept: null });
  };
  /**
   * Room for this many more ids, if it can be made: matches that no search knows at this version any
   * more go (they can never be read again), then the least recently used, as many as it takes; none
   * in use.
   */
  const makeRoom = (more: number, version: number) => {
    const now = performance.now();
    const current = new Set([...known.values()].filter((knowing) => knowing.version === version).map((knowing) => knowing.kept));
    const idle = [...keptMatches].filter(([, kept]) => now - kept.usedAt >= IN_USE_MS);
    for (const [key] of idle.filter(([key]) => !current.has(key))) keptMatches.delete(key);
    let total = [...keptMatches.values()].reduce((sum, kept) => sum + kept.ids.size, 0) + more;
    const leastUsed = idle.filter(([key]) => current.has(key));
    if (total - leastUsed.reduce((sum, [, kept]) => sum + kept.ids.size, 0) > KEPT_IDS) return false;
    for (const [key, kept] of leastUsed) {
      if (total <= KEPT_IDS) break;
      keptMatches.delete(key);
      total -= kept.ids.size;
    }
    return true;
  };
  /** The query's matches kept in memory: read now if they are not, unless there are too many or no room. */
  const keptOf = (query: string, knowing: Known) => {
    if (knowing.kept === 'walk') return null;
    let key = knowing.kept;
    let kept = key === null ? undefined : keptMatches.get(key);
    if (key === null || kept === undefined) {
      const ids = knowing.matches > KEEP_AT_MOST ? null : matchIds.all(query);
      if (ids === null || ids.length > KEEP_AT_MOST || !makeRoom(ids.length, knowing.version)) {
        knowing.kept = 'walk';
        return null;
      }
      kept = { ids: new Set(ids), usedAt: 0 };
      knowing.kept = key = ++lastKey;
    }
    kept.usedAt = performance.now();
    // Set again, at the end of the Map: the most recently used.
    keptMatches.delete(key);
    keptMatches.set(key, kept);
    return key;
  };

  return {
    /**
     * Auctions whose name or description has a word starting with each of the words. A page with many
     * matches walks the order's index, checking each auction against the matches kept in memory or,
     * for words with too many to keep, against the index's: there the unary plus keeps SQLite from
     * looking the matches up by id instead.
     */
    matching(words, use, counted) {
      const query = prefixQuery(words);
      const lookup = { form: 'lookup', value: query, on: inIndex(sql`${auctions.id}`) };
      // A count of the whole filter is a better guide than the index's matches (the other filters may
      // leave few of them), and reading the index again is what the search costs most.
      if (use === 'count' || (counted !== undefined && counted < MANY_MATCHES)) return lookup;
      // Read before the matches, so that a write between them leaves the matches newer than their version, never older.
      const knowing = knownAt(query, versionOf(), counted);
      if (knowing.matches < MANY_MATCHES) return lookup;
      const key = keptOf(query, knowing);
      if (key !== null) return { form: 'kept', value: key, on: (term) => sql`search_matched(${term}, ${auctions.id})` };
      return { form: 'walk', value: query, on: inIndex(sql`+${auctions.id}`) };
    },
    // A search alone is counted in the full-text index, without reading a row of the table.
    async countAlone(words) {
      const query = prefixQuery(words);
      const version = versionOf();
      const matches = countMatches.get(query)!;
      const knowing = known.get(query);
      // The matches already kept at this version stay kept.
      remember(query, { version, matches, kept: knowing?.version === version ? knowing.kept : null });
      return matches;
    },
  };
}
