// The auction screens in Chromium: create with a photo, live bids between two browsers, the form's
// own checks, the category filter, the dashboard counters, the landing page, and screenshots.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATEGORIES, type Category } from '../../src/shared/constants';
import { DAY_MS, PASSWORD, photo, testApi, type AuctionFields } from './api';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

interface Created {
  id: string;
  name: string;
  category: Category;
}

describeBrowser('auction screens', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);
  const { user: apiUser, signIn: signInContext, bid: apiBid } = api;
  /** Every auction this file made, oldest first: the server's database holds exactly these. */
  const created: Created[] = [];
  let dir = '';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'open-auction-e2e-files-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const newest = (n: number) => created.slice(-n).reverse();

  // ---------------------------------------------------------------- helpers through the API

  /** An auction listed through the API, remembered as made by this file. */
  async function apiCreateAuction(token: string, fields: AuctionFields): Promise<Created> {
    const { id, name, category } = await api.createAuction(token, fields);
    created.push({ id, name, category });
    return { id, name, category };
  }

  // ---------------------------------------------------------------- helpers in the page

  /** The <dd> that follows the <dt> with this exact text (the detail facts and the dashboard counters). */
  function fact(page: Page, term: string): Locator {
    return page.locator(`dt:text-is("${term}") + dd`);
  }

  async function waitForFact(page: Page, term: string, value: string) {
    await fact(page, term)
      .filter({ hasText: new RegExp(`^\\s*${value.replace(/[$.]/g, '\\$&')}\\s*$`) })
      .waitFor();
  }

  async function waitForPath(page: Page, path: string | RegExp) {
    await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
  }

  function cards(scope: Page | Locator): Locator {
    return scope.getByRole('article');
  }

  async function cardNames(scope: Page | Locator): Promise<string[]> {
    return (await cards(scope).getByRole('heading').allInnerTexts()).map((t) => t.trim());
  }

  /** Waits until exactly `n` cards are shown (the list may still be replacing a skeleton or a filter). */
  async function waitForCardCount(scope: Page | Locator, n: number) {
    await expect.poll(() => cards(scope).count(), { timeout: 10_000 }).toBe(n);
  }

  /** Lazy images load before a full-page screenshot, and every image on the page actually decoded. */
  async function waitForImages(page: Page) {
    await page.evaluate(() => {
      for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    });
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    // Decoded too, or a full-page capture paints the ones below the fold as empty boxes.
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
  }

  /** A full-page screenshot from the top (a sticky header would otherwise be painted mid-page). */
  async function shoot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    // An open sheet covers the screen, not the page: the screen is what a visitor sees then.
    await e2e.screenshot(page, name, { fullPage: !(await page.locator('dialog[open]').count()) });
  }

  /** Holds every tRPC call that includes `procedure` (alone or in a batch) until the returned function is called. */
  async function holdRequests(page: Page, procedure: string): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const matches = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure);
    await page.route(matches, async (route) => {
      await held;
      await route.continue();
    });
    // Released, the handler lets this and every later request through at once.
    return release;
  }

  async function noSidewaysScroll(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }

  /** YYYY-MM-DD in the browser's own time zone, `days` from today. */
  async function browserDay(page: Page, days: number): Promise<string> {
    return page.evaluate((d) => {
      const date = new Date();
      date.setDate(date.getDate() + d);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    }, days);
  }

  function photoInput(page: Page): Locator {
    return page.locator('input[type="file"][name="itemPhoto"]');
  }

  async function writeFile(name: string, content: Buffer | string): Promise<string> {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  // ---------------------------------------------------------------- the tests

  it('creates an auction with a photo, and a second browser’s bid reaches the seller’s page live', async () => {
    const seller = await e2e.newPage();
    const sellerEmail = uniqueEmail('seller');
    await seller.goto('/signup');
    await seller.getByLabel('Full Name').fill('Sofia Seller');
    await seller.getByLabel('Email').fill(sellerEmail);
    await seller.getByLabel('Password').fill(PASSWORD);
    await seller.getByRole('button', { name: 'Sign up' }).click();
    await waitForPath(seller, '/');
    await seller.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The dashboard's own button (the menu's link is inside the closed dialog).
    await seller.getByRole('main').getByRole('link', { name: 'Create Auction' }).click();
    await waitForPath(seller, '/create');
    await seller.getByRole('heading', { name: 'Create Auction', level: 1 }).waitFor();

    const name = 'Vintage Film Camera';
    const today = await browserDay(seller, 0);
    const endDay = await browserDay(seller, 4);
    await seller.getByLabel('Item name').fill(name);
    await seller
      .getByLabel('Description', { exact: true })
      .fill('A 1970s rangefinder in full working order, with its leather case and strap.');
    await seller.getByLabel('Category').selectOption('Electronics');
    await seller.getByLabel('Starting price ($)').fill('120');
    expect(await seller.getByLabel('Start date').inputValue()).toBe(today);
    await seller.getByLabel('Start date').fill(today);
    await seller.getByLabel('End date').fill(endDay);
    const photoPath = await writeFile('camera.png', await photo(25));
    await photoInput(seller).setInputFiles(photoPath);
    const preview = seller.getByRole('img', { name: 'Preview of camera.png' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Hold the upload to see the pending state without racing it.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await seller.route('**/trpc/auction.create**', async (route) => {
      await held;
      await route.continue();
    });
    await seller.getByRole('button', { name: 'Create Auction' }).click();
    const pending = seller.getByRole('button', { name: 'Creating Auction...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    await waitForPath(seller, /^\/auction\/\d+$/);
    const id = new URL(seller.url()).pathname.split('/').pop()!;
    created.push({ id, name, category: 'Electronics' });

    await seller.getByRole('heading', { name, level: 1 }).waitFor();
    const main = seller.getByRole('main');
    await main.getByText('Electronics', { exact: true }).waitFor();
    await main.getByText('Active', { exact: true }).waitFor();
    await waitForFact(seller, 'Starting price', '$120');
    await waitForFact(seller, 'Current price', '$120');
    await waitForFact(seller, 'Total bids', '0');
    // The seller is not invited to bid on their own auction.
    await main.getByText('No bids yet. Bids will appear here as soon as someone bids.').waitFor();
    await main.getByText('This is your auction: you cannot bid on it.').waitFor();
    expect(await seller.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);
    expect(await seller.getByLabel(/Your bid/).count()).toBe(0);
    const photoOnPage = main.getByRole('img', { name });
    await seller.waitForFunction(
      (alt) => [...document.images].some((img) => img.alt === alt && img.complete && img.naturalWidth > 0),
      name,
    );
    // Photo URLs are absolute on PUBLIC_URL (localhost by default), while this page is opened as 127.0.0.1.
    expect(await photoOnPage.getAttribute('src')).toMatch(/^http:\/\/localhost:\d+\/uploads\//);

    // From here the seller's page must change without a reload, and without asking for the auction again.
    await seller.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    let sellerRefetches = 0;
    seller.on('request', (request) => {
      if (request.url().includes('auction.byId')) sellerRefetches += 1;
    });

    // A second user, in a browser context of their own.
    const bidder = await e2e.newPage();
    await signInContext(bidder, 'Bruno Bidder');
    await bidder.goto(`/auction/${id}`);
    await bidder.getByRole('heading', { name, level: 1 }).waitFor();
    await bidder.getByText('No bids yet. Be the first to bid!').waitFor();
    const bidInput = bidder.getByLabel('Your bid ($121 to $130)');
    await bidInput.fill('125');
    await bidder.getByRole('button', { name: 'Place Bid' }).click();

    await bidder.getByRole('status').filter({ hasText: 'Your bid of $125 is the highest bid.' }).waitFor();
    await waitForFact(bidder, 'Current price', '$125');
    await bidder.getByLabel('Your bid ($126 to $135)').waitFor();
    expect(await bidder.getByLabel('Your bid ($126 to $135)').inputValue()).toBe('');

    // The seller's browser, untouched: price, count and history follow over the live channel.
    await waitForFact(seller, 'Current price', '$125');
    await waitForFact(seller, 'Total bids', '1');
    const history = seller.getByRole('region', { name: 'Bid History' });
    const row = history.getByRole('listitem').filter({ hasText: 'Bruno Bidder' });
    await row.waitFor();
    expect(await row.innerText()).toContain('$125');
    expect(await history.getByText(/^No bids yet/).count()).toBe(0);
    expect(await seller.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(sellerRefetches).toBe(0);

    await waitForImages(seller);
    await shoot(seller, 'auction-seller-live-1280');
    await waitForImages(bidder);
    await shoot(bidder, 'auction-bidder-after-bid-1280');
  });

  it('refuses an out-of-range bid: in the form at once, and from the server naming the current price', async () => {
    const seller = await apiUser('Sam Seller');
    const auction = await apiCreateAuction(seller.token, { name: 'Brass Ship Clock', category: 'Antiques', price: 50, hue: 40 });
    const rival = await apiUser('Rita Rival');

    const page = await e2e.newPage();
    // This browser misses live updates, so its price goes stale while another bid lands.
    await page.route('**/trpc/live.events**', (route) => route.abort());
    let bidRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('auction.placeBid')) bidRequests += 1;
    });
    await signInContext(page, 'Carla Late');
    await page.goto(`/auction/${auction.id}`);
    const input = page.getByLabel('Your bid ($51 to $60)');
    await input.waitFor();

    // Out of the bounds the label shows: the form says so and sends nothing.
    await input.fill('75');
    await page.getByRole('button', { name: 'Place Bid' }).click();
    await page.getByText('Your bid must be between $51 and $60: the current price is $50.').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(bidRequests).toBe(0);

    // Another bidder takes the price to $60; this page still shows $50 and lets $55 through; the server refuses.
    await apiBid(rival.token, auction.id, 60);
    await input.fill('55');
    await page.getByRole('button', { name: 'Place Bid' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'the current price is $60' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Your bid must be between $61 and $70');
    expect(bidRequests).toBe(1);
  });

  it('checks the create form in the browser: no photo, a non-image file, a too-large file, the dates, and removing the photo', async () => {
    const page = await e2e.newPage();
    let createRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('auction.create')) createRequests += 1;
    });
    await signInContext(page, 'Fatima Form');
    await page.goto('/create');
    const submit = page.getByRole('button', { name: 'Create Auction' });
    await submit.waitFor();
    await page.getByRole('complementary', { name: 'Tips for a great listing' }).waitFor();

    // Everything else valid, no photo.
    await page.getByLabel('Item name').fill('Oak Bookshelf');
    await page.getByLabel('Description', { exact: true }).fill('Solid oak, five shelves.');
    await page.getByLabel('Category').selectOption('Home & Garden');
    await page.getByLabel('Starting price ($)').fill('40');
    await page.getByLabel('End date').fill(await browserDay(page, 3));
    await submit.click();
    await page.getByText('Please upload an image.').waitFor();
    // The only problem is the photo: the picker takes the focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('itemPhoto');

    const textPath = await writeFile('notes.txt', 'not an image');
    await photoInput(page).setInputFiles(textPath);
    await page.getByText('Only image files are allowed.').waitFor();
    expect(await page.getByRole('img', { name: /^Preview of/ }).count()).toBe(0);
    expect(await photoInput(page).inputValue()).toBe('');

    await photoInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await page.getByText('File size must be less than 5 MB.').waitFor();
    expect(await page.getByRole('img', { name: /^Preview of/ }).count()).toBe(0);

    // A good photo clears the message and shows a preview; Remove takes both the preview and the file away.
    await photoInput(page).setInputFiles(await writeFile('shelf.jpg', await photo(120, 'jpeg')));
    const preview = page.getByRole('img', { name: 'Preview of shelf.jpg' });
    await preview.waitFor();
    expect(await page.getByText('File size must be less than 5 MB.').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await preview.waitFor({ state: 'detached' });
    await page.getByText('Choose photos').waitFor();
    expect(await photoInput(page).inputValue()).toBe('');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('itemPhoto');

    // End before start.
    await photoInput(page).setInputFiles(await writeFile('shelf2.png', await photo(140)));
    await page.getByLabel('Start date').fill(await browserDay(page, 3));
    await page.getByLabel('End date').fill(await browserDay(page, 2));
    await submit.click();
    await page.getByText('End date must be after start date.').waitFor();
    expect(await page.getByLabel('End date').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Please upload an image.').count()).toBe(0);

    expect(createRequests).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/create');
  });

  it('keeps the item, the price and a Place bid button on a phone’s first screen, bids through the sheet, and hides nothing at the end of the page', async () => {
    const seller = await apiUser('Pia Porter');
    const auction = await apiCreateAuction(seller.token, {
      name: 'Art Deco Table Lamp with Frosted Glass Shade',
      category: 'Antiques',
      price: 70,
      hue: 50,
      description:
        'Chrome and frosted glass, around 1930, rewired last year. A small chip under the base, invisible when standing. ' +
        'Collection in person or insured delivery.',
    });
    const rival = await apiUser('Rob Rival');
    for (const amount of [72, 76, 80]) await apiBid(rival.token, auction.id, amount);

    const page = await e2e.newPage({ width: 360, height: 640 });
    await signInContext(page, 'Fern Phone');
    await page.goto(`/auction/${auction.id}`);
    const bar = page.getByRole('region', { name: 'Place a bid' });
    const opener = bar.getByRole('button', { name: 'Place bid', exact: true });
    await opener.waitFor();
    await waitForImages(page);
    await bar.getByText('$80', { exact: true }).waitFor();

    /** The element is inside the viewport, below the header, and nothing is painted over its middle. */
    const inPlainSight = (locator: Locator) =>
      locator.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.top >= header.bottom && box.bottom <= window.innerHeight && el.contains(hit);
      });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await inPlainSight(page.getByRole('heading', { level: 1, name: auction.name }))).toBe(true);
    expect(await inPlainSight(opener)).toBe(true);
    expect(await inPlainSight(bar.getByText('$80', { exact: true }))).toBe(true);
    await e2e.screenshot(page, 'auction-bid-bar-360', { fullPage: false });

    // The sheet holds the bid form itself: a bid from there goes through.
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Place a bid' });
    const input = sheet.getByLabel('Your bid ($81 to $90)');
    await input.fill('85');
    expect(await inPlainSight(input)).toBe(true);
    await sheet.getByRole('button', { name: 'Place Bid', exact: true }).click();
    await sheet.getByRole('status').filter({ hasText: 'Your bid of $85 is the highest bid.' }).waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await bar.getByText('$85', { exact: true }).waitFor();

    // At the end of the page the bar is back in its own place: the history and the footer are uncovered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const history = page.getByRole('region', { name: 'Bid History' });
    await history.getByRole('listitem').nth(3).waitFor();
    expect(await inPlainSight(history.getByRole('listitem').last())).toBe(true);
    expect(await inPlainSight(page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }))).toBe(true);
    await e2e.screenshot(page, 'auction-bid-bar-end-360', { fullPage: false });
  });

  it('refuses the same day as start and end: the end must be after the start, and nothing is created', async () => {
    const page = await e2e.newPage();
    let createRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('auction.create')) createRequests += 1;
    });
    const account = await signInContext(page, 'Dana Sameday');
    await page.goto('/create');
    await page.getByLabel('Item name').fill('Garden Bench');
    await page.getByLabel('Description', { exact: true }).fill('Teak, seats three.');
    await page.getByLabel('Category').selectOption('Home & Garden');
    await page.getByLabel('Starting price ($)').fill('90');
    await photoInput(page).setInputFiles(await writeFile('bench.png', await photo(90)));
    await page.getByRole('img', { name: 'Preview of bench.png' }).waitFor();

    const today = await browserDay(page, 0);
    await page.getByLabel('Start date').fill(today);
    await page.getByLabel('End date').fill(today);
    // The date picker itself offers the day after the start as the first end day.
    expect(await page.getByLabel('End date').getAttribute('min')).toBe(await browserDay(page, 1));
    await page.getByRole('button', { name: 'Create Auction' }).click();

    await page.getByText('End date must be after start date.').waitFor();
    expect(await page.getByLabel('End date').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('itemEndDate');
    expect(createRequests).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/create');
    const mine = await fetch(`${e2e.baseUrl}/api/auction/myauction`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(await mine.json()).toEqual([]);
  });

  it('brings the field that takes the focus into view below the sticky header, label included', async () => {
    for (const { width, height } of [
      { width: 1280, height: 800 },
      { width: 360, height: 640 },
    ]) {
      const page = await e2e.newPage({ width, height });
      await signInContext(page, 'Hugo Header');
      await page.goto('/create');
      // From the bottom of the page, where the button is: on a phone the first field is a long way up.
      await page.getByRole('complementary', { name: 'Tips for a great listing' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole('button', { name: 'Create Auction' }).click();
      await page.getByText('Please upload an image.').waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('itemName');

      const place = await page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement;
        const label = document.querySelector(`label[for="${field.id}"]`)!;
        return {
          headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
          labelTop: label.getBoundingClientRect().top,
          fieldBottom: field.getBoundingClientRect().bottom,
        };
      });
      expect(place.labelTop).toBeGreaterThanOrEqual(place.headerBottom);
      expect(place.fieldBottom).toBeLessThanOrEqual(height);
      await e2e.screenshot(page, `create-focus-${width}`, { fullPage: false });
    }
  });

  it('lists auctions with a count and filters them by the categories present', async () => {
    const seller = await apiUser('Felix Filter');
    await apiCreateAuction(seller.token, { name: 'Watercolour Harbour Scene', category: 'Art', price: 80, hue: 200 });
    await apiCreateAuction(seller.token, { name: 'Bronze Dancer Figure', category: 'Art', price: 150, hue: 30 });
    await apiCreateAuction(seller.token, { name: 'First Edition Novel', category: 'Books', price: 60, hue: 10 });
    const artCount = created.filter((a) => a.category === 'Art').length;

    const page = await e2e.newPage();
    await signInContext(page, 'Lena Lister');
    await page.goto('/auction');
    await page.getByRole('heading', { level: 1, name: `All Auctions (${created.length})` }).waitFor();
    await waitForCardCount(page.getByRole('main'), created.length);
    expect(await cardNames(page.getByRole('main'))).toEqual(newest(created.length).map((a) => a.name));

    const filter = page.getByRole('group', { name: 'Filter by category' });
    const present = CATEGORIES.filter((c) => created.some((a) => a.category === c));
    const buttons = filter.getByRole('button');
    await expect.poll(() => buttons.allInnerTexts()).toEqual(['All', ...present]);
    expect(await filter.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(await filter.getByRole('button', { name: 'Toys' }).count()).toBe(0);

    await filter.getByRole('button', { name: 'Art' }).click();
    await page.getByRole('heading', { level: 1, name: `Art (${artCount})` }).waitFor();
    await waitForCardCount(page.getByRole('main'), artCount);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Art');
    expect(await filter.getByRole('button', { name: 'Art' }).getAttribute('aria-pressed')).toBe('true');
    for (const card of await cards(page.getByRole('main')).all()) {
      expect(await card.getByText('Art', { exact: true }).count()).toBe(1);
    }

    await filter.getByRole('button', { name: 'All' }).click();
    await page.getByRole('heading', { level: 1, name: `All Auctions (${created.length})` }).waitFor();
    await waitForCardCount(page.getByRole('main'), created.length);

    // A category with nothing in it is not offered; reached by its address, it says so.
    await page.goto('/auction?category=Toys');
    await page.getByText('No auctions found in this category.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Toys (0)' }).waitFor();
    expect(await cards(page.getByRole('main')).count()).toBe(0);

    // A card leads to its auction.
    await page.goto('/auction?category=Books');
    await page.getByRole('link', { name: 'View Details of First Edition Novel' }).click();
    await waitForPath(page, /^\/auction\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'First Edition Novel' }).waitFor();
  });

  it('shows the dashboard counters and sections, and the empty state to a user with no auctions', async () => {
    const page = await e2e.newPage();
    const dora = await signInContext(page, 'Dora Dashboard');
    const mine = [
      await apiCreateAuction(dora.token, { name: 'Road Bike, Steel Frame', category: 'Sports', price: 200, hue: 160 }),
      await apiCreateAuction(dora.token, { name: 'Tin Toy Robot', category: 'Toys', price: 35, hue: 0 }),
    ];

    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await waitForFact(page, 'Total Auctions', String(created.length));
    await waitForFact(page, 'Active Auctions', String(created.length));
    await waitForFact(page, 'Your Auctions', '2');

    const all = page.getByRole('region', { name: 'All Auctions' });
    await waitForCardCount(all, 3);
    expect(await cardNames(all)).toEqual(newest(3).map((a) => a.name));
    expect(await all.getByRole('link', { name: /View More/ }).getAttribute('href')).toBe('/auction');

    const yours = page.getByRole('region', { name: 'Your Auctions' });
    await waitForCardCount(yours, 2);
    expect(await cardNames(yours)).toEqual([...mine].reverse().map((a) => a.name));
    const more = yours.getByRole('link', { name: /View More/ });
    expect(await more.getAttribute('href')).toBe('/myauction');

    await more.click();
    await waitForPath(page, '/myauction');
    await page.getByRole('heading', { level: 1, name: 'My All Auctions' }).waitFor();
    await waitForCardCount(page.getByRole('main'), 2);
    expect(await cardNames(page.getByRole('main'))).toEqual([...mine].reverse().map((a) => a.name));

    // Someone new: nothing of their own yet.
    const fresh = await e2e.newPage();
    await signInContext(fresh, 'Nora New');
    await fresh.goto('/');
    await waitForFact(fresh, 'Total Auctions', String(created.length));
    await waitForFact(fresh, 'Your Auctions', '0');
    const empty = fresh.getByRole('region', { name: 'Your Auctions' });
    await empty.getByText("You haven't created any auctions yet").waitFor();
    const first = empty.getByRole('link', { name: 'Create Your First Auction' });
    expect(await first.getAttribute('href')).toBe('/create');
    await waitForCardCount(fresh.getByRole('region', { name: 'All Auctions' }), 3);
    await first.click();
    await waitForPath(fresh, '/create');

    await fresh.goto('/myauction');
    await fresh.getByRole('heading', { level: 1, name: 'My All Auctions' }).waitFor();
    await fresh.getByText("You haven't created any auctions yet").waitFor();
  });

  it('shows visitors the hero and the three newest live auctions on the landing page', async () => {
    expect(created.length).toBeGreaterThanOrEqual(3);
    const page = await e2e.newPage();
    await page.goto('/');
    const hero = page.getByRole('region', { name: /Bid on what you love/ });
    await hero.waitFor();
    expect(await hero.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(await hero.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');

    const live = page.getByRole('region', { name: 'Live auctions' });
    await waitForCardCount(live, 3);
    expect(await cardNames(live)).toEqual(newest(3).map((a) => a.name));
    await waitForImages(page);
  });

  it('takes screenshots of the auction screens at 1280 px and 360 px, with no sideways scrolling', async () => {
    const seller = await apiUser('Priya Patel');
    const listing = await apiCreateAuction(seller.token, {
      name: 'Mid-Century Walnut Sideboard with Original Brass Handles',
      category: 'Home & Garden',
      price: 340,
      days: 6,
      hue: 28,
      description:
        'Walnut veneer sideboard from around 1962, three drawers and two cupboards. Light wear on the top, handles polished. ' +
        'Measures 180 × 45 × 80 cm. Collection from Leeds or insured delivery at cost.',
    });
    const bidders = [await apiUser('Tom Becker'), await apiUser('Alexandra Konstantinopoulou-Smythe')];
    await apiBid(bidders[0]!.token, listing.id, 345);
    await apiBid(bidders[1]!.token, listing.id, 352);
    await apiBid(bidders[0]!.token, listing.id, 360);

    for (const width of [1280, 360]) {
      const height = width === 360 ? 740 : 800;

      const visitor = await e2e.newPage({ width, height });
      await visitor.goto('/');
      await waitForCardCount(visitor.getByRole('region', { name: 'Live auctions' }), Math.min(3, created.length));
      await waitForImages(visitor);
      await noSidewaysScroll(visitor);
      await shoot(visitor, `landing-live-${width}`);

      // The seller's own browser: dashboard, their auction, their list.
      const own = await e2e.newPage({ width, height });
      const ownUser = await signInContext(own, 'Olivia Owner');
      const ownAuction = await apiCreateAuction(ownUser.token, {
        name: `Handmade Ceramic Vase ${width}`,
        category: 'Art',
        price: 45,
        hue: 180,
      });
      await apiBid(bidders[0]!.token, ownAuction.id, 50);
      await own.goto('/');
      await waitForFact(own, 'Your Auctions', '1');
      await waitForCardCount(own.getByRole('region', { name: 'Your Auctions' }), 1);
      await waitForImages(own);
      await noSidewaysScroll(own);
      await shoot(own, `dashboard-auctions-${width}`);

      await own.goto(`/auction/${ownAuction.id}`);
      await own.getByText('This is your auction: you cannot bid on it.').waitFor();
      await own.getByRole('region', { name: 'Bid History' }).getByRole('listitem').first().waitFor();
      await waitForImages(own);
      await noSidewaysScroll(own);
      await shoot(own, `auction-seller-${width}`);

      await own.goto('/myauction');
      await own.getByRole('heading', { level: 1, name: 'My All Auctions' }).waitFor();
      await waitForCardCount(own.getByRole('main'), 1);
      await waitForImages(own);
      await noSidewaysScroll(own);
      await shoot(own, `myauction-${width}`);

      // A bidder's browser: the list, an auction with history, the create form.
      const page = await e2e.newPage({ width, height });
      await signInContext(page, 'Ben Browser');
      await page.goto('/auction');
      await waitForCardCount(page.getByRole('main'), created.length);
      await waitForImages(page);
      await noSidewaysScroll(page);
      await shoot(page, `auctions-${width}`);

      // What a slow connection shows first: skeletons with the shape of the page.
      const releaseList = await holdRequests(page, 'auction.list');
      await page.goto('/auction');
      await page.getByRole('status', { name: 'Loading auctions' }).waitFor();
      await noSidewaysScroll(page);
      await shoot(page, `auctions-loading-${width}`);
      releaseList();
      await waitForCardCount(page.getByRole('main'), created.length);

      const releaseDetail = await holdRequests(page, 'auction.byId');
      await page.goto(`/auction/${listing.id}`);
      await page.getByRole('status', { name: 'Loading auction' }).waitFor();
      await noSidewaysScroll(page);
      await shoot(page, `auction-loading-${width}`);
      releaseDetail();
      // On a phone the form waits in a sheet that the bar's button opens.
      if (width === 360) await page.getByRole('button', { name: 'Place bid', exact: true }).click();
      await page.getByLabel('Your bid ($361 to $370)').waitFor();
      await page.getByRole('region', { name: 'Bid History' }).getByRole('listitem').nth(2).waitFor();
      await waitForImages(page);
      await noSidewaysScroll(page);
      // Keyboard focus on the bid button is visible; it comes after the amount and the optional maximum.
      await page.getByLabel('Your bid ($361 to $370)').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('maxBid');
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { text: el.textContent?.trim(), style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.text).toBe('Place Bid');
      expect(outline.style).not.toBe('none');
      expect(outline.width).toBeGreaterThan(0);
      await shoot(page, `auction-bidder-${width}`);

      await page.goto('/create');
      await page.getByRole('complementary', { name: 'Tips for a great listing' }).waitFor();
      await noSidewaysScroll(page);
      await shoot(page, `create-${width}`);
      await page.getByRole('button', { name: 'Create Auction' }).click();
      await page.getByText('Please upload an image.').waitFor();
      // The first field with a message takes the focus, so a phone user sees it.
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('itemName');
      await noSidewaysScroll(page);
      await shoot(page, `create-errors-${width}`);
    }
  });

  it('shows a scheduled auction as Scheduled beside the day bidding opens, and moves an open one on to Ended when its time runs out', async () => {
    const seller = await apiUser('Stella Schedule');
    const page = await e2e.newPage();
    await signInContext(page, 'Walter Watcher');

    const scheduled = await apiCreateAuction(seller.token, {
      name: 'Silver Pocket Watch',
      category: 'Jewelry',
      price: 90,
      startsInMs: DAY_MS,
      hue: 300,
    });
    await page.goto(`/auction/${scheduled.id}`);
    await page.getByRole('heading', { name: scheduled.name, level: 1 }).waitFor();
    const main = page.getByRole('main');
    await main.getByText('Scheduled', { exact: true }).waitFor();
    await main.getByText(/^Bidding opens /).waitFor();
    expect(await main.getByText('Active', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);

    // Two minutes pass in this browser only: the page counts on from the server's answer and closes
    // the auction by itself, then asks the server for the outcome; the server's clock has the last word.
    const closing = await apiCreateAuction(seller.token, {
      name: 'Enamel Brooch',
      category: 'Jewelry',
      price: 30,
      endsInMs: 90_000,
      hue: 330,
    });
    const watcher = await e2e.newPage();
    await signInContext(watcher, 'Clara Clock');
    await watcher.clock.install();
    await watcher.goto(`/auction/${closing.id}`);
    const detail = watcher.getByRole('main');
    await detail.getByText('Active', { exact: true }).waitFor();
    await watcher.getByRole('button', { name: 'Place Bid' }).waitFor();

    const releaseOutcome = await holdRequests(watcher, 'auction.byId');
    const askedAgain = watcher.waitForRequest((request) => request.url().includes('auction.byId'));
    await watcher.clock.fastForward(2 * 60_000);
    await detail.getByText('Ended', { exact: true }).first().waitFor();
    await detail.getByText('Bidding has ended', { exact: true }).waitFor();
    await detail.getByRole('status').filter({ hasText: 'Checking the result…' }).waitFor();
    expect(await detail.getByText('Active', { exact: true }).count()).toBe(0);
    expect(await watcher.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);
    await askedAgain;

    // By the server's own clock the auction still runs (only this browser's clock jumped): the form comes back.
    releaseOutcome();
    await watcher.getByRole('button', { name: 'Place Bid' }).waitFor();
    await detail.getByText('Active', { exact: true }).waitFor();
  });
});
