// One order on /orders: the item, the other party, the total, where it stands, and what the viewer
// owes on it.
import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { UserLink } from '../users/user-link';
import type { Order, OrderRole } from './api';
import { OrderActions } from './order-actions';
import { OrderStatusBadge, OrderStepper, PaymentDue } from './order-progress';

export function OrderCard({ order, side, now }: { order: Order; side: OrderRole; now: number }) {
  const headingId = `order-${order._id}`;
  const other = side === 'buyer' ? order.seller : order.buyer;
  return (
    <Card className="flex gap-4 p-4">
      <img
        src={order.auction.itemPhoto}
        alt=""
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-32"
      />
      <article aria-labelledby={headingId} className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900">
            <Link to={paths.order(order._id)} className="hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
              {order.auction.itemName}
            </Link>
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="min-w-0 break-words">
            {side === 'buyer' ? 'Sold by ' : 'Bought by '}
            <UserLink id={other._id} name={other.name} className="font-medium text-slate-900" />
          </span>
          <span>
            Total <span className="font-semibold text-accent-700 tabular-nums">{formatMoney(order.total)}</span>
          </span>
        </p>
        <OrderStepper order={order} />
        <PaymentDue order={order} now={now} />
        <OrderActions order={order} side={side} now={now} />
      </article>
    </Card>
  );
}

/** Cards in the shape of the real ones while the list loads. */
export function OrdersSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading your orders" className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <Skeleton className="size-20 shrink-0 rounded-lg sm:h-24 sm:w-32" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-9 w-36" />
          </div>
        </div>
      ))}
    </div>
  );
}
