import { describe, expect, test } from 'vitest';
import { decideMove, overdueNotices, type OrderMove, type OrderState } from '../../src/server/domain/orders';
import type { OrderStatus } from '../../src/shared/constants';
import { ORDER_WORDS } from '../../src/shared/orders';

const SELLER = 1;
const BUYER = 2;
const NOW = Date.parse('2026-05-01T12:00:00Z');

const order = (status: OrderStatus, fields: Partial<OrderState> = {}): OrderState => ({
  auctionId: 9,
  itemName: 'Brass lamp',
  buyerId: BUYER,
  buyerName: 'Bea',
  sellerId: SELLER,
  price: 100,
  shippingCost: 15,
  status,
  dueAt: new Date(NOW - 1),
  ...fields,
});

function refusal(...args: Parameters<typeof decideMove>) {
  try {
    decideMove(...args);
    return null;
  } catch (error) {
    return { kind: (error as { kind: string }).kind, message: (error as Error).message };
  }
}

describe('decideMove', () => {
  test.each<[OrderMove, OrderStatus, number, OrderStatus]>([
    ['paid', 'awaiting_payment', SELLER, 'paid'],
    ['shipped', 'paid', SELLER, 'shipped'],
    ['received', 'shipped', BUYER, 'received'],
    ['cancel', 'awaiting_payment', SELLER, 'cancelled'],
  ])('%s from %s by its party moves to %s', (move, from, caller, to) => {
    const decision = decideMove(order(from), caller, move, NOW, 'TRACK');
    expect(decision).toMatchObject({ from, to, at: new Date(NOW), strike: move === 'cancel' });
    expect(decision.notices).toHaveLength(1);
    expect(decision.notices[0]!.userId).toBe(move === 'received' ? SELLER : BUYER);
  });

  test('the wrong party 403, anyone else 404, before the wrong state', () => {
    expect(refusal(order('paid'), BUYER, 'paid', NOW)).toEqual({ kind: 'forbidden', message: ORDER_WORDS.onlySeller });
    expect(refusal(order('paid'), SELLER, 'received', NOW)).toEqual({ kind: 'forbidden', message: ORDER_WORDS.onlyBuyer });
    expect(refusal(order('paid'), 3, 'paid', NOW)).toMatchObject({ kind: 'not-found' });
    expect(refusal(undefined, SELLER, 'paid', NOW)).toMatchObject({ kind: 'not-found' });
  });

  test('a state the move does not start from is 409 naming it; a pickup is received from paid', () => {
    expect(refusal(order('paid'), SELLER, 'paid', NOW)).toEqual({ kind: 'conflict', message: ORDER_WORDS.notNow('paid') });
    expect(refusal(order('paid'), BUYER, 'received', NOW)).toEqual({ kind: 'conflict', message: ORDER_WORDS.notNow('paid') });
    expect(decideMove(order('paid', { shippingCost: null }), BUYER, 'received', NOW).to).toBe('received');
    expect(refusal(order('cancelled'), SELLER, 'cancel', NOW)).toMatchObject({ kind: 'conflict' });
  });

  test('cancel only once the payment is due', () => {
    expect(refusal(order('awaiting_payment', { dueAt: new Date(NOW + 1) }), SELLER, 'cancel', NOW)).toEqual({
      kind: 'conflict',
      message: ORDER_WORDS.notDueYet,
    });
    expect(decideMove(order('awaiting_payment', { dueAt: new Date(NOW) }), SELLER, 'cancel', NOW).changes).toEqual({
      cancelledAt: new Date(NOW),
      cancelReason: 'unpaid',
    });
  });

  test('the shipped notice names the tracking number when there is one', () => {
    expect(decideMove(order('paid'), SELLER, 'shipped', NOW, '1Z9').notices[0]!.message).toContain('1Z9');
    expect(decideMove(order('paid'), SELLER, 'shipped', NOW).changes.trackingNumber).toBeNull();
  });
});

test('overdue notices go to both sides, naming the total', () => {
  const notices = overdueNotices(order('awaiting_payment'));
  expect(notices.map((n) => [n.userId, n.kind])).toEqual([
    [BUYER, 'payment_overdue'],
    [SELLER, 'payment_overdue'],
  ]);
  expect(notices[0]!.message).toContain('$115');
});
