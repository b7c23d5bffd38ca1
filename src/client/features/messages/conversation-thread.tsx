// One conversation about an auction: its messages oldest first, the newest in view, and the box to
// write the next. The messages page shows it, and so does an order's page. A message is text as it
// was written: drawn as text (never markup, its links not made live), its line breaks kept.
import { useEffect, useRef, useState } from 'react';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../auth/auth-context';
import { useConversation, useRefreshUnread, useSendMessage, type Message } from './api';
import { MessageCounter, MessageField, useMessageDraft } from './message-checks';

interface ConversationThreadProps {
  auctionId: string;
  /** The other party when the viewer is the auction's seller; undefined for anyone else (their own conversation). */
  withUserId: string | undefined;
}

export function ConversationThread({ auctionId, withUserId }: ConversationThreadProps) {
  const { user } = useAuth();
  const conversation = useConversation(auctionId, withUserId);
  const messages = conversation.data?.messages;
  const newestId = messages?.at(-1)?._id;
  const announcement = useArrivalAnnouncement(messages, user?._id);
  const refreshUnread = useRefreshUnread();

  // News (the first read too) marked messages read on the server: the counts elsewhere are asked again.
  useEffect(() => {
    if (newestId !== undefined) void refreshUnread();
    // Only when the newest message changes, not on every poll that brought nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestId]);

  // The newest message in view: on arrival, and when the conversation opens.
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {/* Always in the page: a live region added together with its words is often not read. */}
      <span role="status" className="sr-only">
        <span key={announcement.id}>{announcement.text}</span>
      </span>
      {conversation.isPending ? (
        <ThreadSkeleton />
      ) : conversation.isError ? (
        <Banner tone="error">{errorMessage(conversation.error, 'The conversation could not be loaded. Please try again.')}</Banner>
      ) : conversation.data.messages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-5 text-center text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol
          ref={listRef}
          aria-label="Messages"
          // Scrolls on its own: focusable, so a keyboard can scroll it too.
          tabIndex={0}
          className="max-h-[60dvh] space-y-3 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          {conversation.data.messages.map((message) => (
            <MessageItem key={message._id} message={message} own={message.from._id === user?._id} />
          ))}
        </ol>
      )}
      {!conversation.isError && <MessageForm auctionId={auctionId} withUserId={withUserId} />}
    </div>
  );
}

function MessageItem({ message, own }: { message: Message; own: boolean }) {
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <article
        className={cn(
          'max-w-[85%] min-w-0 rounded-xl border px-4 py-2.5 shadow-sm',
          own ? 'border-accent-200 bg-accent-50' : 'border-slate-200 bg-white',
        )}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
          <span className="font-semibold text-slate-900">{own ? 'You' : message.from.name}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        {/* Text, as written: React escapes it; pre-wrap keeps its line breaks; break-words keeps a long link inside. */}
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{message.body}</p>
      </article>
    </li>
  );
}

function MessageForm({ auctionId, withUserId }: ConversationThreadProps) {
  const send = useSendMessage(auctionId, withUserId);
  const draft = useMessageDraft(
    (body, sent) => send.mutate({ auctionId, to: withUserId ?? null, body }, { onSuccess: sent }),
    send.isPending,
  );

  return (
    <form onSubmit={draft.submit} noValidate className="space-y-3">
      {send.isError && <Banner tone="error">{errorMessage(send.error, 'Your message could not be sent. Please try again.')}</Banner>}
      <MessageField draft={draft} label="Your message" rows={3} />
      <div className="flex items-center justify-between gap-3">
        <MessageCounter body={draft.body} />
        <Button type="submit" loading={send.isPending} className="ml-auto">
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Words for the polite live region when a message from the other party arrives: not for the first
 * read, nor for the viewer's own messages; a burst says only the newest.
 */
function useArrivalAnnouncement(messages: Message[] | undefined, viewerId: string | undefined) {
  const [seen, setSeen] = useState(messages);
  const [announcement, setAnnouncement] = useState({ id: 0, text: '' });
  if (seen !== messages) {
    // Compared while drawing, so the words go out with the change itself.
    setSeen(messages);
    const newest = messages?.at(-1);
    if (seen && newest && newest._id !== seen.at(-1)?._id && newest.from._id !== viewerId) {
      setAnnouncement((a) => ({ id: a.id + 1, text: `New message from ${newest.from.name}: ${newest.body}` }));
    }
  }
  return announcement;
}

function ThreadSkeleton() {
  return (
    <div className="space-y-3">
      <p className="sr-only">Loading the conversation…</p>
      <Skeleton className="h-16 w-3/4 rounded-xl" />
      <Skeleton className="ml-auto h-12 w-2/3 rounded-xl" />
      <Skeleton className="h-20 w-3/4 rounded-xl" />
    </div>
  );
}
