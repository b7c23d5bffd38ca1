import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Banner } from '../components/banner';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Skeleton } from '../components/skeleton';
import { useAuth } from '../features/auth/auth-context';
import { useAuction } from '../features/auctions/api';
import { useConversations, type Conversation } from '../features/messages/api';
import { ConversationThread } from '../features/messages/conversation-thread';
import { UserLink } from '../features/users/user-link';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/errors';
import { formatTimeAgo } from '../lib/format';
import { paths } from '../lib/paths';

/**
 * /messages: the user's conversations, and the one the address opens (`?auction=…&with=…`, the
 * other party), so that a link can open it. From md up side by side; narrower, one or the other.
 */
export function MessagesPage() {
  const [params] = useSearchParams();
  const auctionId = params.get('auction');
  const withId = params.get('with');
  const open = auctionId && withId ? { auctionId, withId } : null;
  const conversations = useConversations();

  return (
    <>
      <title>Messages · Open Auction</title>
      <PageHeader title="Messages" />
      {conversations.isError ? (
        <Banner tone="error">{errorMessage(conversations.error, 'Your conversations could not be loaded. Please try again.')}</Banner>
      ) : conversations.data?.length === 0 && !open ? (
        <EmptyState
          icon={MessagesSquare}
          title="No messages yet"
          description="Questions are asked from an auction's page: 'Ask the seller a question'. Your conversations will show here."
        />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          {/* On a phone the list gives way to the open conversation. */}
          <section aria-labelledby="conversations-heading" className={cn('min-w-0', open && 'max-md:hidden')}>
            <h2 id="conversations-heading" className="sr-only">
              Conversations
            </h2>
            {conversations.isPending ? (
              <ListSkeleton />
            ) : (
              <ConversationList conversations={conversations.data} open={open} now={conversations.dataUpdatedAt} />
            )}
          </section>
          {open ? (
            <OpenConversation key={`${open.auctionId}:${open.withId}`} {...open} conversations={conversations.data} />
          ) : (
            <p className="self-start rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600 max-md:hidden">
              Choose a conversation to read it.
            </p>
          )}
        </div>
      )}
    </>
  );
}

type Open = { auctionId: string; withId: string };

/** `now`: when the list arrived (it is asked again every few seconds), so the times are read against it. */
function ConversationList({ conversations, open, now }: { conversations: Conversation[]; open: Open | null; now: number }) {
  const viewerId = useAuth().user?._id;
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {conversations.map((c) => {
        const current = open?.auctionId === c.auction._id && open.withId === c.with._id;
        return (
          <li key={`${c.auction._id}:${c.with._id}`}>
            <Link
              to={paths.conversation(c.auction._id, c.with._id)}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex gap-3 p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600',
                current && 'bg-accent-50 hover:bg-accent-50',
              )}
            >
              <img
                src={c.auction.itemPhoto}
                alt=""
                width={48}
                height={48}
                className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium text-slate-900">{c.auction.itemName}</span>
                  <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-slate-500">
                    {formatTimeAgo(c.lastMessage.createdAt, now)}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-700">{c.with.name}</span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold tabular-nums text-white">
                      {c.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
                <span className={cn('block truncate text-sm', c.unread > 0 ? 'font-medium text-slate-900' : 'text-slate-600')}>
                  {c.lastMessage.from._id === viewerId && 'You: '}
                  {c.lastMessage.body}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The open conversation, headed by its item and its other party. The auction says whether the viewer
 * is its seller: the seller names the other party to read it, anyone else names nobody.
 */
function OpenConversation({ auctionId, withId, conversations }: Open & { conversations: Conversation[] | undefined }) {
  const { user } = useAuth();
  const auction = useAuction(auctionId);
  const listed = conversations?.find((c) => c.auction._id === auctionId && c.with._id === withId);
  const itemName = listed?.auction.itemName ?? auction.data?.itemName;
  const otherName = listed?.with.name ?? (auction.data && auction.data.seller._id === withId ? auction.data.sellerName : undefined);
  const isSeller = auction.data ? auction.data.seller._id === user?._id : undefined;

  return (
    <section aria-labelledby="conversation-heading" className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <Link
        to={paths.messages}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to conversations
      </Link>
      <header className="mb-4 border-b border-slate-200 pb-3">
        <h2 id="conversation-heading" className="text-lg font-semibold break-words text-slate-900">
          {itemName ? (
            <Link to={paths.auction(auctionId)} className="underline-offset-2 hover:underline">
              {itemName}
            </Link>
          ) : (
            <Skeleton className="h-6 w-48" />
          )}
        </h2>
        <p className="mt-0.5 text-sm text-slate-700">
          With {otherName ? <UserLink id={withId} name={otherName} className="font-medium text-slate-900" /> : <span>this member</span>}
        </p>
      </header>
      {auction.isError ? (
        <Banner tone="error">{errorMessage(auction.error, 'This conversation could not be loaded. Please try again.')}</Banner>
      ) : isSeller === undefined ? (
        <ListSkeleton />
      ) : (
        <ConversationThread auctionId={auctionId} withUserId={isSeller ? withId : undefined} />
      )}
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-2">
      <p className="sr-only">Loading…</p>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-18 w-full rounded-xl" />
      ))}
    </div>
  );
}
