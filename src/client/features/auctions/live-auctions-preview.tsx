// The landing page's live auctions: the three newest auctions open for bids, from real data (SPEC §1).
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useTRPC } from '../../lib/trpc';
import { AuctionGrid, AuctionGridSkeleton } from './auction-grid';

export function LiveAuctionsPreview() {
  const trpc = useTRPC();
  const live = useQuery(trpc.auction.live.queryOptions());

  // Nothing live (or the list failed): the rest of the page still stands on its own.
  if (live.isError || (live.isSuccess && live.data.length === 0)) return null;

  return (
    <section aria-labelledby="live-heading">
      <div className="mb-5 flex items-end justify-between gap-4">
        <div>
          <h2 id="live-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Live auctions
          </h2>
          <p className="mt-1 text-slate-600">Open for bids right now.</p>
        </div>
        <Link to={paths.auctions} className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
          Explore all <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {live.isPending ? <AuctionGridSkeleton count={3} /> : <AuctionGrid auctions={live.data} receivedAt={live.dataUpdatedAt} />}
    </section>
  );
}
