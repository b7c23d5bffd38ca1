// The save-search panel's quick check, in the server's words: a max price of whole dollars, and
// something to search by.
import { SAVED_SEARCH_WORDS } from '../../../shared/listing';
import { wholeDollars } from '../../../shared/schemas/auction';

const maxPrice = wholeDollars('Max price');

export function maxPriceProblem(raw: string, { q, category }: { q: string; category: string | null }): string | null {
  if (raw === '') return q || category ? null : SAVED_SEARCH_WORDS.empty;
  const result = maxPrice.safeParse(raw);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
