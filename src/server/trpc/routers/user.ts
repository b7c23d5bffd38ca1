import { deleteAccountInput } from '../../../shared/account-deletion';
import { SAVED_SEARCHES_MAX } from '../../../shared/listing';
import { disableTwoFactorInput, enableTwoFactorInput } from '../../../shared/two-factor';
import { listNotificationsInput, markNotificationsReadInput } from '../../../shared/schemas/notifications';
import { deleteSearchInput, saveSearchInput } from '../../../shared/schemas/saved-searches';
import { changePasswordInput, ownListPageInput, setAvatarInput, setWatchingInput, userSettingsInput } from '../../../shared/schemas/user';
import { listCost, REQUEST_ROW_BUDGET } from '../../domain/request-cost';
import { noticeStream } from '../../live/notice-stream';
import { deleteOwnAccount } from '../../services/account-deletion';
import { activityOf } from '../../services/activity';
import { removeAvatar, setAvatar } from '../../services/avatars';
import { resendEmailConfirmation } from '../../services/email-confirmation';
import { exportUserData } from '../../services/export';
import { listLogins } from '../../services/login-history';
import { listNotifications, markNotificationsRead } from '../../services/notifications';
import { deleteSavedSearch, listSavedSearches, saveSearch } from '../../services/saved-searches';
import { changePassword, toUser, updateUserSettings, userSettings } from '../../services/users';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../../services/two-factor';
import { myBids, setWatching, watchlist } from '../../services/watchlist';
import { protectedProcedure, router, uploadProcedure } from '../init';

export const userRouter = router({
  // ctx.user was read from the database for this request; no second query is needed.
  me: protectedProcedure.query(({ ctx }) => ({ user: toUser(ctx.user, ctx.deps.settings.PUBLIC_URL) })),

  /** A photo (FormData, as `avatar`) as the caller's avatar, in place of the one before; answers the user. */
  setAvatar: uploadProcedure.input(setAvatarInput).mutation(async ({ ctx, input }) => {
    const avatar = await setAvatar(ctx.deps, ctx.user, input);
    return { user: toUser({ ...ctx.user, avatar }, ctx.deps.settings.PUBLIC_URL) };
  }),

  /** Back to the drawn initial; answers the user. */
  removeAvatar: protectedProcedure.mutation(async ({ ctx }) => {
    await removeAvatar(ctx.deps, ctx.user);
    return { user: toUser({ ...ctx.user, avatar: null }, ctx.deps.settings.PUBLIC_URL) };
  }),

  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, ctx.user, input);
    return { message: 'Password updated successfully' };
  }),

  /** A new authenticator secret, pending until a code proves it; the only answer that ever carries it. */
  setupTwoFactor: protectedProcedure.mutation(({ ctx }) => setupTwoFactor(ctx.deps, ctx.user)),

  /** Turns on the pending secret with a code of it; answers the recovery codes, shown this once. */
  enableTwoFactor: protectedProcedure
    .input(enableTwoFactorInput)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.deps, ctx.user.id, input)),

  /** Turns two-factor off, with the password and a code (or a recovery code). */
  disableTwoFactor: protectedProcedure
    .input(disableTwoFactorInput)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, ctx.user, input, ctx.client)),

  /** Deletes the caller's account, with the password; its session ends, and the cookie goes with it. */
  deleteAccount: protectedProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    const answer = await deleteOwnAccount(ctx.deps, ctx.user, input, ctx.client);
    ctx.cookie.clear();
    return answer;
  }),

  settings: protectedProcedure.query(({ ctx }) => userSettings(ctx.deps, ctx.user.id)),

  updateSettings: protectedProcedure
    .input(userSettingsInput)
    .mutation(({ ctx, input }) => updateUserSettings(ctx.deps, ctx.user.id, input)),

  /** Mails the caller a new link that confirms their address (a few times an hour at most). */
  sendConfirmationEmail: protectedProcedure.mutation(({ ctx }) => resendEmailConfirmation(ctx.deps, ctx.user.id)),

  logins: protectedProcedure.query(({ ctx }) => listLogins(ctx.deps, ctx.user.id)),

  /** Everything kept about the caller, for its download; it reads every row of theirs, so it fills a request. */
  export: protectedProcedure.query(({ ctx }) => {
    ctx.budget?.charge(REQUEST_ROW_BUDGET);
    return exportUserData(ctx.deps, ctx.user.id);
  }),

  /** The caller's notices, newest first, a page at a time, with the unread count. */
  notifications: protectedProcedure.input(listNotificationsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return listNotifications(ctx.deps, ctx.user.id, input);
  }),

  /** Marks the named notices read, or all of them without `ids`; answers the unread count. */
  markNotificationsRead: protectedProcedure
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.deps, ctx.user.id, input)),

  /** What waits for the caller, for the menu's badges: unread messages, and orders where it is their turn. */
  activity: protectedProcedure.query(({ ctx }) => activityOf(ctx.deps, ctx.user.id)),

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

  /** The caller's saved searches, newest first (a user keeps at most SAVED_SEARCHES_MAX). */
  searches: protectedProcedure.query(({ ctx }) => {
    ctx.budget?.charge(SAVED_SEARCHES_MAX);
    return listSavedSearches(ctx.deps, ctx.user.id);
  }),

  /** Saves a search (text, category, highest price) to hear of each auction that opens matching it. */
  saveSearch: protectedProcedure.input(saveSearchInput).mutation(({ ctx, input }) => saveSearch(ctx.deps, ctx.user.id, input)),

  /** Deletes one of the caller's saved searches. */
  deleteSearch: protectedProcedure
    .input(deleteSearchInput)
    .mutation(({ ctx, input }) => deleteSavedSearch(ctx.deps, ctx.user.id, input.id)),
});
