// The ceiling's SQLite: raw better-sqlite3 prepared statements with the app's pragmas, and the bid as one
// IMMEDIATE transaction that raises the price conditionally, records the leader, and inserts the bid
// with its number and the end it was placed under: the writes of the app's bid without a maximum.
import Database from 'better-sqlite3';
import { WAL_CHECKPOINT_PAGES } from '../../src/server/db/sqlite/open';
import { sqliteCeilingReads } from './ceiling-reads';
import { checkBid, HttpError, type CeilingStore } from './ceiling-store';
import type * as Row from './ceiling-store';

export function sqliteCeilingStore(path: string): CeilingStore {
  const db = new Database(path);
  // The app's pragmas (src/server/db/sqlite/open.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);

  const sessionLookup = db.prepare<[string], Row.SessionRow>(
    'select u.id, u.name, u.role, s.expires_at, s.last_seen_at from sessions s join users u on u.id = s.user_id where s.id = ?',
  );
  const auctionForBid = db.prepare<[number], Row.AuctionForBid>(
    'select seller_id, current_price, bids_count, starts_at, ends_at from auctions where id = ?',
  );
  const raise = db.prepare<[number, number, number, number, number], { bids_count: number }>(
    `update auctions set current_price = ?, bids_count = bids_count + 1, leader_id = ?, leader_max = ?
     where id = ? and current_price = ? returning bids_count`,
  );
  const insertBid = db.prepare<[number, number, number, number, number, number], { id: number }>(
    'insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, ends_at) values (?, ?, ?, ?, null, ?, ?) returning id',
  );
  const auctionWithSeller = db.prepare<[number], Row.AuctionWithSeller>(
    'select a.*, u.name as seller_name from auctions a join users u on u.id = a.seller_id where a.id = ?',
  );
  const bidsOf = db.prepare<[number], Row.BidWithBidder>(
    'select b.id, b.amount, b.created_at, b.bidder_id, u.name as bidder_name from bids b join users u on u.id = b.bidder_id where b.auction_id = ? order by b.id desc limit 200',
  );

  const place = db.transaction((auctionId: number, bidderId: number, amount: number, now: number) => {
    const auction = auctionForBid.get(auctionId);
    checkBid(auction, bidderId, amount, now);
    const raised = raise.get(amount, bidderId, amount, auctionId, auction.current_price);
    if (!raised) throw new HttpError(409, 'The price moved before your bid landed.');
    const { id } = insertBid.get(auctionId, bidderId, amount, raised.bids_count, now, auction.ends_at)!;
    return { id, bidsCount: raised.bids_count };
  });

  return {
    sessionUser: async (hash) => sessionLookup.get(hash),
    placeBid: async (auctionId, bidderId, amount, now) => place.immediate(auctionId, bidderId, amount, now),
    auctionWithSeller: async (id) => auctionWithSeller.get(id),
    bidsOf: async (auctionId) => bidsOf.all(auctionId),
    reads: sqliteCeilingReads(db),
    close: async () => {
      db.close();
    },
  };
}
