// What a saved search asks for, and which of them an auction that opens matches: the rule, pure. The
// tick that claims each auction as it opens (db/common/saved-searches.ts) reads the searches that may
// match it and writes the notices this returns, in one transaction.
import { formatDollars } from '../../shared/bids';
import type { Category } from '../../shared/constants';
import { hasEnded, type Notice } from './bidding';
import { searchWords, wordMatcher } from './search';

/** What a search narrows to: words (as the auction search reads them), a category, a highest price; null is "any". */
export interface SearchCriteria {
  q: string | null;
  category: Category | null;
  maxPrice: number | null;
}

export interface SavedSearchOf extends SearchCriteria {
  userId: number;
}

/** What the rule needs to know of the auction that opened. */
export interface OpenedAuction {
  sellerId: number;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  currentPrice: number;
  endsAt: Date;
  closedAt: Date | null;
  cancelledAt: Date | null;
}

/**
 * The criteria as they are kept: a text without a word the search would look for (blank, or only
 * one-letter words) is no text at all, as it is in the auction search. Null when nothing is left to
 * narrow by: such a search would match every auction, and is refused.
 */
export function savedCriteria(input: { q?: string; category?: Category; maxPrice?: number }): SearchCriteria | null {
  const q = input.q !== undefined && searchWords(input.q).length > 0 ? input.q : null;
  const criteria = { q, category: input.category ?? null, maxPrice: input.maxPrice ?? null };
  return q === null && criteria.category === null && criteria.maxPrice === null ? null : criteria;
}

/** The search in words, as a notice names it: “brass lamp” in Home up to $50. */
export function searchInWords({ q, category, maxPrice }: SearchCriteria): string {
  return [
    q === null ? null : `“${q}”`,
    category === null ? null : `in ${category}`,
    maxPrice === null ? null : `up to ${formatDollars(maxPrice)}`,
  ]
    .filter((part) => part !== null)
    .join(' ');
}

/**
 * The `new_match` notices an auction owes as it opens: one per saved search it matches, to the
 * search's owner. A search matches when each of its words starts a word of the name or the
 * description (as the auction search finds them), the category is the search's (or it has none),
 * and the current price is at most its highest (or it has none). Nobody hears of their own auction;
 * an auction cancelled, closed or ended by the time it is looked at (a server that was down past its
 * end) tells nobody.
 */
export function newMatchNotices(auction: OpenedAuction, searches: SavedSearchOf[], now: number): Notice[] {
  if (auction.cancelledAt !== null || hasEnded(auction, now)) return [];
  const matches = wordMatcher(`${auction.itemName}\n${auction.itemDescription}`);
  return searches
    .filter(
      (search) =>
        search.userId !== auction.sellerId &&
        (search.category === null || search.category === auction.itemCategory) &&
        (search.maxPrice === null || auction.currentPrice <= search.maxPrice) &&
        matches(searchWords(search.q ?? undefined)),
    )
    .map((search) => ({
      userId: search.userId,
      kind: 'new_match',
      message: `A new auction matches your saved search ${searchInWords(search)}: “${auction.itemName}”.`,
    }));
}
