// The /auction list on a phone (360 px) with every category present: the category chips are one
// row that scrolls sideways (reached by keyboard, the chosen one in view), their room is held while
// they load so nothing moves when they come, the search box's hint fits, and the first card starts
// on the first screen. Screenshots at 360 and 1280 px.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/shared/constants';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

const PHONE = { width: 360, height: 740 };

describeBrowser('the auction list on a phone', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  beforeAll(async () => {
    const seller = await api.user('Cat Seller');
    // One auction in each of the 13 categories: every chip is offered.
    for (const [i, category] of CATEGORIES.entries()) {
      await api.createAuction(seller.token, { name: `${category} lot`, category, price: 20 + i, hue: i * 27 });
    }
  }, 60_000);

  const chips = (page: Page) => page.getByRole('group', { name: 'Filter by category' });

  /** Whether the chip is wholly inside its scrolling row. */
  const inView = (page: Page, name: string) =>
    chips(page)
      .getByRole('button', { name, exact: true })
      .evaluate((el) => {
        const box = el.getBoundingClientRect();
        const frame = el.parentElement!.getBoundingClientRect();
        return box.left >= frame.left - 1 && box.right <= frame.right + 1;
      });

  /** Holds every tRPC call that includes `procedure` (alone or in a batch) until the returned function is called. */
  async function holdRequests(page: Page, procedure: string): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const matches = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure);
    await page.route(matches, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  /** Starts summing layout shifts (not caused by input) from the page's first paint on, buffered. */
  async function watchLayoutShifts(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __shifts: string[] };
      w.__shift = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
        >) {
          if (entry.hadRecentInput) continue;
          w.__shift += entry.value;
          const nodes = (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
          );
          w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }

  const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  const shiftSources = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts.join('\n'));

  async function waitForCards(page: Page, count: number) {
    await expect.poll(() => page.getByRole('main').getByRole('article').count(), { timeout: 10_000 }).toBe(count);
  }

  it('keeps the chips to one scrolling row whose room is held while they load: no shift, the first card on the first screen', async () => {
    const page = await e2e.newPage(PHONE);
    await api.signIn(page, 'Pia Phone');
    await watchLayoutShifts(page);
    // While the categories (and the list, asked in the same batch) are on their way, a placeholder
    // row holds the chips' room.
    const release = await holdRequests(page, 'auction.categories');
    await page.goto('/auction');
    const placeholder = page.getByTestId('category-filter-placeholder');
    await placeholder.waitFor();
    const held = (await placeholder.boundingBox())!;
    release();
    await waitForCards(page, 12);
    await expect.poll(() => chips(page).getByRole('button').count()).toBe(CATEGORIES.length + 1);
    // Photos in view decode and paint, and anything late would have moved by now.
    await page.waitForFunction(() =>
      [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete),
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    const shift = await layoutShift(page);
    expect(shift, `layout shifts:\n${await shiftSources(page)}`).toBeLessThan(0.02);

    // The row: as tall as one chip (plus room for the focus ring), as tall as its placeholder was,
    // scrolling sideways inside itself, never the page.
    const row = (await chips(page).boundingBox())!;
    const chip = (await chips(page).getByRole('button', { name: 'All' }).boundingBox())!;
    expect(row.height).toBeLessThan(chip.height * 2);
    expect(row.y).toBeCloseTo(held.y, 0);
    expect(row.height).toBeCloseTo(held.height, 0);
    expect(await chips(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The first card starts on the first screen.
    const firstCard = (await page.getByRole('main').getByRole('article').first().boundingBox())!;
    expect(firstCard.y).toBeLessThan(PHONE.height);

    // The search box's hint fits in the box.
    const hint = await page.getByLabel('Search auctions').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, width: context.measureText(input.placeholder).width, room };
    });
    expect(hint.text).not.toBe('');
    expect(hint.width, `"${hint.text}"`).toBeLessThanOrEqual(hint.room);

    await e2e.screenshot(page, 'auction-list-360', { fullPage: false });
    expect(await axeReport(page, 'the auction list at 360 px')).toBe('');
  });

  it('reaches every chip by keyboard, scrolling it into view, and shows the chosen one when the page opens', async () => {
    const page = await e2e.newPage(PHONE);
    await api.signIn(page, 'Kim Keys');
    await page.goto('/auction');
    const all = chips(page).getByRole('button', { name: 'All' });
    await all.waitFor();
    await waitForCards(page, 12);

    await all.focus();
    const last = chips(page).getByRole('button').last();
    for (let i = 0; i < CATEGORIES.length; i += 1) await page.keyboard.press('Tab');
    expect(await last.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => inView(page, 'Other')).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Other (1)' }).waitFor();
    expect(await last.getAttribute('aria-pressed')).toBe('true');

    // Opened on a category at the far end of the row: the chosen chip is in view, not hidden past the edge.
    await page.goto('/auction?category=Vehicles');
    await page.getByRole('heading', { level: 1, name: 'Vehicles (1)' }).waitFor();
    await expect.poll(() => inView(page, 'Vehicles')).toBe(true);
    expect(await chips(page).getByRole('button', { name: 'Vehicles' }).getAttribute('aria-pressed')).toBe('true');
    await e2e.screenshot(page, 'auction-list-category-360', { fullPage: false });
  });

  it('keeps one row on a wide screen too, with the chosen chip in view', async () => {
    const page = await e2e.newPage();
    await api.signIn(page, 'Wes Wide');
    await page.goto('/auction?category=Other');
    await page.getByRole('heading', { level: 1, name: 'Other (1)' }).waitFor();
    const row = (await chips(page).boundingBox())!;
    const chip = (await chips(page).getByRole('button', { name: 'All' }).boundingBox())!;
    expect(row.height).toBeLessThan(chip.height * 2);
    await expect.poll(() => inView(page, 'Other')).toBe(true);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await e2e.screenshot(page, 'auction-list-1280', { fullPage: false });
  });
});
