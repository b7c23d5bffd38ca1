// What the saved-search calls take. A search keeps the auction search's text rules (q), one of the
// categories, and a highest price in whole dollars; the server says when nothing is left to search by.
import { z } from 'zod';
import { AUCTION_SEARCH_MAX, CATEGORIES } from '../constants';
import { optional, wholeDollars } from './auction';
import { CONTROL_CHARACTER, LONE_SURROGATE } from './common';

/**
 * A search to save: any of the three, each left out when absent, null or blank. Unlike a search typed
 * into the list, the text is kept and shown again (on /profile, in notices and mails), so what could
 * not be stored or shown as typed (a control character, a lone surrogate) is refused.
 */
export const saveSearchFields = z.object({
  q: optional(
    z
      .string()
      .trim()
      .max(AUCTION_SEARCH_MAX, `q must be at most ${AUCTION_SEARCH_MAX} characters`)
      .refine((q) => !CONTROL_CHARACTER.test(q) && !LONE_SURROGATE.test(q), 'q contains an invalid character'),
  ),
  category: optional(z.enum(CATEGORIES)),
  maxPrice: optional(wholeDollars('Maximum price')),
});

/** What user.saveSearch takes: the fields, or nothing (which the server refuses as narrowing by nothing). */
export const saveSearchInput = saveSearchFields.default({});
export type SaveSearchInput = z.infer<typeof saveSearchInput>;

/** A saved search by its id. Any text may name it: one that names none of the caller's is 404, not 400. */
export const deleteSearchInput = z.object({ id: z.string().max(1000) });
