// The create form's messages in Chromium: each goes as soon as its field is right, without another
// submit; one field can settle another's (the end date after a new start date); a field that showed
// no message gets none while it is being typed in. Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the create form’s messages', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  /** YYYY-MM-DD in the browser's own time zone, `days` from today. */
  async function browserDay(page: Page, days: number): Promise<string> {
    return page.evaluate((d) => {
      const date = new Date();
      date.setDate(date.getDate() + d);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    }, days);
  }

  /** The message under a field, or null: the text its aria-describedby names as the error. */
  function messageOf(page: Page, label: string) {
    return page.getByLabel(label, { exact: true }).evaluate((field) => {
      const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
      return ids.length > 0 ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
    });
  }

  for (const width of [1280, 360]) {
    it(`clears each message as its field becomes right, at ${width} px`, async () => {
      const page = await e2e.newPage({ width });
      let createRequests = 0;
      page.on('request', (request) => {
        if (request.url().includes('auction.create')) createRequests += 1;
      });
      await api.signIn(page, 'Frida Fields');
      await page.goto('/create');
      const submit = page.getByRole('button', { name: 'Create Auction' });
      await submit.waitFor();

      // Only the description is filled: every other field says what it needs.
      await page.getByLabel('Description', { exact: true }).fill('Solid oak, five shelves.');
      await submit.click();
      await page.getByText('Item name is required').waitFor();
      expect(await messageOf(page, 'Description')).toBeNull();
      expect(await messageOf(page, 'Starting price ($)')).toBe('Starting price is required');
      expect(await messageOf(page, 'Category')).not.toBeNull();
      expect(await messageOf(page, 'End date')).not.toBeNull();

      // A name typed: its message goes at once, the others stay.
      await page.getByLabel('Item name').pressSequentially('Oak', { delay: 20 });
      await expect.poll(() => messageOf(page, 'Item name')).toBeNull();
      expect(await page.getByLabel('Item name').getAttribute('aria-invalid')).toBeNull();
      expect(await page.getByText('Item name is required').count()).toBe(0);
      expect(await messageOf(page, 'Starting price ($)')).toBe('Starting price is required');

      // A field in error follows what is typed: wrong, then right.
      await page.getByLabel('Starting price ($)').fill('0');
      await expect.poll(() => messageOf(page, 'Starting price ($)')).toBe('Starting price must be at least $1');
      await page.getByLabel('Starting price ($)').fill('40');
      await expect.poll(() => messageOf(page, 'Starting price ($)')).toBeNull();

      await page.getByLabel('Category').selectOption('Home & Garden');
      await expect.poll(() => messageOf(page, 'Category')).toBeNull();

      // A field that showed no message gets none while it changes, even emptied.
      await page.getByLabel('Description', { exact: true }).fill('');
      expect(await messageOf(page, 'Description')).toBeNull();
      await page.getByLabel('Description', { exact: true }).fill('Solid oak, five shelves.');

      // An end before the start: settled by moving the start, not only by the end itself.
      await page.getByLabel('Start date').fill(await browserDay(page, 3));
      await page.getByLabel('End date').fill(await browserDay(page, 2));
      await expect.poll(() => messageOf(page, 'End date')).toBe('End date must be after start date.');
      // From the top: the sticky header would otherwise be painted mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `create-messages-${width}`);
      await page.getByLabel('Start date').fill(await browserDay(page, 1));
      await expect.poll(() => messageOf(page, 'End date')).toBeNull();

      // The photo's message is the picker's own, and stays until a photo is chosen.
      expect(await page.getByText('Please upload an image.').count()).toBe(1);
      expect(createRequests).toBe(0);
    });
  }
});
