import { ShoppingBag, Store } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { useOrders, type OrderRole } from '../features/orders/api';
import { OrderCard, OrdersSkeleton } from '../features/orders/order-card';
import { useNow } from '../features/orders/use-now';
import { cn } from '../lib/cn';
import { paths } from '../lib/paths';

const TABS: { role: OrderRole; label: string }[] = [
  { role: 'buyer', label: 'Purchases' },
  { role: 'seller', label: 'Sales' },
];

/**
 * /orders: what the user bought and what they sold, on two tabs; the tab is in the address
 * (?role=seller), so a link or a reload opens the same one.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const role: OrderRole = params.get('role') === 'seller' ? 'seller' : 'buyer';
  const tabRefs = useRef<Partial<Record<OrderRole, HTMLButtonElement | null>>>({});

  const choose = (next: OrderRole) => setParams(next === 'buyer' ? {} : { role: next }, { replace: true });

  // The tabs' keys: the arrows (and Home, End) move to the other tab and open it.
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.role === role);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const nextRole = TABS[next]!.role;
    choose(nextRole);
    tabRefs.current[nextRole]?.focus();
  }

  return (
    <>
      <title>Orders · Open Auction</title>
      <PageHeader title="Orders" description="What you bought and sold, each step of it, and what you are to do next." />
      <div role="tablist" aria-label="Orders" className="mb-6 flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {TABS.map((tab) => {
          const selected = tab.role === role;
          return (
            <button
              key={tab.role}
              ref={(element) => {
                tabRefs.current[tab.role] = element;
              }}
              type="button"
              role="tab"
              id={`orders-tab-${tab.role}`}
              aria-controls={`orders-panel-${tab.role}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab.role)}
              className={cn(
                '-mb-px border-b-2 px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                selected ? 'border-accent-700 text-accent-800' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`orders-panel-${role}`} aria-labelledby={`orders-tab-${role}`}>
        {/* Keyed: the other tab is another list, read afresh. */}
        <OrderList key={role} role={role} />
      </div>
    </>
  );
}

function OrderList({ role }: { role: OrderRole }) {
  const orders = useOrders(role);
  const now = useNow();
  const buyer = role === 'buyer';
  return (
    <LoadMoreList
      list={orders}
      skeleton={<OrdersSkeleton />}
      failure="An unexpected error occurred."
      empty={
        <EmptyState
          icon={buyer ? ShoppingBag : Store}
          title={buyer ? 'No purchases yet' : 'No sales yet'}
          description={
            buyer
              ? 'When you win an auction or buy an item outright, its order appears here, with each step until it is in your hands.'
              : 'When one of your auctions sells, its order appears here: confirm the payment, ship the item, and see it received.'
          }
          action={
            buyer ? (
              <ButtonLink to={paths.auctions}>Browse auctions</ButtonLink>
            ) : (
              <ButtonLink to={paths.createAuction}>Create an auction</ButtonLink>
            )
          }
        />
      }
      moreLabel={buyer ? 'Load more purchases' : 'Load more sales'}
      dense
    >
      <ul className="space-y-4">
        {orders.items.map((order) => (
          <li key={order._id}>
            <OrderCard order={order} side={role} now={now} />
          </li>
        ))}
      </ul>
    </LoadMoreList>
  );
}
