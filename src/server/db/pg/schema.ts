// The data model on PostgreSQL (with the tables kept beside it: tables.ts): the same tables as on SQLite, in the
// types PostgreSQL has for them. Times are timestamptz (Drizzle maps them to Date), money whole
// dollars in integers, flags booleans; the auction search is a tsvector that PostgreSQL keeps itself.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CATEGORIES, NOTIFICATION_KINDS, ROLES } from '../../../shared/constants';
import { ITEM_CONDITIONS } from '../../../shared/listing';
import { USER_STATUSES } from '../../../shared/moderation';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => time('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Words of a text folded for search: lower case, accents off (`auction_search_text` is made by the first migration). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    avatar: text('avatar'),
    createdAt: createdAt(),
    lastLoginAt: time('last_login_at'),
    lastLoginCity: text('last_login_city'),
    lastLoginRegion: text('last_login_region'),
    lastLoginCountry: text('last_login_country'),
    /** Whether notices are also mailed (when the site sends mail at all); the user turns it off on /profile. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** When the owner proved the address is theirs; null until then (see the SQLite schema). */
    emailVerifiedAt: time('email_verified_at'),
    /** How many of their orders were cancelled unpaid: public, on their profile. */
    unpaidStrikes: integer('unpaid_strikes').notNull().default(0),
    /** A suspended account cannot sign in; the reason the administrator gave is what its login answers. */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    suspensionReason: text('suspension_reason'),
    /**
     * When the account was deleted (status 'deleted'): its e-mail is then `deleted:<id>`, which no
     * address can equal, so the address is free for a new account and kept nowhere.
     */
    deletedAt: time('deleted_at'),
  },
  // One index per sort order of the admin users page, so a page reads its 20 rows, not the table.
  // PostgreSQL reads an index backwards, so one index serves both directions of a sort; never-logged-in
  // users sort last either way, which `nulls last` in both directions needs an index of each.
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    index('users_role_id_idx').on(t.role, t.id),
    index('users_role_created_at_idx').on(t.role, t.createdAt, t.id),
    index('users_last_login_asc_idx').on(t.lastLoginAt.asc().nullsLast(), t.id.asc()),
    index('users_last_login_desc_idx').on(t.lastLoginAt.desc().nullsLast(), t.id.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token the client holds; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: time('last_seen_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
  ],
);

export const auctions = pgTable(
  'auctions',
  {
    id: id(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemDescription: text('item_description').notNull(),
    itemCategory: text('item_category', { enum: CATEGORIES }).notNull(),
    startingPrice: integer('starting_price').notNull(),
    currentPrice: integer('current_price').notNull(),
    bidsCount: integer('bids_count').notNull().default(0),
    /** File name inside UPLOAD_DIR, made by the server; null shows the placeholder. */
    photo: text('photo'),
    startsAt: time('starts_at').notNull(),
    /** The current end: a late bid moves it (soft close). */
    endsAt: time('ends_at').notNull(),
    createdAt: createdAt(),
    /** The bidder with the highest standing maximum; once the auction has ended, its winner. */
    leaderId: integer('leader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The leader's standing maximum, kept on the row the bid locks anyway (see the SQLite schema). */
    leaderMax: integer('leader_max'),
    /** When the close recorded the outcome and its notices; null until then. */
    closedAt: time('closed_at'),
    /** When its watchers were told that it ends soon; null until then, so they are told once. */
    endingSoonAt: time('ending_soon_at'),
    /** The file names of the photos after the first (`photo`, the cover), in the seller's order. */
    morePhotos: jsonb('more_photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    itemCondition: text('item_condition', { enum: ITEM_CONDITIONS }),
    /** Whole dollars; null when the buyer collects the item. */
    shippingCost: integer('shipping_cost'),
    itemLocation: text('item_location'),
    /** The price below which the seller does not sell: never shown to anyone but the seller. */
    reservePrice: integer('reserve_price'),
    buyNowPrice: integer('buy_now_price'),
    /** When its seller cancelled it: it leaves every public list. */
    cancelledAt: time('cancelled_at'),
    /** The auction this one put back up for sale, if it is a relisting. */
    relistedFrom: integer('relisted_from').references((): AnyPgColumn => auctions.id, { onDelete: 'set null' }),
    /** When its bidder accepted a second-chance offer (see the SQLite schema). */
    secondChanceAt: time('second_chance_at'),
    /** When the saved searches were matched against it, at its opening; null until then, so they are matched once. */
    matchedAt: time('matched_at'),
    /** The name and the description as search words, kept by PostgreSQL whenever either changes. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof sql> => sql`auction_search_text(${auctions.itemName}, ${auctions.itemDescription})`),
  },
  (t) => [
    index('auctions_seller_id_idx').on(t.sellerId, t.id),
    index('auctions_category_id_idx').on(t.itemCategory, t.id),
    index('auctions_ends_at_idx').on(t.endsAt, t.id),
    index('auctions_starts_at_idx').on(t.startsAt, t.id),
    // The list's sorts by price and by bids, paged by (value, id); soonest end uses auctions_ends_at_idx.
    index('auctions_price_id_idx').on(t.currentPrice, t.id),
    index('auctions_bids_id_idx').on(t.bidsCount, t.id),
    index('auctions_search_idx').using('gin', t.search),
    // The close's one query: auctions not closed yet, by end. Closed auctions leave the index.
    index('auctions_due_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is null`),
    // The ending-soon tick's one query: auctions whose watchers were not told yet, by end.
    index('auctions_ending_soon_due_idx')
      .on(t.endsAt)
      .where(sql`${t.endingSoonAt} is null and ${t.closedAt} is null`),
    // The count of the auctions any list may show (every one not cancelled), read from this index alone.
    index('auctions_listed_idx')
      .on(t.id)
      .where(sql`${t.cancelledAt} is null`),
    // The saved-search tick's one query: auctions not matched yet, by start. Matched auctions leave the index.
    index('auctions_match_due_idx')
      .on(t.startsAt)
      .where(sql`${t.matchedAt} is null`),
    // The open auctions' count starts from the kept count of those not closed (counts-schema.ts), less
    // the ones still to start (auctions_starts_at_idx) and plus any closed before their end (this one).
    index('auctions_closed_end_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is not null and ${t.cancelledAt} is null`),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: id(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** 1 for an auction's first bid, 2 for its second: the auction's bid count right after this bid. */
    seq: integer('seq').notNull(),
    /** Optional key from the client so that a double submit counts once. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
    /** Placed for the bidder by their maximum, not by their own hand. */
    auto: boolean('auto').notNull().default(false),
    /** The auction's end right after this bid (a late bid moves it): replayed live events carry it. */
    endsAt: time('ends_at').notNull(),
    /** The purchase at the Buy It Now price that ended the auction. */
    buyNow: boolean('buy_now').notNull().default(false),
    /** A placed bid's maximum as sent, for a removal's replay (see the SQLite schema). */
    maxBid: integer('max_bid'),
  },
  (t) => [
    // As on SQLite: two bids by hand never share a price on one auction, nor two automatic ones.
    uniqueIndex('bids_auction_amount_placed_unique')
      .on(t.auctionId, t.amount)
      .where(sql`not ${t.auto}`),
    uniqueIndex('bids_auction_amount_auto_unique')
      .on(t.auctionId, t.amount)
      .where(sql`${t.auto}`),
    // As on SQLite: only a bid placed with a request's key has an entry.
    uniqueIndex('bids_bidder_request_key_unique')
      .on(t.bidderId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    // An auction's bids in order: its history, and the replay of its live events by number.
    uniqueIndex('bids_auction_seq_unique').on(t.auctionId, t.seq),
    index('bids_auction_id_idx').on(t.auctionId, t.id),
    index('bids_bidder_auction_idx').on(t.bidderId, t.auctionId),
  ],
);

/** The standing maxima of the bidders who do not lead (see the SQLite schema). */
export const maxBids = pgTable(
  'max_bids',
  {
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.auctionId, t.bidderId] })],
);

/** Who watches which auction: the watchlist, and who is told that an auction ends soon. */
export const watches = pgTable(
  'watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.auctionId] }), index('watches_auction_user_idx').on(t.auctionId, t.userId)],
);

/** What a user is told: written in the transaction of the bid or close that owes it. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    readAt: time('read_at'),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id),
    // The header's unread count: only the unread entries of one user, however many were read.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

export const loginEvents = pgTable(
  'login_events',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['login', 'signup'] }).notNull(),
    createdAt: createdAt(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    device: text('device').notNull(),
    location: text('location').notNull(),
    isp: text('isp').notNull(),
  },
  (t) => [index('login_events_user_created_idx').on(t.userId, t.createdAt), index('login_events_created_idx').on(t.createdAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_ip_created_idx').on(t.ipAddress, t.createdAt), index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * The live streams open now, one row each, so that a cap per account and per client address holds
 * across every instance on the database. An instance renews its rows while their streams are open;
 * a row whose instance died lapses at `expires_at` and no longer counts.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('live_streams_user_idx').on(t.userId, t.expiresAt), index('live_streams_address_idx').on(t.address, t.expiresAt)],
);
