// Business constants, shared by the server (which enforces them) and the client (which repeats them for
// quick messages); docs/rules/limits.md explains the limits.

export const CATEGORIES = [
  'Electronics',
  'Antiques',
  'Art',
  'Books',
  'Clothing',
  'Collectibles',
  'Home & Garden',
  'Jewelry',
  'Musical Instruments',
  'Sports',
  'Toys',
  'Vehicles',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Where an auction stands by the server's clock: scheduled before its start, open from its start
 * until its end, ended from its end. "Active" everywhere means open.
 */
export const TIMED_STATUSES = ['scheduled', 'open', 'ended'] as const;
/** The timed statuses, and cancelled: ended early by its seller, whatever the clock says. */
export const AUCTION_STATUSES = [...TIMED_STATUSES, 'cancelled'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/**
 * What the auction list may be narrowed to: one timed status, or every auction (the default). A
 * cancelled auction is in no public list.
 */
export const AUCTION_STATUS_FILTERS = ['all', ...TIMED_STATUSES] as const;
export type AuctionStatusFilter = (typeof AUCTION_STATUS_FILTERS)[number];

/**
 * Orders of the auction list: newest first (the default), soonest end first, by current price
 * either way, most bids first. Equal values keep one stable order by id.
 */
export const AUCTION_SORTS = ['newest', 'ending', 'price_asc', 'price_desc', 'bids'] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];

/**
 * The longest search text of the auction list, the most words of it that count, and the fewest letters
 * (or digits) a word needs to count: a word of one letter starts a word of nearly every auction, and
 * finding them all cost the server a hundred times what a longer word does.
 */
export const AUCTION_SEARCH_MAX = 100;
export const AUCTION_SEARCH_WORDS_MAX = 8;
export const AUCTION_SEARCH_WORD_MIN_LETTERS = 2;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a notification tells: outbid by another bidder, won, sold, ended unsold, ending soon (watchers),
 * a saved search's new match, and the leading bid of an auction that ended below its reserve.
 */
export const NOTIFICATION_KINDS = [
  'outbid',
  'won',
  'sold',
  'unsold',
  'ending_soon',
  'new_match',
  'reserve_not_met',
  'order_paid',
  'order_shipped',
  'order_received',
  'order_cancelled',
  'payment_overdue',
  'message',
  'offer',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The most auctions one user may watch at once; one more is refused (409). */
export const WATCHLIST_MAX = 1000;

/** Where a bidder stands on an auction they bid on: leading or outbid while it is open, won or lost once ended. */
export type MyBidState = 'leading' | 'outbid' | 'won' | 'lost';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const START_WINDOW_DAYS = 15;
export const MAX_DURATION_DAYS = 15;
export const MIN_STARTING_PRICE = 1;
export const BID_MIN_STEP = 1;
export const BID_MAX_STEP = 10;

export const MESSAGE_CLEAR_MS = 10_000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
export const LOGIN_HISTORY_RETENTION_MONTHS = 6;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** A password reset link works once, within this long. */
export const PASSWORD_RESET_MS = 60 * 60 * 1000;
/**
 * Reset links asked for per hour: from one client address, and for one email from one client
 * address (so that a stranger asking from elsewhere cannot use up the owner's allowance).
 */
export const RESET_REQUESTS_PER_ADDRESS = 20;
export const RESET_REQUESTS_PER_ACCOUNT = 5;
/** Reset links tried per hour from one client address (a guessed token counts), and resets done per account. */
export const RESET_ATTEMPTS_PER_ADDRESS = 20;
export const RESETS_PER_ACCOUNT = 5;
/** The same answer whether or not an account has that email, so the form tells nobody who has one. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this email, we have sent it a link to choose a new password. The link works for one hour.';
export const RESET_NEEDS_EMAIL_MESSAGE =
  'Password reset needs e-mail, which this site does not send. Please contact the site’s administrator.';
export const RESET_LINK_INVALID_MESSAGE = 'This reset link is unknown, used or expired. Please ask for a new one.';

/** An address confirmation link works once, within this long. */
export const EMAIL_CONFIRMATION_MS = 24 * HOUR_MS;
/** Confirmation links sent again per account per hour, on the user's request. */
export const CONFIRMATION_MAILS_PER_HOUR = 3;
/** Confirmation links tried per hour from one client address (a guessed token counts). */
export const CONFIRMATION_ATTEMPTS_PER_ADDRESS = 20;
/** Downloads of one's data per account per hour: each reads every row kept about the account. */
export const EXPORTS_PER_HOUR = 5;
export const EMAIL_CONFIRMED_MESSAGE = 'Your email address is confirmed. Your notices will now also arrive by mail.';
export const CONFIRMATION_LINK_INVALID_MESSAGE = 'This confirmation link is unknown, used or expired. Please ask for a new one.';
export const ALREADY_CONFIRMED_MESSAGE = 'Your email address is already confirmed.';
export const CONFIRMATION_NEEDS_EMAIL_MESSAGE = 'Confirming an email address needs e-mail, which this site does not send.';

/** The most calls one batched tRPC request may carry: the server refuses more, the client sends no more. */
export const TRPC_MAX_BATCH_SIZE = 20;

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_LIMIT = 100;
export const ADMIN_SEARCH_MAX = 100;

/** One message for an unknown email and a wrong password, so neither can be told apart. */
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const NOT_SIGNED_IN_MESSAGE = 'Please log in to continue.';

/** Where an order stands: awaiting_payment → paid → shipped → received, or awaiting_payment → cancelled. */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'shipped', 'received', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The name a download of one's data is saved under: the site and the day it was made. */
export const exportFileName = (exportedAt: string) => `open-auction-data-${exportedAt.slice(0, 10)}.json`;
