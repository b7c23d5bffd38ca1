// The ceiling's twins of five of the app's reads, on SQLite: the orders page, a conversation (which
// marks itself read when something in it is unread, as the app's does), a public profile, and the
// moderators' open reports and audit log. Each is the app's own SQL (the statements its store runs
// for that page, with the same columns, joins and limits: one more row than the page, to know whether
// another follows; each limit cast, as the app's are, so that a statement is compiled once: rowLimit in
// src/server/db/common/dialect.ts), prepared once and read raw. The answers are put together in
// ceiling-read-routes.ts.
//
// SQLite only: the rows that read them run on the SQLite deployment alone (scripts/bench/index.ts), so
// the PostgreSQL ceiling has none (CeilingStore.reads).
import type Database from 'better-sqlite3';
import type { AuditValues, MessageValues, OrderValues, ReportValues } from '../../src/server/db/sqlite/hot-rows';

type Ms = number;

/** An auction as the app's statements read it (common/auction-rows.ts), with its viewer's maximum and watch. */
export type AuctionValues = [
  id: number,
  sellerId: number,
  sellerName: string,
  itemName: string,
  itemDescription: string,
  itemCategory: string,
  startingPrice: number,
  currentPrice: number,
  bidsCount: number,
  photo: string | null,
  startsAt: Ms,
  endsAt: Ms,
  createdAt: Ms,
  leaderId: number | null,
  leaderName: string | null,
  leaderMax: number | null,
  closedAt: Ms | null,
  morePhotos: string,
  itemCondition: string | null,
  shippingCost: number | null,
  itemLocation: string | null,
  reservePrice: number | null,
  buyNowPrice: number | null,
  cancelledAt: Ms | null,
  relistedFrom: number | null,
  secondChanceAt: Ms | null,
];
export type ListedValues = [...AuctionValues, viewerMax: number | null, viewerWatches: 0 | 1];

export type PublicUserValues = [id: number, name: string, avatar: string | null, createdAt: Ms, unpaidStrikes: number];
export type FeedbackValues = [rating: string, comment: string, createdAt: Ms, role: string, fromId: number, fromName: string];

export interface CeilingReads {
  /** The user's orders as buyer or seller, newest first, each with both sides' feedback. */
  orders(userId: number, limit: number): OrderValues[];
  /** The auction as the app's services read it, or undefined. */
  auction(id: number): AuctionValues | undefined;
  /** Whether the conversation has begun: a message, or the order of its buyer. */
  hasConversation(auctionId: number, withUserId: number): boolean;
  /**
   * The newest messages, newest first; when any of the other side's is unread, read again in one
   * IMMEDIATE transaction that first marks the reader's messages and their notices read.
   */
  readConversation(auctionId: number, withUserId: number, readerId: number, limit: number, at: Ms): MessageValues[];
  publicUser(id: number): PublicUserValues | undefined;
  /** How many feedbacks of each rating the user received since `since`. */
  feedbackCounts(aboutId: number, since: Ms): Array<[rating: string, n: number]>;
  recentFeedback(aboutId: number, limit: number): FeedbackValues[];
  /** The seller's auctions open at `now`, newest first, with the viewer's maximum and watch. */
  openAuctionsOf(sellerId: number, viewerId: number, now: Ms, limit: number): ListedValues[];
  /** Open reports, the longest waiting first. */
  openReports(limit: number): ReportValues[];
  /** The audit log, newest first, with each target's name as it is now. */
  audit(limit: number): AuditValues[];
}

/** The auction's columns as the app reads them (common/auction-rows.ts), from `a`, its seller `s` and its leader `l`. */
const AUCTION_COLUMNS = `a.id, a.seller_id, s.name, a.item_name, a.item_description, a.item_category, a.starting_price, a.current_price,
  a.bids_count, a.photo, a.starts_at, a.ends_at, a.created_at, a.leader_id, l.name, a.leader_max, a.closed_at, a.more_photos,
  a.item_condition, a.shipping_cost, a.item_location, a.reserve_price, a.buy_now_price, a.cancelled_at, a.relisted_from,
  a.second_chance_at`;

export function sqliteCeilingReads(db: Database.Database): CeilingReads {
  const raw = <Params extends unknown[], Values>(sql: string) => db.prepare<Params, Values>(sql).raw();
  const orders = raw<[number, number, number], OrderValues>(
    `select o.id, o.auction_id, a.item_name, a.photo, o.buyer_id, b.name, o.seller_id, s.name, o.price, o.shipping_cost, o.status,
       o.created_at, o.due_at, o.paid_at, o.shipped_at, o.tracking_number, o.received_at, o.cancelled_at, o.cancel_reason,
       fb.rating, fb.comment, fb.created_at, fs.rating, fs.comment, fs.created_at
     from orders o join auctions a on a.id = o.auction_id join users b on b.id = o.buyer_id join users s on s.id = o.seller_id
       left join feedback fb on fb.order_id = o.id and fb.role = 'buyer'
       left join feedback fs on fs.order_id = o.id and fs.role = 'seller'
     where o.buyer_id = ? or o.seller_id = ? order by o.id desc limit cast(? as integer)`,
  );
  const auction = raw<[number], AuctionValues>(
    `select ${AUCTION_COLUMNS} from auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id where a.id = ?`,
  );
  const messageExists = db
    .prepare<[number, number], number>('select 1 from messages where auction_id = ? and with_user_id = ? limit 1')
    .pluck();
  const buyerOrderExists = db
    .prepare<[number, number], number>('select 1 from orders where auction_id = ? and buyer_id = ? limit 1')
    .pluck();
  const markMessagesRead = db.prepare<[Ms, number, number, number]>(
    'update messages set read_at = ? where auction_id = ? and with_user_id = ? and from_user_id <> ? and read_at is null',
  );
  const markNoticesRead = db.prepare<[Ms, number, number, number], { id: number }>(
    `update notifications set read_at = ? where user_id = ? and read_at is null
       and id in (select notice_id from messages where auction_id = ? and with_user_id = ? and notice_id is not null)
     returning id`,
  );
  const newestMessages = raw<[number, number, number], MessageValues>(
    `select m.id, m.auction_id, m.with_user_id, m.from_user_id, u.name, m.body, m.created_at
     from messages m join users u on u.id = m.from_user_id where m.auction_id = ? and m.with_user_id = ? order by m.id desc limit cast(? as integer)`,
  );
  const unreadMessage = db
    .prepare<[number, number, number], number>(
      'select 1 from messages where auction_id = ? and with_user_id = ? and from_user_id <> ? and read_at is null limit 1',
    )
    .pluck();
  const markAndRead = db.transaction((auctionId: number, withUserId: number, readerId: number, limit: number, at: Ms) => {
    markMessagesRead.run(at, auctionId, withUserId, readerId);
    markNoticesRead.all(at, readerId, auctionId, withUserId);
    return newestMessages.all(auctionId, withUserId, limit);
  });
  // As the app reads it: the newest messages, then whether any of the other side's is unread; only
  // then the transaction that marks them.
  const readConversation = (auctionId: number, withUserId: number, readerId: number, limit: number, at: Ms) => {
    const newest = newestMessages.all(auctionId, withUserId, limit);
    return unreadMessage.get(auctionId, withUserId, readerId) === undefined
      ? newest
      : markAndRead.immediate(auctionId, withUserId, readerId, limit, at);
  };
  const publicUser = raw<[number], PublicUserValues>('select id, name, avatar, created_at, unpaid_strikes from users where id = ?');
  const feedbackCounts = raw<[number, Ms], [string, number]>(
    'select rating, count(*) from feedback where about_id = ? and created_at >= ? group by rating',
  );
  const recentFeedback = raw<[number, number], FeedbackValues>(
    `select f.rating, f.comment, f.created_at, f.role, f.from_id, u.name from feedback f join users u on u.id = f.from_id
     where f.about_id = ? order by f.created_at desc, f.id desc limit cast(? as integer)`,
  );
  const openAuctionsOf = raw<[number, number, number, Ms, Ms, number, number], ListedValues>(
    `select ${AUCTION_COLUMNS},
       case when a.leader_id = ? then a.leader_max else (select m.amount from max_bids m where m.auction_id = a.id and m.bidder_id = ?) end,
       exists (select 1 from watches w where w.user_id = ? and w.auction_id = a.id)
     from auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id
     where a.starts_at <= ? and a.ends_at > ? and a.cancelled_at is null and a.seller_id = ? order by a.id desc limit cast(? as integer)`,
  );
  const openReports = raw<[number], ReportValues>(
    `select r.id, r.auction_id, a.item_name, r.reporter_id, u.name, r.reason, r.details, r.created_at, r.status, r.resolution,
       r.resolution_note, r.resolved_at, r.resolved_by_id, v.name
     from reports r join auctions a on a.id = r.auction_id join users u on u.id = r.reporter_id left join users v on v.id = r.resolved_by_id
     where r.status = 'open' order by r.id asc limit cast(? as integer)`,
  );
  const audit = raw<[number], AuditValues>(
    `select al.id, al.actor_id, u.name, al.action, al.target_type, al.target_id, tu.name, ta.item_name, ra.item_name, al.reason,
       al.ip_address, al.created_at
     from audit_log al left join users u on u.id = al.actor_id
       left join users tu on al.target_type = 'user' and tu.id = al.target_id
       left join auctions ta on al.target_type = 'auction' and ta.id = al.target_id
       left join reports r on al.target_type = 'report' and r.id = al.target_id
       left join auctions ra on ra.id = r.auction_id
     order by al.id desc limit cast(? as integer)`,
  );

  return {
    orders: (userId, limit) => orders.all(userId, userId, limit),
    auction: (id) => auction.get(id),
    hasConversation: (auctionId, withUserId) =>
      messageExists.get(auctionId, withUserId) !== undefined || buyerOrderExists.get(auctionId, withUserId) !== undefined,
    readConversation,
    publicUser: (id) => publicUser.get(id),
    feedbackCounts: (aboutId, since) => feedbackCounts.all(aboutId, since),
    recentFeedback: (aboutId, limit) => recentFeedback.all(aboutId, limit),
    openAuctionsOf: (sellerId, viewerId, now, limit) => openAuctionsOf.all(viewerId, viewerId, viewerId, now, now, sellerId, limit),
    openReports: (limit) => openReports.all(limit),
    audit: (limit) => audit.all(limit),
  };
}
