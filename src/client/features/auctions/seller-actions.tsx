// The seller's own controls on the auction page: 'Cancel auction' while nobody has bid and it has not
// ended (confirmed first), and 'Relist' once it ended unsold or was cancelled. The server decides
// both; the buttons only show where it would agree.
import { Ban, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useCancelAuction } from './api';
import type { Auction } from './types';

interface SellerActionsProps {
  auction: Pick<Auction, '_id' | 'itemName' | 'bidsCount' | 'status' | 'winner'>;
  /** Not yet ended by the viewer's clock (the server's answer may lag the countdown). */
  running: boolean;
  /** The page's notice, which says the auction was cancelled once it is: the focus goes there then. */
  noticeRef: RefObject<HTMLElement | null>;
}

/** Ended without a sale, or cancelled: the seller may list it again. */
export function relistable(auction: Pick<Auction, 'status' | 'winner'>): boolean {
  return auction.status === 'cancelled' || (auction.status === 'ended' && auction.winner === null);
}

export function SellerActions({ auction, running, noticeRef }: SellerActionsProps) {
  const cancel = useCancelAuction();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusBack = useRef<HTMLElement | null>(null);
  // Once the page says the auction was cancelled (the dialog closed by then), the focus goes to those words.
  const [cancelled, setCancelled] = useState(false);
  const settled = cancelled && auction.status === 'cancelled';
  useEffect(() => {
    if (settled) noticeRef.current?.focus();
  }, [settled, noticeRef]);

  const cancellable = running && auction.status !== 'cancelled' && auction.bidsCount === 0;
  if (!cancellable && !relistable(auction) && !asking && !error) return null;

  function confirm() {
    cancel.mutate(
      { id: auction._id },
      {
        onSuccess: () => {
          // The button is gone: the effect above moves the focus instead.
          focusBack.current = null;
          setCancelled(true);
          setError(null);
          setAsking(false);
        },
        onError: (refusal) => {
          setError(errorMessage(refusal, 'The auction could not be cancelled. Please try again.'));
          setAsking(false);
        },
      },
    );
  }

  return (
    <div className="mt-4 space-y-3">
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex flex-wrap gap-3">
        {cancellable && (
          <Button
            ref={buttonRef}
            variant="secondary"
            aria-haspopup="dialog"
            icon={<Ban aria-hidden="true" className="size-4" />}
            onClick={() => {
              focusBack.current = buttonRef.current;
              setError(null);
              setAsking(true);
            }}
          >
            Cancel auction
          </Button>
        )}
        {relistable(auction) && (
          <ButtonLink to={paths.relistAuction(auction._id)} icon={<RotateCcw aria-hidden="true" className="size-4" />}>
            Relist
          </ButtonLink>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title="Cancel this auction?"
        confirmLabel="Cancel auction"
        pendingLabel="Cancelling..."
        dismissLabel="Keep auction"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        returnFocusTo={focusBack}
      >
        <p>“{auction.itemName}” leaves every list and nobody can bid on it. You can relist it afterwards with new dates.</p>
      </ConfirmDialog>
    </div>
  );
}
