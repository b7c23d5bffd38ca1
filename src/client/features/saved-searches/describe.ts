// A saved search in words, the same on /auction (before saving) and on /profile (the list).
import { formatMoney } from '../../lib/format';

export interface SearchTerms {
  q: string | null;
  category: string | null;
  maxPrice: number | null;
}

/** '“camera” in Electronics, up to $200'; 'Any item in Art'; 'Any item up to $50'. */
export function describeSearch({ q, category, maxPrice }: SearchTerms): string {
  const words = q?.trim() ? `“${q.trim()}”` : 'Any item';
  const where = category ? ` in ${category}` : '';
  const price = maxPrice !== null ? `${where ? ',' : ''} up to ${formatMoney(maxPrice)}` : '';
  return `${words}${where}${price}`;
}
