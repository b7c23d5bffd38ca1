// What administrators do to accounts and auctions, each recorded in the audit log
// (docs/rules/moderation.md). The rules are domain/moderation.ts's; the store makes each change, its
// notices and its audit entry in one transaction; what leaves after the commit (live streams ended,
// notice counts) is sent from here.
import { conflict, notFound } from '../domain/errors';
import { adminCancelRefusal, cancelNotices, decideRole, decideStatus } from '../domain/moderation';
import {
  SELLER_SUSPENDED,
  type AdminCancelInput,
  type AuditAction,
  type AuditInput,
  type AuditTarget,
  type SetUserRoleInput,
  type SetUserStatusInput,
} from '../../shared/moderation';
import type { AccountChange, AuditActor, AuditEntryRecord } from '../db/moderation-store';
import type { ModeratedUser } from '../domain/moderation';
import type { AppDeps } from '../deps';
import type { Auction } from '../wire';
import { toAdminUser, type AdminUser } from './admin';
import { parseId, reloadFollowers, toAuction, viewOf } from './auctions';

/** An administrator, and the address they act from (the audit log records both). */
export interface Moderator {
  id: number;
  ip: string;
}

export interface AuditLogEntry {
  _id: string;
  /** Null for a command-line run (`npm run create-admin`). */
  actor: { _id: string; name: string } | null;
  action: AuditAction;
  /** `name`: the user's name, the auction's item, or the reported auction's item, as they are now; null when gone. */
  target: { type: AuditTarget; _id: string; name: string | null };
  reason: string | null;
  createdAt: string;
  ipAddress: string | null;
}

const actorOf = (admin: Moderator): AuditActor => ({ id: admin.id, ipAddress: admin.ip });

/**
 * The account's change, or the 409 of the change that came first: between the rule's read and the
 * update another administrator changed the account, so the rule is asked again on what it is now.
 */
async function changed(
  deps: AppDeps,
  outcome: AccountChange,
  userId: number,
  decide: (user: ModeratedUser | undefined) => void,
): Promise<AccountChange & { changed: true }> {
  if (outcome.changed) return outcome;
  decide(await deps.store.users.byId(userId));
  throw conflict('This account changed meanwhile: reload the page and try again.');
}

/**
 * Suspends or reinstates an account. A suspension signs it out everywhere, ends its live streams on
 * every instance, cancels its open and scheduled auctions, telling their bidders and watchers, and
 * takes its bids off the auctions still open, whose followers read them afresh.
 */
export async function setUserStatus(deps: AppDeps, admin: Moderator, input: SetUserStatusInput): Promise<AdminUser> {
  const userId = parseId(input.id);
  if (userId === null) throw notFound('User not found');
  const decide = (user: ModeratedUser | undefined) => decideStatus(user, admin.id, input.status);
  const outcome = await deps.store.moderation.setStatus(
    { userId, status: input.status, reason: input.reason, cancelReason: SELLER_SUSPENDED, actor: actorOf(admin), at: new Date(deps.now()) },
    decide,
    (auction, recipients) => cancelNotices(auction, recipients, SELLER_SUSPENDED),
  );
  const { user, notified, reloaded } = await changed(deps, outcome, userId, decide);
  if (input.status === 'suspended') deps.streams.endUserEverywhere(userId);
  deps.notices.publish(notified);
  reloadFollowers(deps, reloaded);
  return toAdminUser(user, deps.settings.PUBLIC_URL);
}

/** Makes an account an administrator or a user; it holds from the account's next request (sessions read the role afresh). */
export async function setUserRole(deps: AppDeps, admin: Moderator, input: SetUserRoleInput): Promise<AdminUser> {
  const userId = parseId(input.id);
  if (userId === null) throw notFound('User not found');
  const decide = (user: ModeratedUser | undefined) => decideRole(user, admin.id, input.role);
  const outcome = await deps.store.moderation.setRole(
    { userId, role: input.role, actor: actorOf(admin), at: new Date(deps.now()) },
    decide,
  );
  const { user } = await changed(deps, outcome, userId, decide);
  return toAdminUser(user, deps.settings.PUBLIC_URL);
}

/** Cancels any scheduled or open auction, bids or not: no winner, no order; its seller, bidders and watchers are told. */
export async function adminCancelAuction(deps: AppDeps, admin: Moderator, input: AdminCancelInput): Promise<Auction> {
  const auctionId = parseId(input.id);
  if (auctionId === null) throw notFound('Auction not found');
  const view = viewOf(deps, admin);
  const refuse = (auction: Parameters<typeof adminCancelRefusal>[0]) => {
    const refusal = adminCancelRefusal(auction, view.now);
    if (refusal) throw refusal;
  };
  const outcome = await deps.store.moderation.cancelAuction(
    { auctionId, reason: input.reason, actor: actorOf(admin), at: new Date(view.now) },
    refuse,
    (auction, recipients) => cancelNotices(auction, recipients, input.reason),
  );
  if (!outcome.cancelled) {
    // Another cancel, a purchase or the close came first: the rule names which, on the auction now.
    refuse(await deps.store.auctions.byId(auctionId));
    throw conflict('This auction changed meanwhile: reload the page and try again.');
  }
  deps.notices.publish(outcome.notified);
  reloadFollowers(deps, [outcome.auction]);
  return toAuction(outcome.auction, view);
}

function toEntry(row: AuditEntryRecord): AuditLogEntry {
  return {
    _id: String(row.id),
    actor: row.actorId === null ? null : { _id: String(row.actorId), name: row.actorName ?? 'Deleted account' },
    action: row.action,
    target: { type: row.targetType, _id: String(row.targetId), name: row.targetName },
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    ipAddress: row.ipAddress,
  };
}

/** The audit log, newest first, a page at a time. */
export async function auditLog(deps: AppDeps, input: AuditInput): Promise<{ entries: AuditLogEntry[]; nextCursor: string | null }> {
  const page = await deps.store.moderation.auditPage(input);
  return { entries: page.items.map(toEntry), nextCursor: page.nextCursor };
}
