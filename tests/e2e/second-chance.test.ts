// A second chance in Chromium: an auction ends below its reserve; its seller offers it to the bidder
// from the auction page (a bidder chosen by their highest bid, confirmed), and the bidder, on the same
// page, reads the offer and accepts it, then follows the link to the order. Screenshots at 1280 px.
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeBrowser('a second-chance offer', () => {
  // No soft close: the bid just before the end does not move it, so the auction ends within seconds.
  const e2e = useBrowserHarness({ env: { SOFT_CLOSE_SECONDS: '0' } });
  const api = testApi(() => e2e.baseUrl);

  it('the seller offers the item to its bidder below the reserve, and the bidder accepts it', async () => {
    const sellerPage = await e2e.newPage({ width: 1280, height: 900 });
    const seller = await api.signIn(sellerPage, 'Sonia Second');
    const { id } = await api.createAuction(seller.token, {
      name: 'Art Deco Mantel Clock',
      category: 'Antiques',
      price: 20,
      endsInMs: 5_000,
      hue: 35,
      listing: { reservePrice: 500, shippingCost: 12 },
    });
    const bidderPage = await e2e.newPage({ width: 1280, height: 900 });
    const bidder = await api.signIn(bidderPage, 'Bruno Bidder');
    await api.bid(bidder.token, id, 25);
    // The close records the end within a second of it.
    await sleep(6_500);

    await sellerPage.goto(`/auction/${id}`);
    const panel = sellerPage.getByRole('region', { name: 'Second chance offer' });
    await panel.waitFor();
    await panel.getByLabel('Bidder').selectOption({ label: 'Bruno Bidder ($25)' });
    await panel.getByRole('button', { name: 'Make offer' }).click();
    const dialog = sellerPage.getByRole('dialog', { name: 'Make this offer?' });
    await dialog.getByText('Bruno Bidder may buy “Art Deco Mantel Clock” for $25').waitFor();
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await panel.getByText(/^Offered to Bruno Bidder for \$25, until /).waitFor();
    // The dialog's button sat lower on the page: back to the top, so the full-page shot keeps the header in place.
    await sellerPage.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(sellerPage, 'second-chance-seller-1280');

    await bidderPage.goto(`/auction/${id}`);
    const offer = bidderPage.getByRole('region', { name: 'Second chance offer' });
    await offer.getByText(/^The seller offers you this item for \$25 until /).waitFor();
    expect(await axeReport(bidderPage, 'the offer on the auction page')).toBe('');
    await e2e.screenshot(bidderPage, 'second-chance-offer-1280');

    await offer.getByRole('button', { name: 'Accept' }).click();
    const link = offer.getByRole('link', { name: 'See your order' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/orders\/\d+$/);
    await e2e.screenshot(bidderPage, 'second-chance-accepted-1280');
  });
});
