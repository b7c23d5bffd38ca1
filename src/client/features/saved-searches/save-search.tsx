// 'Save this search' on /auction: keeps the search box's text and the category chosen, with an
// optional max price, so that a new auction matching them brings a notification. A disclosure, not a
// dialog: the list stays usable while it is open.
import { BookmarkPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Category } from '../../../shared/constants';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useSaveSearch } from './api';
import { describeSearch } from './describe';
import { maxPriceProblem } from './max-price';

interface SaveSearchProps {
  /** The search box's text as typed. */
  q: string;
  category: Category | null;
}

export function SaveSearch({ q, category }: SaveSearchProps) {
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const saved = useTimedMessage();
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const words = q.trim();

  function close() {
    setOpen(false);
    setFieldError(undefined);
    save.reset();
    toggle.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('maxPrice') as HTMLInputElement;
    const raw = field.value.trim();
    const problem = maxPriceProblem(raw, { q: words, category });
    setFieldError(problem ?? undefined);
    if (problem) {
      field.focus();
      return;
    }
    const terms = { q: words || null, category, maxPrice: raw === '' ? null : Number(raw) };
    save.mutate(
      {
        ...(terms.q ? { q: terms.q } : {}),
        ...(category ? { category } : {}),
        ...(terms.maxPrice !== null ? { maxPrice: terms.maxPrice } : {}),
      },
      {
        onSuccess: () => {
          saved.show(`Search saved: ${describeSearch(terms)}. You will get a notification when a new auction matches it.`);
          close();
        },
      },
    );
  }

  return (
    <div>
      <Button
        ref={toggle}
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        icon={<BookmarkPlus aria-hidden="true" className="size-4" />}
        onClick={() => (open ? close() : (saved.clear(), setOpen(true)))}
      >
        Save this search
      </Button>
      {saved.message && (
        <Banner tone="success" className="mt-3">
          {saved.message}
        </Banner>
      )}
      <div id={panelId} hidden={!open}>
        {open && (
          <form
            onSubmit={onSubmit}
            noValidate
            className="mt-3 max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <p className="text-sm text-slate-700">
              Saves <strong className="font-medium text-slate-900">{describeSearch({ q: words, category, maxPrice: null })}</strong>. When a
              new auction matches, you get a notification.
            </p>
            <TextField
              label="Maximum price ($)"
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              hint="Optional: only auctions at or below this price."
              error={fieldError}
              // A message shown is checked again as the price changes, as in every form here.
              onChange={(e) => {
                if (fieldError) setFieldError(maxPriceProblem(e.target.value.trim(), { q: words, category }) ?? undefined);
              }}
              autoFocus
            />
            {save.isError && <Banner tone="error">{errorMessage(save.error, 'The search could not be saved. Please try again.')}</Banner>}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" size="sm" loading={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save search'}
              </Button>
              <Button variant="ghost" size="sm" onClick={close}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
