// What the services need from a database: every query of the product, behind one interface with an
// implementation per database (db/sqlite today). The product's rules stay in the services and in
// src/server/domain; a store only reads and writes, each method one statement or one transaction.
import type { AuctionSort, AuctionStatus, Category, NotificationKind, Role } from '../../shared/constants';
import type { AdminUsersInput } from '../../shared/schemas/admin';
import type { BidDecision, BidState, Notice } from '../domain/bidding';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  avatar: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  lastLoginCity: string | null;
  lastLoginRegion: string | null;
  lastLoginCountry: string | null;
}

/** A session with the user it belongs to, read fresh on every request. */
export interface SessionRecord {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: Pick<UserRecord, 'id' | 'name' | 'email' | 'role' | 'avatar'>;
}

export interface LoginEventRecord {
  id: number;
  createdAt: Date;
  ipAddress: string;
  location: string;
  isp: string;
  device: string;
}

export interface ContactMessageRecord {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}

export interface AuctionRecord {
  id: number;
  sellerId: number;
  sellerName: string;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  startingPrice: number;
  currentPrice: number;
  bidsCount: number;
  /** File name inside UPLOAD_DIR; null shows the placeholder. */
  photo: string | null;
  startsAt: Date;
  /** The current end, which a late bid may have moved. */
  endsAt: Date;
  createdAt: Date;
  /** The bidder with the highest standing maximum (the winner once ended), or null before any bid. */
  leaderId: number | null;
  leaderName: string | null;
  /** When the close recorded the outcome, or null until then. */
  closedAt: Date | null;
}

export interface BidRecord {
  id: number;
  auctionId: number;
  bidderId: number;
  bidderName: string;
  amount: number;
  /** The bid's number within its auction: the auction's bid count right after it. */
  seq: number;
  createdAt: Date;
  /** Placed automatically, by the bidder's maximum. */
  auto: boolean;
  /** The auction's end right after this bid. */
  endsAt: Date;
}

export interface NotificationRecord {
  id: number;
  userId: number;
  kind: NotificationKind;
  auctionId: number;
  message: string;
  createdAt: Date;
  readAt: Date | null;
}

/** A slice of a list, and the cursor of the next slice (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Which auctions a list or a count covers; `now` places each auction in its status. */
export interface AuctionFilter {
  now: number;
  status?: AuctionStatus;
  category?: Category;
  sellerId?: number;
  /** Words that must each start a word of the name or the description (domain/search.ts); none: no search. */
  words?: string[];
}

export interface NewAuction {
  sellerId: number;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  startingPrice: number;
  currentPrice?: number;
  bidsCount?: number;
  photo: string | null;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

/** A bid of the demo data, placed by hand at a given time. */
export interface SeedBid {
  bidderId: number;
  amount: number;
  createdAt: Date;
}

export type BidOutcome =
  /** The decision was written: its bids (none when a maximum was raised alone), the auction after them. */
  | { kind: 'placed'; bids: BidRecord[]; auction: AuctionRecord; myMaxBid: number }
  /** The same request again: the first bid, and the auction as it is now. */
  | { kind: 'repeated'; bid: BidRecord; auction: AuctionRecord; myMaxBid: number | null }
  /** Another bid changed the price between the read and the write: nothing was written. */
  | { kind: 'price-moved'; auction: AuctionRecord };

export interface UserStore {
  byEmail(email: string): Promise<UserRecord | undefined>;
  byId(id: number): Promise<UserRecord | undefined>;
  /** The new user, or null when the email is taken. */
  insert(user: { name: string; email: string; passwordHash: string; role?: Role; createdAt: Date }): Promise<UserRecord | null>;
  /** Stores a new password hash and ends every session of the user but `keepSessionId`. */
  setPassword(userId: number, passwordHash: string, keepSessionId: string): Promise<void>;
  /** In one transaction: the existing user with that email made an admin, or a new admin. */
  createOrPromoteAdmin(admin: {
    name: string;
    email: string;
    passwordHash: string;
    createdAt: Date;
  }): Promise<{ outcome: 'created' | 'promoted' | 'unchanged'; user: UserRecord }>;
  count(filter?: { createdAfter?: Date }): Promise<number>;
  newest(limit: number): Promise<UserRecord[]>;
  /** One page of the admin users list: searched, filtered by role, sorted, with the total. */
  adminPage(input: AdminUsersInput): Promise<{ users: UserRecord[]; total: number }>;
}

export interface SessionStore {
  insert(session: { id: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void>;
  lookup(id: string): Promise<SessionRecord | undefined>;
  touch(id: string, at: Date): Promise<void>;
  delete(id: string): Promise<void>;
  /** Whether the session exists and has neither expired nor idled out by `now`. */
  isActive(id: string, now: number, idleMs: number): Promise<boolean>;
  /** Deletes every session that expired or idled out; returns how many. */
  prune(now: number, idleMs: number): Promise<number>;
}

export interface LoginStore {
  /** Records a login or sign-up, updates the user's last login, and drops entries older than `keepSince`. */
  record(
    event: {
      userId: number;
      kind: 'login' | 'signup';
      at: Date;
      ipAddress: string;
      userAgent: string;
      device: string;
      location: string;
      isp: string;
    },
    lastLogin: { city: string | null; region: string | null; country: string | null },
    keepSince: Date,
  ): Promise<void>;
  /** Deletes every entry older than `keepSince`; returns how many. */
  prune(keepSince: Date): Promise<number>;
  newestOf(userId: number, limit: number): Promise<LoginEventRecord[]>;
}

export interface ContactStore {
  /**
   * Stores the message unless `limit` messages from its address arrived since `since`, in one
   * transaction so that a burst cannot slip past the count; otherwise says when the oldest arrived.
   */
  insertUnderLimit(
    message: { name: string; email: string; subject: string; message: string; ipAddress: string; userId: number | null; createdAt: Date },
    limit: { since: Date; max: number },
  ): Promise<{ stored: true } | { stored: false; oldest: Date }>;
  page(options: { limit: number; cursor?: string | null }): Promise<Page<ContactMessageRecord>>;
  count(): Promise<number>;
}

export interface AuctionStore {
  byId(id: number): Promise<AuctionRecord | undefined>;
  /**
   * Keyset pages in the order of `sort` (newest first by default), equal values in id order. A
   * cursor this list did not hand out for that sort is refused (bad request), never misread.
   */
  page(filter: AuctionFilter, options: { limit: number; cursor?: string | null; sort?: AuctionSort }): Promise<Page<AuctionRecord>>;
  count(filter: AuctionFilter): Promise<number>;
  /** The categories that have at least one auction. */
  categories(): Promise<Category[]>;
  insert(auction: NewAuction): Promise<AuctionRecord>;
  /**
   * Demo data: in one transaction, the auction and its bids (numbered here), unless its seller
   * already has an auction of that name; whether it was inserted.
   */
  insertIfNew(auction: NewAuction, bids: SeedBid[]): Promise<boolean>;
  /** The id of the seller's auction with that name, if there is one (demo data). */
  idByName(sellerId: number, itemName: string): Promise<number | undefined>;
  /**
   * Closes auctions whose end has passed, at most `limit` of them, each in its own transaction:
   * claimed only if nobody closed it yet and its end (which a bid may just have moved) has passed,
   * with the notices `decide` returns written beside the outcome. Returns the auctions it closed.
   */
  closeDue(now: number, limit: number, decide: (auction: AuctionRecord) => Notice[]): Promise<AuctionRecord[]>;
}

export interface BidStore {
  /**
   * One bid, in one transaction: reads the auction (and an earlier bid with the same request key),
   * lets `decide` judge it, writes what it returns. `decide` is the rule, pure: it throws to refuse.
   */
  place(
    bid: { auctionId: number; bidder: { id: number; name: string }; requestKey: string | null },
    decide: (state: BidState) => BidDecision | 'repeat',
  ): Promise<BidOutcome>;
  /** The bidder's standing maximum on each of these auctions that they have bid on. */
  maximaOf(bidderId: number, auctionIds: number[]): Promise<Map<number, number>>;
  /** Bids of one auction, newest first. */
  newestOf(auctionId: number, limit: number): Promise<BidRecord[]>;
  /** Bids after a given one (of one auction, or of all with null), oldest first. */
  since(afterBidId: number, auctionId: number | null, limit: number): Promise<BidRecord[]>;
  /** The id of the bid `skip` places after a given one, or null when fewer follow it. */
  idAfter(afterBidId: number, auctionId: number | null, skip: number): Promise<number | null>;
  /** The newest bid's id (of one auction, or of all), or 0 when there is none. */
  latestId(auctionId: number | null): Promise<number>;
}

export interface NotificationStore {
  /** A user's notices, newest first. */
  newestOf(userId: number, limit: number): Promise<NotificationRecord[]>;
}

export interface Store {
  users: UserStore;
  sessions: SessionStore;
  logins: LoginStore;
  contact: ContactStore;
  auctions: AuctionStore;
  bids: BidStore;
  notifications: NotificationStore;
  /** Resolves once the database answers (/healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
