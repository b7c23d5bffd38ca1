// The auction page's bidding on a narrow screen: a slim bar at the bottom of the screen (the price,
// the time left, where the viewer stands and a 'Place bid' button) that opens the bid form as a sheet.
// The sheet is a modal <dialog>: focus moves into it, the page behind is inert, Escape, the close
// button or a tap beside it closes it, and the focus goes back to the button. The form inside is the
// one the wide screen's side panel shows, so every rule and message is the same.
import { Clock, Gavel, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { TimeLeft } from '../auctions/auction-time';
import type { AuctionClock } from '../auctions/use-auction-status';
import type { Standing } from './lead-status';

interface BidSheetProps {
  currentPrice: number;
  clock: AuctionClock;
  standing: Standing | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The announcer that speaks while the sheet is open (the page behind it is inert then). */
  announcer: ReactNode;
  /** Where the viewer stands and the bid form. */
  children: ReactNode;
}

export function BidSheet({ currentPrice, clock, standing, open, onOpenChange, announcer, children }: BidSheetProps) {
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // The close button has focus first, not the amount: a phone's keyboard would cover the sheet before it is read.
  const { dialogRef, firstRef, onDialogClose, onDialogClick } = useModalDialog(open, () => onOpenChange(false), openerRef);

  return (
    <>
      <section
        aria-label="Place a bid"
        className={cn(
          'sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))]',
          'shadow-[0_-8px_16px_-8px_rgb(15_23_42/0.15)] sm:-mx-6 sm:px-6',
        )}
      >
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="sr-only">Current price </span>
              <span className="text-xl font-semibold text-accent-700 tabular-nums">{formatMoney(currentPrice)}</span>
              {standing && <StandingWord standing={standing} />}
            </p>
            <p className="flex items-center gap-1 text-sm text-slate-700">
              <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <TimeLeft clock={clock} />
            </p>
          </div>
          <Button
            ref={openerRef}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => onOpenChange(true)}
            icon={<Gavel aria-hidden="true" className="size-4" />}
            className="shrink-0"
          >
            Place bid
          </Button>
        </div>
      </section>

      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={onDialogClose}
        onClick={onDialogClick}
        className={cn(
          'group fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-slate-900/50 p-0 backdrop:bg-transparent',
          'opacity-0 open:opacity-100 starting:open:opacity-0',
          'transition-[opacity,display,overlay] transition-discrete duration-200 motion-reduce:transition-none',
        )}
      >
        <div
          className={cn(
            'absolute inset-x-0 bottom-0 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white px-4 pt-2 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl sm:px-6',
            'translate-y-full group-open:translate-y-0 starting:group-open:translate-y-full',
            'transition-transform duration-200 ease-out motion-reduce:transition-none',
          )}
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              Place a bid
            </h2>
            <button
              ref={firstRef}
              type="button"
              onClick={() => onOpenChange(false)}
              aria-label="Close"
              className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          {/* Not a <dl>: 'Current price' is a term of the page's own facts, which must stay one. */}
          <div className="mb-3 flex items-end justify-between gap-3 border-b border-slate-100 pb-3">
            <p>
              <span className="block text-sm text-slate-600">Current price</span>
              <span className="text-2xl font-semibold text-accent-700 tabular-nums">{formatMoney(currentPrice)}</span>
            </p>
            <p className="flex items-center gap-1 text-sm text-slate-700">
              <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <TimeLeft clock={clock} />
            </p>
          </div>
          {announcer}
          <div className="space-y-3">{children}</div>
        </div>
      </dialog>
    </>
  );
}

/** Where the viewer stands, in a word beside the price: the sheet says it in full. */
function StandingWord({ standing }: { standing: Standing }) {
  return standing.kind === 'leading' ? (
    <span className="text-sm font-medium text-green-800">You lead</span>
  ) : (
    <span className="text-sm font-medium text-amber-900">Outbid</span>
  );
}
