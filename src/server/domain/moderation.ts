// What administrators may do to an account or an auction (docs/rules/moderation.md): pure rules on the
// state a transaction read; the store then makes the change by one conditional update of the same
// conditions, so a change that came first in between makes it a 409. The words are src/shared/moderation.ts's.
import type { Role } from '../../shared/constants';
import { MODERATION_WORDS, type UserStatus } from '../../shared/moderation';
import { hasEnded, type Notice } from './bidding';
import { conflict, forbidden, notFound } from './errors';

/** What the rules need to know of the account an administrator acts on. */
export interface ModeratedUser {
  id: number;
  role: Role;
  status: UserStatus;
}

/** What the rules need to know of an auction an administrator cancels. */
export interface CancelledAuctionState {
  endsAt: Date;
  closedAt: Date | null;
  cancelledAt: Date | null;
}

function target(user: ModeratedUser | undefined, actorId: number): ModeratedUser {
  if (!user) throw notFound(MODERATION_WORDS.userNotFound);
  // Nobody locks themselves out, nor lifts their own suspension or rank.
  if (user.id === actorId) throw forbidden(MODERATION_WORDS.notYourself);
  if (user.status === 'deleted') throw conflict(MODERATION_WORDS.deleted);
  return user;
}

/**
 * Whether `actorId` may give the account that status, or throws why not: never their own; an
 * administrator is demoted before being suspended, so that every suspension is of a user; a change
 * to the status it has already is a repeat (409).
 */
export function decideStatus(user: ModeratedUser | undefined, actorId: number, status: UserStatus): void {
  const { role, status: current } = target(user, actorId);
  if (status === 'suspended') {
    if (role === 'admin') throw conflict(MODERATION_WORDS.suspendAdmin);
    if (current === 'suspended') throw conflict(MODERATION_WORDS.alreadySuspended);
  } else if (current === 'active') {
    throw conflict(MODERATION_WORDS.notSuspended);
  }
}

/** Whether `actorId` may give the account that role, or throws why not: never their own, never a suspended one made admin. */
export function decideRole(user: ModeratedUser | undefined, actorId: number, role: Role): void {
  const { role: current, status } = target(user, actorId);
  if (current === role) throw conflict(MODERATION_WORDS.alreadyRole(role));
  if (role === 'admin' && status === 'suspended') throw conflict(MODERATION_WORDS.promoteSuspended);
}

/**
 * Why an administrator may not cancel the auction at `now`, or null when they may: any auction that is
 * scheduled or open, with bids or without. The store's cancel is one conditional update of these conditions.
 */
export function adminCancelRefusal(auction: CancelledAuctionState | undefined, now: number) {
  if (!auction) return notFound(MODERATION_WORDS.auctionNotFound);
  if (auction.cancelledAt !== null) return conflict(MODERATION_WORDS.cancelledAlready);
  if (hasEnded(auction, now)) return conflict(MODERATION_WORDS.ended);
  return null;
}

/**
 * What a cancel by an administrator tells: its seller, with the reason; and each of its bidders and
 * watchers, that no sale will come of it. `recipients` holds each person once, the seller among them.
 */
export function cancelNotices(auction: { sellerId: number; itemName: string }, recipients: number[], reason: string): Notice[] {
  const item = `“${auction.itemName}”`;
  return recipients.map((userId) => ({
    userId,
    kind: 'cancelled',
    message:
      userId === auction.sellerId
        ? `Your auction ${item} was cancelled by an administrator: ${reason}`
        : `${item} was cancelled by an administrator: it will not be sold, and its bids no longer stand.`,
  }));
}
