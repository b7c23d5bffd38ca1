// Automatic bids, the soft close and the end of an auction in Chromium, across browser contexts: a
// maximum answering a lower bid at once, the countdown following a late bid's new end, and the winner
// shown when the countdown reaches zero; all without a reload. Screenshots at 1280 and 360 px.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { DAY_MS, testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

/** Short, so a test can watch an auction get extended and then end. */
const SOFT_CLOSE_SECONDS = 15;

describeBrowser('automatic bids, the soft close and the end of an auction', () => {
  const e2e = useBrowserHarness({ env: { SOFT_CLOSE_SECONDS: String(SOFT_CLOSE_SECONDS) } });
  const {
    user: apiUser,
    signIn: signInContext,
    createAuction: apiCreateAuction,
    bid: apiBid,
    auction: apiAuction,
  } = testApi(() => e2e.baseUrl);

  // ---------------------------------------------------------------- helpers through the API

  // ---------------------------------------------------------------- helpers in the page

  /** The <dd> that follows the <dt> with this exact text. */
  const fact = (page: Page, term: string): Locator => page.locator(`dt:text-is("${term}") + dd`);

  async function waitForFact(page: Page, term: string, value: string, timeout?: number) {
    await fact(page, term)
      .filter({ hasText: new RegExp(`^\\s*${value.replace(/[$.]/g, '\\$&')}\\s*$`) })
      .waitFor({ timeout });
  }

  /** Seconds on the countdown beside 'Time left' ("1 day" then "1 min 05 s left"). */
  async function secondsLeft(page: Page): Promise<number> {
    const text = await fact(page, 'Time left').innerText();
    const match = /(?:(\d+) h )?(?:(\d+) min )?(\d+) s/.exec(text);
    if (!match) throw new Error(`No countdown in "${text}"`);
    const [, h = '0', m = '0', s = '0'] = match;
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  }

  const assertive = (page: Page) => page.locator('[aria-live="assertive"]');
  const polite = (page: Page) => page.locator('[aria-live="polite"]');
  const phone = (page: Page) => page.viewportSize()!.width < 1024;
  /** Where the bid form is: the panel beside the facts on a wide screen, the sheet on a phone. */
  const bidBar = (page: Page) => page.getByRole(phone(page) ? 'dialog' : 'region', { name: 'Place a bid' });
  /** On a phone the form waits in a sheet, which the bar's button opens. */
  async function openForm(page: Page) {
    if (!phone(page)) return;
    await page.getByRole('button', { name: 'Place bid', exact: true }).click();
    await bidBar(page).waitFor();
  }
  const placeBid = (page: Page) => page.getByRole('button', { name: 'Place Bid', exact: true });
  const history = (page: Page) => page.getByRole('region', { name: 'Bid History' });
  /** Where the viewer stands, in words, above the bid form. */
  const standing = (page: Page) =>
    bidBar(page)
      .locator('p')
      .filter({ hasText: /highest bidder|outbid/ });

  /** Marks the document: a reload (or a navigation) would lose the mark. */
  async function markDocument(page: Page) {
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  }
  async function sameDocument(page: Page) {
    return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
  }

  async function waitForImages(page: Page) {
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
  }

  async function shoot(page: Page, name: string) {
    await waitForImages(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    // An open sheet covers the screen, not the page: the screen is what a visitor sees then.
    await e2e.screenshot(page, name, { fullPage: !(await page.locator('dialog[open]').count()) });
  }

  async function noSidewaysScroll(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }

  // ---------------------------------------------------------------- the tests

  it('answers a lower bid with the maximum at once, live in the other browser, and marks the automatic bid', async () => {
    const seller = await apiUser('Selma Seller');
    const { id } = await apiCreateAuction(seller.token, {
      name: 'Brass Telescope',
      category: 'Antiques',
      price: 100,
      endsInMs: 5 * DAY_MS,
      hue: 40,
    });

    // A, on a desktop: a bid of $101 with a maximum of $150.
    const a = await e2e.newPage();
    await signInContext(a, 'Ada Maximum');
    await a.goto(`/auction/${id}`);
    await a.getByLabel('Your bid ($101 to $110)').fill('101');
    const maxField = a.getByLabel('Maximum bid (optional)');
    // The field explains itself to a screen reader too.
    expect(await maxField.getAttribute('aria-describedby')).toBeTruthy();
    await a.getByText('We bid for you, one step at a time, up to this amount; nobody else sees it.').waitFor();
    await maxField.fill('150');
    await placeBid(a).click();
    await bidBar(a).getByRole('status').filter({ hasText: 'Your bid of $101 is the highest bid. Your maximum: $150.' }).waitFor();
    await bidBar(a).getByText('You are the highest bidder').waitFor();
    await expect.poll(() => standing(a).innerText()).toBe('You are the highest bidder · your maximum: $150');
    await waitForFact(a, 'Current price', '$101');
    await markDocument(a);

    // B, on a phone: $105 is answered at once by A's maximum.
    const b = await e2e.newPage({ width: 360, height: 740 });
    await signInContext(b, 'Ben Lower');
    await b.goto(`/auction/${id}`);
    await openForm(b);
    await b.getByLabel('Your bid ($102 to $111)').fill('105');
    await placeBid(b).click();
    const outbidAtOnce = 'An automatic bid outbid you: the price is now $106.';
    // In where B stands, not only in what the sheet announces.
    await standing(b).getByText(outbidAtOnce).waitFor();
    await expect.poll(() => assertive(b).innerText()).toBe(outbidAtOnce);
    await waitForFact(b, 'Current price', '$106');
    await b.getByLabel('Your bid ($107 to $116)').waitFor();
    expect(await bidBar(b).getByText('You are the highest bidder').count()).toBe(0);

    // A's page, untouched: the new price live, the automatic bid marked, still leading, nothing shouted.
    await waitForFact(a, 'Current price', '$106');
    await waitForFact(a, 'Total bids', '3');
    const autoRow = history(a).getByRole('listitem').first();
    await autoRow.getByText('automatic bid').waitFor();
    expect(await autoRow.innerText()).toContain('Ada Maximum');
    expect(await autoRow.innerText()).toContain('$106');
    expect(await history(a).getByRole('listitem').nth(1).innerText()).toContain('Ben Lower');
    expect(await history(a).getByRole('listitem').nth(1).getByText('automatic bid').count()).toBe(0);
    await expect.poll(() => polite(a).innerText()).toContain('New price: $106.');
    await bidBar(a).getByText('You are the highest bidder').waitFor();
    expect(await assertive(a).innerText()).toBe('');
    expect(await sameDocument(a)).toBe(true);

    await shoot(a, 'auto-bid-leader-1280');
    await shoot(b, 'auto-bid-outbid-at-once-360');
    expect(await axeReport(a, 'the leader after an automatic bid at 1280 px')).toBe('');
    expect(await axeReport(b, 'a bidder outbid at once at 360 px')).toBe('');

    // B comes back with a higher maximum: B leads at A's maximum + 1, and A is told at once.
    // A maximum below the bid is refused in the form, before anything is sent.
    let bidRequests = 0;
    b.on('request', (request) => {
      if (request.url().includes('auction.placeBid')) bidRequests += 1;
    });
    await b.getByLabel('Your bid ($107 to $116)').fill('110');
    await b.getByLabel('Maximum bid (optional)').fill('108');
    await placeBid(b).click();
    await b.getByText('Maximum bid must be at least your bid amount').waitFor();
    expect(await b.getByLabel('Maximum bid (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(await b.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('maxBid');
    expect(bidRequests).toBe(0);
    await b.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(b, 'auto-bid-max-refused-360', { fullPage: false });

    await b.getByLabel('Maximum bid (optional)').fill('200');
    await placeBid(b).click();
    await bidBar(b).getByRole('status').filter({ hasText: 'with your maximum you lead at $151' }).waitFor();
    await bidBar(b).getByText('You are the highest bidder').waitFor();
    await expect.poll(() => standing(b).innerText()).toBe('You are the highest bidder · your maximum: $200');

    await waitForFact(a, 'Current price', '$151');
    await bidBar(a).getByText('You have been outbid').waitFor();
    await expect.poll(() => assertive(a).innerText()).toBe('You have been outbid. The price is now $151.');
    expect(await bidBar(a).getByText('You are the highest bidder').count()).toBe(0);

    // The leader raises the maximum alone: no bid, the price stays, the new maximum shows.
    await b.getByLabel('Maximum bid (optional)').fill('250');
    await b.getByRole('button', { name: 'Raise Maximum' }).click();
    await bidBar(b).getByRole('status').filter({ hasText: 'Your maximum bid is now $250.' }).waitFor();
    await expect.poll(() => standing(b).innerText()).toBe('You are the highest bidder · your maximum: $250');
    await waitForFact(b, 'Current price', '$151');
    await waitForFact(b, 'Total bids', '5');
    await noSidewaysScroll(b);
    await shoot(a, 'auto-bid-outbid-live-1280');
    await shoot(b, 'auto-bid-leader-raised-360');
    // The phone's first screen, the sheet closed: the item, and the bar with the price and where B stands.
    await b.keyboard.press('Escape');
    await bidBar(b).waitFor({ state: 'hidden' });
    await b.getByRole('region', { name: 'Place a bid' }).getByText('You lead').waitFor();
    await b.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(b, 'auto-bid-bar-360', { fullPage: false });
    expect(await sameDocument(a)).toBe(true);
  });

  it('moves the end on a late bid, and the other browser’s countdown follows without a reload', async () => {
    const seller = await apiUser('Sven Seller');
    const { id } = await apiCreateAuction(seller.token, {
      name: 'Enamel Coffee Pot',
      category: 'Home & Garden',
      price: 30,
      // Time for both pages to open on a busy machine before the soft close begins; the bid waits for it.
      endsInMs: 20_000,
      hue: 190,
    });

    const watcher = await e2e.newPage();
    await signInContext(watcher, 'Wanda Watcher');
    await watcher.goto(`/auction/${id}`);
    await fact(watcher, 'Time left')
      .getByText(/\d+ s$/)
      .waitFor();
    // In the last 24 hours the countdown takes the place of the days.
    expect(await fact(watcher, 'Time left').innerText()).toMatch(/^\d+ s$/);
    const endBefore = await fact(watcher, 'Ends').locator('time').getAttribute('datetime');
    // The end names its time zone.
    expect(await fact(watcher, 'Ends').innerText()).toMatch(/\b(UTC|GMT[+-]?\d*|[A-Z]{2,5})$/);
    await markDocument(watcher);
    // It counts down, second by second.
    const first = await secondsLeft(watcher);
    await expect.poll(() => secondsLeft(watcher), { timeout: 3000 }).toBeLessThan(first);

    const bidder = await e2e.newPage({ width: 360, height: 740 });
    await signInContext(bidder, 'Lars Late');
    await bidder.goto(`/auction/${id}`);
    await openForm(bidder);
    await bidder.getByLabel('Your bid ($31 to $40)').fill('35');
    await expect.poll(() => secondsLeft(watcher), { timeout: 20_000 }).toBeLessThan(SOFT_CLOSE_SECONDS - 3);
    const before = await secondsLeft(watcher);
    expect(before).toBeLessThan(SOFT_CLOSE_SECONDS - 3);
    await placeBid(bidder).click();
    await bidBar(bidder).getByRole('status').filter({ hasText: 'Your bid of $35 is the highest bid.' }).waitFor();

    // The server moved the end to the bid's time plus the soft close; the watcher's page follows.
    const { itemEndDate } = await apiAuction(seller.token, id);
    expect(itemEndDate).not.toBe(endBefore);
    await expect.poll(() => fact(watcher, 'Ends').locator('time').getAttribute('datetime')).toBe(itemEndDate);
    await expect.poll(() => secondsLeft(watcher)).toBeGreaterThan(before + 2);
    // Whole seconds rounded up, counted from when the answer arrived: at most a second over.
    expect(await secondsLeft(watcher)).toBeLessThanOrEqual(SOFT_CLOSE_SECONDS + 1);
    await waitForFact(watcher, 'Current price', '$35');
    // The countdown is not a live region; its own second-by-second text is never announced.
    expect(await fact(watcher, 'Time left').evaluate((el) => el.closest('[aria-live]'))).toBeNull();
    expect(await sameDocument(watcher)).toBe(true);
    await shoot(watcher, 'soft-close-extended-1280');
    await shoot(bidder, 'soft-close-bidder-360');
    await bidder.keyboard.press('Escape');
    await bidBar(bidder).waitFor({ state: 'hidden' });
    await e2e.screenshot(bidder, 'soft-close-bar-360', { fullPage: false });
  });

  it('shows the winner and the final price when the countdown reaches zero, and closes the form, without a reload', async () => {
    const seller = await apiUser('Sara Seller');
    const { id } = await apiCreateAuction(seller.token, {
      name: 'Silver Cufflinks',
      category: 'Jewelry',
      price: 50,
      endsInMs: 9_000,
      hue: 260,
    });

    const winnerPage = await e2e.newPage({ width: 360, height: 740 });
    const winner = await signInContext(winnerPage, 'Wilma Winner');
    const other = await e2e.newPage();
    const rival = await signInContext(other, 'Rudi Rival');
    await apiBid(winner.token, id, { bidAmount: 51, maxBid: 80 });
    await apiBid(rival.token, id, { bidAmount: 60 });

    for (const page of [winnerPage, other]) {
      await page.goto(`/auction/${id}`);
      // On the phone, the sheet is open when the auction ends.
      await openForm(page);
      await placeBid(page).waitFor();
      await markDocument(page);
    }
    await waitForFact(other, 'Current price', '$61');
    await bidBar(winnerPage).getByText('You are the highest bidder').waitFor();
    await bidBar(other).getByText('You have been outbid').waitFor();

    // Someone typing when the form closes finds the focus on the outcome, not lost at the top of the page.
    await other.getByLabel(/^Your bid/).focus();

    // Both pages close by themselves when the count reaches zero, and then name the winner.
    await other.getByText('Winner: Wilma Winner').waitFor({ timeout: 30_000 });
    // What it sold for, in the words of its card.
    await other.getByText('Sold for $61', { exact: true }).waitFor();
    await waitForFact(other, 'Sold for', '$61');
    await winnerPage.getByText('You won this auction', { exact: true }).waitFor({ timeout: 10_000 });
    // The sheet closed with the form, and the page behind it scrolls again.
    expect(await winnerPage.locator('dialog').filter({ hasText: 'Place a bid' }).count()).toBe(0);
    expect(await winnerPage.evaluate(() => document.documentElement.classList.contains('overflow-hidden'))).toBe(false);
    await winnerPage.getByText('Sold for $61', { exact: true }).waitFor();
    for (const page of [winnerPage, other]) {
      expect(await page.getByRole('button', { name: /^Place bid$/i }).count()).toBe(0);
      expect(await page.getByLabel(/^Your bid/).count()).toBe(0);
      expect(await page.getByRole('main').getByText('Ended', { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('main').getByText('Active', { exact: true }).count()).toBe(0);
      expect(await sameDocument(page)).toBe(true);
    }
    expect(await other.evaluate(() => document.activeElement?.textContent)).toContain('Winner: Wilma Winner');
    await expect.poll(() => polite(other).innerText()).toBe('Bidding has ended. Wilma Winner won for $61.');
    expect((await apiAuction(seller.token, id)).status).toBe('ended');

    await noSidewaysScroll(winnerPage);
    await shoot(other, 'auction-won-1280');
    await shoot(winnerPage, 'auction-won-winner-360');
    expect(await axeReport(other, 'an ended auction with a winner at 1280 px')).toBe('');
    expect(await axeReport(winnerPage, 'an ended auction seen by its winner at 360 px')).toBe('');

    // Read afresh later, the outcome is the same; an auction nobody bid on says so and invites nobody.
    const { id: unsold } = await apiCreateAuction(seller.token, {
      name: 'Plain Tin Box',
      category: 'Other',
      price: 5,
      endsInMs: 1_500,
      hue: 90,
    });
    await new Promise((done) => setTimeout(done, 2_000));
    await other.goto(`/auction/${unsold}`);
    await waitForFact(other, 'Price', 'Ended without bids');
    await other.getByText('Nobody bid before the end, so the item was not sold.').waitFor();
    await history(other).getByText('No bids were placed.').waitFor();
    expect(await other.getByText(/Be the first to bid/).count()).toBe(0);
    expect(await other.getByText(/^Winner:/).count()).toBe(0);
    await shoot(other, 'auction-ended-unsold-1280');
  });

  it('says when a scheduled auction opens, with its time zone, on its card and its page, and never calls it Active', async () => {
    const seller = await apiUser('Sophie Scheduled');
    const { id, startsAt } = await apiCreateAuction(seller.token, {
      name: 'Walnut Writing Box',
      category: 'Antiques',
      price: 70,
      startsInMs: 2 * DAY_MS,
      endsInMs: 6 * DAY_MS,
      hue: 20,
    });

    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      await signInContext(page, 'Carl Cards');
      await page.goto('/auction?category=Antiques');
      const card = page.getByRole('article').filter({ hasText: 'Walnut Writing Box' });
      await card.getByText(/^Opens /).waitFor();
      expect(await card.innerText()).not.toMatch(/days? left/);
      expect(await card.locator('time').getAttribute('datetime')).toBe(startsAt);
      await noSidewaysScroll(page);
      await shoot(page, `scheduled-card-${width}`);

      await page.goto(`/auction/${id}`);
      const main = page.getByRole('main');
      await main.getByText('Scheduled', { exact: true }).waitFor();
      await main.getByText(/^Bidding opens /).waitFor();
      expect(await fact(page, 'Opens').innerText()).toMatch(/\b(UTC|GMT[+-]?\d*|[A-Z]{2,5})$/);
      expect(await main.getByText('Active', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);
      await shoot(page, `scheduled-auction-${width}`);
    }
  });
});
