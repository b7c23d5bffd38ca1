// The data model (with the tables kept beside it: tables.ts). Times are stored as epoch milliseconds (Drizzle
// maps them to Date); money as whole dollars in integers.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { CATEGORIES, NOTIFICATION_KINDS, ROLES } from '../../../shared/constants';
import { ITEM_CONDITIONS } from '../../../shared/listing';
import { USER_STATUSES } from '../../../shared/moderation';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    avatar: text('avatar'),
    createdAt: createdAt(),
    lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
    lastLoginCity: text('last_login_city'),
    lastLoginRegion: text('last_login_region'),
    lastLoginCountry: text('last_login_country'),
    /** Whether notices are also mailed (when the site sends mail at all); the user turns it off on /profile. */
    emailNotifications: integer('email_notifications', { mode: 'boolean' }).notNull().default(true),
    /**
     * When the owner proved the address is theirs (the link of the confirmation mail); null until
     * then. Notices are mailed only to confirmed addresses. Accounts older than the confirmation
     * mail were confirmed by the migration that brought it (docs/decisions/0012).
     */
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    /** How many of their orders were cancelled unpaid: public, on their profile. */
    unpaidStrikes: integer('unpaid_strikes').notNull().default(0),
    /** A suspended account cannot sign in; the reason the administrator gave is what its login answers. */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    suspensionReason: text('suspension_reason'),
    /**
     * When the account was deleted (status 'deleted'): its e-mail is then `deleted:<id>`, which no
     * address can equal, so the address is free for a new account and kept nowhere.
     */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  // One index per sort order of the admin users page, so a page reads its 20 rows, not the table.
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_nocase_idx').on(sql`${t.name} collate nocase`, t.id),
    index('users_role_id_idx').on(t.role, t.id),
    index('users_role_created_at_idx').on(t.role, t.createdAt),
    // Never-logged-in users sort last in both directions: (is null) first, then the time either way.
    index('users_last_login_asc_idx').on(sql`(${t.lastLoginAt} is null)`, t.lastLoginAt, t.id),
    index('users_last_login_desc_idx').on(sql`(${t.lastLoginAt} is null)`, sql`${t.lastLoginAt} desc`, sql`${t.id} desc`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token the client holds; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
  ],
);

export const auctions = sqliteTable(
  'auctions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    /** The current end: a late bid moves it (soft close). */
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    /** The bidder with the highest standing maximum; once the auction has ended, its winner. */
    leaderId: integer('leader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The leader's standing maximum, on the row the bid reads anyway (every other is spent): only the leader sees it. */
    leaderMax: integer('leader_max'),
    /** When the close recorded the outcome and its notices; null until then. */
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** When its watchers were told that it ends soon; null until then, so they are told once. */
    endingSoonAt: integer('ending_soon_at', { mode: 'timestamp_ms' }),
    /** The file names of the photos after the first (`photo`, the cover), in the seller's order. */
    morePhotos: text('more_photos', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    itemCondition: text('item_condition', { enum: ITEM_CONDITIONS }),
    /** Whole dollars; null when the buyer collects the item. */
    shippingCost: integer('shipping_cost'),
    itemLocation: text('item_location'),
    /** The price below which the seller does not sell: never shown to anyone but the seller. */
    reservePrice: integer('reserve_price'),
    buyNowPrice: integer('buy_now_price'),
    /** When its seller cancelled it: it leaves every public list. */
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    /** The auction this one put back up for sale, if it is a relisting. */
    relistedFrom: integer('relisted_from').references((): AnySQLiteColumn => auctions.id, { onDelete: 'set null' }),
    /** When its bidder accepted a second-chance offer: the leader is then that bidder, and the winner even below the reserve. */
    secondChanceAt: integer('second_chance_at', { mode: 'timestamp_ms' }),
    /** When the saved searches were matched against it, at its opening; null until then, so they are matched once. */
    matchedAt: integer('matched_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('auctions_seller_id_idx').on(t.sellerId, t.id),
    index('auctions_category_id_idx').on(t.itemCategory, t.id),
    index('auctions_ends_at_idx').on(t.endsAt),
    // The list's sorts by price and by bids, paged by (value, id); soonest end uses auctions_ends_at_idx.
    index('auctions_price_id_idx').on(t.currentPrice, t.id),
    index('auctions_bids_id_idx').on(t.bidsCount, t.id),
    // The close's one query: auctions not closed yet, by end. Closed auctions leave the index.
    index('auctions_due_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is null`),
    // The ending-soon tick's one query: auctions whose watchers were not told yet, by end. Told or
    // closed auctions leave the index, so a tick with nothing due reads nothing.
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
    // the ones still to start (this index, by start) and plus any closed before their end (the next).
    index('auctions_unclosed_start_idx')
      .on(t.startsAt)
      .where(sql`${t.closedAt} is null and ${t.cancelledAt} is null`),
    index('auctions_closed_end_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is not null and ${t.cancelledAt} is null`),
  ],
);

export const bids = sqliteTable(
  'bids',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /**
     * 1 for an auction's first bid, 2 for its second, and so on: the auction's bid count right after
     * this bid, which a replayed live event carries without counting the bids before it.
     */
    seq: integer('seq').notNull().default(0),
    /** Optional key from the client so that a double submit counts once. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
    /** Placed for the bidder by their maximum, not by their own hand. */
    auto: integer('auto', { mode: 'boolean' }).notNull().default(false),
    /** The auction's end right after this bid (a late bid moves it): replayed live events carry it. */
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    /** The purchase at the Buy It Now price that ended the auction. */
    buyNow: integer('buy_now', { mode: 'boolean' }).notNull().default(false),
    /** A placed bid's maximum as sent, for a removal's replay; null when automatic or older than the column. */
    maxBid: integer('max_bid'),
  },
  (t) => [
    // No two bids by hand share a price on one auction, nor two automatic ones (one may match its placed bid).
    uniqueIndex('bids_auction_amount_placed_unique')
      .on(t.auctionId, t.amount)
      .where(sql`${t.auto} = 0`),
    uniqueIndex('bids_auction_amount_auto_unique')
      .on(t.auctionId, t.amount)
      .where(sql`${t.auto} = 1`),
    // A repeated request's key, once per bidder. Only a bid placed with a key has an entry: most have
    // none, and an entry for each of them was one more page for every bid's commit to write.
    uniqueIndex('bids_bidder_request_key_unique')
      .on(t.bidderId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('bids_auction_id_idx').on(t.auctionId, t.id),
    // A bidder's own bids on one auction (my bids: the last one), and all of theirs.
    index('bids_bidder_auction_idx').on(t.bidderId, t.auctionId),
  ],
);

/**
 * The standing maxima of the bidders who do not lead (the largest bid amount or maximum each has
 * sent), so each can see their own. The leader's lives on the auction row (`leader_max`); a leader
 * who loses the lead leaves theirs here. A leader's own row here, from before they led, is stale.
 */
export const maxBids = sqliteTable(
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
  // Keyed by the pair, WITHOUT ROWID (the migration says so; Drizzle's schema cannot): the rows are
  // the key's own b-tree, so a bid that writes a maximum changes one b-tree instead of a table and its index.
  (t) => [primaryKey({ columns: [t.auctionId, t.bidderId] })],
);

/** Who watches which auction: the watchlist, and who is told that an auction ends soon. */
export const watches = sqliteTable(
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
  // The key reads a user's watchlist; the second index, an auction's watchers.
  (t) => [primaryKey({ columns: [t.userId, t.auctionId] }), index('watches_auction_user_idx').on(t.auctionId, t.userId)],
);

/** What a user is told: written in the transaction of the bid or close that owes it. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id),
    // The header's unread count, read on every page: a count over this index reads only the unread
    // entries of one user, however many notices they have read. `read_at` (always null here) is in it
    // so that the count's condition is answered from the index, without a row of the table.
    index('notifications_unread_idx')
      .on(t.userId, t.readAt)
      .where(sql`${t.readAt} is null`),
  ],
);

export const loginEvents = sqliteTable(
  'login_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
export const liveStreams = sqliteTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('live_streams_user_idx').on(t.userId, t.expiresAt), index('live_streams_address_idx').on(t.address, t.expiresAt)],
);
