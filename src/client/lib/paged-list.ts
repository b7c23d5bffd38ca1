// Lists the server sends a page at a time, newest first, each page naming where the next one starts:
// the one shape every "load more" list shares (components/load-more-list.tsx shows it).
import type { InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';

interface Page<T> {
  items: T[];
  /** Counted on the first page only. */
  total: number | null;
  nextCursor: string | null;
}

/** For `getNextPageParam`: where the next page starts, or undefined after the last. */
export const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

export interface PagedList<T> {
  /** Every item of the pages loaded so far. */
  items: T[];
  /** How many there are over all pages; undefined until the first page arrives. */
  total: number | undefined;
  /** When the pages arrived, for countdowns kept by the server's clock. */
  receivedAt: number;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

interface InfiniteQuery<T> {
  data: InfiniteData<Page<T>, unknown> | undefined;
  dataUpdatedAt: number;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The pages of an infinite query as one list. */
export function pagedList<T>(query: InfiniteQuery<T>): PagedList<T> {
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages[0]?.total ?? undefined,
    receivedAt: query.dataUpdatedAt,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/**
 * When the items on screen arrived, for a list that keeps its last results while the next load
 * (`placeholderData: keepPreviousData`). The stand-in results are not the new query's, which has no
 * time of its own yet (its dataUpdatedAt is 0): counted from 0, every countdown on them would read
 * "Ended" until the answer came. They keep the time they arrived at instead.
 */
export function useReceivedAt(dataUpdatedAt: number, isPlaceholderData: boolean): number {
  const [lastReal, setLastReal] = useState(dataUpdatedAt);
  // Remembered during render, React's way of keeping a value from an earlier one.
  if (!isPlaceholderData && dataUpdatedAt !== lastReal) setLastReal(dataUpdatedAt);
  return isPlaceholderData ? lastReal : dataUpdatedAt;
}
