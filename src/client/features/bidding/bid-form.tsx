// The place-bid form: an amount (bounds in the label, the same bounds the server enforces) and an
// optional maximum up to which the server bids for the bidder; the leader may raise the maximum
// alone. Cleared after success. docs/rules/bidding.md says what a maximum does.
import { useId, useRef, useState, type FormEvent } from 'react';
import { bidBounds, checkBid } from '../../../shared/bids';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useTimedMessage } from '../../lib/use-timed-message';
import { usePlaceBid } from './api';

interface BidFormProps {
  auctionId: string;
  currentPrice: number;
  /** The viewer leads: they may send a maximum alone. */
  leading: boolean;
  /** The viewer's own standing maximum, or null. */
  myMaxBid: number | null;
  /** The bid was taken, and at once outbid by an automatic bid: the server's words and the new price. */
  onOutbid: (message: string, price: number) => void;
}

/** The field a refusal from the server names, from the issues its error carries. */
function issueFor(error: unknown, field: 'bidAmount' | 'maxBid'): string | undefined {
  const issues = (error as { data?: { issues?: unknown } } | null)?.data?.issues;
  if (!Array.isArray(issues)) return undefined;
  const issue = (issues as Array<{ path?: unknown; message?: unknown }>).find((i) => i.path === field);
  return typeof issue?.message === 'string' ? issue.message : undefined;
}

export function BidForm({ auctionId, currentPrice, leading, myMaxBid, onOutbid }: BidFormProps) {
  const { min, max } = bidBounds(currentPrice);
  const [amount, setAmount] = useState('');
  const [maximum, setMaximum] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [maximumError, setMaximumError] = useState<string | undefined>();
  const failure = useTimedMessage();
  const success = useTimedMessage();
  // A success speaks of the price it was placed at: once the price moves on, it no longer holds.
  const [successPrice, setSuccessPrice] = useState<number | null>(null);
  // One key per intended bid: a retried or doubled request for the same bid counts once.
  const requestKey = useRef<string | null>(null);
  const amountId = useId();
  const maximumId = useId();

  const placeBid = usePlaceBid(auctionId);
  // The leader with only a maximum filled in raises it: no bid, no price change.
  const raiseOnly = leading && amount.trim() === '' && maximum.trim() !== '';

  /** The server's own checks that need no database, with its words (src/shared/bids.ts), before sending. */
  function check(): { bidAmount?: number; maxBid?: number } | null {
    const checked = checkBid({ amount, maximum, currentPrice, leading, myMaxBid });
    setAmountError(checked.ok ? undefined : checked.errors.bidAmount);
    setMaximumError(checked.ok ? undefined : checked.errors.maxBid);
    if (checked.ok) return checked.bid;
    document.getElementById(checked.errors.bidAmount ? amountId : maximumId)?.focus();
    return null;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    failure.clear();
    success.clear();
    const input = check();
    if (!input) return;
    requestKey.current ??= crypto.randomUUID();
    placeBid.mutate(
      { auctionId, ...input, requestKey: requestKey.current },
      {
        onSuccess: ({ bid, leading: leads, message, auction }) => {
          setAmount('');
          setMaximum('');
          requestKey.current = null;
          if (!leads) {
            onOutbid(message, auction.currentPrice);
            return;
          }
          setSuccessPrice(auction.currentPrice);
          if (!bid) success.show(message);
          else if (auction.currentPrice === bid.bidAmount) {
            const ceiling =
              input.maxBid !== undefined && input.maxBid > bid.bidAmount ? ` Your maximum: ${formatMoney(input.maxBid)}.` : '';
            success.show(`Your bid of ${formatMoney(bid.bidAmount)} is the highest bid.${ceiling}`);
          } else {
            // Another bidder's maximum answered, and this bidder's own maximum outbid it.
            success.show(
              `Your bid of ${formatMoney(bid.bidAmount)} is in; with your maximum you lead at ${formatMoney(auction.currentPrice)}.`,
            );
          }
        },
        onError: (error) => {
          requestKey.current = null;
          console.error('Error placing bid', error);
          const onAmount = issueFor(error, 'bidAmount');
          const onMaximum = issueFor(error, 'maxBid');
          if (onAmount || onMaximum) {
            setAmountError(onAmount);
            setMaximumError(onMaximum);
            document.getElementById(onAmount ? amountId : maximumId)?.focus();
            return;
          }
          failure.show(errorMessage(error, 'Your bid could not be placed. Please try again.'));
        },
      },
    );
  }

  const pendingText = raiseOnly ? 'Raising...' : 'Placing Bid...';
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {/* Label, input and message rows shared by both fields: a label that wraps on a phone keeps the inputs level. */}
      <div className="grid grid-cols-2 gap-x-3">
        <TextField
          className="row-span-3 grid grid-rows-subgrid"
          id={amountId}
          label={`Your bid (${formatMoney(min)} to ${formatMoney(max)})`}
          name="bidAmount"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required={!leading}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={String(min)}
          error={amountError}
        />
        <TextField
          className="row-span-3 grid grid-rows-subgrid"
          id={maximumId}
          label="Maximum bid (optional)"
          name="maxBid"
          type="number"
          inputMode="numeric"
          min={min}
          step={1}
          value={maximum}
          onChange={(e) => setMaximum(e.target.value)}
          error={maximumError}
          aria-describedby={[`${maximumId}-explained`, maximumError ? `${maximumId}-error` : null].filter(Boolean).join(' ')}
        />
      </div>
      <p id={`${maximumId}-explained`} className="text-sm text-slate-600">
        We bid for you, one step at a time, up to this amount; nobody else sees it.
        {leading && ' You lead: leave your bid empty to raise only your maximum.'}
      </p>
      <Button type="submit" loading={placeBid.isPending} fullWidth>
        {placeBid.isPending ? pendingText : raiseOnly ? 'Raise Maximum' : 'Place Bid'}
      </Button>
      {failure.message && <Banner tone="error">{failure.message}</Banner>}
      {success.message && successPrice === currentPrice && <Banner tone="success">{success.message}</Banner>}
    </form>
  );
}
