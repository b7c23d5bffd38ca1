// The header's bell in Chromium, across browser contexts: A bids, B outbids A, and A's unread count
// goes up without a reload; A opens the list, sees the outbid notice linking to the auction and marks
// everything read. On a phone, the panel fits the screen, Escape closes it and gives focus back, and
// following a notice marks it read. Each notice is read by a screen reader as sentences, the way
// Chromium names its link. Screenshots of the open bell at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the notification bell', () => {
  // No soft close: an auction bid on in its last moments ends on time, and its winner is told.
  const e2e = useBrowserHarness({ env: { SOFT_CLOSE_SECONDS: '0' } });

  // Through the API: users (their tokens sign the calls), an auction of Antiques at $100, bids.
  const api = testApi(() => e2e.baseUrl);
  const apiUser = async (name: string) => (await api.user(name)).token;
  const signInContext = async (page: Page, name: string) => (await api.signIn(page, name)).token;
  const apiCreateAuction = async (token: string, name: string) =>
    (await api.createAuction(token, { name, category: 'Antiques', price: 100, hue: 200 })).id;
  const apiBid = api.bid;

  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
  const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

  async function bellLabel(page: Page) {
    return bell(page).getAttribute('aria-label');
  }

  /** When a notice of this test came, as the panel says it. */
  const when = String.raw`(Just now|\d+ minutes? ago)\.`;

  /** The names Chromium gives the panel's links, as a screen reader hears them (spaces collapsed). */
  async function noticeNames(page: Page): Promise<string[]> {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Accessibility.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: 'section[aria-labelledby="notifications-heading"]',
      });
      const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId, role: 'link' });
      return nodes.map((node) =>
        String(node.name?.value ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    } finally {
      await cdp.detach();
    }
  }

  it('counts the outbid notice live, lists it with its link, and marks all read', async () => {
    const seller = await apiUser('Selma Seller');
    const id = await apiCreateAuction(seller, 'Brass Telescope');

    // A, on a desktop, has no notices yet.
    const a = await e2e.newPage();
    await signInContext(a, 'Ada Early');
    await a.goto(`/auction/${id}`);
    await expect.poll(() => bellLabel(a)).toBe('Notifications, none unread');
    await bell(a).click();
    await panel(a).getByText('No notifications yet').waitFor();
    await a.keyboard.press('Escape');
    await panel(a).waitFor({ state: 'hidden' });

    await a.getByLabel('Your bid ($101 to $110)').fill('105');
    await a.getByRole('button', { name: 'Place Bid' }).click();
    await a.getByText('You are the highest bidder').waitFor();
    await a.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // B, on a phone, outbids A.
    const b = await e2e.newPage({ width: 360, height: 740 });
    const bToken = await signInContext(b, 'Ben Later');
    await b.goto(`/auction/${id}`);
    // A phone's bid form is in a sheet, opened from the bar and closed again after the bid.
    await b.getByRole('button', { name: 'Place bid', exact: true }).click();
    await b.getByLabel('Your bid ($106 to $115)').fill('112');
    await b.getByRole('button', { name: 'Place Bid', exact: true }).click();
    await b.getByText('You are the highest bidder').waitFor();
    await b.keyboard.press('Escape');
    await b.getByRole('dialog', { name: 'Place a bid' }).waitFor({ state: 'hidden' });

    // A's bell counts it, without a reload, and a screen reader hears of it once.
    await expect.poll(() => bellLabel(a)).toBe('Notifications, 1 unread');
    expect(await a.getByTestId('unread-badge').innerText()).toBe('1');
    await expect
      .poll(() => a.getByRole('status').filter({ hasText: 'New notification' }).innerText())
      .toBe('New notification: You were outbid on “Brass Telescope”: the price is now $112. 1 unread.');
    expect(await a.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    await bell(a).click();
    expect(await bell(a).getAttribute('aria-expanded')).toBe('true');
    const notice = panel(a).getByRole('link', { name: /You were outbid on “Brass Telescope”/ });
    await notice.waitFor();
    expect(await notice.getAttribute('href')).toBe(`/auction/${id}`);
    // Unread reads as such, to a screen reader too, and the notice as sentences.
    expect(await noticeNames(a)).toEqual([
      expect.stringMatching(new RegExp(String.raw`^Unread\. You were outbid on “Brass Telescope”: the price is now \$112\. ${when}$`)),
    ]);
    await a.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(a, 'notifications-open-1280', { fullPage: false });
    expect(await axeReport(a, 'the open bell at 1280 px')).toBe('');

    await panel(a).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bellLabel(a)).toBe('Notifications, none unread');
    expect(await a.getByTestId('unread-badge').count()).toBe(0);
    await expect
      .poll(() => noticeNames(a))
      .toEqual([expect.stringMatching(new RegExp(String.raw`^You were outbid on “Brass Telescope”: the price is now \$112\. ${when}$`))]);
    expect(await panel(a).getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);

    // A third bidder takes the lead from B: B's bell, on the phone, counts it.
    await apiBid(await apiUser('Cy Third'), id, 120);
    await expect.poll(() => bellLabel(b)).toBe('Notifications, 1 unread');
    await bell(b).click();
    const bNotice = panel(b).getByRole('link', { name: /You were outbid on “Brass Telescope”: the price is now \$120/ });
    await bNotice.waitFor();
    // The panel fits the phone's screen: nothing sideways, nothing cut off.
    const box = (await panel(b).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const widths = await b.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    // The bell leaves the site's name on one line.
    const name = (await b.getByRole('banner').getByText('Open Auction').boundingBox())!;
    expect(name.height).toBeLessThan(32);
    await e2e.screenshot(b, 'notifications-open-360', { fullPage: false });
    expect(await axeReport(b, 'the open bell at 360 px')).toBe('');

    // Escape closes it and gives focus back to the bell.
    await b.keyboard.press('Escape');
    await panel(b).waitFor({ state: 'hidden' });
    expect(await b.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications, 1 unread');

    // Following the notice marks it read and lands on its auction.
    await bell(b).click();
    await bNotice.click();
    await b.waitForURL(`**/auction/${id}`);
    await panel(b).waitFor({ state: 'hidden' });
    await expect.poll(() => bellLabel(b)).toBe('Notifications, none unread');
    const list = await fetch(`${e2e.baseUrl}/api/user/notifications`, { headers: { authorization: `Bearer ${bToken}` } });
    expect(((await list.json()) as { unread: number }).unread).toBe(0);
  });

  it('reads each notice as one run of sentences: unread or not, what happened, and when', async () => {
    const seller = await apiUser('Sam Seller');
    const lamp = await apiCreateAuction(seller, 'Brass Lamp');
    // Ends in a few seconds: the winner's notice comes with the close.
    const robot = (await api.createAuction(seller, { name: 'Tin Robot', category: 'Toys', price: 100, endsInMs: 4000, hue: 20 })).id;

    const page = await e2e.newPage({ width: 360, height: 740 });
    const wendy = await signInContext(page, 'Wendy Winner');
    await apiBid(wendy, robot, 101);
    await apiBid(wendy, lamp, 105);
    await apiBid(await apiUser('Otto Outbidder'), lamp, 112);
    // The outbid notice, read on another device: it reads without "Unread".
    const listed = await fetch(`${e2e.baseUrl}/api/user/notifications`, { headers: { authorization: `Bearer ${wendy}` } });
    const outbid = ((await listed.json()) as { notifications: Array<{ _id: string; kind: string }> }).notifications.find(
      (n) => n.kind === 'outbid',
    )!;
    const marked = await fetch(`${e2e.baseUrl}/api/user/notifications/read`, {
      method: 'POST',
      headers: { authorization: `Bearer ${wendy}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [outbid._id] }),
    });
    expect(marked.status).toBe(200);

    await page.goto('/');
    await expect.poll(() => bellLabel(page), { timeout: 15_000 }).toBe('Notifications, 1 unread');
    await bell(page).click();
    await panel(page)
      .getByRole('link', { name: /You won/ })
      .waitFor();
    expect(await noticeNames(page)).toEqual([
      expect.stringMatching(new RegExp(String.raw`^Unread\. You won “Tin Robot” for \$101\. ${when}$`)),
      expect.stringMatching(new RegExp(String.raw`^You were outbid on “Brass Lamp”: the price is now \$112\. ${when}$`)),
    ]);
    await e2e.screenshot(page, 'notifications-sentences-360', { fullPage: false });
  });
});
