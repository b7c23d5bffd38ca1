import { readMessagesInput, sendMessageInput } from '../../../shared/schemas/messages';
import { CONVERSATIONS_MAX, listConversations, readMessages, sendMessage } from '../../services/messages';
import { protectedProcedure, router } from '../init';

export const messagesRouter = router({
  /** One conversation about an auction, oldest first; the seller names its other party (`with`). Marks it read for the caller. */
  read: protectedProcedure.input(readMessagesInput).query(({ ctx, input }) => readMessages(ctx.deps, ctx.user, input)),

  /** A question to the seller, or (with `to`) the seller's answer in a conversation begun. */
  send: protectedProcedure.input(sendMessageInput).mutation(({ ctx, input }) => sendMessage(ctx.deps, ctx.user, input)),

  /** The caller's conversations, latest first, each with its newest message and how many are unread. */
  conversations: protectedProcedure.query(({ ctx }) => {
    ctx.budget?.charge(CONVERSATIONS_MAX);
    return listConversations(ctx.deps, ctx.user.id);
  }),
});
