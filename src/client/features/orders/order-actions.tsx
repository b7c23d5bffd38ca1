// The one thing the viewer owes on an order, as its main button (the rule: shared/order-steps.ts), and
// for a seller whose buyer is overdue, 'Cancel (unpaid)' beside it. Confirming a payment or a receipt
// goes at once; marking shipped asks for the tracking number; cancelling asks first. The server's
// answer shows where the buttons are, a refusal in an alert, even from a dialog: the order reads afresh
// either way, and a refused move (the order moved on meanwhile) is usually no longer offered.
import { Ban, CircleCheck, MessageSquarePlus, PackageCheck, Truck } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { actionOwed, cancellableUnpaid, ORDER_ACTION_WORDS, type OrderAction } from '../../../shared/order-steps';
import type { OrderMove } from '../../../shared/orders';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useCancelUnpaid, useConfirmPayment, useConfirmReceipt, useMarkShipped, type Order, type OrderRole } from './api';
import { ShipDialog } from './ship-dialog';

/** What the viewer is told once a move went through. */
const DONE_WORDS: Record<OrderMove, string> = {
  paid: 'Payment confirmed. The buyer has been told.',
  shipped: 'Marked as shipped. The buyer has been told.',
  received: 'Receipt confirmed. The seller has been told.',
  cancel: 'The order is cancelled as unpaid. The buyer has been told.',
};

const ICONS: Record<OrderAction, ReactNode> = {
  paid: <CircleCheck aria-hidden="true" className="size-4" />,
  shipped: <Truck aria-hidden="true" className="size-4" />,
  received: <PackageCheck aria-hidden="true" className="size-4" />,
  cancel: <Ban aria-hidden="true" className="size-4" />,
  feedback: <MessageSquarePlus aria-hidden="true" className="size-4" />,
};

/** What `actionOwed` needs to know of an order, for one side of it. */
export function progressOf(order: Order, side: OrderRole) {
  const feedbackGiven = (side === 'buyer' ? order.feedback.fromBuyer : order.feedback.fromSeller) !== null;
  return { status: order.status, shippingCost: order.shippingCost, dueAt: order.dueAt, receivedAt: order.receivedAt, feedbackGiven };
}

interface OrderActionsProps {
  order: Order;
  /** The viewer's side of the order; none for an administrator looking on, who owes nothing. */
  side: OrderRole | null;
  now: number;
  /** On the order page the feedback form is right there: no button leads to it. */
  feedbackHere?: boolean;
}

export function OrderActions({ order, side, now, feedbackHere = false }: OrderActionsProps) {
  const paid = useConfirmPayment();
  const received = useConfirmReceipt();
  const shipped = useMarkShipped();
  const cancel = useCancelUnpaid();
  const [dialog, setDialog] = useState<'ship' | 'cancel' | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Where the focus goes when a dialog closes: the button that opened it, or the answer once there is one.
  const focusBack = useRef<HTMLElement | null>(null);

  const owed = side === null ? null : actionOwed(progressOf(order, side), side, now);
  const canCancel = side === 'seller' && cancellableUnpaid(order, now);
  const pending = paid.isPending || received.isPending;

  function settle(move: OrderMove, error: unknown) {
    setOutcome(
      error === null
        ? { tone: 'success', text: DONE_WORDS[move] }
        : { tone: 'error', text: errorMessage(error, 'That did not go through. Please try again.') },
    );
    // The button pressed may be gone (the order moved on): the answer takes the focus instead.
    focusBack.current = outcomeRef.current;
    setDialog(null);
    requestAnimationFrame(() => outcomeRef.current?.focus());
  }

  const handlers = (move: OrderMove) => ({ onSuccess: () => settle(move, null), onError: (error: unknown) => settle(move, error) });

  function open(which: 'ship' | 'cancel', opener: HTMLElement) {
    focusBack.current = opener;
    setOutcome(null);
    setDialog(which);
  }

  let main: ReactNode = null;
  if (owed === 'paid' || owed === 'received') {
    const mutation = owed === 'paid' ? paid : received;
    main = (
      <Button
        loading={mutation.isPending}
        disabled={pending}
        icon={ICONS[owed]}
        onClick={() => {
          setOutcome(null);
          mutation.mutate({ id: order._id }, handlers(owed));
        }}
      >
        {ORDER_ACTION_WORDS[owed]}
      </Button>
    );
  } else if (owed === 'shipped') {
    main = (
      <Button aria-haspopup="dialog" icon={ICONS.shipped} onClick={(event) => open('ship', event.currentTarget)}>
        {ORDER_ACTION_WORDS.shipped}
      </Button>
    );
  } else if (owed === 'feedback' && !feedbackHere) {
    main = (
      <ButtonLink to={`${paths.order(order._id)}#leave-feedback`} icon={ICONS.feedback}>
        {ORDER_ACTION_WORDS.feedback}
      </ButtonLink>
    );
  }

  if (!main && !canCancel && !outcome) return null;
  return (
    <div className="space-y-3">
      {(main || canCancel) && (
        <div className="flex flex-wrap gap-2">
          {main}
          {canCancel && (
            <Button variant="secondary" aria-haspopup="dialog" icon={ICONS.cancel} onClick={(event) => open('cancel', event.currentTarget)}>
              {ORDER_ACTION_WORDS.cancel}
            </Button>
          )}
        </div>
      )}
      <div ref={outcomeRef} tabIndex={-1} className="focus:outline-none">
        {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}
      </div>
      <ShipDialog
        open={dialog === 'ship'}
        itemName={order.auction.itemName}
        pending={shipped.isPending}
        onSubmit={(trackingNumber) => shipped.mutate({ id: order._id, trackingNumber }, handlers('shipped'))}
        onClose={() => setDialog(null)}
        returnFocusTo={focusBack}
      />
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel this order as unpaid?"
        confirmLabel={ORDER_ACTION_WORDS.cancel}
        pendingLabel="Cancelling..."
        dismissLabel="Keep the order"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: order._id, reason: 'unpaid' }, handlers('cancel'))}
        onClose={() => setDialog(null)}
        returnFocusTo={focusBack}
      >
        <p>
          {order.buyer.name} did not pay for “{order.auction.itemName}” in time. The order is cancelled, and an unpaid strike is added to
          their public profile. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
