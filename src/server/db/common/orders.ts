// Orders, the same on both databases (db/store.ts OrderStore). An order is made in the transaction of
// the close or the purchase that found the auction a buyer (makeOrder); each move is one conditional
// update from the status it starts from, with its notices, so two moves at once leave one standing.
import { and, asc, desc, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { buyerOf } from '../../domain/bidding';
import type { AuctionRecord, OrderRecord } from '../records';
import { idCursor, pageOf } from '../paging';
import type { OrderStore } from '../store';
import { anyId, known, rowLimit, type Db, type Dialect, type RowsStatement, type Tables } from './dialect';
import { byShape, idPlaceholder } from './prepared';
import { get, run, type Work } from './work';

/**
 * Makes the order of an auction just closed or bought, inside that transaction, when it has a buyer.
 * The claim of the close (or the purchase's conditional update) already happens once per auction;
 * the auction id, unique among live orders, makes a second one impossible whatever else runs.
 */
export function* makeOrder(t: Tables, tx: Db, auction: AuctionRecord, at: Date, paymentDueMs: number): Work<void> {
  const buyerId = buyerOf(auction);
  if (buyerId === null || auction.cancelledAt !== null) return;
  yield* run(
    tx
      .insert(t.orders)
      .values({
        auctionId: auction.id,
        buyerId,
        sellerId: auction.sellerId,
        price: auction.currentPrice,
        shippingCost: auction.shippingCost,
        status: 'awaiting_payment',
        createdAt: at,
        dueAt: new Date(at.getTime() + paymentDueMs),
      })
      // Its one unique key but the id: the auction's among live orders. (No target named: SQLite's
      // builder cannot name a partial index's condition, and either database finds the index itself.)
      .onConflictDoNothing(),
  );
}

/** Orders as every read answers them: with the auction's name and photo, both parties' names, each side's feedback. */
function orderRead(t: Tables, on: Db, where: SQL | undefined) {
  const { orders, auctions, users, feedback } = t;
  const buyers = alias(users, 'buyers');
  const sellers = alias(users, 'sellers');
  const byBuyer = alias(feedback, 'by_buyer');
  const bySeller = alias(feedback, 'by_seller');
  const given = (side: typeof byBuyer | typeof bySeller) => ({ rating: side.rating, comment: side.comment, createdAt: side.createdAt });
  return (
    on
      .select({
        id: orders.id,
        auctionId: orders.auctionId,
        itemName: auctions.itemName,
        photo: auctions.photo,
        buyerId: orders.buyerId,
        buyerName: buyers.name,
        sellerId: orders.sellerId,
        sellerName: sellers.name,
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
        fromBuyer: given(byBuyer),
        fromSeller: given(bySeller),
      })
      .from(orders)
      .innerJoin(auctions, eq(auctions.id, orders.auctionId))
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      // Through the unique key of (order, side): at most one row each.
      .leftJoin(byBuyer, and(eq(byBuyer.orderId, orders.id), eq(byBuyer.role, 'buyer')))
      .leftJoin(bySeller, and(eq(bySeller.orderId, orders.id), eq(bySeller.role, 'seller')))
      .where(where)
  );
}

/**
 * The rows as records. Drizzle types each field of a left-joined side as nullable on its own, but
 * answers null for the whole side when the join found no row, as the record says.
 */
const asOrders = (rows: PromiseLike<unknown[]>) => rows as PromiseLike<OrderRecord[]>;

/** One order as every read answers it, on the given connection (a transaction's, or the pool's). */
export const orderById = (t: Tables, on: Db, id: number) => get(asOrders(orderRead(t, on, eq(t.orders.id, anyId(id)))));

export function orderQueries({ kind, db, t, transaction, writeNotices, readRows }: Dialect): OrderStore {
  const { orders, users } = t;
  const read = (on: Db, where: SQL | undefined) => orderRead(t, on, where);
  const byId = (on: Db, id: number) => orderById(t, on, id);

  // The orders page, newest first, built once per shape (prepared.ts): as buyer, seller or either, of
  // one status or any, from the top or after a cursor.
  const pageOfShape = byShape((shape: `${'buyer' | 'seller' | 'either'}-${'status' | 'any'}-${'first' | 'after'}`) => {
    const [party, statuses, from] = shape.split('-');
    const userId = sql.placeholder('userId');
    const buyer = eq(orders.buyerId, userId);
    const seller = eq(orders.sellerId, userId);
    return read(
      db,
      and(
        party === 'buyer' ? buyer : party === 'seller' ? seller : or(buyer, seller),
        statuses === 'status' ? eq(orders.status, sql.placeholder('status')) : undefined,
        from === 'after' ? lt(orders.id, idPlaceholder('after')) : undefined,
      ),
    )
      .orderBy(desc(orders.id))
      .limit(rowLimit(sql.placeholder('limit')))
      .prepare(`orders-page-${shape}`);
  });

  return {
    async byId(id) {
      return (await asOrders(read(db, eq(orders.id, anyId(id)))))[0];
    },
    async page(userId, { role, status, limit, cursor }) {
      const after = idCursor(cursor);
      const shape = `${role ?? 'either'}-${status ? 'status' : 'any'}-${after === null ? 'first' : 'after'}` as const;
      // Its rows are orders, as asOrders says.
      const rows = await readRows('order', pageOfShape(shape) as RowsStatement<OrderRecord>, { userId, status, after, limit: limit + 1 });
      return pageOf(rows, limit, (row) => String(row.id));
    },
    move(id, decide) {
      return transaction(function* (tx) {
        const order = yield* byId(tx, id);
        const decision = decide(order);
        const current = order!;
        // From the status the decision read: a move that committed meanwhile (PostgreSQL) leaves this
        // nothing to change, and the first one stands. SQLite's writers take turns already.
        const moved = yield* get(
          tx
            .update(orders)
            .set({ status: decision.to, ...decision.changes })
            .where(and(eq(orders.id, current.id), eq(orders.status, decision.from)))
            .returning({ id: orders.id }),
        );
        if (!moved) return { moved: false as const, order: (yield* byId(tx, current.id))! };
        if (decision.strike)
          yield* run(
            tx
              .update(users)
              .set({ unpaidStrikes: sql`${users.unpaidStrikes} + 1` })
              .where(eq(users.id, current.buyerId)),
          );
        const notified = yield* writeNotices(tx, current.auctionId, decision.notices, decision.at);
        return { moved: true as const, order: (yield* byId(tx, current.id))!, notified };
      });
    },
    async tellOverdue(now, limit, decide) {
      const at = new Date(now);
      // Through the partial index of unpaid orders not told yet, by due time, as the close claims auctions.
      const overdue = and(isNull(orders.overdueNotifiedAt), eq(orders.status, known('awaiting_payment')), lte(orders.dueAt, at))!;
      const userIds: number[] = [];
      let due = 0;
      while (due < limit) {
        const told = await transaction(function* (tx): Work<number[] | null> {
          const next = tx
            .select({ id: orders.id })
            .from(orders)
            .where(overdue)
            .orderBy(asc(orders.dueAt), asc(orders.id))
            .limit(rowLimit(1));
          // PostgreSQL passes over an order another instance holds this instant: it claims it, or this one does next tick.
          const claimed = yield* get(
            tx
              .update(orders)
              .set({ overdueNotifiedAt: at })
              .where(and(overdue, eq(orders.id, kind === 'pg' ? next.for('update', { skipLocked: true }) : next)))
              .returning({ id: orders.id }),
          );
          if (!claimed) return null;
          const order = (yield* byId(tx, claimed.id))!;
          return yield* writeNotices(tx, order.auctionId, decide(order), at);
        });
        if (told === null) break;
        due += 1;
        userIds.push(...told);
      }
      return { due, userIds };
    },
  };
}
