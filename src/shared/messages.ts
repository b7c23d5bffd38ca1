// The words and numbers of conversations about auctions, shared by the server and the client.

/** The longest message, in characters after trimming. */
export const MESSAGE_MAX = 2000;

/** The newest messages a conversation is read with; older ones are not answered. */
export const MESSAGES_PER_PAGE = 500;

export const MESSAGE_WORDS = {
  auctionNotFound: 'Auction not found',
  conversationNotFound: 'Conversation not found',
  nameTheOther: (field: 'with' | 'to') => `${field} is required: as the seller, name the user whose conversation this is`,
  cancelled: 'This auction was cancelled: no new conversation can start about it.',
  /** The other party deleted their account: the conversation stays readable, but nothing reaches them. */
  recipientDeleted: 'This person deleted their account: messages can no longer reach them.',
  tooMany: 'You have sent too many messages in the last hour. Please wait a while, then try again.',
  notice: (from: string, item: string) => `${from} sent you a message about “${item}”.`,
} as const;
