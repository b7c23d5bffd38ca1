import { listNotificationsInput, markNotificationsReadInput } from '../../../shared/schemas/notifications';
import { changePasswordInput, ownListPageInput, setWatchingInput, userSettingsInput } from '../../../shared/schemas/user';
import { listCost } from '../../domain/request-cost';
import { noticeStream } from '../../live/notice-stream';
import { listLogins } from '../../services/login-history';
import { listNotifications, markNotificationsRead } from '../../services/notifications';
import { changePassword, toUser, updateUserSettings, userSettings } from '../../services/users';
import { myBids, setWatching, watchlist } from '../../services/watchlist';
import { protectedProcedure, router } from '../init';

export const userRouter = router({
  // ctx.user was read from the database for this request; no second query is needed.
  me: protectedProcedure.query(({ ctx }) => ({ user: toUser(ctx.user) })),

  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, ctx.user, input);
    return { message: 'Password updated successfully' };
  }),

  settings: protectedProcedure.query(({ ctx }) => userSettings(ctx.deps, ctx.user.id)),

  updateSettings: protectedProcedure
    .input(userSettingsInput)
    .mutation(({ ctx, input }) => updateUserSettings(ctx.deps, ctx.user.id, input)),

  logins: protectedProcedure.query(({ ctx }) => listLogins(ctx.deps, ctx.user.id)),

  /** The caller's notices, newest first, a page at a time, with the unread count. */
  notifications: protectedProcedure.input(listNotificationsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return listNotifications(ctx.deps, ctx.user.id, input);
  }),

  /** Marks the named notices read, or all of them without `ids`; answers the unread count. */
  markNotificationsRead: protectedProcedure
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.deps, ctx.user.id, input)),

  /** The unread count and the newest notice, now and after each change of the caller's notices. */
  onNotifications: protectedProcedure.subscription(({ ctx, signal }) =>
    noticeStream(ctx.deps, ctx.user.id, signal ?? new AbortController().signal),
  ),

  /** A page of the auctions the caller watches: open ones by soonest end first. */
  watchlist: protectedProcedure.input(ownListPageInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return watchlist(ctx.deps, ctx.user, input);
  }),

  /** Puts an auction on the watchlist or takes it off; repeating it changes nothing. */
  setWatching: protectedProcedure
    .input(setWatchingInput)
    .mutation(({ ctx, input }) => setWatching(ctx.deps, ctx.user, input.auctionId, input.watching)),

  /** A page of the auctions the caller has bid on, with where they stand on each. */
  bids: protectedProcedure.input(ownListPageInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return myBids(ctx.deps, ctx.user, input);
  }),
});
