// Confirming an address in Chromium, with a real SMTP server beside the built server: sign up, open
// the link from the mail (a spinner, then the address confirmed), see it on /profile; a used link
// says so, with the way to a new one; an unconfirmed profile asks for the link again. Screenshots at
// 1280 and 360 px.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';
import { axeReport } from './axe';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const SUBJECT = 'Confirm your email address for Open Auction';

describeBrowser('confirming an e-mail address', () => {
  let smtp: TestSmtp;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtp();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp.close();
  });
  const e2e = useBrowserHarness({ env });

  /** The confirmation mails to that address, once `count` have arrived. */
  async function linksTo(email: string, count = 1): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = smtp.mails.filter((m) => m.to === email && m.subject === SUBJECT);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`expected ${count} confirmation mails to ${email}, got ${found.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const pathOf = (mail: ReceivedMail) => {
    const url = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0]);
    return `${url.pathname}${url.search}`;
  };

  it('sign up, follow the mailed link, and the profile shows the address confirmed; the link works once', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail('marie');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Marie Curie');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/profile');
    await page.getByText('Not confirmed').waitFor();
    await page.getByText('Confirm your address (above) to get them by mail.').waitFor();

    const [mail] = await linksTo(email);
    await page.goto(pathOf(mail!));
    await page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).waitFor();
    expect(await axeReport(page, 'the confirmation page after success at 1280 px')).toBe('');
    await e2e.screenshot(page, 'verify-email-confirmed-desktop');

    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);
    await e2e.screenshot(page, 'profile-address-confirmed-desktop');

    // Used: opened again by a visitor, it says so, with the way to a new link.
    const again = await e2e.newPage({ width: 360, height: 740 });
    await again.goto(pathOf(mail!));
    await again.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or expired' }).waitFor();
    expect(await again.getByRole('main').getByRole('link', { name: 'log in', exact: true }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Fprofile',
    );
    expect(await axeReport(again, 'the confirmation page with a used link at 360 px')).toBe('');
    await e2e.screenshot(again, 'verify-email-used-link-phone');
  });

  it('an address not confirmed: the profile sends the link again, and a dead link offers a new one', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    const email = uniqueEmail('rosalind');
    const response = await page.request.post('/api/auth/signup', { data: { name: 'Rosalind Franklin', email, password: PASSWORD } });
    expect(response.status()).toBe(201);
    await linksTo(email);

    await page.goto('/profile');
    await page.getByText('Not confirmed').waitFor();
    expect(await axeReport(page, 'the profile with an address not confirmed at 360 px')).toBe('');
    await e2e.screenshot(page, 'profile-address-not-confirmed-phone');
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `We have sent a new link to ${email}.` })
      .waitFor();
    await linksTo(email, 2);

    // Signed in, a link that cannot work offers a new one on the spot.
    await page.goto('/verify-email?token=not-a-real-token');
    await page.getByRole('alert').filter({ hasText: 'invalid or expired' }).waitFor();
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.getByRole('status').filter({ hasText: 'We have sent a new link' }).waitFor();
    const mails = await linksTo(email, 3);
    await e2e.screenshot(page, 'verify-email-new-link-phone');

    await page.goto(pathOf(mails.at(-1)!));
    await page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).waitFor();
  });
});
