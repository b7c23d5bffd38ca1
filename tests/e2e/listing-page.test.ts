// The auction page of a fuller listing in Chromium: the gallery by buttons, keys, thumbnails and a
// swipe; condition, shipping and location; the reserve badge (its amount for the seller alone); Buy It
// Now confirmed and its outcome; the seller's cancel and relist; cards with condition, shipping and
// the Buy It Now price. Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the auction page of a fuller listing', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  const gallery = (page: Page) => page.getByRole('region', { name: /^Photos of / });
  /** The large photo's alt text. */
  const shown = (page: Page) => gallery(page).locator('[aria-label="Photo shown"] img').getAttribute('alt');
  const focusedName = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

  async function waitForImages(page: Page) {
    await page.waitForFunction(() => [...document.images].every((img) => img.loading === 'lazy' || (img.complete && img.naturalWidth > 0)));
  }

  async function shoot(page: Page, name: string) {
    await waitForImages(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, name);
  }

  async function noSidewaysScroll(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }

  /** A swipe on the large photo, as a finger makes it: pointer events of the touch kind. */
  async function swipe(page: Page, dx: number) {
    const box = (await gallery(page).locator('[aria-label="Photo shown"]').boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2 - dx / 2;
    await gallery(page)
      .locator('[aria-label="Photo shown"]')
      .evaluate(
        (element, { x, y, dx }) => {
          const init = { bubbles: true, pointerType: 'touch', isPrimary: true, pointerId: 7 };
          element.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: x, clientY: y }));
          element.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + dx, clientY: y + 4 }));
        },
        { x, y, dx },
      );
  }

  for (const width of [1280, 360]) {
    it(`shows the photos as a gallery, by buttons, arrow keys, thumbnails and a swipe, with the listing's facts, at ${width} px`, async () => {
      const seller = await api.user(`Gil Gallery ${width}`);
      const name = `Brass Ship Lantern ${width}`;
      const { id } = await api.createAuction(seller.token, {
        name,
        category: 'Antiques',
        price: 60,
        hue: 30,
        moreHues: [150, 270],
        listing: { itemCondition: 'good', shippingCost: 12, itemLocation: 'Lyon, France' },
      });
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      await api.signIn(page, `Vic Viewer ${width}`);
      await page.goto(`/auction/${id}`);
      await gallery(page).waitFor();
      expect(await shown(page)).toBe(`${name}, photo 1 of 3`);
      // Each thumbnail is a photo with its own words.
      for (const n of [1, 2, 3])
        expect(
          await gallery(page)
            .getByRole('button', { name: `${name}, photo ${n} of 3` })
            .count(),
        ).toBe(1);

      // The facts beside the description.
      expect(await page.locator('dt:text-is("Condition:") + dd').textContent()).toBe('Good');
      expect(await page.locator('dt:text-is("Shipping:") + dd').textContent()).toBe('$12 shipping');
      expect(await page.locator('dt:text-is("Location:") + dd').textContent()).toBe('Lyon, France');

      // Next by its button (the keyboard's Enter), then the arrow keys, wrapping round at either end.
      await gallery(page).getByRole('button', { name: 'Next photo' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => shown(page)).toBe(`${name}, photo 2 of 3`);
      await gallery(page).locator('[aria-label="Photo shown"]').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => shown(page)).toBe(`${name}, photo 3 of 3`);
      await page.getByRole('status').filter({ hasText: 'Photo 3 of 3' }).waitFor({ state: 'attached' });
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => shown(page)).toBe(`${name}, photo 1 of 3`);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => shown(page)).toBe(`${name}, photo 3 of 3`);
      // The thumbnail of the photo shown says so.
      expect(
        await gallery(page)
          .getByRole('button', { name: `${name}, photo 3 of 3` })
          .getAttribute('aria-current'),
      ).toBe('true');

      // A thumbnail shows its photo; Tab reaches it from the buttons.
      await gallery(page)
        .getByRole('button', { name: `${name}, photo 2 of 3` })
        .click();
      await expect.poll(() => shown(page)).toBe(`${name}, photo 2 of 3`);

      // A swipe to the left shows the next, to the right the previous.
      await swipe(page, -120);
      await expect.poll(() => shown(page)).toBe(`${name}, photo 3 of 3`);
      await swipe(page, 120);
      await expect.poll(() => shown(page)).toBe(`${name}, photo 2 of 3`);
      // A short slide is no swipe.
      await swipe(page, -10);
      expect(await shown(page)).toBe(`${name}, photo 2 of 3`);

      await noSidewaysScroll(page);
      expect(await axeReport(page, `the gallery at ${width} px`)).toBe('');
      await shoot(page, `listing-gallery-${width}`);
    });
  }

  it('shows whether the reserve is met, and its amount only to the seller', async () => {
    const own = await e2e.newPage({ width: 360, height: 740 });
    const seller = await api.signIn(own, 'Rita Reserve');
    const { id } = await api.createAuction(seller.token, {
      name: 'Mahogany Chess Set',
      category: 'Collectibles',
      price: 100,
      hue: 40,
      listing: { reservePrice: 300 },
    });
    const bidder = await e2e.newPage();
    const bidderUser = await api.signIn(bidder, 'Bea Bidder');
    await bidder.goto(`/auction/${id}`);
    await bidder.getByText('Reserve not met', { exact: true }).waitFor();
    // Nowhere on the page for anyone else: not in its text, not in any attribute a person or a screen reader meets.
    const said = await bidder.evaluate(() => [
      document.body.innerText,
      ...[...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].filter((a) => !['class', 'src', 'href', 'd', 'viewBox'].includes(a.name)).map((a) => a.value),
      ),
    ]);
    expect(said.filter((text) => text.includes('300'))).toEqual([]);
    expect(await bidder.getByText('Pickup only').count()).toBe(1);

    await own.goto(`/auction/${id}`);
    await own.getByText('Reserve: $300').waitFor();
    await own.getByText('Reserve not met', { exact: true }).waitFor();
    await shoot(own, 'listing-reserve-seller-360');

    // A bid whose maximum reaches the reserve lifts the price to it: the badge turns, live.
    await api.bid(bidderUser.token, id, { bidAmount: 101, maxBid: 500 });
    await bidder.getByText('Reserve met', { exact: true }).waitFor();
    await own.getByText('Reserve met', { exact: true }).waitFor();
    await shoot(bidder, 'listing-reserve-met-1280');
  });

  it('sells at the Buy It Now price after a confirmation, and says so', async () => {
    const seller = await api.user('Bo Buynow');
    const name = 'Walnut Record Player';
    const { id } = await api.createAuction(seller.token, {
      name,
      category: 'Electronics',
      price: 80,
      hue: 200,
      listing: { buyNowPrice: 250, itemCondition: 'like_new', shippingCost: 0 },
    });
    // The card offers it too.
    const page = await e2e.newPage({ width: 360, height: 740 });
    await api.signIn(page, 'Nia Now');
    await page.goto('/auction?category=Electronics');
    const card = page.getByRole('article', { name, exact: true });
    await card.getByText('Buy It Now').waitFor();
    expect(await card.getByText('$250').count()).toBe(1);
    expect(await card.getByText('Like new').count()).toBe(1);
    expect(await card.getByText('Free shipping').count()).toBe(1);
    await shoot(page, 'listing-cards-360');

    await page.goto(`/auction/${id}`);
    const buy = page.getByRole('button', { name: 'Buy It Now for $250' });
    await buy.waitFor();
    // Asked first: the focus starts on the way out, and Escape goes back to the button.
    await buy.click();
    const dialog = page.getByRole('dialog', { name: 'Buy It Now for $250?' });
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    expect(await axeReport(page, 'the Buy It Now dialog at 360 px')).toBe('');
    await e2e.screenshot(page, 'listing-buy-now-dialog-360', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Buy It Now for $250');

    await buy.click();
    await dialog.getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `You bought “${name}” for $250.` })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The page read afresh: ended, sold at that price, the purchase marked in the history.
    await page.getByText('You won this auction', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Buy It Now for $250' }).count()).toBe(0);
    const history = page.getByRole('region', { name: 'Bid History' });
    await history.getByText('Buy It Now').waitFor();
    expect(await history.getByText('$250').count()).toBe(1);
    await shoot(page, 'listing-bought-360');

    // The seller never sees the button.
    const own = await e2e.newPage();
    const ownSeller = await api.signIn(own, 'Ola Own');
    const other = await api.createAuction(ownSeller.token, {
      name: 'Teak Side Table',
      category: 'Home & Garden',
      price: 50,
      listing: { buyNowPrice: 90 },
    });
    await own.goto(`/auction/${other.id}`);
    await own.getByText('This is your auction', { exact: false }).waitFor();
    expect(await own.getByRole('button', { name: /^Buy It Now/ }).count()).toBe(0);
  });

  it('refuses a purchase a bid got to first, in the server’s words', async () => {
    const seller = await api.user('Lou Late');
    const { id } = await api.createAuction(seller.token, {
      name: 'Pewter Jug',
      category: 'Antiques',
      price: 20,
      listing: { buyNowPrice: 70 },
    });
    const page = await e2e.newPage();
    await api.signIn(page, 'Sam Slow');
    await page.goto(`/auction/${id}`);
    await page.getByRole('button', { name: 'Buy It Now for $70' }).click();
    // Someone bids while the dialog is open.
    const quick = await api.user('Quinn Quick');
    await api.bid(quick.token, id, 21);
    await page.getByRole('dialog').getByRole('button', { name: 'Buy now' }).click();
    await page.getByRole('alert').filter({ hasText: 'no longer available' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Buy It Now/ }).count()).toBe(0);
  });

  for (const width of [1280, 360]) {
    it(`lets the seller cancel an auction without bids, then relist it with new dates and prices, at ${width} px`, async () => {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      const seller = await api.signIn(page, `Cal Cancel ${width}`);
      const name = `Copper Kettle ${width}`;
      const { id } = await api.createAuction(seller.token, {
        name,
        category: 'Home & Garden',
        price: 30,
        hue: 20,
        moreHues: [90],
        listing: { itemCondition: 'fair', shippingCost: 8, itemLocation: 'Ghent, Belgium', reservePrice: 60 },
      });
      await page.goto(`/auction/${id}`);
      const cancel = page.getByRole('button', { name: 'Cancel auction' });
      await cancel.waitFor();

      await cancel.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this auction?' });
      await dialog.waitFor();
      expect(await focusedName(page)).toBe('Keep auction');
      await e2e.screenshot(page, `listing-cancel-dialog-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel auction' }).click();
      await page.getByText('This auction was cancelled.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(await focusedName(page)).toBe('This auction was cancelled.');
      expect(await page.getByRole('button', { name: 'Cancel auction' }).count()).toBe(0);
      await shoot(page, `listing-cancelled-${width}`);

      // Relist: the item as it was, read-only; new dates and prices.
      await page.getByRole('link', { name: 'Relist' }).click();
      await page.getByRole('heading', { name: 'Relist auction' }).waitFor();
      await page.getByLabel('Starting price ($)').waitFor();
      expect(await page.getByLabel('Item name').inputValue()).toBe(name);
      expect(await page.getByLabel('Item name').getAttribute('readonly')).toBe('');
      expect(await page.getByLabel('Condition').inputValue()).toBe('Fair');
      expect(await page.getByLabel('Shipping', { exact: true }).inputValue()).toBe('$8 shipping');
      expect(await page.getByLabel('Location').inputValue()).toBe('Ghent, Belgium');
      expect(await page.getByRole('region', { name: 'Photos' }).getByRole('img').count()).toBe(2);
      expect(await page.getByLabel('Starting price ($)').inputValue()).toBe('30');
      expect(await page.getByLabel('Reserve price ($)').inputValue()).toBe('60');
      await page.getByLabel('Starting price ($)').fill('25');
      await page.getByLabel('Reserve price ($)').fill('');
      const endDay = await page.getByLabel('End date').getAttribute('min');
      await page.getByLabel('End date').fill(endDay!);
      expect(await axeReport(page, `the relist form at ${width} px`)).toBe('');
      await shoot(page, `listing-relist-form-${width}`);
      await page.getByRole('button', { name: 'Relist auction' }).click();

      await page.waitForURL((url) => /^\/auction\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(`/${id}`));
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const newId = new URL(page.url()).pathname.split('/').pop()!;
      const relisted = (await (
        await fetch(`${e2e.baseUrl}/api/auction/${newId}`, { headers: { authorization: `Bearer ${seller.token}` } })
      ).json()) as { relistedFrom: string; startingPrice: number; reservePrice: number | null; photos: string[]; status: string };
      expect(relisted).toMatchObject({ relistedFrom: id, startingPrice: 25, reservePrice: null, status: 'open' });
      expect(relisted.photos).toHaveLength(2);
      // Nobody has bid on the new one: the seller could cancel it too.
      await page.getByRole('button', { name: 'Cancel auction' }).waitFor();
    });
  }

  it('offers no cancel once someone has bid', async () => {
    const page = await e2e.newPage();
    const seller = await api.signIn(page, 'Hal Held');
    const { id } = await api.createAuction(seller.token, { name: 'Silver Spoon Set', category: 'Antiques', price: 40 });
    const bidder = await api.user('Ida Interested');
    await api.bid(bidder.token, id, 41);
    await page.goto(`/auction/${id}`);
    await page.getByText('This is your auction', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel auction' }).count()).toBe(0);
  });
});
