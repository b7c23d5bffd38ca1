import { PackageSearch } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORIES, type Category } from '../../shared/constants';
import { EmptyState } from '../components/empty-state';
import { HeadingCount } from '../components/heading-count';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { useAuctionList, useCategories } from '../features/auctions/api';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { CategoryFilter } from '../features/auctions/category-filter';
import { useLiveBids } from '../features/bidding/api';

function categoryFrom(value: string | null): Category | null {
  return CATEGORIES.find((c) => c === value) ?? null;
}

/** /auction: every auction, newest first, filtered by category on the server and loaded a page at a time. */
export function AuctionsPage() {
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  const categories = useCategories();
  const list = useAuctionList(category);
  useLiveBids();

  const select = (next: Category | null) => setParams(next ? { category: next } : {}, { replace: true });

  return (
    <>
      <title>Auctions · Open Auction</title>
      <PageHeader
        title={
          <>
            {category ?? 'All Auctions'} <HeadingCount count={list.total} />
          </>
        }
        description="Browse what is up for auction and place your bids."
      />
      <CategoryFilter categories={categories.isError ? [] : categories.data} selected={category} onSelect={select} />
      <LoadMoreList
        list={list}
        skeleton={<AuctionGridSkeleton count={6} />}
        failure="Could not load auctions. Please try again."
        empty={<EmptyState icon={PackageSearch} title="No auctions found in this category." />}
        moreLabel="Load more auctions"
      >
        <AuctionGrid headingLevel={2} auctions={list.items} receivedAt={list.receivedAt} />
      </LoadMoreList>
    </>
  );
}
