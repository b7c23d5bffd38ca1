// Where an order stands, as both orders pages show it: its status as a badge, its steps as a stepper
// (the current one marked for screen readers too), and while it awaits payment, when it is due.
import { Check, Clock, TriangleAlert } from 'lucide-react';
import type { OrderStatus } from '../../../shared/constants';
import { ORDER_STATUS_WORDS } from '../../../shared/orders';
import { Badge } from '../../components/badge';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import type { Order } from './api';

const STATUS_TONES: Record<OrderStatus, 'accent' | 'neutral' | 'success' | 'muted'> = {
  awaiting_payment: 'accent',
  paid: 'neutral',
  shipped: 'neutral',
  received: 'success',
  cancelled: 'muted',
};

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The status in words: 'Awaiting payment', 'Paid', ... */
export const statusWords = (status: OrderStatus) => capitalised(ORDER_STATUS_WORDS[status]);

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} className="shrink-0">
      {statusWords(status)}
    </Badge>
  );
}

interface Step {
  status: OrderStatus;
  /** When the order reached it; null while it has not. */
  at: string | null;
}

/**
 * The steps of this order: an item collected in person is never shipped (unless its seller shipped
 * it after all), and a cancelled order stops after its first step.
 */
function stepsOf(order: Order): Step[] {
  const first: Step = { status: 'awaiting_payment', at: order.createdAt };
  if (order.status === 'cancelled') return [first, { status: 'cancelled', at: order.cancelledAt }];
  const shipped = order.shippingCost !== null || order.shippedAt !== null;
  return [
    first,
    { status: 'paid', at: order.paidAt },
    ...(shipped ? [{ status: 'shipped' as const, at: order.shippedAt }] : []),
    { status: 'received', at: order.receivedAt },
  ];
}

/**
 * The order's steps in a row (compact, on a card) or a column with the date of each (the order page).
 * Steps before the current one are done; the current one is `aria-current="step"`.
 */
export function OrderStepper({ order, detailed = false }: { order: Order; detailed?: boolean }) {
  const steps = stepsOf(order);
  const current = steps.findIndex((step) => step.status === order.status);
  return (
    <ol
      aria-label="Order progress"
      className={cn(detailed ? 'space-y-3' : 'flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs sm:text-sm')}
    >
      {steps.map((step, index) => {
        const done = index < current || (index === current && order.status === 'received');
        const isCurrent = index === current;
        const cancelled = step.status === 'cancelled';
        const dot = (
          <span
            aria-hidden="true"
            className={cn(
              'flex shrink-0 items-center justify-center rounded-full',
              detailed ? 'size-6' : 'size-4',
              cancelled
                ? 'bg-slate-500 text-white'
                : done
                  ? 'bg-green-700 text-white'
                  : isCurrent
                    ? 'bg-accent-700 text-white ring-2 ring-accent-200'
                    : 'border border-slate-300 bg-white',
            )}
          >
            {done && <Check className={detailed ? 'size-4' : 'size-3'} />}
          </span>
        );
        const label = (
          <span className={cn(isCurrent ? 'font-semibold text-slate-900' : done ? 'text-slate-800' : 'text-slate-600')}>
            {statusWords(step.status)}
            {/* Said, since the colours are not: whether a step is behind the order or still ahead. */}
            {!isCurrent && <span className="sr-only">{done ? ' (done)' : ' (to come)'}</span>}
          </span>
        );
        return (
          <li
            key={step.status}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn('flex items-center', detailed ? 'gap-3' : 'gap-1.5')}
          >
            {!detailed && index > 0 && (
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>
            )}
            {dot}
            {detailed ? (
              <span className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
                {label}
                {step.at && (
                  <time dateTime={step.at} className="text-sm text-slate-600">
                    <span className="sr-only">, </span>
                    {formatDateTime(step.at)}
                  </time>
                )}
              </span>
            ) : (
              label
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** While the order awaits payment: when it is due, or since when it is overdue. */
export function PaymentDue({ order, now }: { order: Pick<Order, 'status' | 'dueAt'>; now: number }) {
  if (order.status !== 'awaiting_payment') return null;
  const overdue = now >= new Date(order.dueAt).getTime();
  const Icon = overdue ? TriangleAlert : Clock;
  return (
    <p className={cn('flex items-start gap-1.5 text-sm', overdue ? 'font-medium text-red-700' : 'text-slate-700')}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {overdue ? 'Payment overdue since ' : 'Payment due by '}
        <time dateTime={order.dueAt}>{formatDateTime(order.dueAt)}</time>
      </span>
    </p>
  );
}
