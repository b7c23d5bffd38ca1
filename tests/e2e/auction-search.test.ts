// The /auction page's search box, status and sort in Chromium: typing narrows the list once typing
// pauses, the choices live in the address (a reload and Back show the same list), and a search
// with no match says so. Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { Category } from '../../src/shared/constants';
import { axeReport } from './axe';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 60 * 60 * 1000;

describeBrowser('searching and sorting the auction list', () => {
  const e2e = useBrowserHarness();
  let sellerToken = '';

  async function apiCreateAuction(fields: {
    name: string;
    description: string;
    category: Category;
    price: number;
    days: number;
    hue: number;
  }) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${fields.hue},40%,80%)"/></svg>`;
    const photo = await sharp(Buffer.from(svg)).png().toBuffer();
    const now = Date.now();
    const form = new FormData();
    form.set('itemName', fields.name);
    form.set('itemDescription', fields.description);
    form.set('itemCategory', fields.category);
    form.set('startingPrice', String(fields.price));
    form.set('itemStartDate', new Date(now).toISOString());
    form.set('itemEndDate', new Date(now + fields.days * DAY_MS).toISOString());
    form.set('itemPhoto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${e2e.baseUrl}/api/auction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerToken}` },
      body: form,
    });
    expect(response.status).toBe(201);
  }

  beforeAll(async () => {
    const response = await fetch(`${e2e.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sally Seller', email: uniqueEmail('sally'), password: PASSWORD }),
    });
    sellerToken = ((await response.json()) as { token: string }).token;
    const items = [
      { name: 'Café table', description: 'Small round table from a Paris café.', category: 'Home & Garden', price: 50, days: 3, hue: 30 },
      { name: 'Racing bicycle', description: 'Steel frame, new tyres, ready to ride.', category: 'Sports', price: 120, days: 5, hue: 200 },
      { name: 'Bicycle bell', description: 'Brass bell, loud and clear.', category: 'Sports', price: 15, days: 2, hue: 50 },
      {
        name: 'Student violin',
        description: 'A violin with its bow and case.',
        category: 'Musical Instruments',
        price: 300,
        days: 4,
        hue: 280,
      },
      { name: 'Cafetière', description: 'French press for coffee, one litre.', category: 'Home & Garden', price: 30, days: 6, hue: 15 },
    ] as const;
    for (const item of items) await apiCreateAuction({ ...item, category: item.category });
  });

  async function signIn(page: Page) {
    const response = await page.request.post('/api/auth/signup', {
      data: { name: 'Bea Browser', email: uniqueEmail('bea'), password: PASSWORD },
    });
    expect(response.status()).toBe(201);
  }

  /** The names on the cards, in order, once the list has settled (no dimmed, refreshing list). */
  async function cardNames(page: Page): Promise<string[]> {
    await page
      .locator('[aria-busy="true"]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    return page.getByRole('heading', { level: 2 }).allInnerTexts();
  }

  async function expectCards(page: Page, names: string[]) {
    await expect.poll(() => cardNames(page), { timeout: 5000 }).toEqual(names);
  }

  it('type a search, pick a sort, reload: the same list and address; Back undoes one step at a time', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/auction');
    await expectCards(page, ['Cafetière', 'Student violin', 'Bicycle bell', 'Racing bicycle', 'Café table']);

    const search = page.getByLabel('Search auctions');
    await search.pressSequentially('bic', { delay: 40 });
    await expectCards(page, ['Bicycle bell', 'Racing bicycle']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('bic');

    await page.getByLabel('Sort by').selectOption({ label: 'Highest price' });
    await expectCards(page, ['Racing bicycle', 'Bicycle bell']);
    expect(new URL(page.url()).search).toBe('?q=bic&sort=price_desc');
    await e2e.screenshot(page, 'auction-search-1280');

    await page.reload();
    await expectCards(page, ['Racing bicycle', 'Bicycle bell']);
    await expect.poll(() => page.getByLabel('Search auctions').inputValue()).toBe('bic');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_desc');

    // Back: first the sort goes, then the search; the box follows the address.
    await page.goBack();
    await expectCards(page, ['Bicycle bell', 'Racing bicycle']);
    expect(new URL(page.url()).search).toBe('?q=bic');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');
    await page.goBack();
    await expectCards(page, ['Cafetière', 'Student violin', 'Bicycle bell', 'Racing bicycle', 'Café table']);
    await expect.poll(() => page.getByLabel('Search auctions').inputValue()).toBe('');
    expect(await axeReport(page, 'the auction list at 1280 px')).toBe('');
  });

  it('while a search loads, the last results stay dimmed with their time left, not "Ended"', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/auction');
    await expectCards(page, ['Cafetière', 'Student violin', 'Bicycle bell', 'Racing bicycle', 'Café table']);
    const timesLeft = () =>
      page
        .getByRole('main')
        .getByRole('article')
        .getByText(/ left$|^Ended$/)
        .allInnerTexts();
    const before = await timesLeft();
    expect(before).toHaveLength(5);
    expect(before).not.toContain('Ended');

    // The next search's answer is held: the old cards stand in for it meanwhile.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes('auction.list'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByLabel('Search auctions').fill('violin');
    await page.locator('[aria-busy="true"]').waitFor();
    expect(await timesLeft()).toEqual(before);

    release();
    await expectCards(page, ['Student violin']);
    expect(await timesLeft()).toEqual([before[1]]);
  });

  it('accents and case do not matter; no match says so and offers every auction back; the clear button empties the box', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await signIn(page);
    // A shared link opens the search it names.
    await page.goto('/auction?q=CAFE&sort=price_asc');
    await expectCards(page, ['Cafetière', 'Café table']);
    await e2e.screenshot(page, 'auction-search-360');

    const search = page.getByLabel('Search auctions');
    await search.fill('harpsichord');
    await expect.poll(() => page.getByText('No auctions match “harpsichord”.').isVisible()).toBe(true);
    await e2e.screenshot(page, 'auction-search-empty-360', { fullPage: false });
    expect(await axeReport(page, 'a search with no match at 360 px')).toBe('');

    await page.getByRole('button', { name: 'Show all auctions' }).click();
    await expectCards(page, ['Bicycle bell', 'Cafetière', 'Café table', 'Racing bicycle', 'Student violin']);
    expect(await search.inputValue()).toBe('');

    await search.fill('violin');
    await expectCards(page, ['Student violin']);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=price_asc');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await expectCards(page, ['Bicycle bell', 'Cafetière', 'Café table', 'Racing bicycle', 'Student violin']);
  });
});
