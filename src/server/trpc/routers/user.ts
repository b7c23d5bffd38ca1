import { listNotificationsInput, markNotificationsReadInput } from '../../../shared/schemas/notifications';
import { changePasswordInput, userSettingsInput } from '../../../shared/schemas/user';
import { noticeStream } from '../../live/notice-stream';
import { listLogins } from '../../services/login-history';
import { listNotifications, markNotificationsRead } from '../../services/notifications';
import { changePassword, toUser, updateUserSettings, userSettings } from '../../services/users';
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
  notifications: protectedProcedure
    .input(listNotificationsInput)
    .query(({ ctx, input }) => listNotifications(ctx.deps, ctx.user.id, input)),

  /** Marks the named notices read, or all of them without `ids`; answers the unread count. */
  markNotificationsRead: protectedProcedure
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.deps, ctx.user.id, input)),

  /** The unread count and the newest notice, now and after each change of the caller's notices. */
  onNotifications: protectedProcedure.subscription(({ ctx, signal }) =>
    noticeStream(ctx.deps, ctx.user.id, signal ?? new AbortController().signal),
  ),
});
