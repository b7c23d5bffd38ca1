// The category chips of /auction: one row at every width that scrolls sideways, so thirteen
// categories never push the list down a phone's screen. Its room is held by a placeholder row of the
// same height while the categories load, so the cards do not move when the chips come.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Category } from '../../../shared/constants';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// The row and its placeholder share these: the same height, whatever comes. The vertical padding
// leaves room for a chip's focus ring, which the scrolling box would otherwise clip; the scroll
// padding keeps a chip brought into view clear of the arrows at the edges. No scroll bar: it would
// add height on some systems, and the arrows, a swipe or the Tab key move the row instead.
const rowClasses = 'flex h-11 items-center gap-2 px-1';
const chipHeight = 'h-9';

interface CategoryFilterProps {
  /** Undefined while the categories load: placeholder chips hold their row. */
  categories: readonly Category[] | undefined;
  selected: Category | null;
  onSelect: (category: Category | null) => void;
}

/** 'All' plus each category present in the data: a filter that could only answer nothing is not offered. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  if (categories === undefined) {
    return (
      <div className={cn(rowClasses, 'mb-6 overflow-hidden')} aria-hidden="true" data-testid="category-filter-placeholder">
        {['w-12', 'w-28', 'w-20', 'w-24', 'w-32', 'w-20'].map((width, i) => (
          <Skeleton key={i} className={cn(chipHeight, 'shrink-0 rounded-full', width)} />
        ))}
      </div>
    );
  }
  return <ChipRow categories={categories} selected={selected} onSelect={onSelect} />;
}

function ChipRow({ categories, selected, onSelect }: CategoryFilterProps & { categories: readonly Category[] }) {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const options: Array<Category | null> = [null, ...categories];

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    // A pixel of slack: zoomed screens leave fractions at the ends.
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  // The chosen chip in view, also one far along the row when the page opens on it. Before paint, so
  // the row does not show its start and then jump.
  useLayoutEffect(() => {
    const el = row.current;
    const chip = el?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!el || !chip) return;
    // The row is the chip's offset parent: its offset is in the row's scrolled content.
    const left = chip.offsetLeft;
    const right = left + chip.offsetWidth;
    if (left < el.scrollLeft || right > el.scrollLeft + el.clientWidth) {
      el.scrollLeft = left - (el.clientWidth - chip.offsetWidth) / 2;
    }
    measure();
  }, [selected, categories, measure]);

  const page = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.8, behavior: 'smooth' });

  return (
    <div className="relative mb-6">
      <div
        ref={row}
        role="group"
        aria-label="Filter by category"
        onScroll={measure}
        className={cn(
          rowClasses,
          'relative scroll-px-10 overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        )}
      >
        {options.map((category) => {
          const active = category === selected;
          return (
            <button
              key={category ?? 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(category)}
              className={cn(
                chipHeight,
                'shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                active
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
              )}
            >
              {category ? capitalise(category) : 'All'}
            </button>
          );
        })}
      </div>
      {/* For a mouse: the keyboard reaches every chip with Tab (the row scrolls to it), a finger swipes. */}
      <ScrollArrow side="before" shown={more.before} onClick={() => page(-1)} />
      <ScrollArrow side="after" shown={more.after} onClick={() => page(1)} />
    </div>
  );
}

function ScrollArrow({ side, shown, onClick }: { side: 'before' | 'after'; shown: boolean; onClick: () => void }) {
  const Icon = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-12 items-center transition-opacity',
        side === 'before' ? 'left-0 justify-start bg-linear-to-r' : 'right-0 justify-end bg-linear-to-l',
        'from-slate-50 from-40% to-transparent',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        onClick={onClick}
        className={cn(
          'flex size-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-100',
          shown && 'pointer-events-auto',
        )}
      >
        <Icon className="size-4" />
      </button>
    </div>
  );
}
