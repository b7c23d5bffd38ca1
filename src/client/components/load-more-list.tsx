import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/errors';
import type { PagedList } from '../lib/paged-list';
import { Banner } from './banner';
import { Button } from './button';

interface LoadMoreListProps {
  list: PagedList<unknown>;
  /** Shown while the first page loads, in the shape of the list. */
  skeleton: ReactNode;
  /** Said when loading fails and the server gave no message of its own. */
  failure: string;
  /** Shown instead of the list when it has nothing in it. */
  empty: ReactNode;
  /** The button's words: what more of. */
  moreLabel: string;
  /** For lists of rows, which sit closer together than cards: the button does too. */
  dense?: boolean;
  /** The items loaded so far, laid out. */
  children: ReactNode;
}

/** A list read a page at a time: a skeleton, then the items, with a button that adds the next page. */
export function LoadMoreList({ list, skeleton, failure, empty, moreLabel, dense = false, children }: LoadMoreListProps) {
  if (list.isPending) return skeleton;
  if (list.isError) return <Banner tone="error">{errorMessage(list.error, failure)}</Banner>;
  if (list.items.length === 0) return empty;
  return (
    <>
      {children}
      {list.hasMore && (
        <div className={cn('flex justify-center', dense ? 'mt-6' : 'mt-8')}>
          <Button variant="secondary" loading={list.loadingMore} onClick={list.loadMore}>
            {list.loadingMore ? 'Loading...' : moreLabel}
          </Button>
        </div>
      )}
    </>
  );
}
