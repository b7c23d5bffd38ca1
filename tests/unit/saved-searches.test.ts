// The saved-search rule, pure: how words are folded and matched against an auction's text, what a
// search keeps, how a notice names it, and which searches an opening auction tells.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newMatchNotices,
  savedCriteria,
  searchInWords,
  type OpenedAuction,
  type SavedSearchOf,
} from '../../src/server/domain/saved-searches';
import { foldWord, searchWords, wordMatcher } from '../../src/server/domain/search';

const NOW = Date.parse('2026-06-01T12:00:00Z');

const auction = (fields: Partial<OpenedAuction> = {}): OpenedAuction => ({
  sellerId: 1,
  itemName: 'Brass lamp',
  itemDescription: 'A working desk lamp.',
  itemCategory: 'Home & Garden',
  currentPrice: 20,
  endsAt: new Date(NOW + 60_000),
  closedAt: null,
  cancelledAt: null,
  ...fields,
});

const search = (fields: Partial<SavedSearchOf> = {}): SavedSearchOf => ({ userId: 2, q: null, category: null, maxPrice: null, ...fields });

describe('foldWord and wordMatcher', () => {
  it('fold case, accents and compatibility forms', () => {
    expect(['Café', 'CAFE\u0301', 'Œuvre', 'ﬁne', 'Ångström', 'İstanbul'].map(foldWord)).toEqual([
      'cafe',
      'cafe',
      'œuvre',
      'fine',
      'angstrom',
      'istanbul',
    ]);
  });

  it('match each word as the start of a word of the text, all of them', () => {
    const matches = wordMatcher('Café bicycle — vintage cafetière; l’été 1968');
    expect(matches(['bic'])).toBe(true);
    expect(matches(['BICYCLE', 'CAFÉ'])).toBe(true);
    expect(matches(['cafetiere', 'ete', '19'])).toBe(true);
    expect(matches(['cycle'])).toBe(false);
    expect(matches(['bic', 'zebra'])).toBe(false);
    expect(matches(['bicycles'])).toBe(false);
    expect(matches([])).toBe(true);
  });

  it('agree with comparing every word of the text, for any text and words', () => {
    const letters = fc.constantFrom(...'abcéeÉ1 .,-'.split(''));
    const text = fc.array(letters, { maxLength: 40 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, text, (body, typed) => {
        const words = searchWords(typed);
        const textWords = (body.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).map(foldWord);
        const expected = words.every((word) => textWords.some((w) => w.startsWith(foldWord(word))));
        expect(wordMatcher(body)(words)).toBe(expected);
      }),
    );
  });
});

describe('savedCriteria and searchInWords', () => {
  it('keep text with a word to look for, and refuse a search that narrows by nothing', () => {
    expect(savedCriteria({ q: 'brass lamp' })).toEqual({ q: 'brass lamp', category: null, maxPrice: null });
    expect(savedCriteria({ q: 'a b', category: 'Art' })).toEqual({ q: null, category: 'Art', maxPrice: null });
    expect(savedCriteria({ maxPrice: 0 })).toEqual({ q: null, category: null, maxPrice: 0 });
    for (const input of [{}, { q: 'a b c' }, { q: '"*"' }]) expect(savedCriteria(input)).toBeNull();
  });

  it('name the search as a notice does', () => {
    expect(searchInWords({ q: 'brass lamp', category: 'Home & Garden', maxPrice: 1500 })).toBe(
      '“brass lamp” in Home & Garden up to $1,500',
    );
    expect(searchInWords({ q: null, category: 'Art', maxPrice: null })).toBe('in Art');
    expect(searchInWords({ q: null, category: null, maxPrice: 5 })).toBe('up to $5');
  });
});

describe('newMatchNotices', () => {
  it('tell the owner of each search the auction matches, once per search', () => {
    const searches = [
      search({ userId: 2, q: 'lamp' }),
      search({ userId: 3, q: 'brass', category: 'Home & Garden', maxPrice: 20 }),
      search({ userId: 2, maxPrice: 25 }),
    ];
    expect(newMatchNotices(auction(), searches, NOW)).toEqual([
      { userId: 2, kind: 'new_match', message: 'A new auction matches your saved search “lamp”: “Brass lamp”.' },
      {
        userId: 3,
        kind: 'new_match',
        message: 'A new auction matches your saved search “brass” in Home & Garden up to $20: “Brass lamp”.',
      },
      { userId: 2, kind: 'new_match', message: 'A new auction matches your saved search up to $25: “Brass lamp”.' },
    ]);
  });

  it('tell nobody of a search that does not match, nor the seller', () => {
    const misses = [
      search({ q: 'amp' }),
      search({ q: 'lamp shade' }),
      search({ category: 'Art' }),
      search({ maxPrice: 19 }),
      search({ userId: 1, q: 'lamp' }),
    ];
    expect(newMatchNotices(auction(), misses, NOW)).toEqual([]);
  });

  it('tell nobody of an auction cancelled, closed or ended by the time it is looked at', () => {
    const lamp = [search({ q: 'lamp' })];
    for (const late of [
      auction({ cancelledAt: new Date(NOW - 1) }),
      auction({ closedAt: new Date(NOW - 1) }),
      auction({ endsAt: new Date(NOW) }),
    ])
      expect(newMatchNotices(late, lamp, NOW)).toEqual([]);
    expect(newMatchNotices(auction({ endsAt: new Date(NOW + 1) }), lamp, NOW)).toHaveLength(1);
  });
});
