// The mail of each notice after the hammer, through a real SMTP server: what the buyer and the
// seller read in their inbox as an order moves, when its payment is overdue and it is cancelled,
// and when a message comes. Each mail names the item and links to the site.
import { describe, expect, onTestFinished } from 'vitest';
import { closeDueAuctions } from '../../src/server/services/closing';
import { tellOverdueOrders } from '../../src/server/services/orders';
import { signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { mailingApp, PUBLIC_URL, startSmtp, type ReceivedMail } from '../support/smtp';

const HOUR_MS = 3_600_000;

async function people(deps: TestDeps) {
  const [seller, buyer] = await Promise.all([signedInUser(deps, 'Sally Seller'), signedInUser(deps, 'Bea Buyer')]);
  return { seller: seller!, buyer: buyer! };
}

/** An auction won by `buyer` at $105, closed: its order's id. */
async function wonOrder(deps: TestDeps, both: Awaited<ReturnType<typeof people>>, itemName: string) {
  const auctionId = await insertAuction(deps, both.seller.id, { itemName, startingPrice: 100, endsAt: deps.now() + HOUR_MS });
  await both.buyer.caller.auction.placeBid({ auctionId, bidAmount: 105 });
  deps.clock.advance(HOUR_MS);
  expect(await closeDueAuctions(deps)).toBe(1);
  const { orders } = await both.buyer.caller.orders.list({ role: 'buyer' });
  return { auctionId, orderId: orders.find((o) => o.auction._id === auctionId)!._id };
}

const subjectsTo = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to === email).map((m) => m.subject);

describe('mail after the hammer', () => {
  test('each move of an order, and a message, mails the side it tells', async ({ makeDeps }) => {
    const server = await startSmtp();
    onTestFinished(() => server.close());
    const { deps } = await mailingApp(makeDeps, server.url);
    const both = await people(deps);
    const { seller, buyer } = both;
    const { auctionId, orderId } = await wonOrder(deps, both, 'Brass desk lamp');
    await server.waitFor(2);

    await seller.caller.orders.paid({ id: orderId });
    await seller.caller.orders.shipped({ id: orderId, trackingNumber: 'TRACK-123' });
    await buyer.caller.orders.received({ id: orderId });
    await buyer.caller.messages.send({ auctionId, body: 'Arrived safely, thank you!' });

    const mails = await server.waitFor(6);
    expect(subjectsTo(mails, buyer.email)).toEqual(
      expect.arrayContaining(['Your payment for “Brass desk lamp” was confirmed', '“Brass desk lamp” was shipped']),
    );
    expect(subjectsTo(mails, seller.email)).toEqual(
      expect.arrayContaining(['“Brass desk lamp” was received', 'A new message about “Brass desk lamp”']),
    );
    const shipped = mails.find((m) => m.subject === '“Brass desk lamp” was shipped')!;
    expect(shipped.text).toContain('TRACK-123');
    for (const mail of mails) expect(mail.text, mail.subject).toContain(PUBLIC_URL);
    // The message's mail says who wrote, never what: the conversation is read on the site.
    const message = mails.find((m) => m.subject.startsWith('A new message'))!;
    expect(message.text).toContain('Bea Buyer');
    expect(message.text).not.toContain('Arrived safely');
  });

  test('an overdue payment mails both sides once, and the cancel mails the buyer', async ({ makeDeps }) => {
    const server = await startSmtp();
    onTestFinished(() => server.close());
    const { deps } = await mailingApp(makeDeps, server.url);
    const both = await people(deps);
    const { orderId } = await wonOrder(deps, both, 'Pocket watch');
    await server.waitFor(2);

    deps.clock.advance(49 * HOUR_MS);
    expect((await tellOverdueOrders(deps)).sort()).toEqual([both.seller.id, both.buyer.id].sort());
    expect(await tellOverdueOrders(deps)).toEqual([]);
    await both.seller.caller.orders.cancel({ id: orderId, reason: 'unpaid' });

    const mails = (await server.waitFor(5)).slice(2);
    expect(subjectsTo(mails, both.seller.email)).toEqual(['The payment for “Pocket watch” is overdue']);
    expect(subjectsTo(mails, both.buyer.email).sort()).toEqual(
      ['The payment for “Pocket watch” is overdue', 'Your order for “Pocket watch” was cancelled'].sort(),
    );
    const toBuyer = mails.find((m) => m.to === both.buyer.email && m.subject.includes('overdue'))!;
    expect(toBuyer.text).toContain('$105');
  });
});
