import { ShoppingBag, Store } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { TabPanel, Tabs, type TabItem } from '../components/tabs';
import { useOrders, type OrderRole } from '../features/orders/api';
import { OrderCard, OrdersSkeleton } from '../features/orders/order-card';
import { useNow } from '../features/orders/use-now';
import { paths } from '../lib/paths';

const TABS: TabItem<OrderRole>[] = [
  { value: 'buyer', label: 'Purchases' },
  { value: 'seller', label: 'Sales' },
];

/**
 * /orders: what the user bought and what they sold, on two tabs; the tab is in the address
 * (?role=seller), so a link or a reload opens the same one.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const role: OrderRole = params.get('role') === 'seller' ? 'seller' : 'buyer';

  const choose = (next: OrderRole) => setParams(next === 'buyer' ? {} : { role: next }, { replace: true });

  return (
    <>
      <title>Orders · Open Auction</title>
      <PageHeader title="Orders" description="What you bought and sold, each step of it, and what you are to do next." />
      <Tabs tabs={TABS} selected={role} onChange={choose} label="Orders" idPrefix="orders" />
      <TabPanel idPrefix="orders" value={role}>
        {/* Keyed: the other tab is another list, read afresh. */}
        <OrderList key={role} role={role} />
      </TabPanel>
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
