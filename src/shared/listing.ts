// What a listing says beyond its name, text and price: its photos, its condition, shipping and
// location, a reserve and a Buy It Now price, and the searches people save to hear of new ones. The
// server enforces these rules; the forms repeat them for a quick message.
import { formatDollars } from './bids';

/** An auction shows 1 to this many photos, the first being its cover. */
export const PHOTOS_MAX = 8;
export const TOO_MANY_PHOTOS = `At most ${PHOTOS_MAX} photos per auction.`;

/** The conditions a seller may state, in the order the form offers them, and the words shown for each. */
export const ITEM_CONDITIONS = ['new', 'like_new', 'good', 'fair', 'for_parts'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];
export const CONDITION_WORDS: Record<ItemCondition, string> = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
  for_parts: 'For parts or not working',
};

/** Shipping in whole dollars; no shipping cost means the buyer collects the item. */
export const SHIPPING_MAX = 10_000;
export const PICKUP_ONLY = 'Pickup only';
export const shippingWords = (cost: number | null) =>
  cost === null ? PICKUP_ONLY : cost === 0 ? 'Free shipping' : `${formatDollars(cost)} shipping`;

export const LOCATION_MAX = 80;

/** What the page says of a reserve, to everyone; only the seller ever sees its number. */
export const RESERVE_WORDS = {
  met: 'Reserve met',
  notMet: 'Reserve not met',
  aboveStart: 'Reserve price must be above the starting price',
} as const;

export const BUY_NOW_WORDS = {
  aboveStart: 'Buy It Now price must be above the starting price',
  notBelowReserve: 'Buy It Now price must be at least the reserve price',
  button: (price: number) => `Buy It Now for ${formatDollars(price)}`,
  bought: (item: string, price: number) => `You bought “${item}” for ${formatDollars(price)}.`,
  sellerCannotBuy: 'You cannot buy your own item.',
  notOpen: 'Buy It Now is only possible while the auction is open.',
  gone: 'Buy It Now is no longer available: a bid reached the item first.',
  alreadyBought: 'Buy It Now is no longer available: the item has been bought.',
  none: 'This auction has no Buy It Now price.',
} as const;

export const CANCEL_WORDS = {
  cancelled: 'This auction was cancelled.',
  notSeller: 'Only its seller can cancel this auction.',
  hasBids: 'An auction with bids cannot be cancelled.',
  ended: 'This auction has already ended.',
  notOpen: 'This auction was cancelled; bids and purchases are no longer accepted.',
} as const;

export const RELIST_WORDS = {
  sold: 'This auction sold; only an auction that ended without a sale, or was cancelled, can be relisted.',
  notEnded: 'Only an auction that has ended or was cancelled can be relisted.',
  notSeller: 'Only its seller can relist this auction.',
  relisted: 'This auction was already relisted: relist the new one if it does not sell either.',
  offerPending: 'A second-chance offer of this item waits for its answer: relist it once the offer is declined or has expired.',
} as const;

/** A user keeps at most this many saved searches; one more is refused (409). */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_WORDS = {
  empty: 'A saved search needs a search text, a category or a maximum price.',
  full: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  deleted: 'Saved search deleted.',
} as const;
