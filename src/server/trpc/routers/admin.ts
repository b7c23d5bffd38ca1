import { adminAuctionsInput, adminMessagesInput, adminUsersInput } from '../../../shared/schemas/admin';
import { adminAuctions, adminDashboard, adminUsers } from '../../services/admin';
import { listContactMessages } from '../../services/contact';
import { adminProcedure, router } from '../init';

export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => adminDashboard(ctx.deps, ctx.user)),
  users: adminProcedure.input(adminUsersInput).query(({ ctx, input }) => adminUsers(ctx.deps, input)),
  auctions: adminProcedure.input(adminAuctionsInput).query(({ ctx, input }) => adminAuctions(ctx.deps, ctx.user, input)),
  messages: adminProcedure.input(adminMessagesInput).query(({ ctx, input }) => listContactMessages(ctx.deps, input)),
});
