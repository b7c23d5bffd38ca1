import { adminDeleteUserInput } from '../../../shared/account-deletion';
import { adminCancelInput, auditInput, setUserRoleInput, setUserStatusInput } from '../../../shared/moderation';
import { adminAuctionsInput, adminMessagesInput, adminUsersInput, removeBidderInput } from '../../../shared/schemas/admin';
import { listCost } from '../../domain/request-cost';
import { adminDeleteUser } from '../../services/account-deletion';
import { adminAuctions, adminDashboard, adminUsers } from '../../services/admin';
import { removeBidder } from '../../services/bidder-removal';
import { listContactMessages } from '../../services/contact';
import { adminCancelAuction, auditLog, setUserRole, setUserStatus } from '../../services/moderation';
import { adminProcedure, router } from '../init';

export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => adminDashboard(ctx.deps, ctx.user)),
  // Each list read is charged the rows it may read before it runs (domain/request-cost.ts).
  users: adminProcedure.input(adminUsersInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return adminUsers(ctx.deps, input);
  }),
  auctions: adminProcedure.input(adminAuctionsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return adminAuctions(ctx.deps, ctx.user, input);
  }),
  messages: adminProcedure.input(adminMessagesInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return listContactMessages(ctx.deps, input);
  }),
  /** Removes a user's bids and maximum from an open auction, which is worked out again without them. */
  removeBidder: adminProcedure
    .input(removeBidderInput)
    .mutation(({ ctx, input }) => removeBidder(ctx.deps, { id: ctx.user.id, ip: ctx.client.ip }, input)),
  // What administrators change (docs/rules/moderation.md): each is recorded in the audit log, with the address it came from.
  setUserStatus: adminProcedure
    .input(setUserStatusInput)
    .mutation(({ ctx, input }) => setUserStatus(ctx.deps, { id: ctx.user.id, ip: ctx.client.ip }, input)),
  setUserRole: adminProcedure
    .input(setUserRoleInput)
    .mutation(({ ctx, input }) => setUserRole(ctx.deps, { id: ctx.user.id, ip: ctx.client.ip }, input)),
  /** Deletes an account as its owner's deletion would, without the password. */
  deleteUser: adminProcedure
    .input(adminDeleteUserInput)
    .mutation(({ ctx, input }) => adminDeleteUser(ctx.deps, { id: ctx.user.id, ip: ctx.client.ip }, input)),
  cancelAuction: adminProcedure
    .input(adminCancelInput)
    .mutation(({ ctx, input }) => adminCancelAuction(ctx.deps, { id: ctx.user.id, ip: ctx.client.ip }, input)),
  audit: adminProcedure.input(auditInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return auditLog(ctx.deps, input);
  }),
});
