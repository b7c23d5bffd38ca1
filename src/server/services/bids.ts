// Placing a bid: one synchronous IMMEDIATE transaction, so concurrent bids can neither be lost nor share a price.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { PlaceBidInput } from '../../shared/schemas/auction';
import { bidBounds } from '../../shared/bids';
import type { Db } from '../db/client';
import { inImmediateTransaction, perDb } from '../db/prepared';
import { auctions, bids, users } from '../db/schema';
import type { AppDeps } from '../deps';
import type { BidEvent } from '../live/bid-bus';
import { parseId, toAuction, toBid, viewOf, type Auction, type Bid } from './auctions';
import { badRequest, conflict, forbidden, notFound } from './errors';

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

const statements = perDb((db) => ({
  // The whole row with the seller's name: the checks need part of it and the answer the rest.
  auction: db
    .select({ auction: auctions, sellerName: users.name })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.sellerId))
    .where(eq(auctions.id, sql`${sql.placeholder('id')}`))
    .prepare(),
  replay: db
    .select({ id: bids.id, auctionId: bids.auctionId, amount: bids.amount, createdAt: bids.createdAt })
    .from(bids)
    .where(and(eq(bids.bidderId, sql`${sql.placeholder('bidderId')}`), eq(bids.requestKey, sql`${sql.placeholder('requestKey')}`)))
    .prepare(),
  insert: db
    .insert(bids)
    .values({
      auctionId: sql.placeholder('auctionId'),
      bidderId: sql.placeholder('bidderId'),
      amount: sql.placeholder('amount'),
      seq: sql.placeholder('seq'),
      requestKey: sql.placeholder('requestKey'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ id: bids.id })
    .prepare(),
  // Conditional on the price read a moment ago: the changed-row count proves nobody moved it.
  raise: db
    .update(auctions)
    .set({ currentPrice: sql`${sql.placeholder('amount')}`, bidsCount: sql`${auctions.bidsCount} + 1` })
    .where(and(eq(auctions.id, sql`${sql.placeholder('id')}`), eq(auctions.currentPrice, sql`${sql.placeholder('expected')}`)))
    .returning({ bidsCount: auctions.bidsCount })
    .prepare(),
  bidderName: db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, sql`${sql.placeholder('id')}`))
    .prepare(),
}));

export interface PlacedBid {
  bid: Bid;
  event: BidEvent;
  /** True when this answer repeats an earlier request with the same key. */
  replayed: boolean;
  /** The auction as it stands after the bid; its `bids` hold only this bid (the detail read has them all). */
  auction: Auction;
}

/**
 * Checks and stores one bid. The checks and writes share one IMMEDIATE transaction: better-sqlite3
 * runs it synchronously, and SQLite's write lock serialises it against other processes too.
 */
export function placeBid(deps: AppDeps, bidder: { id: number; name: string }, input: PlaceBidInput): PlacedBid {
  const { db } = deps;
  const auctionId = parseId(input.auctionId);
  if (auctionId === null) throw notFound('Auction not found');
  const s = statements(db);

  const result = inImmediateTransaction(db, () => {
    if (input.requestKey) {
      const earlier = s.replay.get({ bidderId: bidder.id, requestKey: input.requestKey });
      if (earlier) {
        if (earlier.auctionId !== auctionId || earlier.amount !== input.bidAmount) {
          throw conflict('This request key was already used for another bid.');
        }
        // The first answer again, bid time included.
        const { auction, sellerName } = s.auction.get({ id: auctionId })!;
        return { id: earlier.id, amount: earlier.amount, at: earlier.createdAt.getTime(), replayed: true, row: { ...auction, sellerName } };
      }
    }
    const found = s.auction.get({ id: auctionId });
    if (!found) throw notFound('Auction not found');
    const { auction, sellerName } = found;
    if (auction.sellerId === bidder.id) throw forbidden('You cannot bid on your own auction.');
    const now = deps.now();
    if (now < auction.startsAt.getTime()) throw badRequest('This auction has not started yet; bidding opens at its start date.');
    if (now >= auction.endsAt.getTime()) throw badRequest('This auction has ended; bids are no longer accepted.');
    const { min, max } = bidBounds(auction.currentPrice);
    if (input.bidAmount < min || input.bidAmount > max) {
      throw badRequest(
        `Your bid must be between ${dollars(min)} and ${dollars(max)}: the current price is ${dollars(auction.currentPrice)}.`,
      );
    }
    const raised = s.raise.get({ id: auctionId, amount: input.bidAmount, expected: auction.currentPrice });
    if (!raised) throw conflict(`The price moved before your bid landed: the current price is ${dollars(auction.currentPrice)}.`);
    const { id } = s.insert.get({
      auctionId,
      bidderId: bidder.id,
      amount: input.bidAmount,
      seq: raised.bidsCount,
      requestKey: input.requestKey ?? null,
      createdAt: new Date(now),
    })!;
    const row = { ...auction, currentPrice: input.bidAmount, bidsCount: raised.bidsCount, sellerName };
    return { id, amount: input.bidAmount, at: now, replayed: false, row };
  });

  const bid = toBid({ id: result.id, amount: result.amount, createdAt: new Date(result.at), bidderId: bidder.id, bidderName: bidder.name });
  const event: BidEvent = { auctionId: String(auctionId), currentPrice: result.amount, bidsCount: result.row.bidsCount, bid };
  // Published after the commit, so a listener never sees a bid that could still roll back.
  if (!result.replayed) deps.bus.publish(event);
  return { bid, event, replayed: result.replayed, auction: toAuction(result.row, viewOf(deps), [bid]) };
}


/** Accepted bids after a given one, oldest first: what a reconnecting subscriber missed. */
export function bidsSince(db: Db, afterBidId: number, auctionId: number | null, limit = 100): BidEvent[] {
  const rows = db
    .select({
      id: bids.id,
      auctionId: bids.auctionId,
      amount: bids.amount,
      seq: bids.seq,
      createdAt: bids.createdAt,
      bidderId: bids.bidderId,
      bidderName: users.name,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(and(gt(bids.id, afterBidId), auctionId === null ? undefined : eq(bids.auctionId, auctionId)))
    .orderBy(bids.id)
    .limit(limit)
    .all();
  // The auction as it stood right after each bid: its price is the bid, its count the bid's number.
  return rows.map((r) => ({ auctionId: String(r.auctionId), currentPrice: r.amount, bidsCount: r.seq, bid: toBid(r) }));
}

/**
 * The id of the bid `skip` places after a given one (of one auction, or of all), or null when fewer
 * follow it: tells whether a gap is too long to replay without reading it.
 */
export function bidIdAfter(db: Db, afterBidId: number, auctionId: number | null, skip: number): number | null {
  const row = db
    .select({ id: bids.id })
    .from(bids)
    .where(and(gt(bids.id, afterBidId), auctionId === null ? undefined : eq(bids.auctionId, auctionId)))
    .orderBy(bids.id)
    .limit(1)
    .offset(skip)
    .get();
  return row?.id ?? null;
}

/** The newest bid's id (of one auction, or of all), or 0 when there is none. */
export function latestBidId(db: Db, auctionId: number | null): number {
  const row = db
    .select({ id: bids.id })
    .from(bids)
    .where(auctionId === null ? undefined : eq(bids.auctionId, auctionId))
    .orderBy(desc(bids.id))
    .limit(1)
    .get();
  return row?.id ?? 0;
}
