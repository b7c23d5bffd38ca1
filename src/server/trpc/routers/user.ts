import { changePasswordInput, setWatchingInput } from '../../../shared/schemas/user';
import { listLogins } from '../../services/login-history';
import { changePassword, toUser } from '../../services/users';
import { myBids, setWatching, watchlist } from '../../services/watchlist';
import { protectedProcedure, router } from '../init';

export const userRouter = router({
  // ctx.user was read from the database for this request; no second query is needed.
  me: protectedProcedure.query(({ ctx }) => ({ user: toUser(ctx.user) })),

  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, ctx.user, input);
    return { message: 'Password updated successfully' };
  }),

  logins: protectedProcedure.query(({ ctx }) => listLogins(ctx.deps, ctx.user.id)),

  /** The auctions the caller watches: open ones by soonest end first. */
  watchlist: protectedProcedure.query(({ ctx }) => watchlist(ctx.deps, ctx.user)),

  /** Puts an auction on the watchlist or takes it off; repeating it changes nothing. */
  setWatching: protectedProcedure
    .input(setWatchingInput)
    .mutation(({ ctx, input }) => setWatching(ctx.deps, ctx.user, input.auctionId, input.watching)),

  /** Every auction the caller has bid on, with where they stand on it. */
  bids: protectedProcedure.query(({ ctx }) => myBids(ctx.deps, ctx.user)),
});
