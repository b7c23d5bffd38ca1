// A user's data for its download, the same on both databases (db/export-store.ts). Plain reads, one
// statement per part, each through the index that lists that part for its own page; outside a
// transaction, so that a large account's download never holds up the writers (SQLite's IMMEDIATE
// would). Each part is consistent in itself, which is what a download needs.
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExportStore } from '../export-store';
import type { Dialect } from './dialect';

export function exportQueries({ db, t }: Dialect): ExportStore {
  const {
    users,
    auctions,
    bids,
    maxBids,
    watches,
    savedSearches,
    notifications,
    loginEvents,
    orders,
    messages,
    feedback,
    offers,
    reports,
  } = t;
  const buyers = alias(users, 'buyers');
  const sellers = alias(users, 'sellers');
  const withUsers = alias(users, 'with_users');
  const fromUsers = alias(users, 'from_users');
  const aboutUsers = alias(users, 'about_users');
  const toUsers = alias(users, 'to_users');

  return {
    async userData(userId) {
      const [logins, own, placed, maxima, leading, watched, searches, notices, trades, said, rated, offered, reported] = await Promise.all([
        db
          .select({
            kind: loginEvents.kind,
            createdAt: loginEvents.createdAt,
            ipAddress: loginEvents.ipAddress,
            userAgent: loginEvents.userAgent,
            device: loginEvents.device,
            location: loginEvents.location,
            isp: loginEvents.isp,
          })
          .from(loginEvents)
          .where(eq(loginEvents.userId, userId))
          .orderBy(asc(loginEvents.createdAt), asc(loginEvents.id)),
        db
          .select({
            id: auctions.id,
            itemName: auctions.itemName,
            itemDescription: auctions.itemDescription,
            itemCategory: auctions.itemCategory,
            itemCondition: auctions.itemCondition,
            shippingCost: auctions.shippingCost,
            itemLocation: auctions.itemLocation,
            startingPrice: auctions.startingPrice,
            reservePrice: auctions.reservePrice,
            buyNowPrice: auctions.buyNowPrice,
            currentPrice: auctions.currentPrice,
            bidsCount: auctions.bidsCount,
            photo: auctions.photo,
            morePhotos: auctions.morePhotos,
            startsAt: auctions.startsAt,
            endsAt: auctions.endsAt,
            createdAt: auctions.createdAt,
            cancelledAt: auctions.cancelledAt,
            relistedFrom: auctions.relistedFrom,
          })
          .from(auctions)
          .where(eq(auctions.sellerId, userId))
          .orderBy(asc(auctions.id)),
        db
          .select({
            id: bids.id,
            auctionId: bids.auctionId,
            itemName: auctions.itemName,
            amount: bids.amount,
            auto: bids.auto,
            buyNow: bids.buyNow,
            createdAt: bids.createdAt,
          })
          .from(bids)
          .innerJoin(auctions, eq(auctions.id, bids.auctionId))
          .where(eq(bids.bidderId, userId))
          .orderBy(asc(bids.id)),
        // A leader's row here is stale (its maximum lives on the auction): the auction's is read below.
        db
          .select({ auctionId: maxBids.auctionId, itemName: auctions.itemName, amount: maxBids.amount })
          .from(maxBids)
          .innerJoin(auctions, eq(auctions.id, maxBids.auctionId))
          .where(and(eq(maxBids.bidderId, userId), or(isNull(auctions.leaderId), ne(auctions.leaderId, userId)))),
        db
          .select({ auctionId: auctions.id, itemName: auctions.itemName, amount: auctions.leaderMax })
          .from(auctions)
          .where(eq(auctions.leaderId, userId)),
        db
          .select({ auctionId: watches.auctionId, itemName: auctions.itemName, createdAt: watches.createdAt })
          .from(watches)
          .innerJoin(auctions, eq(auctions.id, watches.auctionId))
          .where(eq(watches.userId, userId))
          .orderBy(asc(watches.createdAt)),
        db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id)),
        db
          .select({
            id: notifications.id,
            kind: notifications.kind,
            auctionId: notifications.auctionId,
            message: notifications.message,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.id)),
        db
          .select({
            id: orders.id,
            auctionId: orders.auctionId,
            itemName: auctions.itemName,
            buyer: { id: buyers.id, name: buyers.name },
            seller: { id: sellers.id, name: sellers.name },
            price: orders.price,
            shippingCost: orders.shippingCost,
            status: orders.status,
            createdAt: orders.createdAt,
            dueAt: orders.dueAt,
            paidAt: orders.paidAt,
            shippedAt: orders.shippedAt,
            trackingNumber: orders.trackingNumber,
            receivedAt: orders.receivedAt,
            cancelledAt: orders.cancelledAt,
            cancelReason: orders.cancelReason,
          })
          .from(orders)
          .innerJoin(auctions, eq(auctions.id, orders.auctionId))
          .innerJoin(buyers, eq(buyers.id, orders.buyerId))
          .innerJoin(sellers, eq(sellers.id, orders.sellerId))
          .where(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)))
          .orderBy(asc(orders.id)),
        // A conversation is between an auction's seller and one other user (`with`): either may be the caller.
        db
          .select({
            id: messages.id,
            auctionId: messages.auctionId,
            itemName: auctions.itemName,
            fromUserId: messages.fromUserId,
            seller: { id: sellers.id, name: sellers.name },
            other: { id: withUsers.id, name: withUsers.name },
            body: messages.body,
            createdAt: messages.createdAt,
            readAt: messages.readAt,
          })
          .from(messages)
          .innerJoin(auctions, eq(auctions.id, messages.auctionId))
          .innerJoin(sellers, eq(sellers.id, auctions.sellerId))
          .innerJoin(withUsers, eq(withUsers.id, messages.withUserId))
          .where(or(eq(messages.withUserId, userId), eq(auctions.sellerId, userId)))
          .orderBy(asc(messages.id)),
        db
          .select({
            id: feedback.id,
            orderId: feedback.orderId,
            role: feedback.role,
            from: { id: fromUsers.id, name: fromUsers.name },
            about: { id: aboutUsers.id, name: aboutUsers.name },
            rating: feedback.rating,
            comment: feedback.comment,
            createdAt: feedback.createdAt,
          })
          .from(feedback)
          .innerJoin(fromUsers, eq(fromUsers.id, feedback.fromId))
          .innerJoin(aboutUsers, eq(aboutUsers.id, feedback.aboutId))
          .where(or(eq(feedback.fromId, userId), eq(feedback.aboutId, userId)))
          .orderBy(asc(feedback.id)),
        db
          .select({
            id: offers.id,
            auctionId: offers.auctionId,
            itemName: auctions.itemName,
            from: { id: fromUsers.id, name: fromUsers.name },
            to: { id: toUsers.id, name: toUsers.name },
            price: offers.price,
            status: offers.status,
            createdAt: offers.createdAt,
            expiresAt: offers.expiresAt,
            answeredAt: offers.answeredAt,
          })
          .from(offers)
          .innerJoin(auctions, eq(auctions.id, offers.auctionId))
          .innerJoin(fromUsers, eq(fromUsers.id, offers.fromId))
          .innerJoin(toUsers, eq(toUsers.id, offers.toId))
          .where(or(eq(offers.fromId, userId), eq(offers.toId, userId)))
          .orderBy(asc(offers.id)),
        // The reports they made; how the moderators resolved them is the moderators' record.
        db
          .select({
            id: reports.id,
            auctionId: reports.auctionId,
            itemName: auctions.itemName,
            reason: reports.reason,
            details: reports.details,
            createdAt: reports.createdAt,
            status: reports.status,
          })
          .from(reports)
          .innerJoin(auctions, eq(auctions.id, reports.auctionId))
          .where(eq(reports.reporterId, userId))
          .orderBy(asc(reports.id)),
      ]);
      return {
        logins,
        auctions: own,
        bids: placed,
        maxima: [...maxima, ...leading.flatMap(({ amount, ...row }) => (amount === null ? [] : [{ ...row, amount }]))].sort(
          (a, b) => a.auctionId - b.auctionId,
        ),
        watches: watched,
        savedSearches: searches,
        notifications: notices,
        orders: trades,
        messages: said.map(({ fromUserId, seller, other, ...message }) =>
          fromUserId === seller.id ? { ...message, from: seller, to: other } : { ...message, from: other, to: seller },
        ),
        feedback: rated,
        offers: offered,
        reports: reported,
      };
    },
  };
}
