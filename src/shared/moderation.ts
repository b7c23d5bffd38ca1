// What administrators do to accounts and auctions (docs/rules/moderation.md): suspension, roles, the
// cancel of any auction, and the audit log that records each. Words and inputs shared by the server
// (which says them) and the client (which repeats the checks for a quick message).
import { z } from 'zod';
import { ROLES } from './constants';
import { pageFields, requiredText } from './schemas/common';

/**
 * Whether an account may sign in: a suspended one may not, until an administrator reinstates it; a
 * deleted one never again (src/shared/account-deletion.ts).
 */
export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const STATUS_WORDS: Record<UserStatus, string> = { active: 'Active', suspended: 'Suspended', deleted: 'Deleted' };
/** What an administrator sets by hand: a deletion is an action of its own. */
export type SettableStatus = Exclude<UserStatus, 'deleted'>;

/** The longest reason an administrator may give for a suspension or a cancel. */
export const MODERATION_REASON_MAX = 500;

/** The reason of the auctions a suspension cancels. */
export const SELLER_SUSPENDED = 'Seller suspended';
/** The reason of the auctions a deletion cancels (none of them has a bid). */
export const SELLER_DELETED = 'Seller deleted their account';

/** What the audit log records; each names its target's kind (AUDIT_TARGETS). */
export const AUDIT_ACTIONS = [
  'suspend_user',
  'reinstate_user',
  'make_admin',
  'make_user',
  'cancel_auction',
  'create_admin',
  'remove_bidder',
  'resolve_report',
  'delete_user',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGETS = ['user', 'auction', 'report'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  suspend_user: 'Suspended',
  reinstate_user: 'Reinstated',
  make_admin: 'Made admin',
  make_user: 'Made user',
  cancel_auction: 'Cancelled auction',
  create_admin: 'create-admin run',
  remove_bidder: 'Removed bidder',
  resolve_report: 'Resolved report',
  delete_user: 'Deleted account',
};

/** What a run of `npm run create-admin` did, as its audit entry says. */
export type CreateAdminOutcome = 'created' | 'promoted' | 'unchanged';
export const CREATE_ADMIN_OUTCOMES: Record<CreateAdminOutcome, string> = {
  created: 'Created a new administrator account',
  promoted: 'Made an existing account an administrator',
  unchanged: 'Already an administrator: nothing changed',
};

export const MODERATION_WORDS = {
  userNotFound: 'User not found',
  auctionNotFound: 'Auction not found',
  notYourself: 'You cannot change your own account here.',
  suspendAdmin: 'An administrator cannot be suspended: demote them first.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  promoteSuspended: 'A suspended account cannot be made an administrator: reinstate it first.',
  /** Nothing is done to a deleted account: it has nobody behind it any more. */
  deleted: 'This account was deleted.',
  alreadyRole: (role: (typeof ROLES)[number]) =>
    role === 'admin' ? 'This user is already an administrator.' : 'This user is already a user.',
  cancelledAlready: 'This auction was already cancelled.',
  ended: 'This auction has ended: it can no longer be cancelled.',
  /** What a suspended account's login answers. */
  suspended: (reason: string | null) => `This account is suspended${reason ? `: ${reason}` : '.'}`,
};

const reasonText = requiredText('Reason', MODERATION_REASON_MAX);

/** A user named by its id in the path; any text may name one, an unknown one is 404. */
const userId = z.string().max(1000);

/**
 * Suspend or reinstate; "blocked" is an older client's word for suspended. A suspension needs its
 * reason; a reinstatement may give one for the log.
 */
export const setUserStatusInput = z
  .object({
    id: userId,
    status: z
      .enum(['active', 'suspended', 'blocked'], { error: 'status must be active or suspended' })
      .transform((status): SettableStatus => (status === 'blocked' ? 'suspended' : status)),
    reason: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const blank = input.reason === undefined || input.reason === null || (typeof input.reason === 'string' && input.reason.trim() === '');
    if (blank && input.status === 'active') return { id: input.id, status: input.status, reason: null };
    const reason = reasonText.safeParse(input.reason ?? '');
    if (!reason.success) {
      for (const issue of reason.error.issues) ctx.addIssue({ code: 'custom', path: ['reason'], message: issue.message });
      return z.NEVER;
    }
    return { id: input.id, status: input.status, reason: reason.data };
  });
export type SetUserStatusInput = z.infer<typeof setUserStatusInput>;

export const setUserRoleInput = z.object({
  id: userId,
  role: z.enum(ROLES, { error: 'role must be user or admin' }),
});
export type SetUserRoleInput = z.infer<typeof setUserRoleInput>;

/** An administrator's cancel of an auction named in the path, with the reason its seller is told. */
export const adminCancelInput = z.object({ id: z.string().max(1000), reason: reasonText });
export type AdminCancelInput = z.infer<typeof adminCancelInput>;

export const AUDIT_PAGE_SIZE = 50;
export const auditInput = z.object(pageFields(AUDIT_PAGE_SIZE, 100)).default({ limit: AUDIT_PAGE_SIZE });
export type AuditInput = z.infer<typeof auditInput>;

/** The quick check of a reason typed into a dialog: the message, or null when it will do. */
export function reasonProblem(reason: string): string | null {
  const checked = reasonText.safeParse(reason);
  return checked.success ? null : checked.error.issues[0]!.message;
}
