// The words of an auction search: what counts as a word, and that query syntax never survives as syntax.
import { describe, expect, it } from 'vitest';
import { searchWords } from '../../src/server/domain/search';

describe('searchWords', () => {
  it('splits on anything but letters, digits and their accents', () => {
    expect(searchWords('  Café  "bic"* OR NEAR( -violin 1979 ')).toEqual(['Café', 'bic', 'OR', 'NEAR', 'violin', '1979']);
    expect(searchWords('item_name:violin')).toEqual(['item', 'name', 'violin']);
    expect(searchWords('cafe\u0301')).toEqual(['cafe\u0301']);
  });

  it('has no words for blank text, punctuation or an accent alone', () => {
    for (const text of [undefined, '', '   ', '"', '*', '-', '()', '\u0301', '\u0000', '\u0301\u0301'])
      expect(searchWords(text)).toEqual([]);
  });

  it('keeps each word once, and at most eight', () => {
    expect(searchWords('lamp lamp brass')).toEqual(['lamp', 'brass']);
    expect(searchWords('ab bc cd de ef fg gh hi ij jk')).toEqual(['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi']);
  });

  it('leaves out words of one letter or digit, an accent on it included, before counting eight', () => {
    expect(searchWords('a b c d e f g h')).toEqual([]);
    expect(searchWords('a lamp, 3 brass & 1 é e\u0301 9')).toEqual(['lamp', 'brass']);
    expect(searchWords('a b c d e f g h i j lamp')).toEqual(['lamp']);
    expect(searchWords('é1 x2 19 Œil')).toEqual(['é1', 'x2', '19', 'Œil']);
    expect(searchWords('e\u0301t')).toEqual(['e\u0301t']);
  });
});
