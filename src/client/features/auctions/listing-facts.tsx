// What the auction page says of the item beyond its description (condition, shipping, location) and
// of its reserve: to everyone whether it is met, to the seller alone its amount.
import { MapPin, PackageCheck, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { CONDITION_WORDS, RESERVE_WORDS, shippingWords } from '../../../shared/listing';
import { Badge } from '../../components/badge';
import { formatMoney } from '../../lib/format';
import type { Auction } from './types';

type Listing = Pick<Auction, 'itemCondition' | 'shippingCost' | 'itemLocation'>;

export function ListingFacts({ auction }: { auction: Listing }) {
  return (
    <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {auction.itemCondition && (
        <Fact icon={<PackageCheck aria-hidden="true" className="size-4 text-slate-500" />} term="Condition">
          {CONDITION_WORDS[auction.itemCondition]}
        </Fact>
      )}
      <Fact icon={<Truck aria-hidden="true" className="size-4 text-slate-500" />} term="Shipping">
        {shippingWords(auction.shippingCost)}
      </Fact>
      {auction.itemLocation && (
        <Fact icon={<MapPin aria-hidden="true" className="size-4 text-slate-500" />} term="Location">
          {auction.itemLocation}
        </Fact>
      )}
    </dl>
  );
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      {icon}
      <dt className="text-slate-600">{term}:</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** 'Reserve met' (green, as success) or 'Reserve not met'; nothing without a reserve. */
export function ReserveBadge({ reserveMet }: { reserveMet: boolean | null }) {
  if (reserveMet === null) return null;
  return reserveMet ? <Badge tone="success">{RESERVE_WORDS.met}</Badge> : <Badge tone="accent">{RESERVE_WORDS.notMet}</Badge>;
}

/** The reserve's amount, which only its seller's answers carry. */
export function SellerReserve({ reservePrice }: { reservePrice: number | null | undefined }) {
  if (reservePrice === null || reservePrice === undefined) return null;
  return (
    <p className="mt-3 text-sm text-slate-700">
      <span className="font-medium text-slate-900">Reserve: {formatMoney(reservePrice)}</span>{' '}
      <span className="text-slate-600">(only you see this amount)</span>
    </p>
  );
}
