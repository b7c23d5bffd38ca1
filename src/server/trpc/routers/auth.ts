import { forgotPasswordInput, loginInput, resetPasswordInput, signupInput } from '../../../shared/schemas/auth';
import * as auth from '../../services/auth';
import { requestPasswordReset, resetPassword } from '../../services/password-reset';
import { toUser } from '../../services/users';
import { publicProcedure, router } from '../init';

export const authRouter = router({
  /** Who is signed in, or null: the client's start-up check, without a 401 for visitors. */
  session: publicProcedure.query(({ ctx }) => ({ user: ctx.user ? toUser(ctx.user, ctx.deps.settings.PUBLIC_URL) : null })),

  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const { user, token, expiresAt } = await auth.signup(ctx.deps, input, ctx.client);
    ctx.cookie.set(token, expiresAt);
    return { user, token };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { user, token, expiresAt } = await auth.login(ctx.deps, input, ctx.client);
    ctx.cookie.set(token, expiresAt);
    return { user, token };
  }),

  /** Whether this site can mail reset links: the forgot-password page says so before anyone types. */
  passwordResetAvailable: publicProcedure.query(({ ctx }) => ({ available: ctx.deps.mail.transport !== null })),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx.client)),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.client)),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.deps, ctx.user?.sessionId ?? null);
    ctx.cookie.clear();
    return { message: 'Logged out successfully' };
  }),
});
