// Deleting an account in Chromium: a user asks from /profile (the password in a dialog), is refused
// with the reason while they lead an auction, and, with nothing under way, is signed out to the home
// page that says so; an administrator deletes a user from /admin/users. Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DELETED_USER_NAME, DELETION_WORDS } from '../../src/shared/account-deletion';
import { axeReport } from './axe';
import { PASSWORD, testApi } from './api';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('account deletion', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  async function openDeletion(page: Page) {
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Delete my account' }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    return dialog;
  }

  const loginStatus = async (email: string) =>
    (
      await fetch(`${e2e.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
    ).status;

  it('from /profile: refused with the reason while leading an auction, and a wrong password said in the dialog', async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    const me = await api.signIn(page, 'Lena Leader');
    const seller = await api.user('Otto Owner');
    const { id } = await api.createAuction(seller.token, { name: 'Tin Robot', category: 'Antiques', price: 15, hue: 90 });
    await api.bid(me.token, id, 20);

    const dialog = await openDeletion(page);
    // Nothing typed: the dialog asks for it before anything is sent.
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(DELETION_WORDS.passwordMissing).waitFor();
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(DELETION_WORDS.passwordWrong).waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(DELETION_WORDS.blocked('leading', 'owner')).waitFor();
    expect(await axeReport(page, 'the deletion dialog')).toBe('');
    await e2e.screenshot(page, 'account-deletion-refused-1280', { fullPage: false });

    // Kept: still signed in, still able to sign in.
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await e2e.screenshot(page, 'account-deletion-profile-1280');
    expect(await loginStatus(me.email)).toBe(200);
  });

  it('at 360 px: with nothing under way, deleted; signed out to the home page with a message; the login refused', async () => {
    const page = await e2e.newPage({ width: 360, height: 800 });
    const me = await api.signIn(page, 'Dora Departing');
    const dialog = await openDeletion(page);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await e2e.screenshot(page, 'account-deletion-dialog-360', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('status').filter({ hasText: DELETION_WORDS.done }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await e2e.screenshot(page, 'account-deletion-home-360', { fullPage: false });
    expect(await loginStatus(me.email)).toBe(401);
    // The old session is refused: the cookie went with it.
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  it('an administrator deletes a user from /admin/users; the row then reads Deleted user, with no action', async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    const admin = await api.signIn(page, 'Ada Deleter');
    expect(await e2e.createAdmin({ email: admin.email, password: PASSWORD })).toContain('admin');
    const target = await api.user('Gus Goner');

    await page.goto(`/admin/users?search=${encodeURIComponent('Gus Goner')}`);
    const row = page.getByRole('row').filter({ hasText: 'Gus Goner' });
    await row.waitFor();
    // One's own row offers nothing; an administrator's offers no Delete.
    await page.goto(`/admin/users?search=${encodeURIComponent('Ada Deleter')}`);
    await page.getByRole('row').filter({ hasText: 'Ada Deleter' }).getByText('You', { exact: true }).waitFor();
    await page.goto(`/admin/users?search=${encodeURIComponent('Gus Goner')}`);
    await row.getByRole('button', { name: 'Delete Gus Goner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this account?' });
    await dialog.waitFor();
    await e2e.screenshot(page, 'account-deletion-admin-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Renamed, it leaves a search by the old name.
    await page.getByText('No users found matching your criteria.').waitFor();

    await page.goto(`/admin/users?search=${encodeURIComponent(DELETED_USER_NAME)}`);
    const deleted = page.getByRole('row').filter({ hasText: 'Deleted' }).filter({ hasText: DELETED_USER_NAME });
    await deleted.first().waitFor();
    expect(await deleted.first().getByRole('button').count()).toBe(0);
    await e2e.screenshot(page, 'account-deletion-admin-list-1280');
    expect(await loginStatus(target.email)).toBe(401);

    await page.goto('/admin/audit');
    const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await entries.first().waitFor();
    expect((await entries.first().innerText()).split('\n')[0]).toBe(`Deleted account · ${DELETED_USER_NAME} (User #${target.id})`);
  });
});
