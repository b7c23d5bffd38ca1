// What a search of the auction list looks for: the words of the text a person typed.
import { AUCTION_SEARCH_WORDS_MAX } from '../../shared/constants';

/** Runs of letters, digits and the accents on them: everything else only separates words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words of a search, each to be matched as the start of a word of the name or the description,
 * all of them in the same auction. Quotes, stars, dashes and brackets are never syntax, only spaces;
 * blank text (or text of punctuation alone) has no words, which means no search at all.
 */
export function searchWords(text: string | undefined): string[] {
  const words = (text ?? '').match(WORD) ?? [];
  // A mark alone (an accent typed by itself) folds to nothing: not a word.
  return [...new Set(words.filter((word) => HAS_LETTER_OR_DIGIT.test(word)))].slice(0, AUCTION_SEARCH_WORDS_MAX);
}
