// The login page of a site in development (NODE_ENV=development, as `npm run dev` runs it) lists the
// demo accounts, and a button fills the form with one. Sites in production show none (auth.test.ts).
// Screenshots at 1280 and 360 px.
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness } from './harness';

describeBrowser('the demo accounts on the login page, in development', () => {
  const e2e = useBrowserHarness({ env: { NODE_ENV: 'development' } });

  it('lists each demo account and fills the form with the one chosen', async () => {
    // Maya's demo account, as the demo data would make it (the test server loads none).
    const signup = await fetch(`${e2e.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Maya Thompson', email: 'maya@demo.test', password: 'maya-demo-2026' }),
    });
    expect(signup.status).toBe(201);

    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width });
      await page.goto('/login');
      const panel = page.getByRole('region', { name: 'Demo accounts' });
      await panel.waitFor();
      const admin = panel.getByRole('listitem').filter({ hasText: 'Demo Admin' });
      await admin.getByText('admin@demo.test', { exact: true }).waitFor();
      await admin.getByText('admin-demo-2026').waitFor();
      expect(await panel.getByRole('button', { name: /^Fill in / }).count()).toBe(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await e2e.screenshot(page, `login-demo-accounts-${width}`);

      await panel.getByRole('button', { name: 'Fill in Maya Thompson’s account' }).click();
      expect(await page.getByLabel('Email').inputValue()).toBe('maya@demo.test');
      expect(await page.getByLabel('Password').inputValue()).toBe('maya-demo-2026');
      // The focus waits on the button: Enter logs in.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Log in');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    }
  });

  it('clears the messages of an empty submit once a demo account fills the form', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const panel = page.getByRole('region', { name: 'Demo accounts' });
    await panel.waitFor();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Password is required').waitFor();
    await panel.getByRole('button', { name: 'Fill in Demo Admin’s account' }).click();
    await expect.poll(() => page.getByText('Password is required').count()).toBe(0);
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBeNull();
  });
});
