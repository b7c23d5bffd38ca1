import { ArrowLeft, Inbox, Mail } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { HeadingCount } from '../../components/heading-count';
import { LoadMoreList } from '../../components/load-more-list';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { useContactMessages } from '../../features/admin/api';
import { UserAvatar } from '../../features/admin/user-avatar';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';

/** /admin/messages: what visitors sent through /contact, newest first. */
export function AdminMessagesPage() {
  const inbox = useContactMessages();

  return (
    <>
      <title>Messages · Admin · Open Auction</title>
      <PageHeader
        title={
          <>
            Messages <HeadingCount count={inbox.total} />
          </>
        }
        description="What visitors sent through the contact form, newest first."
        actions={
          <ButtonLink to={paths.admin} variant="secondary" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back to Dashboard
          </ButtonLink>
        }
      />

      <LoadMoreList
        list={inbox}
        skeleton={
          <div role="status" aria-label="Loading messages" className="space-y-4">
            {Array.from({ length: 3 }, (_, i) => (
              <Card key={i} className="space-y-3 p-5">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-16 w-full" />
              </Card>
            ))}
          </div>
        }
        failure="Failed to load messages"
        empty={<EmptyState icon={Inbox} title="No messages yet." description="Messages sent through the contact page appear here." />}
        moreLabel="Load more"
        dense
      >
        <ol className="space-y-4" aria-label="Messages">
          {inbox.items.map((message) => {
            const subjectId = `message-${message._id}-subject`;
            return (
              <li key={message._id}>
                <Card className="p-5" role="article" aria-labelledby={subjectId}>
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="flex min-w-0 items-center gap-3">
                      <UserAvatar name={message.name} />
                      <div className="min-w-0">
                        <p className="truncate font-medium text-slate-900">{message.name}</p>
                        <a
                          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                          className="inline-flex max-w-full items-center gap-1 text-sm text-accent-700 hover:underline"
                        >
                          <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                          <span className="truncate">{message.email}</span>
                        </a>
                      </div>
                    </div>
                    <time dateTime={message.createdAt} className="shrink-0 text-sm text-slate-500 tabular-nums">
                      {formatDateTime(message.createdAt)}
                    </time>
                  </div>
                  <h2 id={subjectId} className="mt-4 text-base font-semibold break-words text-slate-900">
                    {message.subject}
                  </h2>
                  <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700">{message.message}</p>
                </Card>
              </li>
            );
          })}
        </ol>
      </LoadMoreList>
    </>
  );
}
