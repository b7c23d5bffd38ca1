// The orders pages in Chromium, with a seller and a buyer each in their own browser: an item bought
// outright becomes an order; the seller confirms the payment and marks it shipped with a tracking
// number, the buyer sees it and confirms receipt, both leave feedback, and the buyer's shows on the
// seller's public profile. Also the empty lists, the tabs by keyboard and address, and an unknown
// order. Screenshots of /orders and /orders/:id at 1280 and 360 px.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the orders pages', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** A full-page capture from the top: the header sticks to the top of the screen, wherever it was scrolled. */
  const shoot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, name);
  };
  const imagesLoaded = (page: Page) =>
    page.waitForFunction(() => [...document.images].every((img) => img.loading === 'lazy' || img.complete));
  /** The step the stepper marks as the current one, in words (without the arrow drawn before it). */
  const currentStep = async (scope: Page | Locator) =>
    (await scope.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]').textContent())?.replace('→', '');

  it('takes a sale from payment to feedback, seller and buyer each in their own browser', async () => {
    const sellerPage = await e2e.newPage({ width: 1280, height: 800 });
    const buyerPage = await e2e.newPage({ width: 360, height: 740 });
    const seller = await api.signIn(sellerPage, 'Selma Shipwright');
    const buyer = await api.signIn(buyerPage, 'Bruno Buyer');
    const name = 'Brass Ship Clock';
    const { id } = await api.createAuction(seller.token, {
      name,
      category: 'Antiques',
      price: 60,
      hue: 40,
      listing: { buyNowPrice: 120, shippingCost: 15 },
    });
    const { orderId } = await api.buyNow(buyer.token, id);

    // The auction page leads its buyer to the order.
    await buyerPage.goto(`/auction/${id}`);
    const toOrder = buyerPage.getByRole('link', { name: 'Pay and track your order' });
    expect(await toOrder.getAttribute('href')).toBe(`/orders/${orderId}`);

    // The buyer's purchases: awaiting payment, due in two days, nothing for them to press yet.
    await buyerPage.goto('/orders');
    await buyerPage.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await buyerPage.getByRole('tab', { name: 'Purchases' }).getAttribute('aria-selected')).toBe('true');
    const purchase = buyerPage.getByRole('article', { name });
    await purchase.waitFor();
    expect(await currentStep(purchase)).toBe('Awaiting payment');
    await purchase.getByText(/^Payment due by /).waitFor();
    await purchase.getByText('$135').waitFor();
    expect(await purchase.getByRole('link', { name: seller.name }).getAttribute('href')).toBe(`/users/${seller.id}`);
    expect(await purchase.getByRole('button').count()).toBe(0);
    await imagesLoaded(buyerPage);
    expect(await noSideScroll(buyerPage)).toBe(true);
    expect(await axeReport(buyerPage, '/orders (purchases) at 360 px')).toBe('');
    await shoot(buyerPage, 'orders-purchases-360');

    // The seller's way there from the auction page; then their sales, by the tab, which the address
    // keeps through a reload.
    await sellerPage.goto(`/auction/${id}`);
    expect(await sellerPage.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe(`/orders/${orderId}`);
    await sellerPage.goto('/orders');
    await sellerPage.getByRole('tab', { name: 'Sales' }).click();
    await sellerPage.waitForURL(/\/orders\?role=seller$/);
    await sellerPage.reload();
    expect(await sellerPage.getByRole('tab', { name: 'Sales' }).getAttribute('aria-selected')).toBe('true');
    const sale = sellerPage.getByRole('article', { name });
    await sale.getByRole('link', { name: buyer.name }).waitFor();
    await imagesLoaded(sellerPage);
    expect(await axeReport(sellerPage, '/orders (sales) at 1280 px')).toBe('');
    await shoot(sellerPage, 'orders-sales-1280');

    await sale.getByRole('button', { name: 'Confirm payment' }).click();
    await sale.getByRole('status').filter({ hasText: 'Payment confirmed.' }).waitFor();
    await expect.poll(() => currentStep(sale)).toBe('Paid');
    expect(await sale.getByText(/^Payment due by /).count()).toBe(0);

    // Shipping asks for the tracking number, the focus in its field.
    await sale.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = sellerPage.getByRole('dialog', { name: `Mark “${name}” shipped` });
    await dialog.waitFor();
    const tracking = dialog.getByLabel('Tracking number (optional)');
    expect(await tracking.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeReport(sellerPage, 'the Mark shipped dialog at 1280 px')).toBe('');
    await tracking.fill('LX 0042 9913 FR');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sale.getByRole('status').filter({ hasText: 'Marked as shipped.' }).waitFor();
    await expect.poll(() => currentStep(sale)).toBe('Shipped');
    // The same move again is the server's to refuse; the card no longer offers it.
    expect(await sale.getByRole('button').count()).toBe(0);

    // The order page, from the card: the whole order, and the way to its conversation.
    await sale.getByRole('link', { name }).click();
    await sellerPage.waitForURL(new RegExp(`/orders/${orderId}$`));
    await sellerPage.getByRole('heading', { level: 1, name }).waitFor();
    await sellerPage.getByText('LX 0042 9913 FR').waitFor();
    expect(await currentStep(sellerPage)).toMatch(/^Shipped, \w{3} \d+, \d{4}/);
    const messages = sellerPage.getByRole('region', { name: `Messages with ${buyer.name}` });
    expect(await messages.getByRole('link', { name: 'Open in Messages' }).getAttribute('href')).toBe(
      `/messages?auction=${id}&with=${buyer.id}`,
    );
    // The seller writes to the buyer on the order itself.
    await messages.getByLabel('Your message').fill('It left this morning, well wrapped.');
    await messages.getByRole('button', { name: 'Send' }).click();
    await messages.getByRole('list', { name: 'Messages' }).getByText('It left this morning, well wrapped.').waitFor();
    await imagesLoaded(sellerPage);
    expect(await axeReport(sellerPage, '/orders/:id (seller) at 1280 px')).toBe('');
    await shoot(sellerPage, 'order-detail-seller-1280');

    // The buyer sees it shipped, with the number, and confirms receipt.
    // The buyer hears of it in the bell, whose notice opens the order itself.
    await buyerPage.goto('/');
    await buyerPage.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await buyerPage
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /was shipped: the tracking number is LX 0042 9913 FR/ })
      .click();
    await buyerPage.waitForURL(new RegExp(`/orders/${orderId}$`));
    await buyerPage.getByText('LX 0042 9913 FR').waitFor();
    // The seller's message is in the order's conversation, on the buyer's side too.
    await buyerPage
      .getByRole('region', { name: `Messages with ${seller.name}` })
      .getByText('It left this morning, well wrapped.')
      .waitFor();
    await buyerPage.getByText('$15', { exact: true }).waitFor();
    await buyerPage.getByRole('button', { name: 'Confirm receipt' }).click();
    await buyerPage.getByRole('status').filter({ hasText: 'Receipt confirmed.' }).waitFor();
    await expect.poll(() => currentStep(buyerPage)).toMatch(/^Received, /);

    // Then their feedback: the rating is required, the comment counted.
    const form = buyerPage.getByRole('form', { name: 'Leave feedback' });
    await form.getByRole('radio', { name: 'Positive' }).waitFor();
    await imagesLoaded(buyerPage);
    expect(await noSideScroll(buyerPage)).toBe(true);
    expect(await axeReport(buyerPage, '/orders/:id (buyer) at 360 px')).toBe('');
    await shoot(buyerPage, 'order-detail-buyer-360');
    await form.getByRole('button', { name: 'Leave feedback' }).click();
    await form.getByText('Choose a rating.').waitFor();
    await form.getByRole('radio', { name: 'Positive' }).check();
    const comment = 'Beautifully packed, arrived in two days.';
    await form.getByLabel('Comment (optional)').fill(comment);
    await form.getByText(`${comment.length} / 500 characters`).waitFor();
    await form.getByRole('button', { name: 'Leave feedback' }).click();
    await buyerPage
      .getByRole('status')
      .filter({ hasText: `your feedback is on ${seller.name}’s public profile` })
      .waitFor();
    const feedback = buyerPage.getByRole('region', { name: 'Feedback' });
    await feedback.getByText(comment).waitFor();
    expect(await buyerPage.getByRole('form', { name: 'Leave feedback' }).count()).toBe(0);

    // The seller owes their feedback now: the card's main button leads to the form.
    await sellerPage.goto('/orders?role=seller');
    await sellerPage.getByRole('article', { name }).getByRole('link', { name: 'Leave feedback' }).click();
    const sellerForm = sellerPage.getByRole('form', { name: 'Leave feedback' });
    await sellerForm.getByRole('radio', { name: 'Positive' }).check();
    await sellerForm.getByLabel('Comment (optional)').fill('Paid at once. A pleasure.');
    await sellerForm.getByRole('button', { name: 'Leave feedback' }).click();
    await sellerPage.getByRole('region', { name: 'Feedback' }).getByText('Paid at once. A pleasure.').waitFor();
    await sellerPage.getByRole('region', { name: 'Feedback' }).getByText(comment).waitFor();
    await shoot(sellerPage, 'order-detail-received-1280');

    // The buyer's words are on the seller's public profile.
    await buyerPage.goto(`/users/${seller.id}`);
    const recent = buyerPage.getByRole('region', { name: 'Recent feedback' });
    await recent.getByText(comment).waitFor();
    expect(await recent.getByRole('link', { name: buyer.name }).getAttribute('href')).toBe(`/users/${buyer.id}`);
  });

  for (const width of [1280, 360]) {
    it(`says so when there are no orders, and switches tabs by keyboard, at ${width} px`, async () => {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      await api.signIn(page, `Nina New ${width}`);
      await page.goto('/orders');
      await page.getByText('No purchases yet', { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Purchases' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByText('No sales yet', { exact: true }).waitFor();
      expect(new URL(page.url()).search).toBe('?role=seller');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sales');
      expect(await page.getByRole('tabpanel', { name: 'Sales' }).count()).toBe(1);
      expect(await noSideScroll(page)).toBe(true);
      expect(await axeReport(page, `the empty sales at ${width} px`)).toBe('');
      await shoot(page, `orders-empty-${width}`);
    });
  }

  it('shows the not-found page for an order that is not there, or not the viewer’s', async () => {
    const seller = await api.user('Oscar Other');
    const { id } = await api.createAuction(seller.token, {
      name: 'Pewter Candlestick',
      category: 'Antiques',
      price: 10,
      listing: { buyNowPrice: 30 },
    });
    const buyer = await api.user('Olga Other');
    const { orderId } = await api.buyNow(buyer.token, id);

    const page = await e2e.newPage();
    await api.signIn(page, 'Nosy Neighbour');
    for (const path of ['/orders/999999', `/orders/${orderId}`]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    }
  });
});

describeBrowser('an order not paid in time', () => {
  // Due in under two seconds: the seller may cancel almost at once.
  const e2e = useBrowserHarness({ env: { PAYMENT_DUE_HOURS: '0.0005' } });
  const api = testApi(() => e2e.baseUrl);

  /** The names of the steps on a card, as a screen reader lists them. */
  const steps = (scope: Locator) =>
    scope
      .getByRole('list', { name: 'Order progress' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.textContent?.replace('→', '').replace(/ \((done|to come)\)$/, '')));

  it('lets the seller cancel it after a confirmation, and shows a refusal in the server’s words', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    const seller = await api.signIn(page, 'Ursula Unpaid');
    const buyer = await api.user('Lenny Late');
    const orders: Record<string, string> = {};
    // Two items collected in person (no shipping cost): no Shipped step.
    for (const [index, name] of ['Oak Blanket Chest', 'Tin Toy Robot'].entries()) {
      const { id } = await api.createAuction(seller.token, {
        name,
        category: 'Antiques',
        price: 40,
        hue: 100 * index,
        listing: { buyNowPrice: 90 },
      });
      orders[name] = (await api.buyNow(buyer.token, id)).orderId;
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));

    await page.goto('/orders?role=seller');
    const chest = page.getByRole('article', { name: 'Oak Blanket Chest' });
    await chest.getByText(/^Payment overdue since /).waitFor();
    expect(await steps(chest)).toEqual(['Awaiting payment', 'Paid', 'Received']);
    await chest.getByRole('button', { name: 'Confirm payment' }).waitFor();

    // Asked first; the focus starts on the way out, and Escape goes back to the button.
    const cancel = chest.getByRole('button', { name: 'Cancel (unpaid)' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order as unpaid?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep the order');
    expect(await axeReport(page, 'the cancel dialog at 360 px')).toBe('');
    await e2e.screenshot(page, 'orders-cancel-dialog-360', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel (unpaid)');

    // The money arrives meanwhile (the seller confirms it elsewhere): the cancel is refused, in the server's words.
    await cancel.click();
    const paid = await fetch(`${e2e.baseUrl}/api/orders/${orders['Oak Blanket Chest']}/paid`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(paid.status).toBe(200);
    await dialog.getByRole('button', { name: 'Cancel (unpaid)' }).click();
    await chest.getByRole('alert').filter({ hasText: 'This order is paid: that step is not possible now.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The answer takes the focus a frame after the dialog closes (the button that opened it may be gone by then).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 5_000 })
      .toBe('This order is paid: that step is not possible now.');
    // The list read afresh: paid, and nothing more for the seller of a pickup to do.
    await expect
      .poll(() => chest.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]').textContent())
      .toBe('→Paid');
    expect(await chest.getByRole('button').count()).toBe(0);

    const robot = page.getByRole('article', { name: 'Tin Toy Robot' });
    await robot.getByRole('button', { name: 'Cancel (unpaid)' }).click();
    await dialog.getByRole('button', { name: 'Cancel (unpaid)' }).click();
    await robot.getByRole('status').filter({ hasText: 'The order is cancelled as unpaid.' }).waitFor();
    await expect.poll(() => steps(robot)).toEqual(['Awaiting payment', 'Cancelled']);
    await robot.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await robot.getByRole('button').count()).toBe(0);
    expect(await axeReport(page, 'the sales after a cancel at 360 px')).toBe('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'orders-cancelled-360');

    // The order page says why.
    await page.goto(`/orders/${orders['Tin Toy Robot']}`);
    await page.getByText('Not paid in time').waitFor();
  });
});
