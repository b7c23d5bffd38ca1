// What a purchase at the Buy It Now price writes, worked out the same way for every database, as
// bid-writes.ts is for the bid: the stores differ only in how they read the auction and run the writes
// (sqlite/buy-now.ts, pg/buy-now.ts). The purchase knows every field of what it writes, so its answer
// is built from these records rather than read again after the commit.
import type { PurchaseDecision } from '../domain/buying';
import type { AuctionRecord, BidRecord, OrderRecord } from './records';

export interface PurchaseWrites {
  /** The purchase's number in the auction's history: the count after it. */
  seq: number;
  /** The leader the purchase displaced keeps their maximum where a bidder who does not lead keeps it (max_bids), to see it. */
  displaced: { bidderId: number; amount: number } | null;
  /** The auction after the purchase: the buyer leads at the price, ended and closed at its moment. */
  ended: AuctionRecord;
  /** The purchase's history entry, once the database gave it its id. */
  bid(id: number): BidRecord;
  /** The sale's order as it is inserted (awaiting payment, due `paymentDueMs` after the purchase). */
  order: Omit<OrderRecord, 'id'>;
}

export function purchaseWrites(
  current: AuctionRecord,
  { at, price }: PurchaseDecision,
  buyer: { id: number; name: string },
  paymentDueMs: number,
): PurchaseWrites {
  const seq = current.bidsCount + 1;
  return {
    seq,
    displaced:
      current.leaderId !== null && current.leaderId !== buyer.id && current.leaderMax !== null
        ? { bidderId: current.leaderId, amount: current.leaderMax }
        : null,
    ended: {
      ...current,
      currentPrice: price,
      bidsCount: seq,
      leaderId: buyer.id,
      leaderName: buyer.name,
      leaderMax: price,
      endsAt: at,
      closedAt: at,
    },
    bid: (id) => ({
      id,
      auctionId: current.id,
      bidderId: buyer.id,
      bidderName: buyer.name,
      amount: price,
      seq,
      createdAt: at,
      auto: false,
      buyNow: true,
      endsAt: at,
    }),
    // As an order's read answers it (common/orders.ts orderRead): the auction's name and cover, both
    // names, nothing paid, shipped or said yet.
    order: {
      auctionId: current.id,
      itemName: current.itemName,
      photo: current.photo,
      buyerId: buyer.id,
      buyerName: buyer.name,
      sellerId: current.sellerId,
      sellerName: current.sellerName,
      price,
      shippingCost: current.shippingCost,
      status: 'awaiting_payment',
      createdAt: at,
      dueAt: new Date(at.getTime() + paymentDueMs),
      paidAt: null,
      shippedAt: null,
      trackingNumber: null,
      receivedAt: null,
      cancelledAt: null,
      cancelReason: null,
      fromBuyer: null,
      fromSeller: null,
    },
  };
}
