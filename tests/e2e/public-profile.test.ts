// A member's public profile in Chromium: reached from the seller's name on an auction page and from a
// bidder's name in the history; with no ratings yet it says so and lists their open auctions; an
// unknown member is the not-found page. Screenshots at 1280 and 360 px.
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('a public profile', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  for (const width of [1280, 360]) {
    it(`opens from the seller's name on an auction page, with no ratings yet and their open auction, at ${width} px`, async () => {
      const seller = await api.user(`Paula Profile ${width}`);
      const name = `Walnut Writing Desk ${width}`;
      const { id } = await api.createAuction(seller.token, { name, category: 'Antiques', price: 80, hue: 20 });
      const bidder = await api.user(`Ben Bidder ${width}`);
      await api.bid(bidder.token, id, 85);

      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      await api.signIn(page, `Vera Visitor ${width}`);
      await page.goto(`/auction/${id}`);
      // The bidder's name in the history leads to their profile too.
      const history = page.getByRole('region', { name: 'Bid History' });
      expect(await history.getByRole('link', { name: bidder.name }).getAttribute('href')).toBe(`/users/${bidder.id}`);

      await page.getByRole('link', { name: seller.name, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: seller.name }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/users/${seller.id}`);
      await page.getByText('Not enough ratings yet', { exact: true }).waitFor();
      expect(await page.getByText(/^Member since /).textContent()).toMatch(/^Member since \S+ \d{4}$/);
      const counts = await page
        .getByRole('listitem')
        .filter({ hasText: /^\d+ (positive|neutral|negative)$/ })
        .allTextContents();
      expect(counts).toEqual(['0 positive', '0 neutral', '0 negative']);
      expect(await page.getByText(/unpaid strike/).count()).toBe(0);

      const open = page.getByRole('region', { name: 'Open auctions' });
      await open.getByRole('heading', { name }).waitFor();
      // The card's seller name is a link to the very profile shown.
      expect(await open.getByRole('link', { name: seller.name }).getAttribute('href')).toBe(`/users/${seller.id}`);

      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeReport(page, `the profile at ${width} px`)).toBe('');
      await e2e.screenshot(page, `public-profile-${width}`);
    });
  }

  it('shows the not-found page for a member who does not exist', async () => {
    const page = await e2e.newPage();
    await api.signIn(page, 'Nora Nobody');
    await page.goto('/users/999999');
    await page.getByRole('heading', { name: "Sorry we couldn't find this page." }).waitFor();
  });
});
