// The place-bid form: bounds in the label, the same bounds the server enforces, cleared after success.
import { useRef, useState, type FormEvent } from 'react';
import { bidBounds } from '../../../shared/bids';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useTimedMessage } from '../../lib/use-timed-message';
import { usePlaceBid } from './api';

export function BidForm({ auctionId, currentPrice }: { auctionId: string; currentPrice: number }) {
  const { min, max } = bidBounds(currentPrice);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const failure = useTimedMessage();
  const success = useTimedMessage();
  // One key per intended bid: a retried or doubled request for the same bid counts once.
  const requestKey = useRef<string | null>(null);

  const placeBid = usePlaceBid(auctionId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    failure.clear();
    success.clear();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
      setFieldError(`Enter a whole amount from ${formatMoney(min)} to ${formatMoney(max)}.`);
      return;
    }
    setFieldError(undefined);
    requestKey.current ??= crypto.randomUUID();
    placeBid.mutate(
      { auctionId, bidAmount: value, requestKey: requestKey.current },
      {
        onSuccess: ({ bid, leading, message }) => {
          setAmount('');
          requestKey.current = null;
          success.show(leading && bid ? `Your bid of ${formatMoney(bid.bidAmount)} is the highest bid.` : message);
        },
        onError: (error) => {
          requestKey.current = null;
          console.error('Error placing bid', error);
          failure.show(errorMessage(error, 'Your bid could not be placed. Please try again.'));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={`Your bid (${formatMoney(min)} to ${formatMoney(max)})`}
        name="bidAmount"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        placeholder={String(min)}
        error={fieldError}
        action={
          <Button type="submit" loading={placeBid.isPending} className="shrink-0">
            {placeBid.isPending ? 'Placing Bid...' : 'Place Bid'}
          </Button>
        }
      />
      {failure.message && <Banner tone="error">{failure.message}</Banner>}
      {success.message && <Banner tone="success">{success.message}</Banner>}
    </form>
  );
}
