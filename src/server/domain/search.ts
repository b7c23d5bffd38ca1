// What a search of the auction list looks for: the words of the text a person typed.
import { AUCTION_SEARCH_WORD_MIN_LETTERS, AUCTION_SEARCH_WORDS_MAX } from '../../shared/constants';

/** Runs of letters, digits and the accents on them: everything else only separates words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** Letters and digits in a word; the accents on them do not count ("é" typed as e and an accent is one). */
const lettersIn = (word: string) => word.match(LETTER_OR_DIGIT)?.length ?? 0;

/**
 * The words of a search, each to be matched as the start of a word of the name or the description,
 * all of them in the same auction. Quotes, stars, dashes and brackets are never syntax, only spaces.
 * A word of one letter is left out (it would start a word of nearly every auction, and finding them
 * all costs a hundred times what a longer word does), as is a mark alone (an accent typed by itself,
 * which folds to nothing); the first AUCTION_SEARCH_WORDS_MAX words that are left count. Blank text,
 * or text with no word left, has no words, which means no search at all.
 */
export function searchWords(text: string | undefined): string[] {
  const words = (text ?? '').match(WORD) ?? [];
  return [...new Set(words.filter((word) => lettersIn(word) >= AUCTION_SEARCH_WORD_MIN_LETTERS))].slice(0, AUCTION_SEARCH_WORDS_MAX);
}

/**
 * A word folded as the search indexes fold theirs (an FTS5 tokenizer that removes diacritics,
 * PostgreSQL's unaccent), for text matched outside them: lower case, the accents off its letters,
 * compatibility forms spelt out ("Café" → "cafe", "ﬁne" → "fine"). A few letters each database folds
 * its own way (PostgreSQL spells "œ" as "oe") are kept as they are.
 */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * Whether every one of the search's words starts a word of the text, as the auction search matches
 * them (each word folded). For text checked against many searches: the text's words are folded and
 * sorted once, and each search word is then looked up, not compared with every word of the text.
 */
export function wordMatcher(text: string): (words: string[]) => boolean {
  const sorted = [...new Set((text.match(WORD) ?? []).map(foldWord))].sort();
  const starts = (prefix: string) => {
    // The first word not below the prefix: if any word starts with it, this one does.
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return sorted[low]?.startsWith(prefix) ?? false;
  };
  return (words) => words.every((word) => starts(foldWord(word)));
}
