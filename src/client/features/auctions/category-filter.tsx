import type { Category } from '../../../shared/constants';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
      <div className="mb-6 flex flex-wrap gap-2" aria-hidden="true">
        {['w-12', 'w-28', 'w-20', 'w-24'].map((width) => (
          <Skeleton key={width} className={cn('h-9 rounded-full', width)} />
        ))}
      </div>
    );
  }
  const options: Array<Category | null> = [null, ...categories];
  return (
    <div role="group" aria-label="Filter by category" className="mb-6 flex flex-wrap gap-2">
      {options.map((category) => {
        const active = category === selected;
        return (
          <button
            key={category ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(category)}
            className={cn(
              'h-9 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
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
  );
}
