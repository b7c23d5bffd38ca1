// Two-factor sign-in in Chromium: turned on from /privacy (the QR code, the key read as text, a code
// computed here as an authenticator app would, the recovery codes shown once), then a login's second
// step with a code and with a recovery code; at desktop and phone width.
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeReport } from './axe';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';

/** The code an authenticator app shows for the key, `offsetMs` from now. */
function appCode(key: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

describeBrowser('two-factor sign-in', () => {
  const e2e = useBrowserHarness();

  async function waitForPath(page: Page, path: string) {
    await page.waitForURL((url) => url.pathname === path);
  }

  async function logIn(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  }

  it('is turned on from /privacy, then asks for a code or a recovery code at login', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail('totp');
    const signup = await page.request.post('/api/auth/signup', { data: { name: 'Tara Totp', email, password: PASSWORD } });
    expect(signup.status()).toBe(201);

    await page.goto('/privacy');
    await page.getByRole('heading', { name: /Two-factor authentication/ }).waitFor();
    await page.getByRole('button', { name: 'Enable' }).click();
    const setUp = page.getByRole('heading', { name: 'Set up your authenticator app' });
    await setUp.waitFor();
    await expect.poll(() => setUp.evaluate((el) => el === document.activeElement)).toBe(true);
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect.poll(() => qr.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // The key as the page shows it, in groups of four for typing.
    const key = (await page.locator('code[data-secret]').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await e2e.screenshot(page, 'privacy-two-factor-setup-1280');

    // A wrong code is explained at the field; the right one turns it on.
    const codeField = page.getByLabel('2. Enter the 6-digit code the app shows');
    await codeField.fill(appCode(key) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText(/That code is not right/).waitFor();
    await codeField.fill(appCode(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(await axeReport(page, 'the recovery codes on /privacy')).toBe('');
    await e2e.screenshot(page, 'privacy-two-factor-codes-1280');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Disable' }).waitFor();

    const out = await page.request.post('/api/auth/logout');
    expect(out.status()).toBe(200);

    // The second step: the code field is ready for the app's code, a wrong one says so in words.
    await logIn(page, email);
    const code = page.getByLabel('Authentication code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await e2e.screenshot(page, 'login-two-factor-1280');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code did not work' }).waitFor();
    expect(await code.inputValue()).toBe('');
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    // The code that turned it on was used: the next step's is still accepted.
    await code.fill(appCode(key, 30_000));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // At phone width, with a recovery code instead.
    const phone = await e2e.newPage({ width: 360, height: 740 });
    await logIn(phone, email);
    await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recovery = phone.getByLabel('Recovery code');
    await expect.poll(() => recovery.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeReport(phone, 'the login second step at 360 px')).toBe('');
    await recovery.fill(recoveryCodes[0]!);
    await e2e.screenshot(phone, 'login-two-factor-recovery-360');
    await phone.getByRole('button', { name: 'Verify and log in' }).click();
    await waitForPath(phone, '/');
    await phone.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // Turning it off, at phone width: the password and a code.
    await phone.goto('/privacy');
    await phone.getByRole('button', { name: 'Disable' }).click();
    await phone.getByRole('heading', { name: 'Turn off two-factor sign-in' }).waitFor();
    await phone.getByLabel('Password').fill(PASSWORD);
    await phone.getByLabel('Code from your app, or a recovery code').fill(recoveryCodes[1]!);
    await e2e.screenshot(phone, 'privacy-two-factor-off-360');
    await phone.getByRole('button', { name: 'Turn off' }).click();
    await phone.getByText('Two-factor sign-in is off.').waitFor();
    await phone.getByRole('button', { name: 'Enable' }).waitFor();
  });
});
