// The auction search on PostgreSQL. It differs from SQLite's (sqlite/search.ts) in where the words
// are: here a tsvector column of the auctions that PostgreSQL keeps itself, with a GIN index, and the
// words folded by the functions of drizzle/pg/0000 (lower case, accents off), which SQLite has not.
import { sql } from 'drizzle-orm';
import type { AuctionSearch } from '../common/lists';
import { auctions } from './schema';

export const pgSearch: AuctionSearch = {
  // Each word a prefix of a word of the name or the description, folded as the column is: the words
  // are the one value, an array of text. A count is one of rows matching, as with any other filter.
  matching: (words) => ({ form: 'words', value: words, on: (term) => sql`${auctions.search} @@ auction_search_query(${term}::text[])` }),
};
