import { changePasswordInput } from '../../../shared/schemas/user';
import { listSellerAuctions } from '../../services/auctions';
import { listLogins } from '../../services/login-history';
import { changePassword, toUser } from '../../services/users';
import { protectedProcedure, router } from '../init';

export const userRouter = router({
  // ctx.user was read from the database for this request; no second query is needed.
  me: protectedProcedure.query(({ ctx }) => ({ user: toUser(ctx.user) })),

  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, ctx.user.id, ctx.user.sessionId, input);
    return { message: 'Password updated successfully' };
  }),

  logins: protectedProcedure.query(({ ctx }) => listLogins(ctx.deps.db, ctx.user.id)),

  /** The user with the auctions they sell ("products" in the older clients). */
  profile: protectedProcedure.query(({ ctx }) => ({
    user: toUser(ctx.user),
    products: listSellerAuctions(ctx.deps, ctx.user.id),
  })),
});
