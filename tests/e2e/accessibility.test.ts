// Every route of the client, as a visitor, a member and an administrator see it, at desktop and phone
// width: axe-core finds no violation on any of them.
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { axeReport } from './axe';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 60 * 60 * 1000;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 360, height: 640 },
];

const LEGAL_SLUGS = ['terms-of-service', 'privacy-policy', 'dmca', 'code-of-conduct', 'acceptable-use-policy'];

/** A route and what shows that it finished loading (no spinner or skeleton left for axe to judge). */
interface Visit {
  path: string;
  ready: (page: Page) => Locator;
}

describeBrowser('accessibility of every page (axe-core)', () => {
  const e2e = useBrowserHarness();
  const admin = { email: uniqueEmail('axe-admin'), password: PASSWORD };
  const member = { email: uniqueEmail('axe-member'), password: PASSWORD };
  let auctionId = '';

  async function signup(name: string, email = uniqueEmail('axe')): Promise<string> {
    const response = await fetch(`${e2e.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { token: string }).token;
  }

  async function createAuction(token: string, name: string): Promise<string> {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 170 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('itemName', name);
    form.set('itemDescription', `${name}, in good condition.`);
    form.set('itemCategory', 'Collectibles');
    form.set('startingPrice', '40');
    form.set('itemStartDate', new Date().toISOString());
    form.set('itemEndDate', new Date(Date.now() + 5 * DAY_MS).toISOString());
    form.set('itemPhoto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${e2e.baseUrl}/api/auction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { newAuction: { _id: string } }).newAuction._id;
  }

  async function bid(token: string, id: string, bidAmount: number) {
    const response = await fetch(`${e2e.baseUrl}/api/auction/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bidAmount }),
    });
    expect(response.status).toBe(201);
  }

  beforeAll(async () => {
    const seller = await signup('Sasha Seller');
    auctionId = await createAuction(seller, 'Enamel Tin Sign');
    await createAuction(seller, 'Pocket Watch');
    const memberToken = await signup('Mina Member', member.email);
    await createAuction(memberToken, 'Tin Robot');
    await bid(memberToken, auctionId, 45);
    expect(await e2e.createAdmin({ email: admin.email, password: admin.password, name: 'Axel Admin' })).toContain('Created admin');
    const contact = await fetch(`${e2e.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Vera Visitor', email: 'vera@example.com', subject: 'Shipping', message: 'Do you ship abroad?' }),
    });
    expect(contact.status).toBe(201);
  }, 60_000);

  async function pageFor(who: { email: string; password: string } | null, size: { width: number; height: number }): Promise<Page> {
    const page = await e2e.newPage(size);
    if (who) {
      const response = await page.request.post('/api/auth/login', { data: who });
      expect(response.status()).toBe(200);
    }
    return page;
  }

  const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

  /**
   * Opens the path: loaded the first time, then through the app's router, as a click on a link would
   * (a whole new load of the same app costs the browser a second of CPU, and axe judges the same page).
   * The page left is gone once its heading is: until then, what `ready` looks for may still be its own.
   */
  async function open(page: Page, path: string) {
    const left = await page.$('h1');
    if (!left) {
      await page.goto(path);
      return;
    }
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction((heading) => !heading.isConnected, left);
    await left.dispose();
  }

  /** Visits each page in turn and fails at the end with everything axe found on any of them. */
  async function checkAll(page: Page, who: string, visits: Visit[], width: number) {
    const reports: string[] = [];
    for (const visit of visits) {
      await open(page, visit.path);
      await visit.ready(page).first().waitFor();
      // Nothing still loading: skeletons and spinners are announced as status with a "Loading" name.
      await expect.poll(() => page.locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]').count()).toBe(0);
      reports.push(await axeReport(page, `${visit.path} at ${width} px`));
      await e2e.screenshot(page, `axe-${who}${visit.path.replace(/\W+/g, '-').replace(/-$/, '')}-${width}`);
    }
    expect(reports.filter(Boolean).join('\n')).toBe('');
  }

  it.each(WIDTHS)('finds nothing on the public pages at $width px', async (size) => {
    const page = await pageFor(null, size);
    await checkAll(
      page,
      'visitor',
      [
        { path: '/', ready: (p) => p.getByRole('region', { name: 'Live auctions' }).getByRole('article') },
        { path: '/login', ready: heading('Log in') },
        { path: '/signup', ready: heading('Create an Account') },
        { path: '/about', ready: heading('About Open Auction') },
        { path: '/contact', ready: heading('Contact Us') },
        { path: '/legal', ready: heading('Legal') },
        ...LEGAL_SLUGS.map((slug) => ({ path: `/legal/${slug}`, ready: (p: Page) => p.getByRole('article') })),
        { path: '/no/such/page', ready: heading("Sorry we couldn't find this page.") },
      ],
      size.width,
    );
  });

  it.each(WIDTHS)('finds nothing on a member’s pages at $width px', async (size) => {
    const page = await pageFor(member, size);
    await checkAll(
      page,
      'member',
      [
        { path: '/', ready: (p) => p.getByRole('region', { name: 'Your Auctions' }).getByRole('article') },
        { path: '/auction', ready: (p) => p.getByRole('main').getByRole('article') },
        { path: `/auction/${auctionId}`, ready: (p) => p.getByRole('region', { name: 'Bid History' }).getByRole('listitem') },
        { path: '/myauction', ready: (p) => p.getByRole('main').getByRole('article') },
        { path: '/mybids', ready: (p) => p.getByText(/you have bid on$/) },
        { path: '/watchlist', ready: (p) => p.getByText(/you are watching$/) },
        { path: '/orders', ready: (p) => p.getByText('No purchases yet') },
        { path: '/create', ready: heading('Create Auction') },
        { path: '/profile', ready: heading('Profile') },
        { path: '/privacy', ready: (p) => p.getByRole('list', { name: 'Login history' }).getByRole('listitem') },
        { path: '/contact', ready: heading('Contact Us') },
        // Not an administrator: the not-allowed page.
        { path: '/admin', ready: (p) => p.getByText('You are not allowed to see this page') },
      ],
      size.width,
    );
  });

  it.each(WIDTHS)('finds nothing in forms that show their messages, nor in the open menu, at $width px', async (size) => {
    const reports: string[] = [];
    const check = async (page: Page, where: string) => reports.push(await axeReport(page, `${where} at ${size.width} px`));

    const visitor = await pageFor(null, size);
    await visitor.goto('/login');
    await visitor.getByLabel('Email').fill(member.email);
    await visitor.getByLabel('Password').fill('not the password');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.getByRole('alert').waitFor();
    await check(visitor, '/login with a wrong password');
    await visitor.goto('/signup');
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await visitor.getByText('Name is required').waitFor();
    await check(visitor, '/signup sent empty');

    const page = await pageFor(member, size);
    await page.goto('/create');
    await page.getByRole('button', { name: 'Create Auction' }).click();
    await page.getByText('Please upload an image.').waitFor();
    await check(page, '/create sent empty');
    await page.goto(`/auction/${auctionId}`);
    // On a phone the form is in a sheet that the bar's button opens.
    if (size.width < 1024) await page.getByRole('button', { name: 'Place bid', exact: true }).click();
    await page.getByLabel(/^Your bid/).fill('1');
    await page.getByRole('button', { name: 'Place Bid', exact: true }).click();
    await page.getByText(/^Your bid must be between/).waitFor();
    await check(page, 'an auction with a refused bid');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').waitFor();
    await check(page, '/profile sent empty');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Site menu' }).getByRole('button', { name: 'Sign out' }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await check(page, 'the open side menu');

    expect(reports.filter(Boolean).join('\n')).toBe('');
  });

  it.each(WIDTHS)('finds nothing on the admin console at $width px', async (size) => {
    const page = await pageFor(admin, size);
    await checkAll(
      page,
      'admin',
      [
        { path: '/admin', ready: (p) => p.getByRole('region', { name: 'Latest 10 Users' }).locator('tbody tr:not([aria-hidden])') },
        {
          path: '/admin/users',
          // A table on a wide screen, a card per user on a phone.
          ready: (p) =>
            size.width < 768
              ? p.getByRole('list', { name: 'Registered users' }).getByRole('listitem')
              : p.getByRole('table', { name: 'Registered users' }).locator('tbody tr:not([aria-hidden])'),
        },
        { path: '/admin/messages', ready: (p) => p.getByRole('article', { name: 'Shipping' }) },
        { path: '/auctionlist', ready: heading(/^All Auctions \(\d+\)$/) },
      ],
      size.width,
    );
  });
});
