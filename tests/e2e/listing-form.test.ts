// The create form's photos and listing fields in Chromium: three photos picked at once, one moved
// earlier with the keyboard, one removed, one dropped on the picker; the price order's quick message;
// the auction made with its photos in the order shown, its condition, shipping and location.
// Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

/** A plain PNG of this width (4:3), so that each photo can be told from the others once stored. */
async function sizedPhoto(width: number, hue: number): Promise<Buffer> {
  const height = Math.round((width * 3) / 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="hsl(${hue},45%,75%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="hsl(${(hue + 40) % 360},60%,40%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describeBrowser('the create form with several photos', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  /** The file names of the previews, in the order shown. */
  const previewOrder = (page: Page) =>
    page.locator('img[alt^="Preview of "]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')!.replace('Preview of ', '')));
  const photoGroup = (page: Page, position: number) => page.getByRole('group', { name: new RegExp(`^Photo ${position} of \\d`) });
  const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

  /** Drops files on the picker as a person dragging them from their desktop would. */
  async function dropFiles(page: Page, files: Array<{ name: string; bytes: Buffer }>) {
    const zone = page.getByText('or drop them here', { exact: false });
    const transfer = await page.evaluateHandle(
      (list) => {
        const data = new DataTransfer();
        for (const { name, bytes } of list) data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        return data;
      },
      files.map(({ name, bytes }) => ({ name, bytes: [...bytes] })),
    );
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
  }

  for (const width of [1280, 360]) {
    it(`takes photos picked, moved, removed and dropped, and sends them in the order shown, at ${width} px`, async () => {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      const seller = await api.signIn(page, `Pia Photos ${width}`);
      await page.goto('/create');
      await page.getByText('The first photo is the cover', { exact: false }).waitFor();

      await page.getByLabel('Item name').fill(`Oak Writing Desk ${width}`);
      await page.getByLabel('Description', { exact: true }).fill('Solid oak, three drawers, a few marks on the top.');
      await page.getByLabel('Category').selectOption('Home & Garden');
      await page.getByLabel('Condition').selectOption({ label: 'Like new' });
      await page.getByLabel('Shipping cost ($)').fill('12');
      await page.getByLabel('Location').fill('Lyon, France');
      await page.getByLabel('Starting price ($)').fill('100');

      // Three photos picked at once, shown in the order picked, the first as the cover.
      await page.getByLabel('Photos').setInputFiles([
        { name: 'a.png', mimeType: 'image/png', buffer: await sizedPhoto(1200, 20) },
        { name: 'b.png', mimeType: 'image/png', buffer: await sizedPhoto(1000, 140) },
        { name: 'c.png', mimeType: 'image/png', buffer: await sizedPhoto(800, 260) },
      ]);
      await expect.poll(() => previewOrder(page)).toEqual(['a.png', 'b.png', 'c.png']);
      expect(await photoGroup(page, 1).getByText('Cover').count()).toBe(1);
      expect(await photoGroup(page, 1).getByRole('button', { name: 'Move earlier' }).isDisabled()).toBe(true);

      // The last moved earlier with the keyboard: the focus follows it to its new place.
      await photoGroup(page, 3).getByRole('button', { name: 'Move earlier' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => previewOrder(page)).toEqual(['a.png', 'c.png', 'b.png']);
      expect(await focusedLabel(page)).toBe('Move earlier');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label'))).toMatch(
        /^Photo 2 of 3: c\.png$/,
      );
      await page.getByRole('status').filter({ hasText: 'Photo moved to position 2 of 3.' }).waitFor({ state: 'attached' });

      // The cover removed: the next photo becomes the cover.
      await photoGroup(page, 1).getByRole('button', { name: 'Remove photo' }).click();
      await expect.poll(() => previewOrder(page)).toEqual(['c.png', 'b.png']);
      expect(await photoGroup(page, 1).getByText('Cover').count()).toBe(1);

      // One more dropped on the picker joins at the end.
      await dropFiles(page, [{ name: 'd.png', bytes: await sizedPhoto(640, 320) }]);
      await expect.poll(() => previewOrder(page)).toEqual(['c.png', 'b.png', 'd.png']);

      // A reserve at the starting price is refused in the server's words before anything is sent.
      await page.getByLabel('Reserve price ($)').fill('100');
      await page.getByRole('button', { name: 'Create Auction' }).click();
      await page.getByText('Reserve price must be above the starting price').waitFor();
      await page.getByLabel('Reserve price ($)').fill('300');
      await page.getByLabel('Buy It Now price ($)').fill('250');
      await page.getByRole('button', { name: 'Create Auction' }).click();
      await page.getByText('Buy It Now price must be at least the reserve price').waitFor();
      expect(await page.getByText('Reserve price must be above the starting price').count()).toBe(0);
      await page.getByLabel('Buy It Now price ($)').fill('400');
      await expect.poll(() => page.getByText('Buy It Now price must be at least the reserve price').count()).toBe(0);

      const endDay = await page.getByLabel('End date').getAttribute('min');
      await page.getByLabel('End date').fill(endDay!);
      expect(await axeReport(page, `the create form with three photos at ${width} px`)).toBe('');
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `create-photos-${width}`);

      await page.getByRole('button', { name: 'Create Auction' }).click();
      await page.waitForURL(/\/auction\/[^/]+$/);
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const stored = (await (
        await fetch(`${e2e.baseUrl}/api/auction/${id}`, { headers: { authorization: `Bearer ${seller.token}` } })
      ).json()) as {
        photos: string[];
        itemCondition: string;
        shippingCost: number;
        itemLocation: string;
        reservePrice: number;
        buyNowPrice: number;
      };
      expect(stored).toMatchObject({
        itemCondition: 'like_new',
        shippingCost: 12,
        itemLocation: 'Lyon, France',
        reservePrice: 300,
        buyNowPrice: 400,
      });
      // The photos in the order shown: c (800 px wide), b (1000), d (640).
      const widths = await Promise.all(
        stored.photos.map(async (url) => {
          const bytes = Buffer.from(await (await fetch(new URL(url, e2e.baseUrl))).arrayBuffer());
          return (await sharp(bytes).metadata()).width;
        }),
      );
      expect(widths).toEqual([800, 1000, 640]);

      // The new page shows them as a gallery, and the listing's facts.
      await page
        .getByRole('img', { name: `Oak Writing Desk ${width}, photo 1 of 3` })
        .first()
        .waitFor();
      await page.getByText('Like new').first().waitFor();
      expect(await page.getByText('$12 shipping').count()).toBeGreaterThan(0);
      expect(await page.getByText('Lyon, France').count()).toBe(1);
    });
  }

  it('says what is wrong with a photo it cannot take, and keeps the others', async () => {
    const page = await e2e.newPage();
    await api.signIn(page, 'Rex Refused');
    await page.goto('/create');
    await page.getByLabel('Photos').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
      { name: 'ok.png', mimeType: 'image/png', buffer: await sizedPhoto(640, 90) },
    ]);
    await page.getByText('Only image files are allowed.').waitFor();
    expect(await previewOrder(page)).toEqual(['ok.png']);
    // Nine more than fit: the first eight in all are kept, and the limit is said.
    const nine = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: await sizedPhoto(320, i * 40) })),
    );
    await page.getByLabel('Photos').setInputFiles(nine);
    await page.getByText('At most 8 photos per auction.').waitFor();
    expect((await previewOrder(page)).length).toBe(8);
  });
});
