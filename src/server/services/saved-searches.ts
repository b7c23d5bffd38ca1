// Saved searches: a user keeps up to SAVED_SEARCHES_MAX of them, and hears of each auction that opens
// matching one (docs/rules/lists-and-search.md#saved-searches). Every server process looks once a
// second, on the close's tick, for auctions that have opened since; the store claims each with a
// conditional update and writes the `new_match` notices in the same transaction, so each search's owner
// is told of each auction exactly once, however many processes look.
import type { Category } from '../../shared/constants';
import { SAVED_SEARCH_WORDS, SAVED_SEARCHES_MAX } from '../../shared/listing';
import type { SaveSearchInput } from '../../shared/schemas/saved-searches';
import type { SavedSearchRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { conflict, invalid, notFound } from '../domain/errors';
import { newMatchNotices, savedCriteria } from '../domain/saved-searches';
import { parseId } from './auctions';

/** A saved search as both doors answer it. */
export interface SavedSearch {
  _id: string;
  q: string | null;
  category: Category | null;
  maxPrice: number | null;
  createdAt: string;
}

export function toSavedSearch(record: SavedSearchRecord): SavedSearch {
  return {
    _id: String(record.id),
    q: record.q,
    category: record.category,
    maxPrice: record.maxPrice,
    createdAt: record.createdAt.toISOString(),
  };
}

/** The caller's saved searches, newest first. */
export async function listSavedSearches(deps: AppDeps, userId: number): Promise<SavedSearch[]> {
  return (await deps.store.searches.ofUser(userId)).map(toSavedSearch);
}

/**
 * Saves a search: text, a category, a highest price, or any of them together; one that narrows by
 * nothing (no word to look for, no category, no price) is refused, as it would match every auction.
 * Saving the same search again answers the one already kept.
 */
export async function saveSearch(deps: AppDeps, userId: number, input: SaveSearchInput): Promise<SavedSearch> {
  const criteria = savedCriteria(input);
  if (!criteria) throw invalid([{ path: 'q', message: SAVED_SEARCH_WORDS.empty }]);
  const saved = await deps.store.searches.save({ userId, ...criteria, createdAt: new Date(deps.now()) }, SAVED_SEARCHES_MAX);
  if (saved === 'full') throw conflict(SAVED_SEARCH_WORDS.full);
  return toSavedSearch(saved);
}

/** Deletes one of the caller's searches; another user's is not found, as an unknown one. */
export async function deleteSavedSearch(deps: AppDeps, userId: number, id: string): Promise<{ message: string }> {
  const searchId = parseId(id);
  if (searchId === null || !(await deps.store.searches.delete(userId, searchId))) throw notFound(SAVED_SEARCH_WORDS.notFound);
  return { message: SAVED_SEARCH_WORDS.deleted };
}

/** Auctions claimed per batch; a backlog is worked through batch after batch, letting requests run between. */
const MATCH_BATCH = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Matches every auction that opened since the last look against the saved searches; whom it told (once per auction). */
export async function matchSavedSearches(deps: AppDeps): Promise<number[]> {
  const told: number[] = [];
  for (;;) {
    const now = deps.now();
    const { due, userIds } = await deps.store.searches.matchDue(now, MATCH_BATCH, (auction, searches) =>
      newMatchNotices(auction, searches, now),
    );
    told.push(...userIds);
    // After the commit, so a bell never counts a notice that could still roll back.
    deps.notices.publish(userIds);
    if (due < MATCH_BATCH) return told;
    await nextTurn();
  }
}
