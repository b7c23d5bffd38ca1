import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
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
  /**
   * Also load the next page by itself once the button comes near the screen, as the user scrolls (the
   * button stays, for the keyboard and for a page that did not arrive).
   */
  loadOnScroll?: boolean;
  /** The items loaded so far, laid out. */
  children: ReactNode;
}

/** How far below the screen the button may still be when scrolling asks for the next page: a screen's worth ahead. */
const APPROACH_MARGIN = '600px';

/** A list read a page at a time: a skeleton, then the items, with a button that adds the next page. */
export function LoadMoreList({
  list,
  skeleton,
  failure,
  empty,
  moreLabel,
  dense = false,
  loadOnScroll = false,
  children,
}: LoadMoreListProps) {
  const more = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, isError, items, loadMore } = list;
  const onApproach = useEffectEvent(() => loadMore());
  const shown = items.length;

  useEffect(() => {
    const target = more.current;
    if (!loadOnScroll || !target || !hasMore || loadingMore || isError) return;
    // Made afresh after each page, so that a page too short to fill the screen is followed by the next.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onApproach();
      },
      { rootMargin: `0px 0px ${APPROACH_MARGIN} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadOnScroll, hasMore, loadingMore, isError, shown]);

  if (list.isPending) return skeleton;
  if (list.isError && shown === 0) return <Banner tone="error">{errorMessage(list.error, failure)}</Banner>;
  if (shown === 0) return empty;
  return (
    <>
      {children}
      {list.isError && (
        <Banner tone="error" className="mt-6">
          {errorMessage(list.error, failure)}
        </Banner>
      )}
      {loadOnScroll && (
        // Pages that arrive as the user scrolls are said, not only seen.
        <p className="sr-only" aria-live="polite">
          {list.total === undefined ? `${shown} shown` : `${shown} of ${list.total} shown`}
        </p>
      )}
      {hasMore && (
        <div ref={more} className={cn('flex justify-center', dense ? 'mt-6' : 'mt-8')}>
          <Button variant="secondary" loading={loadingMore} onClick={loadMore}>
            {loadingMore ? 'Loading...' : moreLabel}
          </Button>
        </div>
      )}
    </>
  );
}
