// Conversations about an auction, the same on both databases (db/store.ts MessageStore). A conversation
// is the messages of one auction with one user who is not its seller (`with_user_id`), whoever wrote them.
import { and, desc, eq, inArray, isNotNull, isNull, max, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ConversationRecord, MessageRecord } from '../records';
import type { MessageStore } from '../store';
import { rowLimit, TURN_SCOPES, type Db, type Dialect } from './dialect';
import { all, get, run } from './work';

export function messageQueries({ kind, db, t, transaction, takeTurns, writeNotices, readRows }: Dialect): MessageStore {
  const { messages, notifications, users, auctions, orders } = t;
  const inConversation = (auctionId: number | SQLWrapper, withUserId: number | SQLWrapper) =>
    and(eq(messages.auctionId, auctionId), eq(messages.withUserId, withUserId))!;
  const messageColumns = {
    id: messages.id,
    auctionId: messages.auctionId,
    withUserId: messages.withUserId,
    fromUserId: messages.fromUserId,
    fromName: users.name,
    body: messages.body,
    createdAt: messages.createdAt,
  };
  const withWriter = (on: Db) => on.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.fromUserId));

  /** Each conversation the condition selects: its newest message's id and how many of its messages `userId` has not read. */
  const grouped = (userId: number, where: SQL, bySeller: boolean, limit: number) => {
    const base = db
      .select({
        auctionId: messages.auctionId,
        withUserId: messages.withUserId,
        lastId: max(messages.id).mapWith(Number),
        unread: sql`sum(case when ${messages.readAt} is null and ${messages.fromUserId} <> ${userId} then 1 else 0 end)`.mapWith(Number),
      })
      .from(messages);
    const joined = bySeller ? base.innerJoin(auctions, eq(auctions.id, messages.auctionId)) : base;
    return joined
      .where(where)
      .groupBy(messages.auctionId, messages.withUserId)
      .orderBy(desc(max(messages.id)))
      .limit(rowLimit(limit));
  };

  // A read of a conversation that finds nothing unread for its reader (nearly every read: the page
  // reads it again as messages come) needs no transaction: its newest messages, then whether any of the
  // other side's is unread, each a statement prepared once (prepared.ts). Read in that order, a message
  // that arrives between the two is found unread, and the read goes through the transaction that marks it.
  const thisConversation = inConversation(sql.placeholder('auctionId'), sql.placeholder('withUserId'));
  const newestOf = withWriter(db)
    .where(thisConversation)
    .orderBy(desc(messages.id))
    .limit(rowLimit(sql.placeholder('limit')))
    .prepare('conversation-newest');
  const unreadOf = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(thisConversation, ne(messages.fromUserId, sql.placeholder('readerId')), isNull(messages.readAt)))
    .limit(rowLimit(1))
    .prepare('conversation-unread');

  return {
    async hasConversation(auctionId, withUserId) {
      // From the hammer on, the buyer's conversation is the order's: the seller may begin it too.
      const [[message], [order]] = await Promise.all([
        db.select({ id: messages.id }).from(messages).where(inConversation(auctionId, withUserId)).limit(rowLimit(1)),
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.auctionId, auctionId), eq(orders.buyerId, withUserId)))
          .limit(rowLimit(1)),
      ]);
      return message !== undefined || order !== undefined;
    },
    post(message, notice) {
      return transaction(function* (tx) {
        // Two messages of one conversation at once could each find no unread notice and both send one: they take turns.
        yield* takeTurns(tx, TURN_SCOPES.conversation, `${message.auctionId}:${message.withUserId}`);
        // Nothing reaches a deleted account. On PostgreSQL the recipient's row is shared-locked: a
        // deletion under way (which locks it for update) finishes first and is seen, and one that comes
        // after waits for this message, then erases its notice with the rest.
        const recipient = tx.select({ status: users.status }).from(users).where(eq(users.id, notice.userId));
        if ((yield* get(kind === 'pg' ? recipient.for('share') : recipient))?.status === 'deleted') return { sent: false as const };
        const written = (yield* get(tx.insert(messages).values(message).returning({ id: messages.id })))!;
        // Through messages_noticed_idx: the few messages of the conversation that sent a notice.
        const pending = yield* get(
          tx
            .select({ id: messages.id })
            .from(messages)
            .innerJoin(notifications, eq(notifications.id, messages.noticeId))
            .where(
              and(
                inConversation(message.auctionId, message.withUserId),
                isNotNull(messages.noticeId),
                eq(notifications.userId, notice.userId),
                isNull(notifications.readAt),
              ),
            )
            .limit(rowLimit(1)),
        );
        let told: number[] = [];
        if (!pending) {
          told = yield* writeNotices(tx, message.auctionId, [notice], message.createdAt);
          // The notice just written: the newest of its kind for this recipient and auction.
          const sent = (yield* get(
            tx
              .select({ id: max(notifications.id) })
              .from(notifications)
              .where(
                and(
                  eq(notifications.userId, notice.userId),
                  eq(notifications.auctionId, message.auctionId),
                  eq(notifications.kind, 'message'),
                ),
              ),
          ))!;
          yield* run(tx.update(messages).set({ noticeId: sent.id }).where(eq(messages.id, written.id)));
        }
        const row = (yield* get(withWriter(tx).where(eq(messages.id, written.id))))!;
        return { sent: true as const, message: row, told };
      });
    },
    async read(auctionId, withUserId, readerId, limit, at) {
      const newest = await readRows('message', newestOf, { auctionId, withUserId, limit });
      const [unread] = await unreadOf.execute({ auctionId, withUserId, readerId });
      // The notices a conversation sent are read with its messages: none is unread when no message is.
      if (unread === undefined) return { messages: newest.reverse(), noticesRead: false };
      return transaction(function* (tx) {
        yield* run(
          tx
            .update(messages)
            .set({ readAt: at })
            .where(and(inConversation(auctionId, withUserId), ne(messages.fromUserId, readerId), isNull(messages.readAt))),
        );
        // What the bell said of this conversation is read too: through messages_noticed_idx, its few
        // messages that sent a notice.
        const noticesRead = yield* all(
          tx
            .update(notifications)
            .set({ readAt: at })
            .where(
              and(
                eq(notifications.userId, readerId),
                isNull(notifications.readAt),
                inArray(
                  notifications.id,
                  tx
                    .select({ id: messages.noticeId })
                    .from(messages)
                    .where(and(inConversation(auctionId, withUserId), isNotNull(messages.noticeId))),
                ),
              ),
            )
            .returning({ id: notifications.id }),
        );
        const newest: MessageRecord[] = yield* all(
          withWriter(tx).where(inConversation(auctionId, withUserId)).orderBy(desc(messages.id)).limit(rowLimit(limit)),
        );
        return { messages: newest.reverse(), noticesRead: noticesRead.length > 0 };
      });
    },
    async conversations(userId, limit) {
      // As the other party (messages_with_user_idx), and as the seller (their auctions, then each one's messages).
      const [asOther, asSeller] = await Promise.all([
        grouped(userId, eq(messages.withUserId, userId), false, limit),
        grouped(userId, eq(auctions.sellerId, userId), true, limit),
      ]);
      const newest = [...asOther, ...asSeller].sort((a, b) => b.lastId - a.lastId).slice(0, limit);
      if (newest.length === 0) return [];
      const ids = (pick: (c: (typeof newest)[number]) => number) => [...new Set(newest.map(pick))];
      const items = await db
        .select({ id: auctions.id, itemName: auctions.itemName, photo: auctions.photo, sellerId: auctions.sellerId })
        .from(auctions)
        .where(
          inArray(
            auctions.id,
            ids((c) => c.auctionId),
          ),
        );
      const itemById = new Map(items.map((a) => [a.id, a]));
      // Whom each conversation is with, seen from the user: the seller's correspondent, or the seller.
      const otherOf = (c: { auctionId: number; withUserId: number }) =>
        c.withUserId === userId ? itemById.get(c.auctionId)!.sellerId : c.withUserId;
      const [lasts, others] = await Promise.all([
        withWriter(db).where(
          inArray(
            messages.id,
            ids((c) => c.lastId),
          ),
        ),
        db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, ids(otherOf))),
      ]);
      const lastById = new Map(lasts.map((m) => [m.id, m]));
      const nameById = new Map(others.map((u) => [u.id, u.name]));
      return newest.map((c): ConversationRecord => {
        const item = itemById.get(c.auctionId)!;
        return {
          auctionId: c.auctionId,
          itemName: item.itemName,
          photo: item.photo,
          otherId: otherOf(c),
          otherName: nameById.get(otherOf(c))!,
          last: lastById.get(c.lastId)!,
          unread: c.unread,
        };
      });
    },
  };
}
