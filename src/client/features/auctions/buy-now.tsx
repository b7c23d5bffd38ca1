// 'Buy It Now for $X' on the auction page, for anyone but the seller while the server says it is
// available: a confirmation first, then the server's answer where the button was (the auction reads
// afresh either way, so the page shows the purchase, or the bid that got there first).
import { ShoppingCart } from 'lucide-react';
import { useRef, useState } from 'react';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useBuyNow } from './api';
import type { Auction } from './types';

interface BuyNowProps {
  auction: Pick<Auction, '_id' | 'itemName' | 'buyNowPrice' | 'buyNowAvailable'>;
  /** Open by the viewer's clock (the server still decides). */
  open: boolean;
}

export function BuyNow({ auction, open: biddingOpen }: BuyNowProps) {
  const buy = useBuyNow();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Where the focus goes when the dialog closes: the button, or the answer that replaced it.
  const focusBack = useRef<HTMLElement | null>(null);

  const price = auction.buyNowPrice;
  const offered = price !== null && auction.buyNowAvailable && biddingOpen;
  if (!offered && !outcome && !asking) return null;

  function confirm() {
    buy.mutate(
      { id: auction._id },
      {
        onSuccess: ({ message }) => settle({ tone: 'success', text: message }),
        onError: (error) => settle({ tone: 'error', text: errorMessage(error, 'The purchase did not go through. Please try again.') }),
      },
    );
  }

  function settle(result: { tone: 'success' | 'error'; text: string }) {
    setOutcome(result);
    focusBack.current = outcomeRef.current;
    setAsking(false);
  }

  return (
    <div ref={outcomeRef} tabIndex={-1} className="mt-4 focus:outline-none">
      {outcome ? (
        <Banner tone={outcome.tone}>{outcome.text}</Banner>
      ) : (
        price !== null && (
          <Button
            ref={buttonRef}
            size="lg"
            fullWidth
            aria-haspopup="dialog"
            icon={<ShoppingCart aria-hidden="true" className="size-5" />}
            onClick={() => {
              buy.reset();
              focusBack.current = buttonRef.current;
              setAsking(true);
            }}
          >
            Buy It Now for {formatMoney(price)}
          </Button>
        )
      )}
      {price !== null && (
        <ConfirmDialog
          open={asking}
          title={`Buy It Now for ${formatMoney(price)}?`}
          confirmLabel="Buy now"
          pendingLabel="Buying..."
          dismissLabel="Cancel"
          pending={buy.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
          returnFocusTo={focusBack}
        >
          <p>
            You buy “{auction.itemName}” for {formatMoney(price)} at once, and the auction ends.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
