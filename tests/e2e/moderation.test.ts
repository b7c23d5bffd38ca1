// Moderation in Chromium: an administrator suspends a seller from /admin/users (the reason asked in a
// dialog; the seller's login then names it), reinstates them and makes them an admin, reads all of it
// in /admin/audit, and cancels another seller's auction with bids from its page. Screenshots at 1280
// and 360 px.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';

describeBrowser('moderation', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  /** A page signed in as a new account made an administrator by `npm run create-admin`, as an operator would. */
  async function adminPage(width: number): Promise<Page> {
    const page = await e2e.newPage({ width, height: 900 });
    const admin = await api.signIn(page, width > 400 ? 'Ada Moderator' : 'Ari Moderator');
    expect(await e2e.createAdmin({ email: admin.email, password: PASSWORD })).toContain('admin');
    return page;
  }

  /** The users list narrowed to one name, once it shows that row. */
  async function findUser(page: Page, name: string) {
    await page.goto(`/admin/users?search=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    return row;
  }

  async function confirmIn(page: Page, dialogName: string, button: string, reason?: string) {
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    if (reason !== undefined) await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('suspends, reinstates and promotes from /admin/users, and reads it all in /admin/audit', async () => {
    const page = await adminPage(1280);
    const seller = await api.user('Tomas Seller');
    const bidder = await api.user('Bea Bidder');
    const { id } = await api.createAuction(seller.token, { name: 'Copper Kettle', category: 'Home & Garden', price: 20, hue: 20 });
    await api.bid(bidder.token, id, 25);

    let row = await findUser(page, 'Tomas Seller');
    await row.getByRole('button', { name: 'Suspend Tomas Seller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this account?' });
    await dialog.waitFor();
    // The reason is required: the dialog says so before anything is sent.
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Shill bidding on his own listings');
    expect(await axeReport(page, 'the suspend dialog')).toBe('');
    await e2e.screenshot(page, 'moderation-suspend-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Suspended', { exact: true }).waitFor();
    await e2e.screenshot(page, 'moderation-users-suspended-1280');

    // Their login now answers 403 with the reason; their auction was cancelled.
    const login = await fetch(`${e2e.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seller.email, password: PASSWORD }),
    });
    expect(login.status).toBe(403);
    expect(((await login.json()) as { message: string }).message).toBe('This account is suspended: Shill bidding on his own listings');
    expect((await api.auction(bidder.token, id)).status).toBe('cancelled');

    row = await findUser(page, 'Tomas Seller');
    await row.getByRole('button', { name: 'Reinstate Tomas Seller' }).click();
    await confirmIn(page, 'Reinstate this account?', 'Reinstate');
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Make admin Tomas Seller' }).click();
    await confirmIn(page, 'Make this user an admin?', 'Make admin');
    await row.getByText('Admin', { exact: true }).waitFor();
    // An administrator is demoted before a suspension: the row offers Make user, not Suspend.
    expect(await row.getByRole('button', { name: 'Suspend Tomas Seller' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Make user Tomas Seller' }).waitFor();

    // The side menu leads to the log, right after the reports.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' }).getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link').first().waitFor();
    expect((await menu.getByRole('link').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Admin Panel',
      'Reports',
      'Audit log',
      'Dashboard',
      'Create Auction',
      'View Auction',
      'My Bids',
      'Watchlist',
      'Orders',
      'Messages',
    ]);
    await menu.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/audit');
    const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await entries.first().waitFor();
    const texts = (await entries.allInnerTexts()).map((text) => text.split('\n')[0]);
    // Each target by its name now and its number: a user links to their profile, an auction to its page.
    expect(texts.slice(0, 4)).toEqual([
      expect.stringMatching(/^Made admin · Tomas Seller \(User #\d+\)$/),
      expect.stringMatching(/^Reinstated · Tomas Seller \(User #\d+\)$/),
      expect.stringMatching(/^Suspended · Tomas Seller \(User #\d+\)$/),
      `Cancelled auction · Copper Kettle (Auction #${id})`,
    ]);
    expect(await entries.nth(3).getByRole('link', { name: 'Copper Kettle' }).getAttribute('href')).toBe(`/auction/${id}`);
    await entries.nth(2).getByText('Shill bidding on his own listings').waitFor();
    await entries.last().getByText('By the command line').waitFor();
    expect(await axeReport(page, 'the audit log')).toBe('');
    await e2e.screenshot(page, 'moderation-audit-1280');
    await entries.first().getByRole('link', { name: 'Tomas Seller' }).click();
    await page.waitForURL((u) => /^\/users\/\d+$/.test(u.pathname));
    await page.getByRole('heading', { name: 'Tomas Seller' }).waitFor();
  });

  it('cancels an auction with bids from its page, with a reason', async () => {
    const page = await adminPage(1280);
    const seller = await api.user('Sara Seller');
    const bidder = await api.user('Ben Bidder');
    const { id } = await api.createAuction(seller.token, { name: 'Pewter Tankard', category: 'Antiques', price: 40, hue: 200 });
    await api.bid(bidder.token, id, 45);

    await page.goto(`/auction/${id}`);
    await page.getByRole('button', { name: 'Cancel auction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this auction?' });
    await dialog.getByText('“Pewter Tankard” ends now without a sale, and its bid no longer stands.').waitFor();
    await dialog.getByLabel('Reason').fill('Counterfeit hallmark');
    await dialog.getByRole('button', { name: 'Cancel auction' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Cancel auction' }).count()).toBe(0);
    await e2e.screenshot(page, 'moderation-auction-cancelled-1280');
    expect((await api.auction(bidder.token, id)).status).toBe('cancelled');
  });

  it('at 360 px: the actions sit on each user card, and the audit log reads without sideways scrolling', async () => {
    const page = await adminPage(360);
    await api.user('Pia Phone');
    await page.goto(`/admin/users?search=${encodeURIComponent('Pia Phone')}`);
    const card = page.getByRole('list', { name: 'Registered users' }).getByRole('listitem').filter({ hasText: 'Pia Phone' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Suspend Pia Phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this account?' });
    await dialog.getByLabel('Reason').fill('Spam messages');
    await e2e.screenshot(page, 'moderation-suspend-dialog-360', { fullPage: false });
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Suspended', { exact: true }).waitFor();
    await e2e.screenshot(page, 'moderation-users-360');

    // The dashboard leads to the log too.
    await page.goto('/admin');
    await page.getByRole('main').getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/audit');
    await page.getByRole('list', { name: 'Audit log entries' }).getByText('Spam messages').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await e2e.screenshot(page, 'moderation-audit-360');
  });
});
