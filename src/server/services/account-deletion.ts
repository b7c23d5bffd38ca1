// Deleting an account (docs/rules/accounts.md#deleting-an-account): by its owner with the password, or
// by an administrator. The rule is domain/account-deletion.ts's; the store deletes it, with its notices
// and audit entry, in one transaction; what leaves after the commit (its live streams ended on every
// instance, the notice counts, the reloads of the auctions it bid on, its avatar's file) is sent from here.
import { DELETION_WORDS, type DeleteAccountInput, type AdminDeleteUserInput } from '../../shared/account-deletion';
import { SELLER_DELETED } from '../../shared/moderation';
import { TWO_FACTOR_WORDS } from '../../shared/two-factor';
import type { AuditActor } from '../db/moderation-store';
import type { AppDeps } from '../deps';
import { decideDeletion, type DeletionBy } from '../domain/account-deletion';
import { conflict, invalid, notFound } from '../domain/errors';
import { cancelNotices } from '../domain/moderation';
import { toAdminUser, type AdminUser } from './admin';
import { parseId, reloadFollowers } from './auctions';
import type { ClientInfo } from './login-history';
import type { Moderator } from './moderation';
import { deleteAvatar } from './photos';
import { spendOrRefuse } from './rate-limit';

async function deleteAccount(deps: AppDeps, userId: number, by: DeletionBy, actor: AuditActor | null): Promise<void> {
  const outcome = await deps.store.deletions.deleteAccount(
    { userId, at: new Date(deps.now()), actor, cancelReason: SELLER_DELETED },
    (state) => decideDeletion(state, by),
    // The auctions cancelled are the account's own: its bidders (none) and watchers are told, not the account that is gone.
    (auction, recipients) =>
      cancelNotices(
        auction,
        recipients.filter((id) => id !== userId),
        SELLER_DELETED,
      ),
  );
  if (!outcome.deleted) {
    // Another deletion or change came first between the read and the update.
    const now = await deps.store.users.byId(userId);
    throw conflict(now?.status === 'deleted' ? DELETION_WORDS.already : DELETION_WORDS.changed);
  }
  // Signed out everywhere already (its sessions went in the transaction): its open streams end now, here and on every instance.
  deps.streams.endUserEverywhere(userId);
  deps.notices.publish(outcome.notified);
  reloadFollowers(deps, outcome.reloaded);
  if (outcome.avatar) await deleteAvatar(deps.settings.UPLOAD_DIR, outcome.avatar);
}

/**
 * The owner deletes their account, with their password. A wrong one counts as a failed login, as
 * turning two-factor off does: a session alone must not let anyone guess the password here.
 */
export async function deleteOwnAccount(
  deps: AppDeps,
  user: { id: number; email: string },
  input: DeleteAccountInput,
  client: ClientInfo,
): Promise<{ message: string }> {
  const { limits } = deps;
  const key = `${user.email}|${client.ip}`;
  await spendOrRefuse(
    [
      [limits.loginFailures, key],
      [limits.loginFailuresPerAddress, client.ip],
    ],
    TWO_FACTOR_WORDS.tooMany,
  );
  const giveBack = () => Promise.all([limits.loginFailures.giveBack(key), limits.loginFailuresPerAddress.giveBack(client.ip)]);
  const row = await deps.store.users.byId(user.id);
  // Deleted by an administrator since this session was read: its password is gone, so no password
  // could be right; the answer is the race's, not a wrong password counted against the address.
  if (row?.status === 'deleted') {
    await giveBack();
    throw conflict(DELETION_WORDS.already);
  }
  const passwordRight = row !== undefined && (await deps.passwords.verify(input.password, row.passwordHash, `user:${user.id}`));
  if (!passwordRight) throw invalid([{ path: 'password', message: DELETION_WORDS.passwordWrong }]);
  await giveBack();
  await deleteAccount(deps, user.id, { kind: 'owner' }, null);
  return { message: DELETION_WORDS.done };
}

/** An administrator deletes an account as its owner's deletion would, without the password; recorded in the audit log. */
export async function adminDeleteUser(
  deps: AppDeps,
  admin: Moderator,
  input: AdminDeleteUserInput,
): Promise<{ message: string; user: AdminUser }> {
  const userId = parseId(input.id);
  if (userId === null) throw notFound('User not found');
  await deleteAccount(deps, userId, { kind: 'admin', actorId: admin.id }, { id: admin.id, ipAddress: admin.ip });
  const row = (await deps.store.users.byId(userId))!;
  return { message: DELETION_WORDS.adminDone, user: toAdminUser(row, deps.settings.PUBLIC_URL) };
}
