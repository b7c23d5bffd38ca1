// The admin console in Chromium: who may enter, the dashboard's numbers, the users list (paging,
// sorting, search, role filter, the address bar as its memory), all auctions by status, the inbox.
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { axeReport } from './axe';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 60 * 60 * 1000;
const MEMBERS = 45;
const ACTIVE_AUCTIONS = 21;

describeBrowser('admin console', () => {
  const e2e = useBrowserHarness();

  const admin = { name: 'Ada Admin', email: uniqueEmail('ada'), password: PASSWORD };
  // A long address: a phone's list must show it without scrolling sideways.
  const regular = { name: 'Zoe Regular', email: uniqueEmail('zoe.regular.with.a.rather.long.mailbox.name'), password: PASSWORD, token: '' };
  const memberName = (i: number) => `Member ${String(i).padStart(2, '0')}`;
  /** Everyone in the database once beforeAll is done: the members, the admin and the regular user. */
  const TOTAL_USERS = MEMBERS + 2;
  const ENDED_NAME = 'Quick Flip Vase';
  const message = {
    name: 'Grace Visitor',
    email: 'grace.visitor@example.com',
    subject: 'Question about shipping',
    message: 'Hello!\nDo you ship to Canada?\n\n  Thanks, Grace',
  };

  // ---------------------------------------------------------------- set-up through the API and the CLI

  async function signup(name: string, email = uniqueEmail(name.split(' ')[0]!.toLowerCase())): Promise<string> {
    const response = await fetch(`${e2e.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { token: string }).token;
  }

  async function createAuction(token: string, photo: Buffer, name: string, endsInMs: number, price: number) {
    const now = Date.now();
    const form = new FormData();
    form.set('itemName', name);
    form.set('itemDescription', `${name}, in good condition.`);
    form.set('itemCategory', 'Antiques');
    form.set('startingPrice', String(price));
    form.set('itemStartDate', new Date(now).toISOString());
    form.set('itemEndDate', new Date(now + endsInMs).toISOString());
    form.set('itemPhoto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${e2e.baseUrl}/api/auction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { newAuction: { _id: string } }).newAuction._id;
  }

  beforeAll(async () => {
    // Members first, in parallel batches; then the admin and the regular user, so both are among the newest ten.
    const names = Array.from({ length: MEMBERS }, (_, i) => memberName(i + 1));
    for (let i = 0; i < names.length; i += 15) await Promise.all(names.slice(i, i + 15).map((name) => signup(name)));

    expect(await e2e.createAdmin(admin)).toContain('Created admin');
    regular.token = await signup(regular.name, regular.email);

    // 21 active auctions (more than one page of 20) and one that ends in a moment.
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 150, b: 110 } } })
      .png()
      .toBuffer();
    const endedId = await createAuction(regular.token, photo, ENDED_NAME, 1500, 30);
    // Two at a time: one account has at most two uploads in progress (docs/rules/limits.md#uploads).
    for (let i = 0; i < ACTIVE_AUCTIONS; i += 2) {
      await Promise.all(
        [i, i + 1]
          .filter((n) => n < ACTIVE_AUCTIONS)
          .map((n) => createAuction(regular.token, photo, `Brass Telescope ${n + 1}`, 5 * DAY_MS, 100 + n)),
      );
    }
    // Wait (bounded) for the short auction to end by the server's clock.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const auction = (await (
        await fetch(`${e2e.baseUrl}/api/auction/${endedId}`, { headers: { authorization: `Bearer ${regular.token}` } })
      ).json()) as {
        timeLeft: number;
      };
      if (auction.timeLeft === 0) break;
      if (Date.now() > deadline) throw new Error('The short auction did not end');
      await new Promise((wait) => setTimeout(wait, 250));
    }

    const contact = await fetch(`${e2e.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    expect(contact.status).toBe(201);
  }, 120_000);

  // ---------------------------------------------------------------- helpers in the page

  async function signedInPage(who: { email: string; password: string }, width = 1280): Promise<Page> {
    const page = await e2e.newPage({ width });
    const response = await page.request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
    expect(response.status()).toBe(200);
    return page;
  }

  const adminPage = (width = 1280) => signedInPage(admin, width);

  function counter(page: Page, label: string): Locator {
    return page.locator(`dt:text-is("${label}") + dd`);
  }

  function usersTable(page: Page): Locator {
    return page.getByRole('table', { name: 'Registered users' });
  }

  /** The rows of the users table once it shows real (not placeholder) data. */
  async function userRows(page: Page): Promise<Locator> {
    const table = usersTable(page);
    await table.and(page.locator(':not([aria-busy])')).waitFor();
    await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
    return table.locator('tbody tr');
  }

  async function firstUserName(page: Page): Promise<string> {
    const rows = await userRows(page);
    return (await rows.first().locator('td').first().locator('p').first().innerText()).trim();
  }

  function url(page: Page): URL {
    return new URL(page.url());
  }

  /** A table frame wider than the screen: reached with Tab, focus shown, and moved sideways by the arrow keys. */
  async function scrollsByKeyboard(region: Locator) {
    expect(await region.getAttribute('tabindex')).toBe('0');
    await region.scrollIntoViewIfNeeded();
    await region.focus();
    expect(await region.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await region.page().keyboard.press('ArrowRight');
    await region.page().keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }

  // ---------------------------------------------------------------- tests

  it('keeps non-admins out: the not-allowed page in the browser, 403 from the server', async () => {
    const response = await fetch(`${e2e.baseUrl}/api/admin/dashboard`, { headers: { authorization: `Bearer ${regular.token}` } });
    expect(response.status).toBe(403);
    const users = await fetch(`${e2e.baseUrl}/api/admin/users`, { headers: { authorization: `Bearer ${regular.token}` } });
    expect(users.status).toBe(403);

    const page = await signedInPage(regular);
    for (const path of ['/admin', '/admin/users', '/admin/messages', '/auctionlist']) {
      await page.goto(path);
      await page.getByText('You are not allowed to see this page').waitFor();
      expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
    }

    // Signed out: the login page.
    const visitor = await e2e.newPage();
    await visitor.goto('/admin');
    await visitor.waitForURL((u) => u.pathname === '/login');
  });

  it('shows the dashboard: counters, recent active auctions and the ten newest users', async () => {
    const page = await adminPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByText('Manage auctions, users, and monitor system activity').waitFor();

    const expected: Record<string, number> = {
      'Active Auctions': ACTIVE_AUCTIONS,
      'Total Auctions': ACTIVE_AUCTIONS + 1,
      'Total Users': TOTAL_USERS,
      'Recent Signups': TOTAL_USERS,
    };
    for (const [label, value] of Object.entries(expected)) {
      await counter(page, label)
        .filter({ hasText: new RegExp(`^\\s*${value}\\s*$`) })
        .waitFor();
    }

    // Recent active auctions: cards, none of them the ended one, and the link to every auction.
    const auctions = page.getByRole('region', { name: 'Recent Active Auctions' });
    await auctions.getByRole('article').first().waitFor();
    expect(await auctions.getByRole('article').count()).toBeGreaterThan(0);
    expect(await auctions.getByRole('article').count()).toBeLessThanOrEqual(6);
    expect(await auctions.getByText(ENDED_NAME).count()).toBe(0);
    expect(await auctions.getByRole('link', { name: 'View All Auctions' }).getAttribute('href')).toBe('/auctionlist');

    // Latest 10 users, newest first, with role badges.
    const users = page.getByRole('region', { name: 'Latest 10 Users' });
    await users.getByText('Recent Users').waitFor();
    expect(await users.getByRole('link', { name: 'View All Users' }).getAttribute('href')).toBe('/admin/users');
    const table = users.getByRole('table');
    const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim().toLowerCase());
    expect(headers).toEqual(['user', 'role', 'joined', 'last login', 'status']);
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(10);
    await rows.first().getByText(regular.name).waitFor();
    await rows.nth(1).getByText(admin.name).waitFor();
    await rows.nth(1).getByText(admin.email).waitFor();
    expect(await rows.locator('td:nth-child(5)').allInnerTexts()).toEqual(Array(10).fill('Active'));
    const adminBadge = rows.nth(1).locator('td:nth-child(2) span');
    expect((await adminBadge.innerText()).trim()).toBe('Admin');
    expect(await adminBadge.getAttribute('class')).toContain('purple');
    const userBadge = rows.first().locator('td:nth-child(2) span');
    expect((await userBadge.innerText()).trim()).toBe('User');
    expect(await userBadge.getAttribute('class')).toContain('green');
    // The first user has no photo: their avatar is the initial the server draws.
    const avatar = rows.first().locator('td').first().locator('img');
    expect(new URL((await avatar.getAttribute('src'))!).pathname).toMatch(/^\/avatars\/\d+\/Z\.svg$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await e2e.screenshot(page, 'admin-dashboard-1280');
    // Wide enough for every column: the table's frame is no extra stop for the keyboard.
    expect(await table.locator('xpath=..').getAttribute('tabindex')).toBeNull();

    await page.getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/messages');
    await page.goBack();
    await page.getByRole('link', { name: 'View All Users' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/users');
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
  });

  it('pages through all users, 20 at a time, and remembers the page in the address', async () => {
    const page = await adminPage();
    await page.goto('/admin');
    await page.getByRole('link', { name: 'View All Users' }).click();
    await page.getByRole('heading', { name: 'All Users', level: 1 }).waitFor();
    await page.getByText('Manage and monitor all registered users').waitFor();
    await page.getByText(`${TOTAL_USERS} total users`).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');

    const headers = (await usersTable(page).locator('thead th').allInnerTexts()).map((t) => t.trim().toLowerCase());
    expect(headers).toEqual(['user', 'role', 'date created', 'last login', 'location', 'status', 'actions']);
    // Default sort: date created, newest first.
    expect(await usersTable(page).locator('th[aria-sort="descending"]').innerText()).toMatch(/date created/i);

    let rows = await userRows(page);
    expect(await rows.count()).toBe(20);
    expect(await firstUserName(page)).toBe(regular.name);
    await page.getByText(`Showing 1 to 20 of ${TOTAL_USERS} results`).waitFor();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('link', { name: 'Previous' }).count()).toBe(0);
    expect(await pagination.locator('[aria-current="page"]').innerText()).toBe('1');
    // Dates: short month, day, year and time; location unknown for a local address.
    expect(await rows.first().locator('td:nth-child(3)').innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}.*\d{1,2}:\d{2}/);
    expect((await rows.first().locator('td:nth-child(5)').innerText()).trim()).toBe('Unknown');
    expect((await rows.first().locator('td:nth-child(6)').innerText()).trim()).toBe('Active');
    await e2e.screenshot(page, 'admin-users-1280');

    await pagination.getByRole('link', { name: 'Next' }).click();
    await page.getByText(`Showing 21 to 40 of ${TOTAL_USERS} results`).waitFor();
    expect(url(page).searchParams.get('page')).toBe('2');
    rows = await userRows(page);
    expect(await rows.count()).toBe(20);
    expect(await pagination.locator('[aria-current="page"]').innerText()).toBe('2');
    const page2First = await firstUserName(page);

    // A reload keeps the page.
    await page.reload();
    await page.getByText(`Showing 21 to 40 of ${TOTAL_USERS} results`).waitFor();
    expect(await firstUserName(page)).toBe(page2First);

    await pagination.getByRole('link', { name: 'Page 3' }).click();
    await page.getByText(`Showing 41 to ${TOTAL_USERS} of ${TOTAL_USERS} results`).waitFor();
    rows = await userRows(page);
    expect(await rows.count()).toBe(TOTAL_USERS - 40);
    expect(await pagination.getByRole('link', { name: 'Next' }).count()).toBe(0);

    // Back returns to page 2 as it was.
    await page.goBack();
    await page.getByText(`Showing 21 to 40 of ${TOTAL_USERS} results`).waitFor();
    expect(await firstUserName(page)).toBe(page2First);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await page.getByText(`Showing 1 to 20 of ${TOTAL_USERS} results`).waitFor();
  });

  it('sorts by a column: another column starts descending, the same one toggles', async () => {
    const page = await adminPage();
    await page.goto('/admin/users?page=2');
    await page.getByText(`Showing 21 to 40 of ${TOTAL_USERS} results`).waitFor();
    const userHeader = usersTable(page)
      .locator('th')
      .filter({ hasText: /^User$/i });
    expect(await userHeader.getAttribute('aria-sort')).toBe('none');

    await userHeader.getByRole('button').click();
    await page.waitForURL((u) => u.searchParams.get('sortBy') === 'name' && u.searchParams.get('sortOrder') === 'desc');
    expect(url(page).searchParams.get('page')).toBeNull(); // back to page 1
    // The address changes before React renders the new order: wait for the header, not only the URL.
    await expect.poll(() => userHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstUserName(page)).toBe(regular.name);
    await page.getByText(`Showing 1 to 20 of ${TOTAL_USERS} results`).waitFor();
    expect(await (await userRows(page)).nth(1).locator('td p').first().innerText()).toBe(memberName(45));

    await userHeader.getByRole('button').click();
    await page.waitForURL((u) => u.searchParams.get('sortOrder') === 'asc');
    await expect.poll(() => userHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => firstUserName(page)).toBe(admin.name);
    expect(await (await userRows(page)).nth(1).locator('td p').first().innerText()).toBe(memberName(1));

    // Role: another column, so descending first (user before admin).
    const roleHeader = usersTable(page)
      .locator('th')
      .filter({ hasText: /^Role$/i });
    await roleHeader.getByRole('button').click();
    await page.waitForURL((u) => u.searchParams.get('sortBy') === 'role' && u.searchParams.get('sortOrder') === 'desc');
    await expect.poll(() => roleHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => userHeader.getAttribute('aria-sort')).toBe('none');
    await roleHeader.getByRole('button').click();
    await page.waitForURL((u) => u.searchParams.get('sortOrder') === 'asc');
    await expect.poll(() => firstUserName(page)).toBe(admin.name);

    // The sort survives a reload.
    await page.reload();
    await expect.poll(() => firstUserName(page)).toBe(admin.name);
    await expect.poll(() => roleHeader.getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches on the server, resets to page 1, keeps ?search= and filters by role', async () => {
    const page = await adminPage();
    await page.goto('/admin/users');
    await page.getByText(`${TOTAL_USERS} total users`).waitFor();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await page.getByText(`Showing 21 to 40 of ${TOTAL_USERS} results`).waitFor();

    const search = page.getByLabel('Search users');
    expect(await search.getAttribute('placeholder')).toBe('Search by name or email...');
    await search.fill('member 1');
    await page.waitForURL((u) => u.searchParams.get('search') === 'member 1');
    expect(url(page).searchParams.get('page')).toBeNull();
    await page.getByText('10 total users').waitFor();
    let rows = await userRows(page);
    expect(await rows.count()).toBe(10);
    const names = (await rows.locator('td:first-child p:first-child').allInnerTexts()).map((n) => n.trim()).sort();
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => memberName(10 + i)));
    // One page only: no pagination.
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

    // A reload keeps the search, in the box too.
    await page.reload();
    await page.getByText('10 total users').waitFor();
    expect(await page.getByLabel('Search users').inputValue()).toBe('member 1');

    // Searching by email works too; nothing found shows the empty message.
    await search.fill(admin.email.toUpperCase());
    await page.getByText('1 total user', { exact: true }).waitFor();
    expect(await firstUserName(page)).toBe(admin.name);
    await search.fill('nobody-by-this-name');
    await page.getByText('No users found matching your criteria.').waitFor();

    // Back walks the searches back to the unfiltered page 2.
    await page.goBack();
    await page.getByText('1 total user', { exact: true }).waitFor();
    await page.goBack();
    await page.getByText('10 total users').waitFor();
    await page.goBack();
    await page.getByText(`Showing 21 to 40 of ${TOTAL_USERS} results`).waitFor();
    expect(await page.getByLabel('Search users').inputValue()).toBe('');

    // The role filter: admins only, then users only.
    await page.getByLabel('Role').selectOption('admin');
    await page.waitForURL((u) => u.searchParams.get('role') === 'admin' && !u.searchParams.has('page'));
    await page.getByText('1 total user', { exact: true }).waitFor();
    expect(await firstUserName(page)).toBe(admin.name);
    await page.getByLabel('Role').selectOption('user');
    await page.getByText(`${TOTAL_USERS - 1} total users`).waitFor();
    rows = await userRows(page);
    expect(await rows.count()).toBe(20);
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(Array(20).fill('User'));
  });

  it('lists every auction with its status, filters by status and loads more', async () => {
    const page = await adminPage();
    await page.goto('/admin');
    await page.getByRole('link', { name: 'View All Auctions' }).click();
    await page.waitForURL((u) => u.pathname === '/auctionlist');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: `All Auctions (${ACTIVE_AUCTIONS + 1})` }).waitFor();

    const table = page.getByRole('table', { name: 'Auctions' });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(20);
    const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim().toLowerCase());
    expect(headers).toEqual(['item', 'status', 'current price', 'bids', 'seller', 'ends']);
    // Newest first: the ended one was made first, so it is on the second page.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(ACTIVE_AUCTIONS + 1);
    const ended = rows.filter({ hasText: ENDED_NAME });
    expect((await ended.locator('td:nth-child(2)').innerText()).trim()).toBe('Ended');
    expect((await ended.locator('td:nth-child(3)').innerText()).trim()).toBe('$30');
    expect((await ended.locator('td:nth-child(5)').innerText()).trim()).toBe(regular.name);
    const link = ended.getByRole('link', { name: ENDED_NAME });
    expect(await link.getAttribute('href')).toMatch(/^\/auction\/\d+$/);
    expect((await rows.first().locator('td:nth-child(2)').innerText()).trim()).toBe('Active');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'admin-auctions-1280');

    await page.getByRole('button', { name: 'Ended', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'ended');
    await heading.filter({ hasText: 'All Auctions (1)' }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(ENDED_NAME);

    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await heading.filter({ hasText: `All Auctions (${ACTIVE_AUCTIONS})` }).waitFor();
    await expect.poll(() => rows.count()).toBe(20);
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(Array(20).fill('Active'));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(ACTIVE_AUCTIONS);
    expect(await rows.filter({ hasText: ENDED_NAME }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Active', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await heading.filter({ hasText: `All Auctions (${ACTIVE_AUCTIONS + 1})` }).waitFor();
  });

  it('says so when the admin data cannot be loaded', async () => {
    const page = await adminPage();
    // The server refuses every admin read (a 4xx, so the client does not retry).
    await page.route(/\/trpc\/[^?]*admin\./, (route) => {
      const procedures = new URL(route.request().url()).pathname.split('/').pop()!.split(',');
      const error = { error: { message: 'Boom', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } };
      void route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(procedures.map(() => error)) });
    });
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));

    await page.goto('/admin');
    await page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' }).waitFor();
    expect(logged).toContain('Failed to load admin data');

    await page.goto('/admin/users');
    await page.getByRole('alert').filter({ hasText: 'Failed to load users' }).waitFor();
    // The list is emptied: the one row left is the message.
    expect(await usersTable(page).locator('tbody tr').count()).toBe(1);
    expect(await usersTable(page).getByText('No users found matching your criteria.').count()).toBe(0);
    await e2e.screenshot(page, 'admin-users-error-1280', { fullPage: false });
    expect(await page.getByText(/total users?$/).count()).toBe(0);
  });

  it('shows the contact inbox with a message sent through /contact', async () => {
    const page = await adminPage();
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/messages');
    const item = page.getByRole('article', { name: message.subject });
    await item.waitFor();
    await item.getByText(message.name).waitFor();
    const mail = item.getByRole('link', { name: message.email });
    expect(await mail.getAttribute('href')).toMatch(new RegExp(`^mailto:${message.email.replace(/\./g, '\\.')}`));
    // The message keeps its line breaks and spaces.
    const body = item.locator('p').filter({ hasText: 'Do you ship to Canada?' });
    expect(await body.evaluate((el) => el.textContent)).toBe(message.message);
    expect(await body.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Messages (1)' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
    await e2e.screenshot(page, 'admin-messages-1280');
  });

  it("works at 360 px: the dashboard's table scrolls inside its card, users and auctions become cards", async () => {
    const page = await adminPage(360);
    const noPageScroll = async () => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    };

    await page.goto('/admin');
    await counter(page, 'Total Users')
      .filter({ hasText: String(TOTAL_USERS) })
      .waitFor();
    await page.getByRole('region', { name: 'Latest 10 Users' }).locator('tbody tr').nth(9).waitFor();
    await noPageScroll();
    await e2e.screenshot(page, 'admin-dashboard-360');

    // The columns that do not fit are reached by keyboard too: the table's frame takes the focus,
    // shows it, and scrolls with the arrow keys.
    const recent = page.getByRole('region', { name: 'The ten newest users' });
    await scrollsByKeyboard(recent);
    await e2e.screenshot(page, 'admin-dashboard-table-scrolled-360', { fullPage: false });

    // All users: a card per user instead of the six-column table, with the whole address of the
    // newest user (a long one), and the sort the headers give as a select.
    await page.goto('/admin/users');
    const list = page.getByRole('list', { name: 'Registered users' });
    const users = list.getByRole('listitem');
    await expect.poll(() => users.count(), { timeout: 10_000 }).toBe(20);
    expect(await page.getByRole('table', { name: 'Registered users' }).count()).toBe(0);
    await noPageScroll();
    const zoe = users.filter({ hasText: regular.name });
    await zoe.getByText(regular.email, { exact: true }).waitFor();
    for (const words of ['User', 'Active', 'Date Created', 'Last Login', 'Location']) await zoe.getByText(words, { exact: true }).waitFor();
    const mail = (await zoe.getByText(regular.email, { exact: true }).boundingBox())!;
    expect(mail.x + mail.width).toBeLessThanOrEqual(360);
    await e2e.screenshot(page, 'admin-users-360');

    const sortBy = page.getByLabel('Sort by');
    expect(await sortBy.inputValue()).toBe('createdAt desc');
    await sortBy.selectOption({ label: 'Name A–Z' });
    await page.waitForURL((u) => u.searchParams.get('sortBy') === 'name' && u.searchParams.get('sortOrder') === 'asc');
    await expect.poll(async () => (await users.first().locator('p').first().innerText()).trim()).toBe(admin.name);
    await users.first().getByText('Admin', { exact: true }).waitFor();
    await noPageScroll();
    expect(await axeReport(page, 'all users at 360 px')).toBe('');

    await page.goto('/auctionlist');
    const cards = page.getByRole('list', { name: 'Auctions' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(20);
    expect(await page.getByRole('table', { name: 'Auctions' }).count()).toBe(0);
    await noPageScroll();
    await e2e.screenshot(page, 'admin-auctions-360');

    await page.goto('/admin/messages');
    await page.getByRole('article', { name: message.subject }).waitFor();
    await noPageScroll();
    await e2e.screenshot(page, 'admin-messages-360');
  });
});
