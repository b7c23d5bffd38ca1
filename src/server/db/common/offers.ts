// Second-chance offers, the same on both databases (db/offer-store.ts). The offers of one auction take
// turns (the making, each answer); the unique index over pending offers keeps one pending offer per
// auction whatever else runs, and an answer is one conditional update from `pending`, so two answers
// at once leave one standing and one order.
import { and, desc, eq, exists, gt, lte, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conflict } from '../../domain/errors';
import type { OfferableState } from '../../domain/offers';
import { OFFER_WORDS } from '../../../shared/offers';
import type { OfferRecord, OfferStore } from '../offer-store';
import { anyId, known, rowLimit, TURN_SCOPES, type Db, type Dialect, type Tables } from './dialect';
import { orderById } from './orders';
import { all, get, run, type Work } from './work';

/** Offers as every read answers them: with the auction's name, photo and seller, and the offered bidder's name. */
function offerRead(t: Tables, on: Db) {
  const { offers, auctions, users } = t;
  return on
    .select({
      id: offers.id,
      auctionId: offers.auctionId,
      itemName: auctions.itemName,
      photo: auctions.photo,
      sellerId: offers.fromId,
      toId: offers.toId,
      toName: users.name,
      price: offers.price,
      status: offers.status,
      createdAt: offers.createdAt,
      expiresAt: offers.expiresAt,
      answeredAt: offers.answeredAt,
    })
    .from(offers)
    .innerJoin(auctions, eq(auctions.id, offers.auctionId))
    .innerJoin(users, eq(users.id, offers.toId));
}

export function offerQueries({ kind, db, t, transaction, takeTurns, writeNotices }: Dialect): OfferStore {
  const { offers, orders, auctions, bids, users } = t;
  const relistings = alias(auctions, 'relistings');
  const offerById = (on: Db, id: number) => get(offerRead(t, on).where(eq(offers.id, anyId(id))));

  /** What the offer's rule reads of the auction at `at`, and the highest amount `toId` bid on it (none: undefined). */
  function* offerableState(tx: Db, auctionId: number, at: Date, toId: number | null): Work<OfferableState> {
    const auction = yield* get(
      tx
        .select({
          id: auctions.id,
          sellerId: auctions.sellerId,
          sellerName: users.name,
          itemName: auctions.itemName,
          currentPrice: auctions.currentPrice,
          reservePrice: auctions.reservePrice,
          closedAt: auctions.closedAt,
          cancelledAt: auctions.cancelledAt,
          // Through the index of a seller's auctions, as the relist reads it.
          relisted: sql`${exists(
            tx
              .select({ id: relistings.id })
              .from(relistings)
              .where(and(eq(relistings.sellerId, auctions.sellerId), eq(relistings.relistedFrom, auctions.id))),
          )}`.mapWith(Boolean),
        })
        .from(auctions)
        .innerJoin(users, eq(users.id, auctions.sellerId))
        .where(eq(auctions.id, anyId(auctionId))),
    );
    if (!auction) return { auction, order: undefined, cancelledBuyerIds: [], pending: false, toHighestBid: undefined, toDeleted: false };
    const auctionOrders = yield* all(
      tx
        .select({ status: orders.status, buyerId: orders.buyerId })
        .from(orders)
        .where(eq(orders.auctionId, auction.id))
        .orderBy(desc(orders.id)),
    );
    const pending = yield* get(
      tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.auctionId, auction.id), eq(offers.status, known('pending')), gt(offers.expiresAt, at))),
    );
    const highest =
      toId === null
        ? undefined
        : yield* get(
            tx
              .select({ amount: max(bids.amount) })
              .from(bids)
              .where(and(eq(bids.auctionId, auction.id), eq(bids.bidderId, anyId(toId)))),
          );
    // On PostgreSQL the offered user's row is shared-locked: a deletion under way (which locks it for
    // update) finishes first and is seen here, and one that comes after waits for this offer, then
    // declines it with the account's other pending offers.
    const offered =
      toId === null
        ? undefined
        : tx
            .select({ status: users.status })
            .from(users)
            .where(eq(users.id, anyId(toId)));
    const to = offered && (yield* get(kind === 'pg' ? offered.for('share') : offered));
    return {
      auction,
      order: auctionOrders[0],
      cancelledBuyerIds: auctionOrders.filter((o) => o.status === 'cancelled').map((o) => o.buyerId),
      pending: pending !== undefined,
      toHighestBid: highest?.amount ?? undefined,
      toDeleted: to?.status === 'deleted',
    };
  }

  return {
    make(auctionId, toId, at, decide) {
      return transaction(function* (tx) {
        yield* takeTurns(tx, TURN_SCOPES.secondChance, auctionId);
        const state = yield* offerableState(tx, auctionId, at, toId);
        const decision = decide(state);
        // An offer past its time no longer holds the auction's one pending place.
        yield* run(
          tx
            .update(offers)
            .set({ status: 'expired' })
            .where(and(eq(offers.auctionId, auctionId), eq(offers.status, known('pending')), lte(offers.expiresAt, at))),
        );
        // Conditional on no offer pending: the partial unique index decides, whatever runs at once.
        const made = yield* get(
          tx
            .insert(offers)
            .values({
              auctionId,
              fromId: state.auction!.sellerId,
              toId,
              price: decision.price,
              status: 'pending',
              createdAt: at,
              expiresAt: decision.expiresAt,
            })
            // The table's one unique key but the id (see makeOrder for why it is not named).
            .onConflictDoNothing()
            .returning({ id: offers.id }),
        );
        if (!made) return { made: false as const };
        const notified = yield* writeNotices(tx, auctionId, decision.notices, at);
        return { made: true as const, offer: (yield* offerById(tx, made.id)) as OfferRecord, notified };
      });
    },
    secondChance(auctionId, at) {
      return transaction(function* (tx) {
        const state = yield* offerableState(tx, auctionId, at, null);
        if (!state.auction) return undefined;
        const highest = max(bids.amount);
        const bidders = yield* all(
          tx
            .select({ id: bids.bidderId, name: users.name, status: users.status, highestBid: highest })
            .from(bids)
            .innerJoin(users, eq(users.id, bids.bidderId))
            .where(eq(bids.auctionId, state.auction.id))
            .groupBy(bids.bidderId, users.name, users.status)
            .orderBy(desc(highest), bids.bidderId),
        );
        const offered = yield* all(
          offerRead(t, tx).where(eq(offers.auctionId, state.auction.id)).orderBy(desc(offers.id)).limit(rowLimit(20)),
        );
        return {
          state,
          // Only those the item may be offered to: neither a buyer who did not pay nor a deleted account.
          bidders: bidders
            .filter((b) => !state.cancelledBuyerIds.includes(b.id) && b.status !== 'deleted')
            .map((b) => ({ id: b.id, name: b.name, highestBid: Number(b.highestBid) })),
          offers: offered,
        };
      });
    },
    async pendingFor(userId, at) {
      return offerRead(t, db)
        .where(and(eq(offers.toId, userId), eq(offers.status, known('pending')), gt(offers.expiresAt, at)))
        .orderBy(desc(offers.id));
    },
    answer(offerId, at, paymentDueMs, decide) {
      return transaction(function* (tx) {
        const first = yield* offerById(tx, offerId);
        // The answers and the making of one auction's offers take turns; the offer is read again in its turn.
        if (first) yield* takeTurns(tx, TURN_SCOPES.secondChance, first.auctionId);
        const offer = first && (yield* offerById(tx, offerId));
        const decision = decide(offer);
        const current = offer!;
        const answered = yield* get(
          tx
            .update(offers)
            .set({ status: decision.to, answeredAt: at })
            .where(and(eq(offers.id, current.id), eq(offers.status, known('pending')), gt(offers.expiresAt, at)))
            .returning({ id: offers.id }),
        );
        if (!answered) return { answered: false as const, offer: (yield* offerById(tx, current.id))! };
        let order = null;
        if (decision.to === 'accepted') {
          const auction = (yield* get(
            tx.select({ shippingCost: auctions.shippingCost }).from(auctions).where(eq(auctions.id, current.auctionId)),
          ))!;
          const made = yield* get(
            tx
              .insert(orders)
              .values({
                auctionId: current.auctionId,
                buyerId: current.toId,
                sellerId: current.sellerId,
                price: current.price,
                shippingCost: auction.shippingCost,
                status: 'awaiting_payment',
                createdAt: at,
                dueAt: new Date(at.getTime() + paymentDueMs),
              })
              .onConflictDoNothing()
              .returning({ id: orders.id }),
          );
          // A live order already stands (the offer was made when none did): the whole answer rolls back.
          if (!made) throw conflict(OFFER_WORDS.notOfferable);
          // The bidder who accepted leads at the offer's price: the winner in every answer (buyerOf).
          yield* run(
            tx
              .update(auctions)
              .set({ leaderId: current.toId, leaderMax: current.price, currentPrice: current.price, secondChanceAt: at })
              .where(eq(auctions.id, current.auctionId)),
          );
          order = (yield* orderById(t, tx, made.id))!;
        }
        const notified = yield* writeNotices(tx, current.auctionId, decision.notices, at);
        return { answered: true as const, offer: (yield* offerById(tx, current.id))!, order, notified };
      });
    },
  };
}
