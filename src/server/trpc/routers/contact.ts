import { contactInput } from '../../../shared/schemas/contact';
import { sendContactMessage } from '../../services/contact';
import { publicProcedure, router } from '../init';

export const contactRouter = router({
  send: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    await sendContactMessage(ctx.deps, input, ctx.client, ctx.user?.id ?? null);
    return { message: 'Thank you for your message!' };
  }),
});
