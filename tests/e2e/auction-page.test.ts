// The auction page and the auction cards in Chromium: the time left in the last 24 hours (hours and
// minutes on a card and on /mybids, a countdown on the page, never '1 day'), the phone's bid bar and
// its sheet, an ended auction's price in words, the watch star only where one may watch, the seller's
// own words for an empty history, and a row of cards whose prices line up. Screenshots at 1280 and 360 px.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { DAY_MS, testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

const HOUR_MS = 60 * 60 * 1000;

describeBrowser('the auction page and its cards', () => {
  // No soft close: a bid just before the end leaves the end where it was, so an auction can end sold within the test.
  const e2e = useBrowserHarness({ env: { SOFT_CLOSE_SECONDS: '0' } });
  const api = testApi(() => e2e.baseUrl);

  /** The <dd> that follows the <dt> with this exact text. */
  const fact = (page: Page, term: string): Locator => page.locator(`dt:text-is("${term}") + dd`);
  const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
  /** The phone's bar (and, inside it, the sheet), or the wide screen's panel. */
  const bidRegion = (page: Page) => page.getByRole('region', { name: 'Place a bid' });
  const sheet = (page: Page) => page.getByRole('dialog', { name: 'Place a bid' });
  /** The name (and the text) of the element that has the focus. */
  const focused = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

  async function waitForImages(page: Page) {
    await page.evaluate(() => {
      for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    });
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
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

  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  it('shows hours and minutes on a card and on /mybids, and a countdown on the page, in the last 24 hours: never "1 day"', async () => {
    const seller = await api.user('Tess Timer');
    const soon = await api.createAuction(seller.token, {
      name: 'Linen Summer Jacket',
      category: 'Clothing',
      price: 40,
      endsInMs: 130_000,
      hue: 10,
    });
    const today = await api.createAuction(seller.token, {
      name: 'Wool Flat Cap',
      category: 'Clothing',
      price: 20,
      endsInMs: 5 * HOUR_MS + 12.5 * 60_000,
      hue: 60,
    });
    const later = await api.createAuction(seller.token, {
      name: 'Leather Gloves',
      category: 'Clothing',
      price: 30,
      endsInMs: 30 * HOUR_MS,
      hue: 120,
    });

    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      const viewer = await api.signIn(page, `Tim Tracker ${width}`);
      await page.goto('/auction?category=Clothing');
      const timeOn = async (name: string) =>
        (
          await card(page, name)
            .getByText(/ left$|^Ended$/)
            .innerText()
        ).trim();
      await card(page, later.name).waitFor();
      // A card in its last 24 hours: hours and minutes (whole ones, as a clock counts them).
      expect(await timeOn(soon.name)).toMatch(/^([12] min|Under 1 min) left$/);
      expect(await timeOn(today.name)).toMatch(/^5 h 1[12] min left$/);
      // 30 hours: whole days, rounded up.
      expect(await timeOn(later.name)).toBe('2 days left');
      expect(await card(page, soon.name).innerText()).not.toMatch(/\bday/);
      expect(await card(page, today.name).innerText()).not.toMatch(/\bday/);
      await noSidewaysScroll(page);
      await shoot(page, `time-left-cards-${width}`);

      await page.goto(`/auction/${soon.id}`);
      await page.getByRole('heading', { level: 1, name: soon.name }).waitFor();
      // The countdown in place of the days, not beside them.
      const timeLeft = fact(page, 'Time left');
      await timeLeft.getByText(/^([12] min )?\d{1,2} s$/).waitFor();
      expect(await timeLeft.innerText()).not.toMatch(/day/);
      const first = await timeLeft.innerText();
      await expect.poll(() => timeLeft.innerText(), { timeout: 3000 }).not.toBe(first);
      // The end's date and time with its time zone.
      expect(await fact(page, 'Ends').innerText()).toMatch(/\b(UTC|GMT[+-]?\d*|[A-Z]{2,5})$/);
      if (width === 1280) {
        await bidRegion(page).getByRole('button', { name: 'Place Bid', exact: true }).waitFor();
      } else {
        // The phone's bar says the same.
        await bidRegion(page)
          .getByText(/^([12] min )?\d{1,2} s left$/)
          .waitFor();
        expect(await bidRegion(page).innerText()).not.toMatch(/\bday/);
      }
      await noSidewaysScroll(page);
      await shoot(page, `time-left-page-${width}`);

      // /mybids says it as the cards do.
      await api.bid(viewer.token, today.id, 21 + (width === 360 ? 1 : 0));
      await page.goto('/mybids');
      const row = page.getByRole('article', { name: today.name, exact: true });
      await expect.poll(() => row.locator('dt:text-is("Time left") + dd').innerText()).toMatch(/^5 h 1[12] min$/);
      await page.close();
    }
  });

  it('on a phone, keeps the item’s name and text on the first screen and bids through a sheet', async () => {
    const seller = await api.user('Pia Phone');
    const description =
      'A chrome and frosted glass table lamp from the 1930s, rewired in 2024 with a braided flex. ' +
      'The shade has one small chip on the rim, shown in the photo. Collection in person or insured post.';
    const auction = await api.createAuction(seller.token, {
      name: 'Art Deco Table Lamp',
      category: 'Antiques',
      price: 80,
      days: 4,
      hue: 45,
      description,
    });

    const page = await e2e.newPage({ width: 360, height: 740 });
    await api.signIn(page, 'Noor Narrow');
    await page.goto(`/auction/${auction.id}`);
    const h1 = page.getByRole('heading', { level: 1, name: auction.name });
    await h1.waitFor();
    const bar = bidRegion(page);
    await bar.getByRole('button', { name: 'Place bid', exact: true }).waitFor();
    await waitForImages(page);

    // The first screen: the name and the start of the text, below the header, above the bar.
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(740 + 1);
    expect(barBox.height).toBeLessThan(110);
    const headerBottom = await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().bottom);
    const nameBox = (await h1.boundingBox())!;
    expect(nameBox.y).toBeGreaterThanOrEqual(headerBottom);
    expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(barBox.y);
    const firstLine = await page.evaluate((text) => {
      const paragraph = [...document.querySelectorAll('main p')].find((p) => p.textContent === text)!;
      const range = document.createRange();
      range.setStart(paragraph.firstChild!, 0);
      range.setEnd(paragraph.firstChild!, 20);
      const rect = range.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    }, description);
    expect(firstLine.top).toBeGreaterThanOrEqual(headerBottom);
    expect(firstLine.bottom).toBeLessThanOrEqual(barBox.y);
    // The bar shows the price and the time left; the form waits in the sheet.
    expect(await bar.innerText()).toContain('$80');
    expect(await bar.innerText()).toContain('4 days left');
    expect(await page.getByLabel(/^Your bid/).isVisible()).toBe(false);
    await e2e.screenshot(page, 'auction-phone-first-screen-360', { fullPage: false });

    // The sheet: a modal dialog that takes the focus and leaves the page behind it inert.
    const opener = bar.getByRole('button', { name: 'Place bid', exact: true });
    await opener.click();
    await sheet(page).waitFor();
    expect(await sheet(page).evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => document.querySelector('dialog[open]')!.contains(document.activeElement))).toBe(true);
    const menuTakesFocus = await page.evaluate(() => {
      const menu = document.querySelector<HTMLElement>('header button')!;
      menu.focus();
      return document.activeElement === menu;
    });
    expect(menuTakesFocus).toBe(false);
    // Escape closes it, and the focus is back on the button.
    await page.keyboard.press('Escape');
    await sheet(page).waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('Place bid');
    // The dialog's close event comes a moment after Escape; the button says the sheet is closed once it has.
    await expect.poll(() => opener.getAttribute('aria-expanded')).toBe('false');
    // So does its close button.
    await page.keyboard.press('Enter');
    await sheet(page).waitFor();
    await sheet(page).getByRole('button', { name: 'Close' }).click();
    await sheet(page).waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('Place bid');

    // A bid placed in the sheet, with the form's own check first: the same form, the same words.
    await opener.click();
    const amount = sheet(page).getByLabel('Your bid ($81 to $90)');
    await amount.fill('95');
    await sheet(page).getByRole('button', { name: 'Place Bid', exact: true }).click();
    await sheet(page).getByText('Your bid must be between $81 and $90: the current price is $80.').waitFor();
    await amount.fill('85');
    await sheet(page).getByRole('button', { name: 'Place Bid', exact: true }).click();
    await sheet(page).getByRole('status').filter({ hasText: 'Your bid of $85 is the highest bid.' }).waitFor();
    await sheet(page).getByText('You are the highest bidder').waitFor();
    await sheet(page).getByLabel('Your bid ($86 to $95)').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await e2e.screenshot(page, 'auction-phone-sheet-after-bid-360', { fullPage: false });
    expect(await axeReport(page, 'the open bid sheet at 360 px')).toBe('');

    await page.keyboard.press('Escape');
    await sheet(page).waitFor({ state: 'hidden' });
    // The price landed: in the facts and in the bar, with where the bidder stands.
    await fact(page, 'Current price').getByText('$85', { exact: true }).waitFor();
    await bar.getByText('$85', { exact: true }).waitFor();
    await bar.getByText('You lead').waitFor();
    expect((await api.auction(seller.token, auction.id)).currentPrice).toBe(85);
    await noSidewaysScroll(page);
    await e2e.screenshot(page, 'auction-phone-bar-after-bid-360', { fullPage: false });
    await shoot(page, 'auction-phone-360');
    expect(await axeReport(page, 'the auction page with its bid bar at 360 px')).toBe('');

    // A wide screen keeps the panel beside the facts, with no bar and no sheet.
    const wide = await e2e.newPage();
    await api.signIn(wide, 'Wes Wide');
    await wide.goto(`/auction/${auction.id}`);
    await bidRegion(wide).getByLabel('Your bid ($86 to $95)').waitFor();
    expect(await wide.getByRole('button', { name: 'Place bid', exact: true }).count()).toBe(0);
    expect(await wide.locator('dialog').filter({ hasText: 'Place a bid' }).count()).toBe(0);
    await shoot(wide, 'auction-wide-panel-1280');
  });

  it('says what an ended auction sold for, offers the star only where one may watch, and speaks to the seller as the seller', async () => {
    const sellerPage = await e2e.newPage();
    const seller = await api.signIn(sellerPage, 'Olga Owner');
    const open = await api.createAuction(seller.token, { name: 'Box of Paperbacks', category: 'Books', price: 15, days: 3, hue: 200 });
    const soldOne = await api.createAuction(seller.token, {
      name: 'Signed First Edition',
      category: 'Books',
      price: 170,
      endsInMs: 3_000,
      hue: 230,
    });
    const unsold = await api.createAuction(seller.token, { name: 'Old Atlas', category: 'Books', price: 25, endsInMs: 3_000, hue: 260 });
    const bidder = await api.user('Bea Buyer');
    await api.bid(bidder.token, soldOne.id, 177);
    await sleep(3_500);

    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      await api.signIn(page, `Vic Viewer ${width}`);
      await page.goto('/auction?category=Books');
      await card(page, unsold.name).waitFor();
      // Ended: what it sold for, or that nobody bid; never 'Current bid'.
      await card(page, soldOne.name).getByText('Sold for').waitFor();
      expect(await card(page, soldOne.name).innerText()).toContain('$177');
      expect(await card(page, soldOne.name).innerText()).not.toMatch(/current bid/i);
      await card(page, unsold.name).getByText('Ended without bids').waitFor();
      expect(await card(page, unsold.name).innerText()).not.toMatch(/current bid|starting price/i);
      // The star on the open auction of someone else; none on the ended ones.
      await card(page, open.name)
        .getByRole('button', { name: `Watch ${open.name}` })
        .waitFor();
      expect(
        await card(page, soldOne.name)
          .getByRole('button', { name: /^Watch / })
          .count(),
      ).toBe(0);
      expect(
        await card(page, unsold.name)
          .getByRole('button', { name: /^Watch / })
          .count(),
      ).toBe(0);
      await noSidewaysScroll(page);
      await shoot(page, `ended-cards-${width}`);

      // The page agrees, in the same words, and offers no star either.
      await page.goto(`/auction/${soldOne.id}`);
      await page.getByText('Winner: Bea Buyer').waitFor();
      expect(await fact(page, 'Sold for').innerText()).toBe('$177');
      await page.getByText('Sold for $177', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /^Watch / }).count()).toBe(0);
      await shoot(page, `ended-sold-page-${width}`);
      await page.goto(`/auction/${unsold.id}`);
      await fact(page, 'Price').getByText('Ended without bids').waitFor();
      expect(await page.getByRole('button', { name: /^Watch / }).count()).toBe(0);

      // Someone else's open auction with no bids: the empty history's invitation, and the star.
      await page.goto(`/auction/${open.id}`);
      await page.getByRole('region', { name: 'Bid History' }).getByText('No bids yet. Be the first to bid!', { exact: true }).waitFor();
      await page.getByRole('button', { name: `Watch ${open.name}` }).waitFor();
      await page.close();
    }

    // The seller: no star on their own card or page, and an empty history in words for a seller.
    await sellerPage.goto('/auction?category=Books');
    await card(sellerPage, open.name).waitFor();
    expect(
      await card(sellerPage, open.name)
        .getByRole('button', { name: /^Watch / })
        .count(),
    ).toBe(0);
    await sellerPage.goto(`/auction/${open.id}`);
    const history = sellerPage.getByRole('region', { name: 'Bid History' });
    await history.getByText('No bids yet. Bids will appear here as soon as someone bids.', { exact: true }).waitFor();
    expect(await sellerPage.getByText(/Be the first to bid/).count()).toBe(0);
    expect(await sellerPage.getByRole('button', { name: /^Watch / }).count()).toBe(0);
    await shoot(sellerPage, 'seller-own-auction-1280');
  });

  it('lines up the price rows of a row of cards when one card’s footer wraps', async () => {
    const seller = await api.user('Ann Lee');
    const longName = await api.user('Maximiliane Konstantinopoulou-Wetherington');
    await api.createAuction(seller.token, { name: 'Student Violin', category: 'Musical Instruments', price: 120, days: 5, hue: 30 });
    await api.createAuction(longName.token, {
      name: 'Tenor Saxophone',
      category: 'Musical Instruments',
      price: 450,
      startsInMs: DAY_MS,
      days: 5,
      hue: 90,
    });
    await api.createAuction(seller.token, { name: 'Snare Drum', category: 'Musical Instruments', price: 60, days: 5, hue: 150 });

    const page = await e2e.newPage({ width: 1280, height: 900 });
    await api.signIn(page, 'Ray Rows');
    await page.goto('/auction?category=Musical%20Instruments');
    const cards = page.getByRole('main').getByRole('article');
    await expect.poll(() => cards.count()).toBe(3);
    await waitForImages(page);

    // One grid row of three; in one of them the footer (an opening date beside a long name) takes more lines.
    const boxes = await cards.evaluateAll((articles) =>
      articles.map((article) => {
        const label = [...article.querySelectorAll('p')].find((p) => /^(starting price|current bid)$/i.test(p.textContent ?? ''))!;
        const footer = [...article.querySelectorAll('div')].find((div) => div.className.includes('border-t'))!;
        const parts = [...footer.children].map((child) => child.getBoundingClientRect());
        return {
          top: article.getBoundingClientRect().top,
          price: label.getBoundingClientRect().top,
          footer: footer.getBoundingClientRect().height,
          footerText: Math.max(...parts.map((r) => r.bottom)) - Math.min(...parts.map((r) => r.top)),
        };
      }),
    );
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
    const texts = boxes.map((b) => b.footerText).sort((x, y) => x - y);
    expect(texts[2]! - texts[0]!).toBeGreaterThanOrEqual(15);
    // The rows stay level all the same: the prices, and the footers below them.
    const prices = boxes.map((b) => b.price);
    expect(Math.max(...prices) - Math.min(...prices)).toBeLessThanOrEqual(1);
    const footers = boxes.map((b) => b.footer);
    expect(Math.max(...footers) - Math.min(...footers)).toBeLessThanOrEqual(1);
    await shoot(page, 'cards-row-aligned-1280');

    // On a phone, one card a row: nothing to line up, and nothing sideways.
    const phone = await e2e.newPage({ width: 360, height: 740 });
    await api.signIn(phone, 'Rita Rows');
    await phone.goto('/auction?category=Musical%20Instruments');
    await expect.poll(() => phone.getByRole('main').getByRole('article').count()).toBe(3);
    await noSidewaysScroll(phone);
    await shoot(phone, 'cards-row-aligned-360');
  });
});
