// Forgotten passwords in Chromium, with a real SMTP server beside the built server: ask for a link
// from the login page, open the link from the mail that arrives, choose a new password and log in
// with it; a used link says so without a form. The e-mail switch of /profile; and, on a site without
// mail, whom to ask instead. Screenshots at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';
import { axeReport } from './axe';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

async function signUp(baseUrl: string, name: string) {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return { name, email };
}

/** The mail to that address with that subject, once it has arrived (sign-up mails a confirmation link first). */
async function mailFor(smtp: TestSmtp, to: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = smtp.mails.find((m) => m.to === to && m.subject === subject);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no mail "${subject}" to ${to}; got: ${smtp.mails.map((m) => `${m.to} ${m.subject}`).join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describeBrowser('a forgotten password, with mail', () => {
  let smtp: TestSmtp;
  // The harness reads its env when it starts the server, after this hook has filled it in.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtp();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp.close();
  });
  const e2e = useBrowserHarness({ env });

  it('asks for a link from the login page, sets a new password through the mailed link, and logs in with it', async () => {
    const account = await signUp(e2e.baseUrl, 'Rosalind Franklin');
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses this email' }).waitFor();
    await e2e.screenshot(page, 'password-reset-requested-desktop');

    const mail = await mailFor(smtp, account.email, 'Reset your Open Auction password');
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The link is checked first: the form shows for one that works.
    await page.getByLabel('New password', { exact: true }).waitFor();

    // The usual rules, before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password must be at least 8 characters long').first().waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('New password and confirm password do not match.').waitFor();

    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
    expect(await axeReport(page, 'the reset page after a new password at 1280 px')).toBe('');
    await e2e.screenshot(page, 'password-reset-done-desktop');

    await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, account.email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    // The link worked once: opened again, it says so at once, with no form, and the way to a new one.
    const again = await e2e.newPage({ width: 360, height: 740 });
    await again.goto(`${link.pathname}${link.search}`);
    await again.getByRole('alert').filter({ hasText: 'This reset link is invalid or expired' }).waitFor();
    expect(await again.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await axeReport(again, 'the reset page with a used link at 360 px')).toBe('');
    await e2e.screenshot(again, 'password-reset-used-link-phone');
    await again.getByRole('link', { name: 'ask for a new one' }).click();
    await again.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });

  it('a link mailed before a password change no longer shows the form after it', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail('lise');
    const response = await page.request.post('/api/auth/signup', { data: { name: 'Lise Meitner', email, password: PASSWORD } });
    expect(response.status()).toBe(201);
    expect((await page.request.post('/api/auth/forgot', { data: { email } })).status()).toBe(200);
    const mail = await mailFor(smtp, email, 'Reset your Open Auction password');
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0]);
    const changed = await page.request.patch('/api/user', {
      data: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status()).toBe(200);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('alert').filter({ hasText: 'the password may have been changed since' }).waitFor();
    await e2e.screenshot(page, 'password-reset-after-change-desktop');
  });

  it('turns e-mail notifications off on /profile with a labelled switch, and the choice stays', async () => {
    const page = await e2e.newPage();
    const name = 'Barbara McClintock';
    const response = await page.request.post('/api/auth/signup', { data: { name, email: uniqueEmail('barbara'), password: PASSWORD } });
    expect(response.status()).toBe(201);
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'E-mail me my notifications' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await e2e.screenshot(page, 'profile-email-switch-on-desktop');

    await toggle.press('Space');
    await page.waitForFunction(() => !(document.querySelector('#email-notifications') as HTMLInputElement).disabled);
    expect(await toggle.isChecked()).toBe(false);
    await page.reload();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await axeReport(page, 'the profile with e-mail off at 1280 px')).toBe('');

    const phone = await e2e.newPage({ width: 360, height: 740 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto('/profile');
    await phone.getByRole('switch', { name: 'E-mail me my notifications' }).waitFor();
    await e2e.screenshot(phone, 'profile-email-switch-off-phone');
  });
});

describeBrowser('a forgotten password, on a site without mail', () => {
  const e2e = useBrowserHarness();

  it('a reset link that cannot work says so, with a spinner while it is checked, and the way to a new one', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/reset-password?token=abc');
    await page.getByRole('alert').filter({ hasText: 'This reset link is invalid or expired' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'ask for a new one' }).count()).toBe(1);
    await e2e.screenshot(page, 'password-reset-invalid-link-phone');
  });

  it('/profile says that no mail server is set up', async () => {
    const page = await e2e.newPage();
    const response = await page.request.post('/api/auth/signup', {
      data: { name: 'Emmy Noether', email: uniqueEmail('emmy'), password: PASSWORD },
    });
    expect(response.status()).toBe(201);
    await page.goto('/profile');
    await page.getByRole('switch', { name: 'E-mail me my notifications' }).waitFor();
    await page.getByText('No mail server is set up on this site, so notices appear here only.').waitFor();
    await page.getByText('No mail server is set up on this site, so the address cannot be confirmed for now.').waitFor();
    expect(await page.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);
    expect(await axeReport(page, 'the profile on a site without mail at 1280 px')).toBe('');
    await e2e.screenshot(page, 'profile-without-mail-desktop');
  });

  it('the forgot-password page says that password reset needs e-mail, and whom to ask', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByText('Password reset needs e-mail').waitFor();
    await page.getByText(/contact the site’s administrator/).waitFor();
    expect(await page.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);
    await e2e.screenshot(page, 'password-reset-without-mail-phone');
  });
});
