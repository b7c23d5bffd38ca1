import { z } from 'zod';
import { AUCTION_SEARCH_MAX, AUCTION_SORTS, AUCTION_STATUS_FILTERS, CATEGORIES, MIN_STARTING_PRICE } from '../constants';
import { isPlainDate } from '../auction-dates';
import { BID_WORDS, dollarWords, MAX_PRICE } from '../bids';
import { BUY_NOW_WORDS, ITEM_CONDITIONS, LOCATION_MAX, PHOTOS_MAX, RESERVE_WORDS, SHIPPING_MAX, TOO_MANY_PHOTOS } from '../listing';
import { PHOTO_MISSING } from '../photos';
import { filesIn, ID_PATTERN, LONE_SURROGATE, nameText, pageFields, requiredText } from './common';

export { MAX_PRICE };

/**
 * Whole dollars, as a JSON integer or a string of decimal digits ("125"). Fractions, exponents,
 * booleans, arrays and blank strings are refused (docs/rules/http-api.md#numbers-and-money).
 */
export function wholeDollars(label: string) {
  const words = dollarWords(label);
  return z
    .union(
      [
        z.number().int(words.notWhole).nonnegative(words.notWhole),
        // Blank counts as missing (docs/rules/http-api.md#values), before the digits check.
        z
          .string()
          .trim()
          .min(1, words.required)
          .regex(/^\d{1,10}$/, words.notWhole),
      ],
      { error: (issue) => (issue.input === undefined || issue.input === '' ? words.required : words.notWhole) },
    )
    .transform(Number)
    .pipe(z.number().max(MAX_PRICE, words.tooLarge));
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

function dateField(label: string) {
  return (
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      // A timestamp must name its zone (Z or ±hh:mm): without one, the server's own zone would decide.
      .refine(
        (v) => isPlainDate(v) || (TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v))),
        `${label} must be a date like 2026-03-14 or an ISO timestamp with a zone`,
      )
  );
}

export const ITEM_NAME_MAX = 120;
export const ITEM_DESCRIPTION_MAX = 5000;

/** Blank or null counts as left out, for a field that may be left out. */
function leftOutIfBlank(value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  // Handed back a promise, zod would wait for it (a direct caller's maxBid: Promise.resolve('125') passed as 125)
  // and a synchronous parse would throw a TypeError: it goes on as an object, which is refused.
  return value instanceof Promise ? {} : value;
}

/** A field a form may leave out or blank: absent then, checked by `schema` otherwise. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(leftOutIfBlank, schema.optional());

/** The prices of a listing: a starting price, and optionally a reserve and a Buy It Now price above it. */
export const listingPriceFields = {
  startingPrice: wholeDollars('Starting price').pipe(
    z.number().min(MIN_STARTING_PRICE, `Starting price must be at least $${MIN_STARTING_PRICE}`),
  ),
  reservePrice: optional(wholeDollars('Reserve price')),
  buyNowPrice: optional(wholeDollars('Buy It Now price')),
};

/** The order of the three prices: the reserve above the start, Buy It Now above the start and at least the reserve. */
export function checkListingPrices(
  prices: { startingPrice: number; reservePrice?: number | null; buyNowPrice?: number | null },
  ctx: z.RefinementCtx,
) {
  const { startingPrice, reservePrice, buyNowPrice } = prices;
  if (reservePrice != null && reservePrice <= startingPrice)
    ctx.addIssue({ code: 'custom', path: ['reservePrice'], message: RESERVE_WORDS.aboveStart });
  if (buyNowPrice == null) return;
  if (buyNowPrice <= startingPrice) ctx.addIssue({ code: 'custom', path: ['buyNowPrice'], message: BUY_NOW_WORDS.aboveStart });
  else if (reservePrice != null && buyNowPrice < reservePrice)
    ctx.addIssue({ code: 'custom', path: ['buyNowPrice'], message: BUY_NOW_WORDS.notBelowReserve });
}

/** The text fields of the create form (the photos travel beside them as files). */
export const createAuctionFields = z.object({
  itemName: nameText('Item name', ITEM_NAME_MAX),
  itemDescription: requiredText('Description', ITEM_DESCRIPTION_MAX),
  itemCategory: z.enum(CATEGORIES, { error: 'Please choose a category from the list' }),
  ...listingPriceFields,
  itemStartDate: dateField('Start date'),
  itemEndDate: dateField('End date'),
  itemCondition: optional(z.enum(ITEM_CONDITIONS, { error: `Condition must be one of ${ITEM_CONDITIONS.join(', ')}` })),
  shippingCost: optional(wholeDollars('Shipping cost').pipe(z.number().max(SHIPPING_MAX, `Shipping cost must be at most $10,000`))),
  itemLocation: optional(nameText('Location', LOCATION_MAX)),
});

/** A form submitted without choosing a file still sends an empty file part: that is no photo either. */
const photoFile = z.instanceof(File, { message: PHOTO_MISSING }).refine((file) => file.size > 0, PHOTO_MISSING);

const createAuctionForm = createAuctionFields
  .extend({
    // Every photo, in the order sent: the `itemPhoto` parts, then any `itemPhotos` parts.
    itemPhoto: z.array(photoFile, { error: PHOTO_MISSING }).min(1, PHOTO_MISSING).max(PHOTOS_MAX, TOO_MANY_PHOTOS),
    fileCount: z.number(),
  })
  .superRefine((form, ctx) => {
    checkListingPrices(form, ctx);
    // A file under another name would be dropped without a word: it is refused instead.
    if (form.fileCount > form.itemPhoto.length) ctx.addIssue({ code: 'custom', path: ['itemPhoto'], message: 'Send photos as itemPhoto.' });
  });

/** What auction.create takes: multipart form data with the fields above and 1 to 8 photo files. */
export const createAuctionInput = z
  .instanceof(FormData, { message: 'Expected multipart form data' })
  .transform((form) => {
    // Each field's own schema checks its type; a form entry is only ever a string or a File. A repeated
    // text field counts once (its first value), as it always has.
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) if (!(name in fields)) fields[name] = value;
    const photos = [...form.getAll('itemPhoto'), ...form.getAll('itemPhotos')];
    return { ...fields, itemPhoto: photos.length === 0 ? undefined : photos, fileCount: filesIn(form) };
  })
  .pipe(createAuctionForm);

export type CreateAuctionForm = z.output<typeof createAuctionInput>;

export const auctionIdInput = z.object({ id: z.string().trim().min(1).max(32) });

/**
 * What auction.relist takes: the new dates, and the prices that change. A price left out is the old
 * auction's; a reserve or a Buy It Now price of null is dropped. The prices are checked together
 * once the old ones are known (listingPrices), so this schema checks each alone.
 */
export const relistAuctionInput = z.object({
  id: auctionIdInput.shape.id,
  itemStartDate: dateField('Start date'),
  itemEndDate: dateField('End date'),
  startingPrice: optional(listingPriceFields.startingPrice),
  // Null is kept (it drops the price), where a blank, like a price left out, copies the old one.
  reservePrice: listingPriceFields.reservePrice.nullable(),
  buyNowPrice: listingPriceFields.buyNowPrice.nullable(),
});
export type RelistAuctionInput = z.output<typeof relistAuctionInput>;

/** A listing's three prices once every one is known (a relist's, sent or copied), in the order checkListingPrices asks for. */
export const listingPrices = z
  .object({ startingPrice: z.number(), reservePrice: z.number().nullable(), buyNowPrice: z.number().nullable() })
  .superRefine(checkListingPrices);

/**
 * A bid: an amount, a maximum up to which the server bids for the bidder, or both. The leader may
 * send a maximum alone to raise it (the server checks who leads).
 */
export const placeBidInput = z
  .object({
    auctionId: z.string().trim().min(1).max(32),
    // Left blank (a form's empty field) is left out: with a maximum, the leader raises it alone.
    bidAmount: z.preprocess(leftOutIfBlank, wholeDollars('Bid amount').optional()),
    maxBid: z.preprocess(leftOutIfBlank, wholeDollars('Maximum bid').optional()),
    /** Makes a double submit count once: the same key from the same bidder returns the first answer. */
    requestKey: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .regex(/^[^\p{Cc}]*$/u, 'requestKey cannot contain control characters')
      // Stored as UTF-8, a lone surrogate would read back as U+FFFD: two different keys would meet.
      .refine((key) => !LONE_SURROGATE.test(key), 'requestKey contains an invalid character')
      .optional(),
  })
  .superRefine(({ bidAmount, maxBid }, ctx) => {
    if (bidAmount === undefined && maxBid === undefined)
      ctx.addIssue({ code: 'custom', path: ['bidAmount'], message: BID_WORDS.amount.required });
    if (bidAmount !== undefined && maxBid !== undefined && maxBid < bidAmount)
      ctx.addIssue({ code: 'custom', path: ['maxBid'], message: BID_WORDS.maximumBelowBid });
  });
export type PlaceBidInput = z.infer<typeof placeBidInput>;

/** Auctions a list read returns when it names no limit. */
export const AUCTION_PAGE_SIZE = 20;
export const AUCTION_PAGE_MAX = 100;

/** A live stream of bids: of one auction, or of all; resumed after the last event id its client saw. */
export const onBidInput = z
  .object({ auctionId: z.string().max(32).optional(), lastEventId: z.string().regex(ID_PATTERN).nullish() })
  .optional();

/** What narrows and orders a list of auctions: a search, one category and status, one of the sorts. */
const auctionListFields = {
  category: z.enum(CATEGORIES).optional(),
  q: z.string().trim().max(AUCTION_SEARCH_MAX, `q must be at most ${AUCTION_SEARCH_MAX} characters`).optional(),
  status: z.enum(AUCTION_STATUS_FILTERS, { error: `status must be one of ${AUCTION_STATUS_FILTERS.join(', ')}` }).default('all'),
  sort: z.enum(AUCTION_SORTS, { error: `sort must be one of ${AUCTION_SORTS.join(', ')}` }).default('newest'),
};

/**
 * One page of auctions: searched, of one category and status, in one of the sorts. The cursor is the
 * one the previous page handed out: an id for newest first, an opaque base64url key for the others.
 */
export const listAuctionsInput = z
  .object({
    ...auctionListFields,
    ...pageFields(AUCTION_PAGE_SIZE, AUCTION_PAGE_MAX),
    cursor: z
      .string()
      .regex(/^[\w-]{1,200}$/, 'Invalid cursor')
      .nullish(),
  })
  .default({ status: 'all', sort: 'newest', limit: AUCTION_PAGE_SIZE });

/** Every auction of a list at once (the REST list without a limit): the same filters and sorts, no paging. */
export const everyAuctionInput = z.object(auctionListFields).default({ status: 'all', sort: 'newest' });

/** One page of the caller's own auctions, newest first. */
export const myAuctionsInput = z.object(pageFields(AUCTION_PAGE_SIZE, AUCTION_PAGE_MAX)).default({ limit: AUCTION_PAGE_SIZE });
