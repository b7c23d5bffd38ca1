// Whether an account may be deleted (docs/rules/accounts.md#deleting-an-account): a pure rule on the
// state the deletion's transaction read; the store then deletes it by one conditional update from the
// status and role read, so a deletion or another change that came first in between makes it a 409.
import { DELETION_WORDS, type Deleter, type DeletionBlock } from '../../shared/account-deletion';
import { MODERATION_WORDS } from '../../shared/moderation';
import type { ModeratedUser } from './moderation';
import { conflict, notFound } from './errors';

/** The account and the trades of it still under way, as the deletion's transaction read them. */
export interface DeletionState {
  user: ModeratedUser | undefined;
  /** Its auctions with bids that have not closed (an ended one closes within seconds, and makes its order). */
  sellingWithBids: boolean;
  /** Auctions not closed that it leads: it would win them. */
  leading: boolean;
  /** Its orders, as buyer or seller, neither received nor cancelled. */
  openOrder: boolean;
}

/** Who deletes: the owner, or an administrator (by their id: nobody deletes themselves from the console). */
export type DeletionBy = { kind: 'owner' } | { kind: 'admin'; actorId: number };

/**
 * Throws why the account may not be deleted, or returns: unknown (404); already deleted, an
 * administrator, the console's own user, or a trade still under way (each 409, with the reason).
 */
export function decideDeletion(state: DeletionState, by: DeletionBy): void {
  const { user } = state;
  const who: Deleter = by.kind;
  if (!user) throw notFound(MODERATION_WORDS.userNotFound);
  if (by.kind === 'admin' && user.id === by.actorId) throw conflict(DELETION_WORDS.notYourself);
  if (user.status === 'deleted') throw conflict(DELETION_WORDS.already);
  if (user.role === 'admin') throw conflict(DELETION_WORDS.admin(who));
  const block: DeletionBlock | null = state.sellingWithBids ? 'selling' : state.leading ? 'leading' : state.openOrder ? 'order' : null;
  if (block) throw conflict(DELETION_WORDS.blocked(block, who));
}
