import type { ReactNode } from 'react';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { AuctionCard } from './auction-card';
import type { Auction } from './types';

const gridClasses = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

interface AuctionGridProps {
  auctions: Auction[];
  receivedAt: number;
  /** Shown instead of the grid when there are no auctions. */
  empty?: ReactNode;
  className?: string;
  /** The cards' heading level: 2 on a page of cards, 3 (the default) inside a titled section. */
  headingLevel?: 2 | 3;
}

/** Cards in the first row (three on wide screens) load their photos at once; the rest lazily. */
const FIRST_ROW = 3;

export function AuctionGrid({ auctions, receivedAt, empty, className, headingLevel }: AuctionGridProps) {
  if (auctions.length === 0) return <>{empty}</>;
  return (
    <div className={cn(gridClasses, className)}>
      {auctions.map((auction, index) => (
        <AuctionCard key={auction._id} auction={auction} receivedAt={receivedAt} headingLevel={headingLevel} priority={index < FIRST_ROW} />
      ))}
    </div>
  );
}

/** Placeholder cards with the shape of the real ones while a list loads. */
export function AuctionGridSkeleton({ count = 3, className }: { count?: number; className?: string }) {
  return (
    <div className={cn(gridClasses, className)} role="status" aria-label="Loading auctions">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <Skeleton className="aspect-[4/3] w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
