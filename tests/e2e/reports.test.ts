// Reports in Chromium: a user reports a listing from its page (a reason in words, details, the thanks,
// then the page says it was reported), and an administrator finds it on /admin/reports, counted on the
// dashboard, and dismisses it with a note, confirmed; it moves to Resolved. The tabs answer the keys too.
// Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { axeReport } from './axe';
import { PASSWORD, testApi } from './api';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

describeBrowser('reports of listings', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);
  const admin = { name: 'Mona Moderator', email: uniqueEmail('mona'), password: PASSWORD };
  let auctionId = '';

  beforeAll(async () => {
    expect(await e2e.createAdmin(admin)).toContain('Created admin');
    const seller = await api.user('Sid Seller');
    ({ id: auctionId } = await api.createAuction(seller.token, {
      name: 'Designer Handbag, Genuine',
      category: 'Clothing',
      price: 40,
      hue: 300,
    }));
  });

  async function adminPage(width: number): Promise<Page> {
    const page = await e2e.newPage({ width, height: 900 });
    const response = await page.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
    expect(response.status()).toBe(200);
    return page;
  }

  it('a user reports a listing; the admin sees it counted and listed, and dismisses it with a note', async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    await api.signIn(page, 'Rita Reporter');
    await page.goto(`/auction/${auctionId}`);
    await page.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.waitFor();

    // Nothing chosen: the words say what is missing. Other without details: the same.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByRole('radio', { name: /^Other/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Please describe the problem: details are required when the reason is Other.').waitFor();

    await dialog.getByRole('radio', { name: /^Counterfeit/ }).check();
    await dialog
      .getByRole('textbox', { name: 'Details (optional)' })
      .fill('The stitching and the logo do not match the brand.\nThe price is far too low.');
    await dialog.getByText('76 / 1,000 characters').waitFor();
    expect(await axeReport(page, 'the report dialog')).toBe('');
    await e2e.screenshot(page, 'report-dialog-1280');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thank you: your report was sent to the moderators.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByText(/^You reported this listing as counterfeit on /).waitFor();
    expect(await page.getByRole('button', { name: 'Report this listing' }).count()).toBe(0);
    await e2e.screenshot(page, 'report-sent-1280');

    // Another user reports it too, on a phone.
    const phonePage = await e2e.newPage({ width: 360, height: 800 });
    await api.signIn(phonePage, 'Other Reader');
    await phonePage.goto(`/auction/${auctionId}`);
    await phonePage.getByRole('button', { name: 'Report this listing' }).click();
    const small = phonePage.getByRole('dialog', { name: 'Report this listing' });
    await small.getByRole('radio', { name: /^Misleading/ }).check();
    await e2e.screenshot(phonePage, 'report-dialog-360');
    await small.getByRole('button', { name: 'Send report' }).click();
    await small.getByText('Thank you: your report was sent to the moderators.').waitFor();

    // The dashboard counts both; the menu and the dashboard lead to the reports.
    const adminWide = await adminPage(1280);
    await adminWide.goto('/admin');
    await adminWide
      .locator('dt:text-is("Open Reports") + dd')
      .filter({ hasText: /^\s*2\s*$/ })
      .waitFor();
    await e2e.screenshot(adminWide, 'report-dashboard-1280');
    await adminWide.getByRole('link', { name: 'Reports', exact: true }).click();
    await adminWide.waitForURL((u) => u.pathname === '/admin/reports');

    const list = adminWide.getByRole('list', { name: 'Open reports' });
    const first = list.getByRole('article').first();
    await first.getByText('The stitching and the logo do not match the brand.').waitFor();
    expect(await list.getByRole('article').count()).toBe(2);
    await first.getByText('Counterfeit').waitFor();
    await first.getByRole('link', { name: 'Rita Reporter' }).waitFor();
    expect(await first.getByRole('link', { name: 'Designer Handbag, Genuine' }).getAttribute('href')).toBe(`/auction/${auctionId}`);
    expect(await axeReport(adminWide, 'the reports page')).toBe('');
    await e2e.screenshot(adminWide, 'reports-open-1280');

    await first.getByRole('button', { name: 'Dismiss' }).click();
    const confirm = adminWide.getByRole('dialog', { name: 'Dismiss this report?' });
    await confirm.getByRole('textbox', { name: 'Note (optional)' }).fill('Checked the photos: genuine, with receipt.');
    await e2e.screenshot(adminWide, 'reports-dismiss-1280');
    await confirm.getByRole('button', { name: 'Dismiss report' }).click();
    await adminWide.getByRole('status').filter({ hasText: 'The report on “Designer Handbag, Genuine” was dismissed.' }).waitFor();
    await expect.poll(() => list.getByRole('article').count()).toBe(1);

    await adminWide.getByRole('tab', { name: 'Resolved' }).click();
    const resolved = adminWide.getByRole('list', { name: 'Resolved reports' }).getByRole('article');
    await resolved.getByText('Checked the photos: genuine, with receipt.').waitFor();
    await resolved.getByText(/^Dismissed by Mona Moderator/).waitFor();
    await e2e.screenshot(adminWide, 'reports-resolved-1280');

    // The keys move between the tabs and open the one they reach, kept in the address: Home the first,
    // End the last, the arrows round past either end.
    const byKey = async (key: string, tab: string, search: string, list: string) => {
      await adminWide.keyboard.press(key);
      await adminWide.getByRole('list', { name: list }).getByRole('article').first().waitFor();
      expect(new URL(adminWide.url()).search).toBe(search);
      expect(await adminWide.evaluate(() => document.activeElement?.textContent)).toBe(tab);
      expect(await adminWide.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
      expect(await adminWide.getByRole('tabpanel', { name: tab }).count()).toBe(1);
    };
    await adminWide.getByRole('tab', { name: 'Resolved' }).focus();
    await byKey('Home', 'Open', '', 'Open reports');
    await byKey('ArrowLeft', 'Resolved', '?status=resolved', 'Resolved reports');
    await byKey('ArrowRight', 'Open', '', 'Open reports');
    await byKey('End', 'Resolved', '?status=resolved', 'Resolved reports');

    const adminSmall = await adminPage(360);
    await adminSmall.goto('/admin/reports');
    await adminSmall.getByRole('list', { name: 'Open reports' }).getByRole('article').first().waitFor();
    await e2e.screenshot(adminSmall, 'reports-open-360');
    await adminSmall.goto('/admin');
    await adminSmall.getByText('Open Reports', { exact: true }).waitFor();
    await e2e.screenshot(adminSmall, 'report-dashboard-360');
  });
});
