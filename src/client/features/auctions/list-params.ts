// What the /auction list shows, as the address keeps it: a search, a category, a status and a sort.
// Reading the address is forgiving (an unknown value means the default); writing it leaves the
// defaults out, so a plain list keeps the plain address /auction.
import {
  AUCTION_SEARCH_MAX,
  AUCTION_SORTS,
  AUCTION_STATUS_FILTERS,
  CATEGORIES,
  type AuctionSort,
  type AuctionStatusFilter,
  type Category,
} from '../../../shared/constants';

export interface AuctionListParams {
  q: string;
  category: Category | null;
  status: AuctionStatusFilter;
  sort: AuctionSort;
}

export const SORT_LABELS: Record<AuctionSort, string> = {
  newest: 'Newest',
  ending: 'Ending soonest',
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
  bids: 'Most bids',
};

export const STATUS_LABELS: Record<AuctionStatusFilter, string> = {
  all: 'All auctions',
  open: 'Open for bids',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

export function readListParams(params: URLSearchParams): AuctionListParams {
  return {
    q: (params.get('q') ?? '').slice(0, AUCTION_SEARCH_MAX),
    category: oneOf(CATEGORIES, params.get('category')) ?? null,
    status: oneOf(AUCTION_STATUS_FILTERS, params.get('status')) ?? 'all',
    sort: oneOf(AUCTION_SORTS, params.get('sort')) ?? 'newest',
  };
}

export function writeListParams(state: AuctionListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.category) params.set('category', state.category);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  return params;
}
