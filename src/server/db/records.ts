// What the store reads and writes, as plain objects with Dates and numbers, the same on every
// database: the records, the options of its lists and the outcomes of its writes (store.ts says
// which query returns which).
import type { FeedbackRating, FeedbackRole } from '../../shared/feedback';
import type { AuctionStatus, Category, NotificationKind, OrderStatus, Role } from '../../shared/constants';
import type { ItemCondition } from '../../shared/listing';
import type { UserStatus } from '../../shared/moderation';

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
  /** Whether the user's notices are also mailed. */
  emailNotifications: boolean;
  /** When the owner confirmed the address (the mailed link), or null: only confirmed addresses get notices by mail. */
  emailVerifiedAt: Date | null;
  /** A suspended account cannot sign in, for the reason given (docs/rules/moderation.md). */
  status: UserStatus;
  suspensionReason: string | null;
  /** When the account was deleted (status 'deleted'), or null. */
  deletedAt: Date | null;
}

/** A session with the user it belongs to, read fresh on every request. */
export interface SessionRecord {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  /** `twoFactor`: whether two-factor sign-in is on. */
  user: Pick<UserRecord, 'id' | 'name' | 'email' | 'role' | 'avatar'> & { emailVerified: boolean; twoFactor: boolean };
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
  /** The leader's standing maximum: the bid rule's to read, and the leader's own to see; nobody else's. */
  leaderMax: number | null;
  /** When the close recorded the outcome, or null until then. */
  closedAt: Date | null;
  /** File names of the photos after the cover (`photo`), in the seller's order. */
  morePhotos: string[];
  itemCondition: ItemCondition | null;
  /** Whole dollars; null when the buyer collects the item. */
  shippingCost: number | null;
  itemLocation: string | null;
  /** The seller's own to see: nobody else ever reads its number. */
  reservePrice: number | null;
  buyNowPrice: number | null;
  /** When its seller cancelled it, or null. */
  cancelledAt: Date | null;
  /** The auction this one relists, or null. */
  relistedFrom: number | null;
  /** When its bidder accepted a second-chance offer: the leader is then that bidder (domain/bidding.ts buyerOf). */
  secondChanceAt: Date | null;
}

/**
 * The dashboards' counts at one moment: the auctions any list may show (not cancelled), those of
 * them open, and one seller's own (cancelled ones too; 0 without a seller).
 */
export interface AuctionCounts {
  listed: number;
  open: number;
  own: number;
}

/**
 * The dashboard at one moment: its counts, with the viewer's own, and its two short lists, newest
 * first: the open auctions, and the viewer's own (cancelled ones too).
 */
export interface DashboardRecord {
  counts: AuctionCounts;
  open: ListedAuctionRecord[];
  own: ListedAuctionRecord[];
}

/** The auction page's auction: with the id of the order it made, for its buyer and its seller alone (otherwise null). */
export interface ViewedAuctionRecord extends ListedAuctionRecord {
  viewerOrderId: number | null;
}

/** An auction of a list, with what only the viewer who reads the list may see of it. */
export interface ListedAuctionRecord extends AuctionRecord {
  /** The viewer's own standing maximum on it, or null (always for a guest). */
  viewerMax: number | null;
  /** Whether the viewer watches it (never for a guest). */
  viewerWatches: boolean;
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
  /** The purchase at the Buy It Now price that ended the auction. */
  buyNow: boolean;
  /** The auction's end right after this bid. */
  endsAt: Date;
}

/** A bid as the auction page's history shows it. */
export type HistoryBidRecord = Pick<BidRecord, 'id' | 'bidderId' | 'bidderName' | 'amount' | 'createdAt' | 'auto' | 'buyNow'>;

export interface NotificationRecord {
  id: number;
  userId: number;
  kind: NotificationKind;
  auctionId: number;
  message: string;
  createdAt: Date;
  readAt: Date | null;
}

/**
 * An auction the bidder has bid on, with their own standing maximum and their newest bid's amount
 * (the auction's viewerMax is that maximum).
 */
export interface OwnBidRecord {
  auction: ListedAuctionRecord;
  maxBid: number;
  lastBid: number;
}

/**
 * A page of one of a user's own lists (the watchlist, my bids): open auctions first by soonest end,
 * then scheduled ones by soonest start, then ended ones, most recently ended first, equal times by id.
 * The first page sorts by `now`; a cursor (db/paging.ts) carries the moment of its first page, so
 * that the later pages sort as it did. A cursor of another kind is refused (bad request).
 */
export interface OwnListOptions {
  now: number;
  limit: number;
  cursor?: string | null;
}

/** What a watch asked for came to: watched (newly or already), refused because the list is full, or no such auction. */
export type WatchOutcome = 'watching' | 'full' | 'unknown';

/** One batch of the ending-soon tick: how many auctions were due (another process may have claimed some), and whom it told (once per notice). */
export interface EndingSoonOutcome {
  due: number;
  userIds: number[];
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
  /** Whether cancelled auctions count too, without a status: in the seller's own list and the administrator's. */
  withCancelled?: boolean;
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
  morePhotos?: string[];
  itemCondition?: ItemCondition | null;
  shippingCost?: number | null;
  itemLocation?: string | null;
  reservePrice?: number | null;
  buyNowPrice?: number | null;
  relistedFrom?: number | null;
  /** When saved searches were matched against it; left out, they are at its opening. */
  matchedAt?: Date | null;
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

export interface ClosedAuction {
  auction: AuctionRecord;
  notified: number[];
}

export type BidOutcome =
  /**
   * The decision was written: its bids (none when a maximum was raised alone), the auction after
   * them, and the users its notices went to. `myMaxBid` and `watching` are the bidder's own, for the
   * answer, read in the same transaction rather than by a statement of their own after it.
   */
  | { kind: 'placed'; bids: BidRecord[]; auction: AuctionRecord; myMaxBid: number; watching: boolean; notified: number[] }
  /** The same request again: the first bid, and the auction as it is now. */
  | { kind: 'repeated'; bid: BidRecord; auction: AuctionRecord; myMaxBid: number | null; watching: boolean }
  /** Another bid changed the price between the read and the write: nothing was written. */
  | { kind: 'price-moved'; auction: AuctionRecord };

export type PurchaseOutcome =
  /**
   * The purchase was written with the close it brings: its history entry, the auction after it
   * (ended and closed), the sale's order as a read would answer it, the users its notices went to,
   * and whether the buyer watches it, for the answer.
   */
  | { kind: 'bought'; bid: BidRecord; auction: AuctionRecord; order: OrderRecord; watching: boolean; notified: number[] }
  /** The auction changed between the read and the write (the row lock makes this a second wall only): nothing was written. */
  | { kind: 'taken' };

/** A mail ready to hand to the mail server. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A notice whose mail is due, with what its mail says. */
export interface NoticeMail {
  kind: NotificationKind;
  /** The newest notice's message. */
  message: string;
  auctionId: number;
  itemName: string;
  /** The auction's price when the newest notice was written. */
  price: number;
  /** How many notices of this kind and auction the mail stands for: the newest and those folded into it. */
  count: number;
  to: { name: string; email: string; emailNotifications: boolean };
}

/** Which mail leaves first: a link someone is waiting for, then notices. */
export const MAIL_PRIORITY = { link: 0, notice: 1 } as const;

/** A claimed row of the outbox: a notice (of a group, or from before groups) to render, or a mail stored ready. */
export interface OutboxMail {
  id: number;
  attempts: number;
  expiresAt: Date | null;
  content: { kind: 'notice'; notice: NoticeMail; grouped: boolean } | { kind: 'ready'; mail: MailMessage };
}

/** Why a live stream was refused its place: which cap it met. */
export type StreamPlaceRefusal = 'user-full' | 'address-full';

/** A search a user saved, to hear of each auction that opens matching it. */
export interface SavedSearchRecord {
  id: number;
  userId: number;
  /** The text as typed (trimmed); null when the search has no words. */
  q: string | null;
  category: Category | null;
  maxPrice: number | null;
  createdAt: Date;
}

/** One batch of the saved-search tick: how many opening auctions it claimed, and whom it told (once per auction). */
export interface MatchOutcome {
  due: number;
  userIds: number[];
}

/** An order with what its answer shows of its auction and of both parties. */
export interface OrderRecord {
  id: number;
  auctionId: number;
  itemName: string;
  /** The auction's cover photo (a file name inside UPLOAD_DIR), or null. */
  photo: string | null;
  buyerId: number;
  buyerName: string;
  sellerId: number;
  sellerName: string;
  price: number;
  shippingCost: number | null;
  status: OrderStatus;
  createdAt: Date;
  dueAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  trackingNumber: string | null;
  receivedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  /** What each side said of the other, once said. */
  fromBuyer: GivenFeedbackRecord | null;
  fromSeller: GivenFeedbackRecord | null;
}

/** One side's feedback on an order: who left it follows from the side (the order's buyer or seller). */
export interface GivenFeedbackRecord {
  rating: FeedbackRating;
  comment: string;
  createdAt: Date;
}

/** A feedback as a profile lists it, with who left it. */
export interface FeedbackRecord extends GivenFeedbackRecord {
  role: FeedbackRole;
  fromId: number;
  fromName: string;
}

/** What anyone signed in may see of a user: never their address nor anything of their logins. */
export interface PublicUserRecord {
  id: number;
  name: string;
  avatar: string | null;
  createdAt: Date;
  unpaidStrikes: number;
}

/** A move written (the order after it, and whom its notices went to), or refused by a move that came first (the order as that left it). */
export type OrderMoveOutcome = { moved: true; order: OrderRecord; notified: number[] } | { moved: false; order: OrderRecord };

/** A message of a conversation, with its writer's name. */
export interface MessageRecord {
  id: number;
  auctionId: number;
  /** The conversation's other party (not the seller), whoever wrote this message. */
  withUserId: number;
  fromUserId: number;
  fromName: string;
  body: string;
  createdAt: Date;
}

/** One of a user's conversations: its auction, whom it is with, its newest message, and how many the user has not read. */
export interface ConversationRecord {
  auctionId: number;
  itemName: string;
  photo: string | null;
  /** The user on the other side from the reader's: the seller, or the seller's correspondent. */
  otherId: number;
  otherName: string;
  last: MessageRecord;
  unread: number;
}

/** What a relist reads of the auction it puts up again: its order's status, and whether an offer of it waits. */
export type RelistedAuction = AuctionRecord & { orderStatus: OrderRecord['status'] | null; offerPending: boolean };
