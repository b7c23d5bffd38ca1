import { ArrowLeft, Gavel } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { HeadingCount } from '../../components/heading-count';
import { LoadMoreList } from '../../components/load-more-list';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { AdminTable, Td, Th } from '../../features/admin/admin-table';
import { useAdminAuctions } from '../../features/admin/api';
import { formatAdminDateTime } from '../../features/admin/format';
import type { AdminAuction, AdminAuctionStatus } from '../../features/admin/types';
import { AuctionStatusBadge } from '../../features/auctions/auction-status-badge';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';

const FILTERS: Array<{ value: AdminAuctionStatus; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Active' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'ended', label: 'Ended' },
  { value: 'cancelled', label: 'Cancelled' },
];
const EMPTY: Record<AdminAuctionStatus, string> = {
  all: 'No auctions yet.',
  open: 'No active auctions at the moment.',
  scheduled: 'No auctions are scheduled to start.',
  ended: 'No auctions have ended yet.',
  cancelled: 'No auctions have been cancelled.',
};

function statusFrom(value: string | null): AdminAuctionStatus {
  return FILTERS.find((f) => f.value === value)?.value ?? 'all';
}

/** /auctionlist: every auction for administrators, newest first, by status, a page at a time. */
export function AdminAuctionListPage() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const list = useAdminAuctions(status);
  const auctions = list.items;

  return (
    <>
      <title>All Auctions · Admin · Open Auction</title>
      <PageHeader
        title={
          <>
            All Auctions <HeadingCount count={list.total} />
          </>
        }
        description="Every auction on the site, newest first."
        actions={
          <ButtonLink to={paths.admin} variant="secondary" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back to Dashboard
          </ButtonLink>
        }
      />

      <div role="group" aria-label="Filter by status" className="mb-6 flex flex-wrap gap-2">
        {FILTERS.map((filter) => {
          const active = filter.value === status;
          return (
            <button
              key={filter.value}
              type="button"
              aria-pressed={active}
              onClick={() => setParams(filter.value === 'all' ? {} : { status: filter.value })}
              className={cn(
                'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
                active
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
              )}
            >
              {filter.label}
            </button>
          );
        })}
      </div>

      <LoadMoreList
        list={list}
        skeleton={<ListSkeleton />}
        failure="Failed to load auctions"
        empty={<EmptyState icon={Gavel} title={EMPTY[status]} />}
        moreLabel="Load more"
        dense
      >
        <Card className="hidden overflow-hidden md:block">
          <AdminTable
            caption="Auctions"
            minWidth="min-w-[760px]"
            head={
              <>
                <Th>Item</Th>
                <Th>Status</Th>
                <Th className="text-right">Current price</Th>
                <Th className="text-right">Bids</Th>
                <Th>Seller</Th>
                <Th>Ends</Th>
              </>
            }
          >
            {auctions.map((auction) => (
              <tr key={auction._id} className="hover:bg-slate-50">
                <Td className="max-w-80">
                  <div className="flex items-center gap-3">
                    <Thumbnail auction={auction} />
                    <div className="min-w-0">
                      <Link to={paths.auction(auction._id)} className="block truncate font-medium text-accent-700 hover:underline">
                        {auction.itemName}
                      </Link>
                      <p className="truncate text-xs text-slate-500">{auction.itemCategory}</p>
                    </div>
                  </div>
                </Td>
                <Td>
                  <AuctionStatusBadge status={auction.status} />
                </Td>
                <Td className="text-right font-medium text-slate-900 tabular-nums">
                  {formatMoney(auction.currentPrice || auction.startingPrice)}
                </Td>
                <Td className="text-right tabular-nums">{auction.bidsCount}</Td>
                <Td className="max-w-40 truncate">{auction.sellerName}</Td>
                <Td className="whitespace-nowrap tabular-nums">{formatAdminDateTime(auction.itemEndDate)}</Td>
              </tr>
            ))}
          </AdminTable>
        </Card>

        <ul className="space-y-3 md:hidden" aria-label="Auctions">
          {auctions.map((auction) => (
            <li key={auction._id}>
              <Card className="flex gap-3 p-4">
                <Thumbnail auction={auction} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    <Link to={paths.auction(auction._id)} className="min-w-0 truncate font-medium text-accent-700 hover:underline">
                      {auction.itemName}
                    </Link>
                    <AuctionStatusBadge status={auction.status} />
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-500">Price</dt>
                    <dd className="text-right font-medium text-slate-900 tabular-nums">
                      {formatMoney(auction.currentPrice || auction.startingPrice)}
                    </dd>
                    <dt className="text-slate-500">Bids</dt>
                    <dd className="text-right tabular-nums">{auction.bidsCount}</dd>
                    <dt className="text-slate-500">Seller</dt>
                    <dd className="truncate text-right">{auction.sellerName}</dd>
                    <dt className="text-slate-500">Ends</dt>
                    <dd className="text-right tabular-nums">{formatAdminDateTime(auction.itemEndDate)}</dd>
                  </dl>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </LoadMoreList>
    </>
  );
}

function Thumbnail({ auction }: { auction: AdminAuction }) {
  return (
    <img
      src={auction.itemPhotoCard}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
    />
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading auctions" className="space-y-3">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <Skeleton className="size-12 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="hidden h-5 w-16 sm:block" />
        </div>
      ))}
    </div>
  );
}
