import { ArrowLeft, ScrollText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { LoadMoreList } from '../../components/load-more-list';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { AUDIT_ACTION_WORDS } from '../../../shared/moderation';
import { useAuditLog } from '../../features/admin/api';
import type { AuditEntry } from '../../features/admin/types';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';

const KIND: Record<AuditEntry['target']['type'], string> = { user: 'User', auction: 'Auction', report: 'Report' };

/**
 * What an entry acted on, by its name as it is now (a user's, an auction's item, a reported auction's
 * item) and its number, which never changes: a user links to their public profile, an auction to its
 * page. A target that is gone is named by its number alone.
 */
function Target({ target }: { target: AuditEntry['target'] }) {
  const number = `${KIND[target.type]} #${target._id}`;
  if (target.name === null) return <span>{number}</span>;
  if (target.type === 'report') {
    return (
      <span>
        {number} <span className="font-normal text-slate-600">on “{target.name}”</span>
      </span>
    );
  }
  return (
    <span>
      <Link
        to={target.type === 'user' ? paths.user(target._id) : paths.auction(target._id)}
        className="break-words text-accent-700 underline underline-offset-2 hover:text-accent-800"
      >
        {target.name}
      </Link>{' '}
      <span className="font-normal whitespace-nowrap text-slate-600">({number})</span>
    </span>
  );
}

/** /admin/audit: every administrator action and create-admin run, newest first, a page at a time. */
export function AdminAuditPage() {
  const log = useAuditLog();

  return (
    <>
      <title>Audit log · Admin · Open Auction</title>
      <PageHeader
        title="Audit log"
        description="Every administrator action, newest first. Entries are never changed or removed."
        actions={
          <ButtonLink to={paths.admin} variant="secondary" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back to Dashboard
          </ButtonLink>
        }
      />

      <LoadMoreList
        list={log}
        skeleton={
          <div role="status" aria-label="Loading the audit log" className="space-y-3">
            {Array.from({ length: 5 }, (_, i) => (
              <Card key={i} className="space-y-2 p-4">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-2/3" />
              </Card>
            ))}
          </div>
        }
        failure="Failed to load the audit log"
        empty={
          <EmptyState icon={ScrollText} title="Nothing recorded yet." description="Suspensions, role changes and cancels appear here." />
        }
        moreLabel="Load more"
        dense
      >
        <ol className="space-y-3" aria-label="Audit log entries">
          {log.items.map((entry) => (
            <li key={entry._id}>
              <Card className="p-4">
                <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="font-medium text-slate-900">
                    {AUDIT_ACTION_WORDS[entry.action]} · <Target target={entry.target} />
                  </p>
                  <time dateTime={entry.createdAt} className="shrink-0 text-sm text-slate-500 tabular-nums">
                    {formatDateTime(entry.createdAt)}
                  </time>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  By {entry.actor ? entry.actor.name : 'the command line'}
                  {entry.ipAddress && <span className="tabular-nums"> from {entry.ipAddress}</span>}
                </p>
                {entry.reason && <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800">{entry.reason}</p>}
              </Card>
            </li>
          ))}
        </ol>
      </LoadMoreList>
    </>
  );
}
