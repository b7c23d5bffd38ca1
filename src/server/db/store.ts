// What the services need from a database: every query of the product behind one interface, implemented by the
// queries written once (db/common) and each database's own (db/sqlite, db/pg). Rules stay in the services and in
// src/server/domain; each method is one statement or one transaction; its records are in records.ts.
import type { AuctionSort, Category, Role } from '../../shared/constants';
import type { AdminUsersInput } from '../../shared/schemas/admin';
import type { BidDecision, BidState, Notice } from '../domain/bidding';
import type { PurchaseDecision, PurchaseState } from '../domain/buying';
import type { FeatureStores } from './feature-stores';
import type { OrderMoveDecision } from '../domain/orders';
import type {
  AuctionCounts,
  AuctionFilter,
  AuctionRecord,
  BidOutcome,
  BidRecord,
  ClosedAuction,
  ContactMessageRecord,
  EndingSoonOutcome,
  HistoryBidRecord,
  ListedAuctionRecord,
  LoginEventRecord,
  DashboardRecord,
  MailMessage,
  NewAuction,
  OutboxMail,
  OwnBidRecord,
  OrderMoveOutcome,
  OrderRecord,
  RelistedAuction,
  OwnListOptions,
  Page,
  PurchaseOutcome,
  MessageRecord,
  ConversationRecord,
  SeedBid,
  SessionRecord,
  StreamPlaceRefusal,
  UserRecord,
  ViewedAuctionRecord,
  WatchOutcome,
} from './records';

export interface UserStore {
  byEmail(email: string): Promise<UserRecord | undefined>;
  byId(id: number): Promise<UserRecord | undefined>;
  /** The new user, or null when the email is taken. */
  insert(user: {
    name: string;
    email: string;
    passwordHash: string;
    role?: Role;
    createdAt: Date;
    /** Unconfirmed (null) unless given: the demo accounts are made confirmed. */
    emailVerifiedAt?: Date | null;
  }): Promise<UserRecord | null>;
  /** In one transaction: a new password hash, and every session (but `keepSessionId`) and reset link of the user ended, their mails dropped. */
  setPassword(userId: number, passwordHash: string, keepSessionId: string): Promise<void>;
  setEmailNotifications(userId: number, on: boolean): Promise<void>;
  /**
   * Sets the user's avatar (a file name inside UPLOAD_DIR, or null for none) and answers the one it replaced, read in the same
   * statement or transaction, so that two changes at once each learn which file to delete; undefined when there is no such user.
   */
  setAvatar(userId: number, avatar: string | null): Promise<{ previous: string | null } | undefined>;
  /** In one transaction: the existing user with that email made an admin, or a new admin, and the run's audit entry. */
  createOrPromoteAdmin(admin: { name: string; email: string; passwordHash: string; createdAt: Date }): Promise<{
    outcome: 'created' | 'promoted' | 'unchanged';
    user: UserRecord;
  }>;
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
  /** One auction with what its viewer may see of it (their own maximum, their watch), read with it. */
  viewedBy(id: number, viewerId: number): Promise<ViewedAuctionRecord | undefined>;
  /**
   * Keyset pages in the order of `sort` (newest first by default), equal values in id order. A
   * cursor this list did not hand out for that sort is refused (bad request), never misread. Each
   * auction comes with the viewer's own maximum and watch, read with it (a guest's without a viewer).
   */
  page(
    filter: AuctionFilter,
    options: {
      limit: number;
      cursor?: string | null;
      sort?: AuctionSort;
      viewerId?: number | null;
      /** How many auctions match the filter, when the caller has counted them: a search plans its page from it. */
      counted?: number;
    },
  ): Promise<Page<ListedAuctionRecord>>;
  count(filter: AuctionFilter): Promise<number>;
  /**
   * The dashboards' counts at `now` (AuctionCounts), with `sellerId`'s own: read from the counts the
   * database keeps as auctions are written, not counted row by row (docs/decisions/0017), and equal to
   * what `count` answers for all auctions, the open ones, and the seller's own with the cancelled.
   */
  counts(now: number, sellerId: number | null): Promise<AuctionCounts>;
  /**
   * The dashboard at `now`, all of it of one moment: `counts` with the viewer's own, the `limit` newest
   * open auctions and the viewer's `limit` newest own (cancelled ones too), each with what the viewer
   * may see of it; the first page of `page` for each, without its cursor.
   */
  dashboard(now: number, viewerId: number, limit: number): Promise<DashboardRecord>;
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
   * Cancels the auction for its seller, in one transaction: one conditional update that sets when it
   * was cancelled and closed to `at`, only if `sellerId` sells it, it has no bid, it is neither
   * cancelled nor closed, and it ends after `at`. A first bid that commits before it makes it fail; a
   * bid after it finds the auction closed. The auction as it stands afterwards, read in the same
   * transaction, and whether this call cancelled it.
   */
  cancel(id: number, sellerId: number, at: Date): Promise<{ cancelled: boolean; auction: AuctionRecord | undefined }>;
  /**
   * A new auction that puts an old one up again, in one transaction that no other relist of the old one
   * (nor an answer to its second-chance offer) overlaps: reads it (with its order's status and whether an
   * offer waits) and whether an auction relists it already, lets `decide` judge (the rule, pure: it
   * throws to refuse), and inserts the auction it returns, at `at`. The new auction.
   */
  relist(
    id: number,
    at: Date,
    decide: (auction: RelistedAuction | undefined, relistedAlready: boolean) => NewAuction,
  ): Promise<AuctionRecord>;
  /**
   * Closes auctions whose end has passed, at most `limit` of them, each in its own transaction:
   * claimed only if nobody closed it yet and its end (which a bid may just have moved) has passed,
   * with the notices `decide` returns and the order of an auction with a buyer (due `paymentDueMs`
   * later) written beside the outcome. Returns the auctions it closed,
   * each with the users its notices went to.
   */
  closeDue(now: number, limit: number, decide: (auction: AuctionRecord) => Notice[], paymentDueMs: number): Promise<ClosedAuction[]>;
  /**
   * A purchase at the Buy It Now price, in one transaction that holds the auction (PostgreSQL: its row
   * lock; SQLite: the write lock): reads it, lets `decide` judge it (the rule, pure: it throws to
   * refuse), then writes it with the close it brings, by a conditional update: the buyer leads at
   * that price, the auction ends and is closed at the purchase's moment, the history gains the
   * purchase, and the notices and the sale's order (due `paymentDueMs` later) are written beside it.
   */
  buyNow(
    purchase: { auctionId: number; buyer: { id: number; name: string }; paymentDueMs: number },
    decide: (state: PurchaseState) => PurchaseDecision,
  ): Promise<PurchaseOutcome>;
  /**
   * Tells the watchers of open auctions that end within `withinMs` of `now`, at most `limit` auctions, each in its own
   * transaction: claimed only if its watchers were not told yet (so once per auction, however many processes tick and
   * whatever a late bid does to its end), with the notices `decide` returns for its watchers written beside the claim.
   */
  tellEndingSoon(
    now: number,
    withinMs: number,
    limit: number,
    decide: (auction: AuctionRecord, watcherIds: number[]) => Notice[],
  ): Promise<EndingSoonOutcome>;
}

export interface WatchStore {
  /**
   * Puts the auction on the user's watchlist unless they already watch `max` auctions, checked and
   * written as one step (two requests at once cannot both take the last place). Already there:
   * nothing changes, however full the list.
   */
  add(userId: number, auctionId: number, at: Date, max: number): Promise<WatchOutcome>;
  /** Takes the auction off the user's watchlist (not there: nothing changes); false when no auction has that id. */
  remove(userId: number, auctionId: number): Promise<boolean>;
  /** One page of the auctions the user watches (OwnListOptions says the order), each with what only the user sees of it. */
  page(userId: number, options: OwnListOptions): Promise<Page<ListedAuctionRecord>>;
  /** How many auctions the user watches. */
  count(userId: number): Promise<number>;
}

export interface MessageStore {
  /** Whether the conversation about the auction with that user (not its seller) was begun, or is owed by an order of theirs. */
  hasConversation(auctionId: number, withUserId: number): Promise<boolean>;
  /**
   * Writes the message and, unless the conversation already sent its recipient a `message` notice
   * that is still unread, that notice (`notice`), in one transaction. The message, and whom it told;
   * or nothing written (`sent: false`) when the recipient's account was deleted, as read in it.
   */
  post(
    message: { auctionId: number; withUserId: number; fromUserId: number; body: string; createdAt: Date },
    notice: Notice,
  ): Promise<{ sent: true; message: MessageRecord; told: number[] } | { sent: false }>;
  /**
   * The newest `limit` messages of the conversation, oldest first, marking those to `readerId` read
   * at `at`, and the `message` notices this conversation sent them with (whether any was unread).
   */
  read(
    auctionId: number,
    withUserId: number,
    readerId: number,
    limit: number,
    at: Date,
  ): Promise<{ messages: MessageRecord[]; noticesRead: boolean }>;
  /** The user's newest `limit` conversations (as seller or as the other party), latest message first. */
  conversations(userId: number, limit: number): Promise<ConversationRecord[]>;
}

export interface BidStore {
  /**
   * One bid, in one transaction: reads the auction (and an earlier bid with the same request key),
   * lets `decide` judge it, writes what it returns (the request's maxBid kept beside its placed bid). `decide` is the rule, pure.
   */
  place(
    bid: { auctionId: number; bidder: { id: number; name: string }; requestKey: string | null; maxBid: number | null },
    decide: (state: BidState) => BidDecision | 'repeat',
  ): Promise<BidOutcome>;
  /** One page of the auctions the bidder has bid on (OwnListOptions says the order). */
  ofBidder(bidderId: number, options: OwnListOptions): Promise<Page<OwnBidRecord>>;
  /** How many auctions the bidder has bid on. */
  biddenOnCount(bidderId: number): Promise<number>;
  /** Bids of one auction, newest first, as its history shows them. */
  newestOf(auctionId: number, limit: number): Promise<HistoryBidRecord[]>;
  /** Bids after a given one (of these auctions, or of all with null), oldest first. */
  since(afterBidId: number, auctionIds: readonly number[] | null, limit: number): Promise<BidRecord[]>;
  /** Bids of one auction numbered after `afterSeq` (see BidRecord.seq), oldest first. */
  afterNumber(auctionId: number, afterSeq: number, limit: number): Promise<BidRecord[]>;
  /** The id of the bid `skip` places after a given one, or null when fewer follow it. */
  idAfter(afterBidId: number, auctionIds: readonly number[] | null, skip: number): Promise<number | null>;
  /** The newest bid's id (of these auctions, or of all with null), or 0 when there is none. */
  latestId(auctionIds: readonly number[] | null): Promise<number>;
}

export interface MailStore {
  /**
   * Claims up to `limit` rows due by `now`, links first, then by due time, and moves each one's due
   * time to `leaseUntil`, in one conditional write, so that no other worker (in this process or
   * another) claims them until then. Forgets, on the way, the groups whose window has passed.
   */
  claimDue(now: number, leaseUntil: number, limit: number): Promise<OutboxMail[]>;
  /** Sent, or not worth sending: the row goes (a group's with any notice folded into it since the claim). */
  remove(id: number): Promise<void>;
  /**
   * A group's mail was sent, standing for `sent` notices: those folded in since the claim wait for
   * the next mail, due at `holdUntil`; with none, the row only holds the group's window until then.
   */
  sentGroup(id: number, sent: number, holdUntil: number): Promise<void>;
  /** Sending failed: try again at `dueAt`. */
  retryAt(id: number, dueAt: number, error: string): Promise<void>;
  /** Rows with a mail to send, due or not (tests and the operator's eye). */
  pending(): Promise<number>;
}

export interface PasswordResetStore {
  /** Stores the reset (by its token's hash) and queues its mail, in one transaction. */
  create(reset: { id: string; userId: number; createdAt: Date; expiresAt: Date }, mail: MailMessage): Promise<void>;
  /** The account a live reset belongs to, without using it up. */
  userOf(id: string, now: number): Promise<number | undefined>;
  /**
   * Uses the reset up, in one transaction: sets the password, ends every session and every other
   * reset of the account, and drops the reset mails of the account not sent yet. The account's id,
   * or undefined when the reset is unknown, used or expired.
   */
  consume(id: string, now: number, passwordHash: string): Promise<number | undefined>;
}

/**
 * The places of open live streams, one row each, so that caps per account and per client address
 * hold across every instance on the database (live/streams.ts keeps them).
 */
export interface LiveStreamStore {
  /**
   * Takes a place, in one transaction that no other take for the same user or address overlaps:
   * refused, writing nothing, when the user or the address already holds as many unexpired places
   * as its cap. Places that lapsed by `now` (an instance that died) are dropped first.
   */
  acquire(
    place: { id: string; userId: number; address: string; expiresAt: Date },
    now: Date,
    caps: { perUser: number; perAddress: number },
  ): Promise<StreamPlaceRefusal | null>;
  /** Moves the expiry of places whose streams are still open. */
  renew(ids: string[], expiresAt: Date): Promise<void>;
  release(id: string): Promise<void>;
}

export interface EmailConfirmationStore {
  /** Stores the confirmation link (by its token's hash) and queues its mail, in one transaction. */
  create(confirmation: { id: string; userId: number; createdAt: Date; expiresAt: Date }, mail: MailMessage): Promise<void>;
  /**
   * Uses the link up, in one transaction: marks the account's address confirmed (unless it already
   * was) and ends every other confirmation link of the account, dropping their mails not sent yet.
   * The account's id, or undefined when the link is unknown, used or expired.
   */
  consume(id: string, now: number): Promise<number | undefined>;
}

/** Orders (db/common/orders.ts): made by the close and the purchase, in their transactions; moved one conditional update at a time. */
export interface OrderStore {
  byId(id: number): Promise<OrderRecord | undefined>;
  /** A page of the user's orders as buyer, seller or either, of one status or any, newest first. */
  page(
    userId: number,
    options: { role?: 'buyer' | 'seller' | null; status?: OrderRecord['status'] | null; limit: number; cursor?: string | null },
  ): Promise<Page<OrderRecord>>;
  /**
   * A move, in one transaction: reads the order, lets `decide` judge it (pure: it throws to refuse),
   * then one conditional update from the status it read, the notices and the buyer's strike beside
   * it. A move that came first in between leaves the update nothing to change: not moved.
   */
  move(id: number, decide: (order: OrderRecord | undefined) => OrderMoveDecision): Promise<OrderMoveOutcome>;
  /**
   * Tells both parties of orders unpaid at their due time, at most `limit` orders, each claimed in
   * its own transaction by a conditional update (once per order, however many processes tick), with
   * the notices `decide` returns beside the claim. Whom it told.
   */
  tellOverdue(now: number, limit: number, decide: (order: OrderRecord) => Notice[]): Promise<{ due: number; userIds: number[] }>;
}

export interface Store extends FeatureStores {
  orders: OrderStore;
  users: UserStore;
  sessions: SessionStore;
  logins: LoginStore;
  contact: ContactStore;
  auctions: AuctionStore;
  bids: BidStore;
  watches: WatchStore;
  messages: MessageStore;
  mail: MailStore;
  passwordResets: PasswordResetStore;
  liveStreams: LiveStreamStore;
  emailConfirmations: EmailConfirmationStore;
  /** Resolves once the database answers (/healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
