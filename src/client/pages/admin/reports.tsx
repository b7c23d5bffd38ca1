import { ArrowLeft, Flag, ShieldCheck } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportStatus } from '../../../shared/reports';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadMoreList } from '../../components/load-more-list';
import { PageHeader } from '../../components/page-header';
import { TabPanel, Tabs, type TabItem } from '../../components/tabs';
import { useAdminReports } from '../../features/reports/api';
import { DismissReport } from '../../features/reports/dismiss-report';
import { ReportCard, ReportsSkeleton } from '../../features/reports/report-card';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

const TABS: TabItem<ReportStatus>[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/**
 * /admin/reports: the listings users reported, open ones (the longest waiting first) and resolved ones
 * (the latest first) on two tabs; the tab is in the address (?status=resolved).
 */
export function AdminReportsPage() {
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const panelRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const choose = (next: ReportStatus) => {
    setAnnouncement('');
    setParams(next === 'open' ? {} : { status: next }, { replace: true });
  };

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
      <Tabs tabs={TABS} selected={status} onChange={choose} label="Reports" idPrefix="reports" />
      <p role="status" className={cn('text-sm font-medium text-green-800', announcement && 'mb-4')}>
        {announcement}
      </p>
      <TabPanel ref={panelRef} tabIndex={-1} idPrefix="reports" value={status} className="focus:outline-none">
        {/* Keyed: the other tab is another list, read afresh. */}
        <ReportList key={status} status={status} onDismissed={setAnnouncement} panelRef={panelRef} />
      </TabPanel>
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
