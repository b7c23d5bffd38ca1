import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { actionOwed, cancellableUnpaid, type OrderProgress } from '../../src/shared/order-steps';

const now = Date.parse('2026-06-01T12:00:00Z');
const order = (changes: Partial<OrderProgress>): OrderProgress => ({
  status: 'awaiting_payment',
  shippingCost: 500,
  dueAt: new Date(now + DAY_MS).toISOString(),
  receivedAt: null,
  feedbackGiven: false,
  ...changes,
});

describe('what each side of an order owes next', () => {
  it('asks the seller to confirm the payment, then to ship; the buyer waits', () => {
    expect(actionOwed(order({}), 'seller', now)).toBe('paid');
    expect(actionOwed(order({}), 'buyer', now)).toBeNull();
    expect(actionOwed(order({ status: 'paid' }), 'seller', now)).toBe('shipped');
    expect(actionOwed(order({ status: 'paid' }), 'buyer', now)).toBeNull();
  });

  it('asks the buyer to confirm receipt once shipped, or once paid when the item is collected', () => {
    expect(actionOwed(order({ status: 'shipped' }), 'buyer', now)).toBe('received');
    expect(actionOwed(order({ status: 'shipped' }), 'seller', now)).toBeNull();
    expect(actionOwed(order({ status: 'paid', shippingCost: null }), 'buyer', now)).toBe('received');
    expect(actionOwed(order({ status: 'paid', shippingCost: null }), 'seller', now)).toBeNull();
  });

  it('asks each side for feedback within 60 days of receipt, until it is given', () => {
    const received = order({ status: 'received', receivedAt: new Date(now - 59 * DAY_MS).toISOString() });
    expect(actionOwed(received, 'buyer', now)).toBe('feedback');
    expect(actionOwed(received, 'seller', now)).toBe('feedback');
    expect(actionOwed({ ...received, feedbackGiven: true }, 'buyer', now)).toBeNull();
    expect(actionOwed({ ...received, receivedAt: new Date(now - 61 * DAY_MS).toISOString() }, 'seller', now)).toBeNull();
  });

  it('owes nothing on a cancelled order', () => {
    expect(actionOwed(order({ status: 'cancelled' }), 'seller', now)).toBeNull();
    expect(actionOwed(order({ status: 'cancelled' }), 'buyer', now)).toBeNull();
  });

  it('lets the seller cancel only an unpaid order past its due time', () => {
    expect(cancellableUnpaid(order({}), now)).toBe(false);
    expect(cancellableUnpaid(order({ dueAt: new Date(now - 1).toISOString() }), now)).toBe(true);
    expect(cancellableUnpaid(order({ status: 'paid', dueAt: new Date(now - 1).toISOString() }), now)).toBe(false);
  });
});
