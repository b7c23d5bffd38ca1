import { ArrowRight, Gavel, Layers, Plus, Store, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../components/banner';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Skeleton } from '../components/skeleton';
import { useAuth } from '../features/auth/auth-context';
import { useDashboardStats } from '../features/auctions/api';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { useLiveBids } from '../features/bidding/api';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';

/** The signed-in home at /: counters, the latest auctions, and the user's own. */
export function Dashboard() {
  const { user, newAccount } = useAuth();
  const stats = useDashboardStats();
  useLiveBids();

  const counters: Array<{ label: string; value: number | undefined; icon: LucideIcon }> = [
    { label: 'Total Auctions', value: stats.data?.totalAuctions, icon: Layers },
    { label: 'Active Auctions', value: stats.data?.activeAuctions, icon: Gavel },
    { label: 'Your Auctions', value: stats.data?.userAuctionCount, icon: Store },
  ];

  return (
    <>
      <title>Dashboard · Open Auction</title>
      <PageHeader
        title="Dashboard"
        description={user ? `${newAccount ? 'Welcome' : 'Welcome back'}, ${user.name}!` : undefined}
        actions={
          <ButtonLink to={paths.createAuction} icon={<Plus aria-hidden="true" className="size-4" />}>
            Create Auction
          </ButtonLink>
        }
      />
      {stats.isError && <Banner tone="error">{errorMessage(stats.error, 'Could not load the dashboard. Please try again.')}</Banner>}

      <dl className="grid grid-cols-3 gap-3 sm:gap-4">
        {counters.map(({ label, value, icon: Icon }) => (
          // A list's group holds only its term and value, so the icon sits inside the term and is
          // placed beside both by position.
          <div key={label} className="relative rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:py-5 sm:pr-5 sm:pl-20">
            <dt className="text-xs leading-snug text-slate-600 sm:text-sm">
              <span className="absolute top-1/2 left-5 hidden size-11 -translate-y-1/2 items-center justify-center rounded-lg bg-accent-50 text-accent-700 sm:flex">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {label}
            </dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
              {value ?? (stats.isPending ? <Skeleton className="mt-1 h-7 w-12" /> : 0)}
            </dd>
          </div>
        ))}
      </dl>

      <DashboardSection title="All Auctions" moreTo={paths.auctions}>
        {stats.isPending ? (
          <AuctionGridSkeleton count={3} />
        ) : (
          <AuctionGrid
            auctions={stats.data?.latestAuctions ?? []}
            receivedAt={stats.dataUpdatedAt}
            empty={<EmptyState icon={Gavel} title="No auctions available at the moment" />}
          />
        )}
      </DashboardSection>

      <DashboardSection title="Your Auctions" moreTo={paths.myAuctions}>
        {stats.isPending ? (
          <AuctionGridSkeleton count={3} />
        ) : (
          <AuctionGrid
            auctions={stats.data?.latestUserAuctions ?? []}
            receivedAt={stats.dataUpdatedAt}
            empty={
              <EmptyState
                icon={Store}
                title="You haven't created any auctions yet"
                action={<ButtonLink to={paths.createAuction}>Create Your First Auction</ButtonLink>}
              />
            }
          />
        )}
      </DashboardSection>
    </>
  );
}

function DashboardSection({ title, moreTo, children }: { title: string; moreTo: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={moreTo} className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
          View More<span className="sr-only"> of {title}</span> <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}
