// Questions and answers about an auction (docs/rules/messages.md): a conversation is between the
// auction's seller and one other user, who starts it; the seller answers in it. Nobody else can read
// or write in it: to them it does not exist (404). Messages are text, kept and answered as written
// (trimmed); the client shows them as text, never as markup.
import { MESSAGES_PER_PAGE, MESSAGE_WORDS } from '../../shared/messages';
import type { ReadMessagesInput, SendMessageInput } from '../../shared/schemas/messages';
import type { AuctionRecord, ConversationRecord, MessageRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { badRequest, conflict, invalid, notFound } from '../domain/errors';
import { parseId } from './auctions';
import { photoUrls } from './photos';
import { spendOrRefuse } from './rate-limit';

/** Who writes or reads: the signed-in user. */
type Caller = { id: number; name: string };

/** A message as both doors answer it. */
export interface Message {
  _id: string;
  from: { _id: string; name: string };
  body: string;
  createdAt: string;
}

export interface Conversation {
  auction: { _id: string; itemName: string; itemPhoto: string };
  with: { _id: string; name: string };
  lastMessage: Message;
  unread: number;
}

/** The most conversations the list answers, latest first. */
export const CONVERSATIONS_MAX = 100;

function toMessage(record: MessageRecord): Message {
  return {
    _id: String(record.id),
    from: { _id: String(record.fromUserId), name: record.fromName },
    body: record.body,
    createdAt: record.createdAt.toISOString(),
  };
}

async function auctionOf(deps: AppDeps, id: string): Promise<AuctionRecord> {
  const auctionId = parseId(id);
  const auction = auctionId === null ? undefined : await deps.store.auctions.byId(auctionId);
  if (!auction) throw notFound(MESSAGE_WORDS.auctionNotFound);
  return auction;
}

/**
 * Whose conversation the caller means: the seller names its other party (`field`), which must have
 * begun one or bought the item (the order's conversation, which the seller may begin); anyone else
 * is that party, and may name only themselves (or, sending, the seller).
 */
async function conversationWith(
  deps: AppDeps,
  caller: Caller,
  auction: AuctionRecord,
  named: string | null | undefined,
  field: 'with' | 'to',
): Promise<number> {
  if (caller.id === auction.sellerId) {
    if (named === null || named === undefined || named === '') throw invalid([{ path: field, message: MESSAGE_WORDS.nameTheOther(field) }]);
    const other = parseId(named);
    if (other === null || other === caller.id || !(await deps.store.messages.hasConversation(auction.id, other))) {
      throw notFound(MESSAGE_WORDS.conversationNotFound);
    }
    return other;
  }
  const allowed = field === 'to' ? [caller.id, auction.sellerId] : [caller.id];
  if (named !== null && named !== undefined && named !== '' && !allowed.includes(parseId(named) ?? -1)) {
    throw notFound(MESSAGE_WORDS.conversationNotFound);
  }
  return caller.id;
}

/** The conversation's newest messages, oldest first; those the caller received are marked read. */
export async function readMessages(deps: AppDeps, caller: Caller, input: ReadMessagesInput): Promise<{ messages: Message[] }> {
  const auction = await auctionOf(deps, input.auctionId);
  const withUserId = await conversationWith(deps, caller, auction, input.with, 'with');
  const { messages, noticesRead } = await deps.store.messages.read(
    auction.id,
    withUserId,
    caller.id,
    MESSAGES_PER_PAGE,
    new Date(deps.now()),
  );
  // The bell of each of the reader's tabs drops the notices the conversation just read.
  if (noticesRead) deps.notices.publish([caller.id]);
  return { messages: messages.map(toMessage) };
}

/**
 * Writes a message: a question to the seller (which starts the conversation, unless the auction was
 * cancelled), or the seller's answer in a conversation begun. Its recipient gets a `message` notice,
 * unless one of this conversation is still unread for them. A recipient who deleted their account is
 * written to no more (409).
 */
export async function sendMessage(deps: AppDeps, caller: Caller, input: SendMessageInput): Promise<Message> {
  const auction = await auctionOf(deps, input.auctionId);
  const withUserId = await conversationWith(deps, caller, auction, input.to, 'to');
  const fromSeller = caller.id === auction.sellerId;
  if (!fromSeller && auction.cancelledAt && !(await deps.store.messages.hasConversation(auction.id, withUserId))) {
    throw badRequest(MESSAGE_WORDS.cancelled);
  }
  const recipientId = fromSeller ? withUserId : auction.sellerId;
  const writer = String(caller.id);
  await spendOrRefuse([[deps.limits.messagesPerAccount, writer]], MESSAGE_WORDS.tooMany);
  const sent = await deps.store.messages.post(
    { auctionId: auction.id, withUserId, fromUserId: caller.id, body: input.body, createdAt: new Date(deps.now()) },
    { userId: recipientId, kind: 'message', message: MESSAGE_WORDS.notice(caller.name, auction.itemName) },
  );
  // The conversation stays readable once the other party deleted their account, but nothing reaches
  // them: the transaction reads the recipient, and a refused message costs the writer nothing.
  if (!sent.sent) {
    await deps.limits.messagesPerAccount.giveBack(writer);
    throw conflict(MESSAGE_WORDS.recipientDeleted);
  }
  // After the commit, so a bell never counts a notice that could still roll back.
  deps.notices.publish(sent.told);
  return toMessage(sent.message);
}

function toConversation(record: ConversationRecord, publicUrl: string): Conversation {
  return {
    auction: { _id: String(record.auctionId), itemName: record.itemName, itemPhoto: photoUrls(record.photo, [], publicUrl).itemPhoto },
    with: { _id: String(record.otherId), name: record.otherName },
    lastMessage: toMessage(record.last),
    unread: record.unread,
  };
}

/** The caller's conversations, as seller or not, the one with the latest message first. */
export async function listConversations(deps: AppDeps, userId: number): Promise<Conversation[]> {
  const records = await deps.store.messages.conversations(userId, CONVERSATIONS_MAX);
  return records.map((record) => toConversation(record, deps.settings.PUBLIC_URL));
}
