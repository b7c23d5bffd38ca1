import { changePasswordInput, userSettingsInput } from '../../../shared/schemas/user';
import { listLogins } from '../../services/login-history';
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
});
