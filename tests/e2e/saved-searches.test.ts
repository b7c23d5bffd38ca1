// Saved searches in Chromium: 'Save this search' on /auction keeps the search box's text, the category
// and a max price; /profile lists them and deletes one; a new auction that matches brings a
// 'new_match' notice to the bell, linking to it. Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('saved searches', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  const savedList = (page: Page) => page.locator('h2:text-is("Saved searches") + p + div');

  for (const width of [1280, 360]) {
    it(`saves the search on screen with a max price, lists it on /profile and deletes it, at ${width} px`, async () => {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      await api.signIn(page, `Sue Saver ${width}`);
      // A category chip shows only once an auction has it.
      const seller = await api.user(`Cam Seller ${width}`);
      await api.createAuction(seller.token, { name: 'Film Camera', category: 'Electronics', price: 30 });

      await page.goto('/auction?category=Electronics');
      await page.getByLabel('Search auctions').fill('film camera');
      // Saved as typed, even before the list has caught up with the box.
      await page.getByRole('button', { name: 'Save this search' }).click();
      const panelForm = page.locator('form').filter({ has: page.getByLabel('Maximum price ($)') });
      await panelForm.getByText('“film camera” in Electronics').waitFor();
      expect(await page.getByRole('button', { name: 'Save this search' }).getAttribute('aria-expanded')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('maxPrice');

      // A price that is not whole dollars gets the server's words before anything is sent.
      await page.getByLabel('Maximum price ($)').fill('12.5');
      await page.getByRole('button', { name: 'Save search' }).click();
      await panelForm.getByText('whole', { exact: false }).waitFor();
      await page.getByLabel('Maximum price ($)').fill('200');
      await expect.poll(() => panelForm.getByText('whole', { exact: false }).count()).toBe(0);
      // The list has caught up with the box: axe judges the page settled, not the list fading while it loads.
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('film camera');
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await axeReport(page, `the save-search panel at ${width} px`)).toBe('');
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `saved-search-panel-${width}`);
      await page.getByRole('button', { name: 'Save search' }).click();
      await page.getByRole('status').filter({ hasText: 'Search saved: “film camera” in Electronics, up to $200.' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save this search' }).getAttribute('aria-expanded')).toBe('false');

      // A second, with the category alone.
      await page.getByLabel('Search auctions').fill('');
      await page.getByRole('button', { name: 'Save this search' }).click();
      await page.getByRole('button', { name: 'Save search' }).click();
      await page.getByRole('status').filter({ hasText: 'Search saved: Any item in Electronics.' }).waitFor();

      await page.goto('/profile');
      await savedList(page).getByRole('link', { name: 'Any item in Electronics' }).waitFor();
      const links = await savedList(page).getByRole('link').allTextContents();
      // Newest first.
      expect(links.map((t) => t.trim())).toEqual(['Any item in Electronics', '“film camera” in Electronics, up to $200']);
      expect(await savedList(page).getByRole('link', { name: '“film camera” in Electronics, up to $200' }).getAttribute('href')).toBe(
        '/auction?q=film+camera&category=Electronics',
      );
      expect(await axeReport(page, `the saved searches on /profile at ${width} px`)).toBe('');
      // From the top: the sticky header would otherwise be painted mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `saved-searches-profile-${width}`);

      await page.getByRole('button', { name: 'Delete saved search Any item in Electronics' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved search deleted: Any item in Electronics.' }).waitFor();
      await expect.poll(() => savedList(page).getByRole('link').count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saved searches');
      await page.getByRole('button', { name: 'Delete saved search “film camera” in Electronics, up to $200' }).click();
      await savedList(page).getByText('No saved searches yet.', { exact: false }).waitFor();
    });
  }

  it('brings a notice of a new auction that matches, linking to it', async () => {
    const page = await e2e.newPage();
    await api.signIn(page, 'Max Matcher');
    const seller = await api.user('Nell New');
    // The category's chip needs an auction in it.
    await api.createAuction(seller.token, { name: 'Oil Landscape', category: 'Art', price: 50 });
    await page.goto('/auction?category=Art&q=watercolour');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('status').filter({ hasText: 'Search saved: “watercolour” in Art.' }).waitFor();

    const { id } = await api.createAuction(seller.token, { name: 'Watercolour Harbour', category: 'Art', price: 40 });
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 unread');
    await bell.click();
    const notice = page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: /Watercolour Harbour/ });
    await notice.waitFor();
    expect(await notice.getAttribute('href')).toBe(`/auction/${id}`);
  });
});
