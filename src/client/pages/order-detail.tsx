import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { actionOwed } from '../../shared/order-steps';
import { ORDER_WORDS } from '../../shared/orders';
import { Banner } from '../components/banner';
import { Card } from '../components/card';
import { Skeleton } from '../components/skeleton';
import { useAuth } from '../features/auth/auth-context';
import { ConversationThread } from '../features/messages/conversation-thread';
import { useOrder, type Order, type OrderRole } from '../features/orders/api';
import { FeedbackSection } from '../features/orders/feedback-section';
import { OrderActions, progressOf } from '../features/orders/order-actions';
import { OrderStatusBadge, OrderStepper, PaymentDue } from '../features/orders/order-progress';
import { useNow } from '../features/orders/use-now';
import { UserLink } from '../features/users/user-link';
import { errorMessage } from '../lib/errors';
import { formatMoney } from '../lib/format';
import { paths } from '../lib/paths';
import { httpStatusOf } from '../lib/query-client';
import { NotFoundPage } from './not-found';

/** Why an order was cancelled, in words (the one reason there is). */
const CANCEL_REASONS: Record<string, string> = { unpaid: 'Not paid in time' };

/** /orders/{id}: one order in full, for its buyer, its seller or an administrator. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const { user } = useAuth();

  if (order.isPending) return <OrderSkeleton />;
  if (order.isError) {
    if (httpStatusOf(order.error) === 404) return <NotFoundPage title={ORDER_WORDS.notFound} />;
    console.error('Error on getting an order', order.error);
    return <Banner tone="error">{errorMessage(order.error, 'An unexpected error occurred.')}</Banner>;
  }
  const data = order.data;
  // An administrator may look at anyone's order, as neither side of it.
  const side: OrderRole | null = user?._id === data.buyer._id ? 'buyer' : user?._id === data.seller._id ? 'seller' : null;
  return <OrderDetail order={data} side={side} />;
}

function OrderDetail({ order, side }: { order: Order; side: OrderRole | null }) {
  const now = useNow();
  const owed = side === null ? null : actionOwed(progressOf(order, side), side, now);
  const other = side === 'buyer' ? order.seller : order.buyer;

  return (
    <>
      <title>{`Order: ${order.auction.itemName} · Open Auction`}</title>
      <BackLink side={side} />
      <header className="mb-6 flex gap-4">
        <img
          src={order.auction.itemPhoto}
          alt=""
          width={640}
          height={480}
          className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-28 sm:w-36"
        />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">
            {side === 'buyer' ? 'Your purchase' : side === 'seller' ? 'Your sale' : 'Order'}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
            <Link
              to={paths.auction(order.auction._id)}
              className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              {order.auction.itemName}
            </Link>
          </h1>
          <div className="mt-2">
            <OrderStatusBadge status={order.status} />
          </div>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Details</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
            <Fact term="Buyer">
              <UserLink id={order.buyer._id} name={order.buyer.name} className="font-medium text-slate-900" />
            </Fact>
            <Fact term="Seller">
              <UserLink id={order.seller._id} name={order.seller.name} className="font-medium text-slate-900" />
            </Fact>
            <Fact term="Price">{formatMoney(order.price)}</Fact>
            <Fact term="Shipping">{order.shippingCost === null ? 'Pickup' : formatMoney(order.shippingCost)}</Fact>
            <Fact term="Total">
              <span className="font-semibold text-accent-700">{formatMoney(order.total)}</span>
            </Fact>
            {order.trackingNumber && (
              <Fact term="Tracking number">
                <span className="font-mono break-all">{order.trackingNumber}</span>
              </Fact>
            )}
            {order.cancelReason && <Fact term="Cancelled because">{CANCEL_REASONS[order.cancelReason] ?? order.cancelReason}</Fact>}
          </dl>
        </Card>

        <Card className="space-y-4 p-5">
          <h2 className="text-lg font-semibold text-slate-900">Progress</h2>
          <OrderStepper order={order} detailed />
          <PaymentDue order={order} now={now} />
          <NextStep order={order} side={side} owed={owed !== null} />
          <OrderActions order={order} side={side} now={now} feedbackHere />
        </Card>
      </div>

      <div className="mt-10 space-y-10">
        <FeedbackSection order={order} owed={owed === 'feedback'} side={side} />
        {side && (
          // The order's conversation is its buyer's conversation about the auction: the same one
          // /messages shows, here beside the order it is about.
          <section aria-labelledby="order-messages">
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="order-messages" className="text-xl font-semibold text-slate-900">
                Messages with {other.name}
              </h2>
              <Link
                className="text-sm text-accent-700 underline-offset-2 hover:underline"
                to={paths.conversation(order.auction._id, other._id)}
              >
                Open in Messages
              </Link>
            </div>
            <ConversationThread auctionId={order.auction._id} withUserId={side === 'seller' ? other._id : undefined} />
          </section>
        )}
      </div>
    </>
  );
}

/** While the other side is to act, the viewer is told what they are waiting for. */
function NextStep({ order, side, owed }: { order: Order; side: OrderRole | null; owed: boolean }) {
  if (side === null || owed) return null;
  const pickup = order.shippingCost === null;
  const waiting: Partial<Record<Order['status'], string>> =
    side === 'buyer'
      ? {
          awaiting_payment: `Pay ${formatMoney(order.total)} to ${order.seller.name} as agreed; they confirm here once the money has arrived.`,
          paid: pickup ? undefined : `${order.seller.name} is to ship the item.`,
        }
      : {
          shipped: `${order.buyer.name} is to confirm receipt.`,
          paid: pickup ? `${order.buyer.name} confirms receipt once they have collected the item.` : undefined,
        };
  const words = waiting[order.status];
  return words ? <p className="text-sm text-slate-700">{words}</p> : null;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900 tabular-nums">{children}</dd>
    </>
  );
}

function BackLink({ side }: { side: OrderRole | null }) {
  return (
    <Link
      to={side === 'seller' ? `${paths.orders}?role=seller` : paths.orders}
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> All orders
    </Link>
  );
}

/** The page's shape while it loads. */
function OrderSkeleton() {
  return (
    <div role="status" aria-label="Loading order">
      <Skeleton className="mb-4 h-5 w-24" />
      <div className="mb-6 flex gap-4">
        <Skeleton className="size-20 shrink-0 rounded-lg sm:h-28 sm:w-36" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}
