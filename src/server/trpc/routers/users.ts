// Other people, as anyone signed in may see them: a public profile (docs/rules/trust.md).
import { userIdInput } from '../../../shared/feedback';
import { publicProfile } from '../../services/feedback';
import { protectedProcedure, router } from '../init';

export const usersRouter = router({
  /**
   * A user's name, avatar, feedback and open auctions: never their address. GET /api/users/:id calls
   * the same service without the caller: a check added here goes there too
   * (docs/decisions/0023-hot-reads-call-their-services.md).
   */
  profile: protectedProcedure.input(userIdInput).query(({ ctx, input }) => publicProfile(ctx.deps, ctx.user, input.id)),
});
