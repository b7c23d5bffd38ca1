import { loginInput, signupInput } from '../../../shared/schemas/auth';
import * as auth from '../../services/auth';
import { publicProcedure, router } from '../init';

export const authRouter = router({
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

  logout: publicProcedure.mutation(({ ctx }) => {
    auth.logout(ctx.deps, ctx.user?.sessionId ?? null);
    ctx.cookie.clear();
    return { message: 'Logged out successfully' };
  }),
});
