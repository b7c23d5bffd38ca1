// The landing page's live auctions: the three newest auctions open for bids, from real data.
// Read with the shell's fetch helper: the landing page loads before TanStack Query and tRPC do.
import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { shellApi } from '../../lib/shell-api';
import { AuctionGrid, AuctionGridSkeleton } from './auction-grid';
import type { Auction } from './types';

type Live = { state: 'loading' } | { state: 'loaded'; auctions: Auction[]; receivedAt: number } | { state: 'failed' };

export function LiveAuctionsPreview() {
  const [live, setLive] = useState<Live>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    shellApi.liveAuctions().then(
      (auctions) => current && setLive({ state: 'loaded', auctions, receivedAt: Date.now() }),
      () => current && setLive({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  // Nothing live (or the list failed): the rest of the page still stands on its own.
  if (live.state === 'failed' || (live.state === 'loaded' && live.auctions.length === 0)) return null;

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
      {live.state === 'loading' ? <AuctionGridSkeleton count={3} /> : <AuctionGrid auctions={live.auctions} receivedAt={live.receivedAt} />}
    </section>
  );
}
