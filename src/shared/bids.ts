// The bid's own rules and words, apart from the zod schemas so that the auction page can check a bid
// without downloading zod: the range a new bid must fall in, and the messages a refused bid gets.
// The server's schema and bid rule (src/server/domain/bidding.ts) say them with these functions, and
// the bid form checks with `checkBid` before sending, so a quick message is the server's own.
import { BID_MAX_STEP, BID_MIN_STEP } from './constants';

/** The largest price we accept: far above any real item, far below where integers lose precision. */
export const MAX_PRICE = 1_000_000_000;

/** Dollars as every message writes them: $1,250. */
export const formatDollars = (n: number) => `$${n.toLocaleString('en-US')}`;

export function bidBounds(currentPrice: number) {
  return { min: currentPrice + BID_MIN_STEP, max: currentPrice + BID_MAX_STEP };
}

/** The words for an amount of whole dollars that is missing, not whole, or too large. */
export const dollarWords = (label: string) => ({
  required: `${label} is required`,
  notWhole: `${label} must be a whole number of dollars`,
  tooLarge: `${label} is too large`,
});

export const BID_WORDS = {
  amount: dollarWords('Bid amount'),
  maximum: dollarWords('Maximum bid'),
  raiseNeedsLead: 'Bid amount is required: only the highest bidder can raise their maximum without bidding.',
  maximumBelowBid: 'Maximum bid must be at least your bid amount',
  outOfRange: (currentPrice: number) => {
    const { min, max } = bidBounds(currentPrice);
    return `Your bid must be between ${formatDollars(min)} and ${formatDollars(max)}: the current price is ${formatDollars(currentPrice)}.`;
  },
  // The server takes such a raise and changes nothing; the form says why before sending it.
  raiseNotAbove: (standing: number) => `Enter more than your current maximum of ${formatDollars(standing)}.`,
};

const WHOLE = /^\d{1,10}$/;

/** What the bid form holds, as typed, and what it knows of the auction and the viewer. */
export interface BidDraft {
  amount: string;
  maximum: string;
  currentPrice: number;
  /** The viewer leads: a maximum alone raises it. */
  leading: boolean;
  /** The viewer's own standing maximum, or null. */
  myMaxBid: number | null;
}

export type BidCheck =
  { ok: true; bid: { bidAmount?: number; maxBid?: number } } | { ok: false; errors: { bidAmount?: string; maxBid?: string } };

/** The checks the server makes of a bid that need no database, with its words, for the form to say at once. */
export function checkBid({ amount, maximum, currentPrice, leading, myMaxBid }: BidDraft): BidCheck {
  const typedAmount = amount.trim();
  const typedMaximum = maximum.trim();
  const errors: { bidAmount?: string; maxBid?: string } = {};
  let bidAmount: number | undefined;
  let maxBid: number | undefined;

  if (typedAmount === '') {
    if (typedMaximum === '') errors.bidAmount = BID_WORDS.amount.required;
    else if (!leading) errors.bidAmount = BID_WORDS.raiseNeedsLead;
  } else if (!WHOLE.test(typedAmount)) errors.bidAmount = BID_WORDS.amount.notWhole;
  else {
    const { min, max } = bidBounds(currentPrice);
    bidAmount = Number(typedAmount);
    if (bidAmount > MAX_PRICE) errors.bidAmount = BID_WORDS.amount.tooLarge;
    else if (bidAmount < min || bidAmount > max) errors.bidAmount = BID_WORDS.outOfRange(currentPrice);
  }

  if (typedMaximum !== '') {
    maxBid = Number(typedMaximum);
    const standing = myMaxBid ?? currentPrice;
    if (!WHOLE.test(typedMaximum)) errors.maxBid = BID_WORDS.maximum.notWhole;
    else if (maxBid > MAX_PRICE) errors.maxBid = BID_WORDS.maximum.tooLarge;
    else if (bidAmount !== undefined && maxBid < bidAmount) errors.maxBid = BID_WORDS.maximumBelowBid;
    else if (typedAmount === '' && leading && maxBid <= standing) errors.maxBid = BID_WORDS.raiseNotAbove(standing);
  }

  if (errors.bidAmount || errors.maxBid) return { ok: false, errors };
  return { ok: true, bid: { ...(bidAmount === undefined ? {} : { bidAmount }), ...(maxBid === undefined ? {} : { maxBid }) } };
}
