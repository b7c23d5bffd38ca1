// Where the viewer stands among the bidders, in words, above the bid form. Not a live region: the
// page's announcer says the same once, when it changes (features/bidding/announcer.tsx).
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';

export type Standing =
  | { kind: 'leading'; /** Shown while it is above the price: a maximum still working for the viewer. */ maximum: number | null }
  | { kind: 'outbid'; message: string };

// A boxed line beside the facts on wide screens; a plain line in a phone's bid bar, which must stay small.
const line = 'flex items-start gap-2 text-sm font-medium lg:rounded-lg lg:border lg:px-3 lg:py-2';

export function LeadStatus({ standing }: { standing: Standing }) {
  if (standing.kind === 'leading') {
    return (
      <p className={cn(line, 'text-green-800 lg:border-green-200 lg:bg-green-50')}>
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          You are the highest bidder
          {standing.maximum !== null && (
            <span className="font-normal">
              {' '}
              · your maximum: <span className="font-medium tabular-nums">{formatMoney(standing.maximum)}</span>
            </span>
          )}
        </span>
      </p>
    );
  }
  return (
    <p className={cn(line, 'text-amber-900 lg:border-amber-200 lg:bg-amber-50')}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{standing.message}</span>
    </p>
  );
}
