// What the message calls take: the auction, the conversation's other party when the seller speaks,
// and the text. Ids are any short text: one that names nothing the caller may see is 404, not 400.
import { z } from 'zod';
import { MESSAGE_MAX } from '../messages';
import { linesText } from './common';

const anyId = z.string().max(1000);

/** One conversation about an auction: the seller names its other party (`with`); anyone else is that party. */
export const readMessagesInput = z.object({ auctionId: anyId, with: anyId.nullish() });
export type ReadMessagesInput = z.infer<typeof readMessagesInput>;

/** A message: to the seller, or, from the seller, `to` the other party of a conversation already begun. */
export const sendMessageInput = z.object({
  auctionId: anyId,
  to: anyId.nullish(),
  body: linesText('Message', MESSAGE_MAX),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;
