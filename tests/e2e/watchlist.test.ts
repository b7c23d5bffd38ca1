// The watchlist and my bids in Chromium: the watch toggle on the auction page and on a card, the
// watchlist with open auctions by soonest end, and /mybids with where the bidder stands after real
// bids (one answered by an automatic bid), turning to 'Outbid' live. Guests see no toggle.
// Screenshots at 1280 and 360 px.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { DAY_MS, PASSWORD, testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the watchlist and my bids', () => {
  const e2e = useBrowserHarness();

  // Through the API: users (their tokens sign the calls), auctions of Antiques at $100, bids.
  const api = testApi(() => e2e.baseUrl);
  const apiUser = async (name: string) => (await api.user(name)).token;
  const signInContext = async (page: Page, name: string) => (await api.signIn(page, name)).token;
  const apiCreateAuction = async (token: string, name: string, endsInMs: number, hue: number) =>
    (await api.createAuction(token, { name, category: 'Antiques', price: 100, endsInMs, hue })).id;
  const apiBid = api.bid;

  const watchButton = (scope: Page | Locator, itemName: string) => scope.getByRole('button', { name: `Watch ${itemName}`, exact: true });
  const card = (page: Page, itemName: string) => page.getByRole('article', { name: itemName, exact: true });
  const headings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();

  async function shoot(page: Page, name: string) {
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, name);
  }

  it('watches from the auction page and from a card, lists them on /watchlist and shows each bid on /mybids with its state', async () => {
    const seller = await apiUser('Selma Seller');
    const telescope = await apiCreateAuction(seller, 'Brass Telescope', 5 * DAY_MS, 40);
    const desk = await apiCreateAuction(seller, 'Walnut Writing Desk', 2 * DAY_MS, 200);

    const page = await e2e.newPage();
    const ada = await signInContext(page, 'Ada Watcher');

    // The auction page: the toggle starts off and turns on at a click.
    await page.goto(`/auction/${telescope}`);
    const onPage = watchButton(page, 'Brass Telescope');
    expect(await onPage.getAttribute('aria-pressed')).toBe('false');
    await onPage.click();
    // The optimistic update renders a moment after the click has returned.
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'watch-auction-page-1280');

    // The list: the telescope's card already shows it watched; the desk is watched from its card.
    await page.goto('/auction');
    await card(page, 'Walnut Writing Desk').waitFor();
    expect(await watchButton(card(page, 'Brass Telescope'), 'Brass Telescope').getAttribute('aria-pressed')).toBe('true');
    const deskToggle = watchButton(card(page, 'Walnut Writing Desk'), 'Walnut Writing Desk');
    expect(await deskToggle.getAttribute('aria-pressed')).toBe('false');
    // One watched, one not: how a visitor tells them apart.
    await shoot(page, 'watch-cards-1280');
    await deskToggle.click();
    await expect.poll(() => deskToggle.getAttribute('aria-pressed')).toBe('true');

    // The watchlist, after a reload of the app: the desk ends first, so it comes first.
    await page.goto('/watchlist');
    await page.getByText('2 auctions you are watching').waitFor();
    expect(await headings(page)).toEqual(['Walnut Writing Desk', 'Brass Telescope']);
    await shoot(page, 'watchlist-1280');
    expect(await axeReport(page, '/watchlist at 1280 px')).toBe('');

    // Bids: Ada's maximum answers Ben's bid on the telescope at once; Ben's maximum outbids Ada on the desk.
    const ben = await apiUser('Ben Bidder');
    await apiBid(ada, telescope, { bidAmount: 101, maxBid: 150 });
    await apiBid(ben, telescope, { bidAmount: 105 });
    await apiBid(ben, desk, { bidAmount: 101, maxBid: 300 });
    await apiBid(ada, desk, { bidAmount: 110 });

    await page.goto('/mybids');
    await page.getByText('2 auctions you have bid on').waitFor();
    expect(await headings(page)).toEqual(['Walnut Writing Desk', 'Brass Telescope']);
    const row = (itemName: string) => page.getByRole('article', { name: itemName, exact: true });
    const fact = (itemName: string, term: string) => row(itemName).locator(`dt:text-is("${term}") + dd`).innerText();
    await row('Walnut Writing Desk').getByText('Outbid', { exact: true }).waitFor();
    await row('Brass Telescope').getByText('Leading', { exact: true }).waitFor();
    expect(await fact('Brass Telescope', 'Current price')).toBe('$106');
    expect(await fact('Brass Telescope', 'Your max bid')).toBe('$150');
    expect(await fact('Brass Telescope', 'Your last bid')).toBe('$106');
    expect(await fact('Walnut Writing Desk', 'Current price')).toBe('$111');
    expect(await fact('Walnut Writing Desk', 'Your max bid')).toBe('$110');
    // In colour too: red for outbid, green for leading (by the hue of the badge's text).
    const hue = async (itemName: string, state: string) => {
      const css = await row(itemName)
        .getByText(state, { exact: true })
        .evaluate((el) => getComputedStyle(el).color);
      const match = /^oklch\([\d.]+ [\d.]+ ([\d.]+)/.exec(css);
      if (!match) throw new Error(`not an oklch colour: ${css}`);
      return Number(match[1]);
    };
    expect(await hue('Walnut Writing Desk', 'Outbid')).toBeGreaterThan(15);
    expect(await hue('Walnut Writing Desk', 'Outbid')).toBeLessThan(40);
    expect(await hue('Brass Telescope', 'Leading')).toBeGreaterThan(130);
    expect(await hue('Brass Telescope', 'Leading')).toBeLessThan(170);
    await shoot(page, 'mybids-1280');
    expect(await axeReport(page, '/mybids at 1280 px')).toBe('');

    // Ben outbids Ada's maximum while she looks: her row turns 'Outbid' without a reload.
    await apiBid(ben, telescope, { bidAmount: 116, maxBid: 300 });
    await row('Brass Telescope').getByText('Outbid', { exact: true }).waitFor();
    await expect.poll(() => fact('Brass Telescope', 'Current price')).toBe('$151');

    // On a phone, in another context of the same user: both pages fit, and unwatching takes the desk off.
    const phone = await e2e.newPage({ width: 360, height: 740 });
    await phone.request.post('/api/auth/login', { data: { email: await emailOf(ada), password: PASSWORD } });
    await phone.goto('/mybids');
    await phone.getByText('2 auctions you have bid on').waitFor();
    await shoot(phone, 'mybids-360');
    await phone.goto('/watchlist');
    await phone.getByText('2 auctions you are watching').waitFor();
    await shoot(phone, 'watchlist-360');
    expect(await axeReport(phone, '/watchlist at 360 px')).toBe('');
    const phoneDesk = watchButton(phone, 'Walnut Writing Desk');
    await phoneDesk.click();
    await phone.getByText('1 auction you are watching').waitFor();
    expect(await headings(phone)).toEqual(['Brass Telescope']);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it('a long watchlist and a long list of bids load more as the user scrolls, or at a press of the button', async () => {
    const seller = await apiUser('Sam Lots');
    const ids: string[] = [];
    for (let i = 0; i < 26; i++)
      ids.push(await apiCreateAuction(seller, `Lot ${String(i + 1).padStart(2, '0')}`, (i + 1) * 3_600_000, i * 13));
    const page = await e2e.newPage();
    const lena = await signInContext(page, 'Lena Longlist');
    for (const id of ids) {
      await api.watch(lena, id);
      await apiBid(lena, id, 101);
    }
    const lots = (n: number) => Array.from({ length: n }, (_, i) => `Lot ${String(i + 1).padStart(2, '0')}`);

    // The watchlist: a first page of 12 cards, soonest end first, with the count of all 26.
    await page.goto('/watchlist');
    await page.getByText('26 auctions you are watching').waitFor();
    expect(await headings(page)).toEqual(lots(12));
    const more = page.getByRole('button', { name: 'Load more auctions' });
    await more.waitFor();
    // The button loads the next page (pressed where it is: a pointer's click would first scroll it into
    // view, where it loads by itself, and the click would race that); scrolling to the end loads the last.
    await more.evaluate((button: HTMLButtonElement) => button.click());
    await expect.poll(() => headings(page).then((h) => h.length)).toBe(24);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => headings(page).then((h) => h.length)).toBe(26);
    expect(await headings(page)).toEqual(lots(26));
    expect(await more.count()).toBe(0);
    await page.getByText('26 of 26 shown').waitFor({ state: 'attached' });

    // My bids: 20 rows, then the rest as the user scrolls down.
    await page.goto('/mybids');
    await page.getByText('26 auctions you have bid on').waitFor();
    expect(await headings(page)).toEqual(lots(20));
    await page.getByRole('button', { name: 'Load more bids' }).scrollIntoViewIfNeeded();
    await expect.poll(() => headings(page).then((h) => h.length)).toBe(26);
    expect(await headings(page)).toEqual(lots(26));
    await shoot(page, 'mybids-long-1280');

    // A live bid on an auction of a later page still turns its row 'Outbid'.
    const ben = await apiUser('Ben Later');
    await apiBid(ben, ids[24]!, 102);
    await page.getByRole('article', { name: 'Lot 25', exact: true }).getByText('Outbid', { exact: true }).waitFor();
  });

  it('a refused watch puts the star back and says why, on the auction page in words beside it', async () => {
    const seller = await apiUser('Fay Fuller');
    const clock = await apiCreateAuction(seller, 'Carriage Clock', 3 * DAY_MS, 300);
    const page = await e2e.newPage();
    await signInContext(page, 'Walt Watcher');
    // The server's answer to a full watchlist, as tRPC sends it for a batched call.
    const full = 'You can watch at most 1,000 auctions. Stop watching one you no longer follow, then try again.';
    await page.route('**/trpc/user.setWatching**', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { message: full, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, path: 'user.setWatching' } } },
        ]),
      }),
    );
    await page.goto(`/auction/${clock}`);
    const toggle = watchButton(page, 'Carriage Clock');
    await toggle.click();
    await page.getByRole('status').filter({ hasText: full }).waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await shoot(page, 'watch-refused-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shoot(page, 'watch-refused-360');
  });

  it('a guest sees no watch toggle on the landing page, and /watchlist and /mybids ask to log in', async () => {
    const seller = await apiUser('Greta Seller');
    await apiCreateAuction(seller, 'Pewter Candlestick', 3 * DAY_MS, 100);
    const page = await e2e.newPage();
    await page.goto('/');
    await card(page, 'Pewter Candlestick').waitFor();
    expect(await page.getByRole('button', { name: /^Watch / }).count()).toBe(0);
    for (const path of ['/watchlist', '/mybids']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
    }
  });

  /** The email of the account behind a token, to log it in elsewhere. */
  async function emailOf(token: string): Promise<string> {
    const response = await fetch(`${e2e.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { user: { email: string } }).user.email;
  }
});
