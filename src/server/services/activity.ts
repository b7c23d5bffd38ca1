// What waits for the signed-in user, for the menu's badges: the messages they have not read, and
// their orders where it is their turn (the one rule of what a side owes, shared/order-steps.ts).
import { FEEDBACK_WINDOW_MS } from '../../shared/feedback';
import { actionOwed } from '../../shared/order-steps';
import type { AppDeps } from '../deps';

export interface Activity {
  unreadMessages: number;
  ordersOwed: number;
}

export async function activityOf(deps: AppDeps, userId: number): Promise<Activity> {
  const now = deps.now();
  const [unreadMessages, orders] = await Promise.all([
    deps.store.activity.unreadMessages(userId),
    // A received order owes only feedback, and only within its window: older ones need not be read.
    deps.store.activity.ordersMayOwe(userId, new Date(now - FEEDBACK_WINDOW_MS)),
  ]);
  const ordersOwed = orders.filter((order) => actionOwed(order, order.side, now) !== null).length;
  return { unreadMessages, ordersOwed };
}
