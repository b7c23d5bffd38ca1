// The second chance on an ended auction's page (docs/rules/orders.md#second-chance): for its seller,
// when the item found no buyer, a panel to offer it to one bidder at their highest bid (confirmed
// first), then the offer pending; for the offered bidder, the offer with 'Accept' and 'Decline'. The
// server decides who may do what; these only show where it would agree.
import { HandCoins } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SelectField } from '../../components/select-field';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/errors';
import { formatMoney, formatZonedDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import type { Auction } from '../auctions/types';
import { useAcceptOffer, useDeclineOffer, useMakeOffer, useMyOffers, useSecondChance } from './api';

interface SecondChanceProps {
  auction: Pick<Auction, '_id' | 'itemName' | 'status' | 'seller'>;
  viewerId: string | undefined;
}

/** The one element the auction page places: the seller's panel or the bidder's offer, or nothing. */
export function SecondChance({ auction, viewerId }: SecondChanceProps) {
  if (viewerId === undefined || auction.status !== 'ended') return null;
  return viewerId === auction.seller._id ? <SellerPanel auction={auction} /> : <OfferForYou auction={auction} />;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mt-4 p-4">
      <section aria-label={title}>
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <HandCoins aria-hidden="true" className="size-5 text-slate-500" />
          {title}
        </h2>
        <div className="mt-3 space-y-3 text-sm text-slate-700">{children}</div>
      </section>
    </Card>
  );
}

function SellerPanel({ auction }: { auction: SecondChanceProps['auction'] }) {
  const panel = useSecondChance(auction._id, true);
  const make = useMakeOffer(auction._id);
  const [to, setTo] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  if (panel.isPending) return <Skeleton className="mt-4 h-32 w-full" />;
  if (panel.isError) return null;
  const { offerable, bidders, offers } = panel.data;
  const pending = offers.find((o) => o.status === 'pending');
  if (!offerable && !pending) return null;
  const chosen = bidders.find((b) => b._id === to);

  function confirm() {
    make.mutate(
      { auctionId: auction._id, to },
      {
        onSuccess: () => {
          setAsking(false);
          setError(null);
        },
        onError: (refusal) => setError(errorMessage(refusal, 'The offer could not be made. Please try again.')),
      },
    );
  }

  return (
    <Panel title="Second chance offer">
      {pending ? (
        <p role="status">
          Offered to <span className="font-medium text-slate-900">{pending.to.name}</span> for {formatMoney(pending.price)}, until{' '}
          {formatZonedDateTime(pending.expiresAt)}. You will be told of their answer.
        </p>
      ) : bidders.length === 0 ? (
        <p>Nobody else bid on this item: there is no one to offer it to.</p>
      ) : (
        <>
          <p>The item found no buyer. Offer it to one of its bidders at their highest bid.</p>
          <SelectField
            label="Bidder"
            value={to}
            placeholder="Choose a bidder"
            options={bidders.map((b) => b._id)}
            optionLabel={(id) => {
              const bidder = bidders.find((b) => b._id === id)!;
              return `${bidder.name} (${formatMoney(bidder.highestBid)})`;
            }}
            onChange={(event) => setTo(event.target.value)}
          />
          {error && !asking && <Banner tone="error">{error}</Banner>}
          <Button ref={buttonRef} aria-haspopup="dialog" disabled={!chosen} onClick={() => setAsking(true)}>
            Make offer
          </Button>
          <ConfirmDialog
            open={asking}
            title="Make this offer?"
            confirmLabel="Make offer"
            pendingLabel="Offering..."
            dismissLabel="Not now"
            pending={make.isPending}
            error={error}
            onConfirm={confirm}
            onClose={() => setAsking(false)}
            returnFocusTo={buttonRef}
          >
            <p>
              {chosen?.name} may buy “{auction.itemName}” for {chosen && formatMoney(chosen.highestBid)} until the offer expires.
            </p>
          </ConfirmDialog>
        </>
      )}
    </Panel>
  );
}

function OfferForYou({ auction }: { auction: SecondChanceProps['auction'] }) {
  const mine = useMyOffers(true);
  const accept = useAcceptOffer(auction._id);
  const decline = useDeclineOffer(auction._id);
  const [error, setError] = useState<string | null>(null);
  const offer = mine.data?.offers.find((o) => o.auctionId === auction._id);
  const onError = (refusal: unknown) => setError(errorMessage(refusal, 'Your answer could not be sent. Please try again.'));

  if (accept.data) {
    return (
      <Panel title="Second chance offer">
        <Banner tone="success">
          You bought “{auction.itemName}”.{' '}
          <Link to={paths.order(accept.data.order._id)} className="font-medium underline">
            See your order
          </Link>
        </Banner>
      </Panel>
    );
  }
  if (decline.data) {
    return (
      <Panel title="Second chance offer">
        <p role="status">You declined the offer.</p>
      </Panel>
    );
  }
  if (!offer) return null;
  const busy = accept.isPending || decline.isPending;
  return (
    <Panel title="Second chance offer">
      <p>
        The seller offers you this item for <span className="font-medium text-slate-900">{formatMoney(offer.price)}</span> until{' '}
        {formatZonedDateTime(offer.expiresAt)}.
      </p>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex flex-wrap gap-3">
        <Button loading={accept.isPending} disabled={busy} onClick={() => accept.mutate({ id: offer._id }, { onError })}>
          Accept
        </Button>
        <Button
          variant="secondary"
          loading={decline.isPending}
          disabled={busy}
          onClick={() => decline.mutate({ id: offer._id }, { onError })}
        >
          Decline
        </Button>
      </div>
    </Panel>
  );
}
