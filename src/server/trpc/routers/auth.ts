import {
  checkResetTokenInput,
  forgotPasswordInput,
  loginInput,
  resetPasswordInput,
  signupInput,
  verifyEmailInput,
} from '../../../shared/schemas/auth';
import { loginCodeInput } from '../../../shared/two-factor';
import * as auth from '../../services/auth';
import { demoAccountLogins } from '../../services/demo-accounts';
import { verifyEmail } from '../../services/email-confirmation';
import { checkResetToken, requestPasswordReset, resetPassword } from '../../services/password-reset';
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

  /** The user and a session; or, with two-factor sign-in on, a challenge for the second step and no session yet. */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const outcome = await auth.login(ctx.deps, input, ctx.client);
    if ('challenge' in outcome) return outcome;
    ctx.cookie.set(outcome.token, outcome.expiresAt);
    return { user: outcome.user, token: outcome.token };
  }),

  /** The second step of a login: the challenge and a code (or a recovery code); answers as a login does. */
  loginWithCode: publicProcedure.input(loginCodeInput).mutation(async ({ ctx, input }) => {
    const { user, token, expiresAt } = await auth.loginWithCode(ctx.deps, input, ctx.client);
    ctx.cookie.set(token, expiresAt);
    return { user, token };
  }),

  /** Whether this site can mail reset links: the forgot-password page says so before anyone types. */
  passwordResetAvailable: publicProcedure.query(({ ctx }) => ({ available: ctx.deps.mail.transport !== null })),

  /** The demo accounts with their passwords in development, for the login page to fill in; elsewhere none. */
  demoAccounts: publicProcedure.query(({ ctx }) => ({ accounts: demoAccountLogins(ctx.deps) })),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx.client)),

  /**
   * Whether a reset link can still be used, and nothing else: its page shows the form only then. A
   * mutation, so that the token never travels in a URL (and counted like an attempt to use it).
   */
  checkResetToken: publicProcedure.input(checkResetTokenInput).mutation(({ ctx, input }) => checkResetToken(ctx.deps, input, ctx.client)),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.client)),

  /** Confirms the address of the account the mailed link belongs to; whoever opens the link, signed in or not. */
  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => verifyEmail(ctx.deps, input, ctx.client)),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.deps, ctx.user?.sessionId ?? null);
    ctx.cookie.clear();
    return { message: 'Logged out successfully' };
  }),
});
