// Questions and answers in Chromium, in two browsers: a bidder asks the seller from the auction page;
// the seller sees the count in the menu, opens /messages and answers; the answer reaches the bidder's
// open conversation by itself. Markup in a message shows as the text it is. Screenshots of /messages
// at 1280 and 360 px (the list, and the open conversation).
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the messages page', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  it('carries a question from the auction page to the seller and the answer back, as text', async () => {
    const sellerPage = await e2e.newPage();
    const seller = await api.signIn(sellerPage, 'Sam Seller');
    const { id } = await api.createAuction(seller.token, { name: 'Brass Ship Clock', category: 'Antiques', price: 120, hue: 40 });
    const bidderPage = await e2e.newPage();
    const bidder = await api.signIn(bidderPage, 'Bella Bidder');

    // The seller has nobody to ask: no button on their own auction.
    await sellerPage.goto(`/auction/${id}`);
    await sellerPage.getByRole('heading', { level: 1, name: 'Brass Ship Clock' }).waitFor();
    expect(await sellerPage.getByRole('button', { name: 'Ask the seller a question' }).count()).toBe(0);

    await bidderPage.goto(`/auction/${id}`);
    await bidderPage.getByRole('button', { name: 'Ask the seller a question' }).click();
    const dialog = bidderPage.getByRole('dialog', { name: 'Ask the seller a question' });
    // Nothing written: the quick check says so before anything is sent.
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await dialog.getByText('Write a message first.').waitFor();
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('Does it keep time?\nAnd is the key included?');
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await dialog.getByText('Your question was sent.').waitFor();
    // The form is gone: the focus is on the way to the conversation.
    const seeIt = dialog.getByRole('link', { name: 'See the conversation in Messages' });
    await expect.poll(() => seeIt.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await axeReport(bidderPage, 'the question sent')).toBe('');
    await e2e.screenshot(bidderPage, 'messages-question-sent-1280', { fullPage: false });
    await seeIt.click();
    await bidderPage.waitForURL(`**/messages?auction=${id}&with=${seller.id}`);
    const bidderThread = bidderPage.getByRole('list', { name: 'Messages' });
    await bidderThread.getByText('And is the key included?', { exact: false }).waitFor();

    // The seller's menu counts the unread question.
    await sellerPage.getByRole('button', { name: 'Menu' }).click();
    const messagesEntry = sellerPage.getByRole('link', { name: 'Messages 1 unread' });
    await messagesEntry.waitFor();
    await e2e.screenshot(sellerPage, 'messages-menu-count-1280', { fullPage: false });
    await messagesEntry.click();
    await sellerPage.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const item = sellerPage.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: /Brass Ship Clock/ });
    expect(await item.textContent()).toContain('1 unread');
    await item.click();
    await sellerPage.waitForURL(`**/messages?auction=${id}&with=${bidder.id}`);
    const sellerThread = sellerPage.getByRole('list', { name: 'Messages' });
    const question = sellerThread.getByText('Does it keep time?', { exact: false });
    // Its line break kept, as written.
    expect(await question.innerText()).toBe('Does it keep time?\nAnd is the key included?');
    expect(await sellerPage.getByRole('heading', { level: 2, name: 'Brass Ship Clock' }).getByRole('link').getAttribute('href')).toBe(
      `/auction/${id}`,
    );
    expect(await sellerPage.getByRole('link', { name: bidder.name, exact: true }).getAttribute('href')).toBe(`/users/${bidder.id}`);
    // Read: the list's count goes.
    await expect.poll(() => item.textContent()).not.toContain('unread');

    // The answer, sent with Ctrl+Enter, is shown as the text typed: no bold, no live link.
    const answer = '<b>hi</b> it does, see https://example.com/clock';
    await sellerPage.getByRole('textbox', { name: 'Your message' }).fill(answer);
    await sellerPage.getByRole('textbox', { name: 'Your message' }).press('Control+Enter');
    await sellerThread.getByText(answer, { exact: true }).waitFor();
    expect(await sellerThread.locator('b').count()).toBe(0);
    expect(await sellerThread.getByRole('link').count()).toBe(0);
    expect(await sellerPage.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe('');
    expect(await axeReport(sellerPage, 'the seller’s conversation at 1280 px')).toBe('');
    await e2e.screenshot(sellerPage, 'messages-open-1280');

    // The bidder's open conversation brings it by itself, and says so to a screen reader.
    await bidderThread.getByText(answer, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await bidderThread.locator('b').count()).toBe(0);
    await bidderPage
      .getByRole('status')
      .filter({ hasText: `New message from ${seller.name}` })
      .waitFor();

    // A phone: the list alone, then the conversation alone with the way back.
    const phone = await e2e.newPage({ width: 360, height: 740 });
    await phone.context().addCookies(await sellerPage.context().cookies());
    await phone.goto('/messages');
    const phoneItem = phone.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: /Brass Ship Clock/ });
    await phoneItem.waitFor();
    // The seller's own answer is the last message: the excerpt says whose it is.
    expect(await phoneItem.textContent()).toContain('You: <b>hi</b>');
    await phone.waitForFunction(() => [...document.images].every((img) => img.complete));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeReport(phone, 'the list at 360 px')).toBe('');
    await e2e.screenshot(phone, 'messages-list-360');
    await phoneItem.click();
    await phone.getByRole('list', { name: 'Messages' }).getByText(answer, { exact: true }).waitFor();
    expect(await phoneItem.isVisible()).toBe(false);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeReport(phone, 'the conversation at 360 px')).toBe('');
    await e2e.screenshot(phone, 'messages-open-360');
    await phone.getByRole('link', { name: 'Back to conversations' }).click();
    await phoneItem.waitFor();
  });

  it('says there are no messages yet, and where questions are asked', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await api.signIn(page, 'Nina Newcomer');
    await page.goto('/messages');
    await page.getByText('No messages yet').waitFor();
    await page.getByText(/Questions are asked from an auction's page/).waitFor();
    expect(await axeReport(page, 'the empty page')).toBe('');
  });
});
