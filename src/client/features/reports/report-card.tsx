// One report as the moderators read it: the listing it is about (a link), who sent it and when, the
// reason in words and the details as written; a resolved one says how, when, by whom and why. An open
// one has the button that dismisses it.
import { Flag } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../../server/trpc/router';
import { REPORT_REASON_WORDS } from '../../../shared/reports';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { UserLink } from '../users/user-link';

export type Report = inferRouterOutputs<AppRouter>['reports']['list']['reports'][number];

const ACTION_WORDS = { dismiss: 'Dismissed', cancel_auction: 'Auction cancelled' } as const;

export function ReportCard({ report, actions }: { report: Report; actions?: ReactNode }) {
  const titleId = `report-${report._id}-title`;
  const { resolution } = report;
  return (
    <Card className="p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h2 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          <Link
            to={paths.auction(report.auction._id)}
            className="text-accent-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          >
            {report.auction.itemName}
          </Link>
        </h2>
        <Badge tone={report.status === 'open' ? 'accent' : 'muted'} className="shrink-0 gap-1 self-start">
          <Flag aria-hidden="true" className="size-3.5" />
          {REPORT_REASON_WORDS[report.reason].label}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Reported by <UserLink id={report.reporter._id} name={report.reporter.name} className="font-medium text-slate-800" /> ·{' '}
        <time dateTime={report.createdAt} className="tabular-nums">
          {formatDateTime(report.createdAt)}
        </time>
      </p>
      {report.details ? (
        <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">{report.details}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-500 italic">No details given.</p>
      )}
      {resolution && (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p>
            <span className="font-medium text-slate-900">{ACTION_WORDS[resolution.action]}</span>
            {resolution.resolvedBy && <> by {resolution.resolvedBy.name}</>} ·{' '}
            <time dateTime={resolution.resolvedAt} className="tabular-nums">
              {formatDateTime(resolution.resolvedAt)}
            </time>
          </p>
          {resolution.note && <p className="mt-1 break-words whitespace-pre-wrap">{resolution.note}</p>}
        </div>
      )}
      {actions && <div className="mt-4 flex justify-end">{actions}</div>}
    </Card>
  );
}

export function ReportsSkeleton() {
  return (
    <div role="status" aria-label="Loading reports" className="space-y-4">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="space-y-3 p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}
