// Deleting an account, the same on both databases (db/deletion-store.ts says what it does). The account's
// row stays, so that ended auctions, orders, messages and feedback keep their other party; what it
// says of its owner goes.
import { and, eq, gt, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { DELETED_USER_NAME } from '../../../shared/account-deletion';
import type { DeletionState } from '../../domain/account-deletion';
import type { DeletionStore } from '../deletion-store';
import { recordAudit } from './audit';
import type { AuctionReader } from './close';
import { anyId, known, rowLimit, type Db, type Dialect } from './dialect';
import { withdrawFromOpenAuctions } from './moderation';
import { get, run, type Work } from './work';

/**
 * What a deleted account's e-mail becomes: unique, as the column's index wants, and no address (every
 * address has an @), so the old one is free for a new account and no login or reset can find this one.
 */
export const erasedEmail = (userId: number) => `deleted:${userId}`;

export function deletionQueries(dialect: Dialect, auctionById: AuctionReader): DeletionStore {
  const { kind, t, transaction } = dialect;
  const { users, auctions, orders } = t;

  function* readState(tx: Db, userId: number): Work<DeletionState & { avatar: string | null; name: string }> {
    const row = tx
      .select({ id: users.id, role: users.role, status: users.status, avatar: users.avatar, name: users.name })
      .from(users)
      .where(eq(users.id, anyId(userId)));
    // On PostgreSQL the row is locked first: a bid or an order of this account that is being written
    // holds a share of it (its foreign key) until its commit, so the reads below see it.
    const user = yield* get(kind === 'pg' ? row.for('update') : row);
    if (!user) return { user: undefined, avatar: null, name: '', sellingWithBids: false, leading: false, openOrder: false };
    const unclosed = and(isNull(auctions.cancelledAt), isNull(auctions.closedAt));
    const selling = yield* get(
      tx
        .select({ id: auctions.id })
        .from(auctions)
        .where(and(eq(auctions.sellerId, user.id), unclosed, gt(auctions.bidsCount, 0)))
        .limit(rowLimit(1)),
    );
    const leading = yield* get(
      tx
        .select({ id: auctions.id })
        .from(auctions)
        .where(and(eq(auctions.leaderId, user.id), unclosed))
        .limit(rowLimit(1)),
    );
    const openOrder = yield* get(
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(or(eq(orders.buyerId, user.id), eq(orders.sellerId, user.id)), notInArray(orders.status, ['received', 'cancelled'])))
        .limit(rowLimit(1)),
    );
    const { avatar, name, ...moderated } = user;
    return { user: moderated, avatar, name, sellingWithBids: !!selling, leading: !!leading, openOrder: !!openOrder };
  }

  /** Everything kept of the account that is its owner's alone, and no one else's to keep. */
  function* erase(tx: Db, id: number, name: string, at: Date): Work<void> {
    const { sessions, loginEvents, notifications, mailOutbox, watches, savedSearches, twoFactor, recoveryCodes } = t;
    const { loginChallenges, passwordResets, emailConfirmations, liveStreams, contactMessages, offers } = t;
    for (const table of [
      sessions,
      loginEvents,
      mailOutbox,
      notifications,
      watches,
      savedSearches,
      recoveryCodes,
      loginChallenges,
      twoFactor,
      passwordResets,
      emailConfirmations,
      liveStreams,
    ]) {
      yield* run(tx.delete(table).where(eq(table.userId, id)));
    }
    // What they wrote to the site's operators stays, without their address.
    yield* run(tx.update(contactMessages).set({ name: DELETED_USER_NAME, email: '' }).where(eq(contactMessages.userId, id)));
    // The notices others were sent about their trades with the account named it ('… sold to Sam', 'Sam
    // sent you a message'): they name 'Deleted user' now, as every answer does.
    const { bids, messages } = t;
    const involved = or(
      inArray(notifications.auctionId, tx.select({ id: auctions.id }).from(auctions).where(eq(auctions.sellerId, id))),
      inArray(notifications.auctionId, tx.select({ id: bids.auctionId }).from(bids).where(eq(bids.bidderId, id))),
      inArray(
        notifications.auctionId,
        tx
          .select({ id: orders.auctionId })
          .from(orders)
          .where(or(eq(orders.buyerId, id), eq(orders.sellerId, id))),
      ),
      inArray(
        notifications.auctionId,
        tx
          .select({ id: messages.auctionId })
          .from(messages)
          .where(or(eq(messages.fromUserId, id), eq(messages.withUserId, id))),
      ),
    );
    if (name.trim() !== '') {
      // A name stands first in a notice ('Sam received …', 'Sam sent you a message …') or after 'sold
      // to': only there is it replaced, never inside an item's name that happens to contain it.
      const named = sql`cast(${name} as text)`;
      const message = notifications.message;
      const renamed = sql`case when substr(${message}, 1, length(${named}) + 1) = ${named} || ' '
        then cast(${DELETED_USER_NAME} as text) || substr(${message}, length(${named}) + 1)
        else replace(${message}, 'sold to ' || ${named} || ' for ', cast(${`sold to ${DELETED_USER_NAME} for `} as text)) end`;
      yield* run(
        tx
          .update(notifications)
          .set({ message: renamed })
          .where(and(involved, ne(notifications.message, renamed))),
      );
    }
    // No order can come of a second chance with an account that is gone, either way.
    const pending = eq(offers.status, known('pending'));
    yield* run(
      tx
        .update(offers)
        .set({ status: 'declined', answeredAt: at })
        .where(and(eq(offers.toId, id), pending)),
    );
    yield* run(
      tx
        .update(offers)
        .set({ status: 'expired', answeredAt: at })
        .where(and(eq(offers.fromId, id), pending)),
    );
  }

  return {
    deleteAccount({ userId, at, actor, cancelReason }, decide, notices) {
      return transaction(function* (tx) {
        const state = yield* readState(tx, userId);
        decide(state);
        const { id, role, status } = state.user!;
        // From the status and role the rule judged: a deletion or a change that came first leaves nothing to update.
        const deleted = yield* get(
          tx
            .update(users)
            .set({
              name: DELETED_USER_NAME,
              email: erasedEmail(id),
              // No hash matches an empty one (services/passwords.ts): nothing signs in with a password again.
              passwordHash: '',
              avatar: null,
              status: 'deleted',
              suspensionReason: null,
              deletedAt: at,
              emailVerifiedAt: null,
              emailNotifications: false,
              lastLoginAt: null,
              lastLoginCity: null,
              lastLoginRegion: null,
              lastLoginCountry: null,
            })
            .where(and(eq(users.id, id), eq(users.status, status), eq(users.role, role)))
            .returning({ id: users.id }),
        );
        if (!deleted) return { deleted: false as const };
        yield* erase(tx, id, state.name, at);
        const audit = actor && { actor, reason: cancelReason };
        const { notified, reloaded } = yield* withdrawFromOpenAuctions(dialect, auctionById, tx, id, at, notices, audit);
        if (actor) yield* recordAudit(t, tx, { actor, action: 'delete_user', target: { type: 'user', id }, reason: null, at });
        return { deleted: true as const, avatar: state.avatar, notified, reloaded };
      });
    },
  };
}
