// A bid that comes while the auction page is still loading: the answer on its way was read before the
// bid, and must not put the older price back once it lands (src/client/features/bidding/api.ts).
import type { Page } from 'playwright-core';
import { it } from 'vitest';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('a live bid and the page’s own read', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  /** Resolves with the first message of the page's live stream whose data passes `matches`. */
  async function nextStreamMessage(page: Page, matches: (data: string) => boolean): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    return new Promise((resolve) => {
      cdp.on('Network.eventSourceMessageReceived', ({ data }) => {
        if (matches(data)) resolve();
      });
    });
  }

  it('a bid that arrives while the page waits for the auction still shows when the auction arrives', async () => {
    const seller = await api.user('Lena Loading');
    const rival = await api.user('Rafe Racer');
    const auction = await api.createAuction(seller.token, { name: 'Slow-loading clock', category: 'Collectibles', price: 100 });

    const page = await e2e.newPage();
    await api.signIn(page, 'Vic Visitor');
    // The page's read of the auction reaches the server at once, but its answer is held back here
    // until the live stream has brought a bid placed after that read.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/trpc\/[^?]*auction\.byId/, async (route) => {
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    const streamOpened = nextStreamMessage(page, () => true);
    const bidArrived = nextStreamMessage(page, (data) => data.includes('"bidsCount":1'));

    await page.goto(`/auction/${auction.id}`);
    await streamOpened;
    await api.bid(rival.token, auction.id, 105);
    await bidArrived;
    release();

    await page.getByRole('heading', { level: 1, name: 'Slow-loading clock' }).waitFor();
    await page.locator('dt:text-is("Current price") + dd').filter({ hasText: '$105' }).waitFor({ timeout: 10_000 });
  });
});
