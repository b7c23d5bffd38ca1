// The save-search panel's quick check, with the server's schema and words: a maximum price of whole
// dollars, and something to search by.
import { SAVED_SEARCH_WORDS } from '../../../shared/listing';
import { saveSearchFields } from '../../../shared/schemas/saved-searches';

export function maxPriceProblem(raw: string, { q, category }: { q: string; category: string | null }): string | null {
  if (raw === '') return q || category ? null : SAVED_SEARCH_WORDS.empty;
  const result = saveSearchFields.shape.maxPrice.safeParse(raw);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
