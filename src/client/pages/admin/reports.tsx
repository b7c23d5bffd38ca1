import { ArrowLeft, Flag, ShieldCheck } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportStatus } from '../../../shared/reports';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadMoreList } from '../../components/load-more-list';
import { PageHeader } from '../../components/page-header';
import { useAdminReports } from '../../features/reports/api';
import { DismissReport } from '../../features/reports/dismiss-report';
import { ReportCard, ReportsSkeleton } from '../../features/reports/report-card';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

const TABS: { status: ReportStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'resolved', label: 'Resolved' },
];

/**
 * /admin/reports: the listings users reported, open ones (the longest waiting first) and resolved ones
 * (the latest first) on two tabs; the tab is in the address (?status=resolved).
 */
export function AdminReportsPage() {
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const tabRefs = useRef<Partial<Record<ReportStatus, HTMLButtonElement | null>>>({});
  const panelRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const choose = (next: ReportStatus) => {
    setAnnouncement('');
    setParams(next === 'open' ? {} : { status: next }, { replace: true });
  };

  // The tabs' keys: the arrows (and Home, End) move to the other tab and open it.
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.status === status);
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const nextStatus = TABS[next]!.status;
    choose(nextStatus);
    tabRefs.current[nextStatus]?.focus();
  }

  return (
    <>
      <title>Reports · Admin · Open Auction</title>
      <PageHeader
        title="Reports"
        description="Listings that users reported. Look at each one, then dismiss the report or act on the listing."
        actions={
          <ButtonLink to={paths.admin} variant="secondary" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back to Dashboard
          </ButtonLink>
        }
      />
      <div role="tablist" aria-label="Reports" className="mb-6 flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {TABS.map((tab) => {
          const selected = tab.status === status;
          return (
            <button
              key={tab.status}
              ref={(element) => {
                tabRefs.current[tab.status] = element;
              }}
              type="button"
              role="tab"
              id={`reports-tab-${tab.status}`}
              aria-controls={`reports-panel-${tab.status}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab.status)}
              className={cn(
                '-mb-px border-b-2 px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                selected ? 'border-accent-700 text-accent-800' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <p role="status" className={cn('text-sm font-medium text-green-800', announcement && 'mb-4')}>
        {announcement}
      </p>
      <div
        ref={panelRef}
        tabIndex={-1}
        role="tabpanel"
        id={`reports-panel-${status}`}
        aria-labelledby={`reports-tab-${status}`}
        className="focus:outline-none"
      >
        {/* Keyed: the other tab is another list, read afresh. */}
        <ReportList key={status} status={status} onDismissed={setAnnouncement} panelRef={panelRef} />
      </div>
    </>
  );
}

interface ReportListProps {
  status: ReportStatus;
  onDismissed: (message: string) => void;
  panelRef: RefObject<HTMLDivElement | null>;
}

function ReportList({ status, onDismissed, panelRef }: ReportListProps) {
  const reports = useAdminReports(status);
  const open = status === 'open';
  return (
    <LoadMoreList
      list={reports}
      skeleton={<ReportsSkeleton />}
      failure="Failed to load reports"
      empty={
        <EmptyState
          icon={open ? ShieldCheck : Flag}
          title={open ? 'No open reports.' : 'No resolved reports yet.'}
          description={
            open ? 'When a user reports a listing, it waits here for a moderator.' : 'Reports dismissed or acted on appear here.'
          }
        />
      }
      moreLabel="Load more reports"
      dense
    >
      <ol className="space-y-4" aria-label={open ? 'Open reports' : 'Resolved reports'}>
        {reports.items.map((report) => (
          <li key={report._id}>
            <ReportCard
              report={report}
              actions={open ? <DismissReport report={report} onDismissed={onDismissed} afterwards={panelRef} /> : undefined}
            />
          </li>
        ))}
      </ol>
    </LoadMoreList>
  );
}
