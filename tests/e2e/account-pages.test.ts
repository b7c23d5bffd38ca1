// Profile, Privacy & Security, Contact, About and the legal pages, as a visitor and a member see them in Chromium.
import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

const LEGAL_DOCUMENTS = [
  { path: '/legal/terms-of-service', title: 'Terms of Service' },
  { path: '/legal/privacy-policy', title: 'Privacy Policy' },
  { path: '/legal/dmca', title: 'DMCA Policy' },
  { path: '/legal/code-of-conduct', title: 'Code of Conduct' },
  { path: '/legal/acceptable-use-policy', title: 'Acceptable Use Policy' },
];

describeBrowser('account, contact, about and legal pages', () => {
  const e2e = useBrowserHarness();

  /** Signs this page's browser context up through the API (the cookie is shared with the page). */
  async function signUpContext(page: Page, name: string) {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    const response = await page.request.post('/api/auth/signup', { data: { name, email, password: PASSWORD } });
    expect(response.status()).toBe(201);
    return { name, email };
  }

  /** Logs in through the form, so the server records this browser's own address and User-Agent. */
  async function logInThroughForm(page: Page, email: string, password: string) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  async function waitForPath(page: Page, path: string) {
    await page.waitForURL((url) => url.pathname === path);
  }

  /** Holds the tRPC calls of one procedure until released, to see the pending state without racing it. */
  async function holdProcedure(page: Page, procedure: string) {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const matches = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes(procedure);
    await page.route(matches, async (route: Route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  function countRequests(page: Page, procedure: string): () => number {
    let count = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes(procedure)) count += 1;
    });
    return () => count;
  }

  async function expectNoSidewaysScroll(page: Page, width: number) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  it('shows the name and email read-only on /profile, and checks the password form before sending', async () => {
    const page = await e2e.newPage();
    const account = await signUpContext(page, 'Ada Lovelace');
    const sent = countRequests(page, 'user.changePassword');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await page.title()).toBe('Profile · Open Auction');

    const details = page.getByRole('main').locator('dl');
    await details.getByText(account.name, { exact: true }).waitFor();
    await details.getByText(account.email, { exact: true }).waitFor();
    // Read-only: shown as text, not as fields that can be edited (the photo upload and the e-mail switch are the other controls).
    expect(await page.getByRole('main').locator('input:not([type="password"]):not([type="file"]):not([role="switch"])').count()).toBe(0);

    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    await page.getByText('Password must be at least 8 characters long').waitFor();

    // All empty, then one empty: the form's own check, not the browser's.
    const save = page.getByRole('button', { name: 'Change password' });
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Please enter all fields' }).waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await current.fill(PASSWORD);
    await next.fill(NEW_PASSWORD);
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Please enter all fields' }).waitFor();
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await current.getAttribute('aria-invalid')).toBeNull();

    await confirm.fill(`${NEW_PASSWORD}!`);
    await save.click();
    await page.getByText('New password and confirm password do not match.').waitFor();
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(0);

    await next.fill('short');
    await confirm.fill('short');
    await save.click();
    await page.locator('input[name="newPassword"][aria-invalid="true"]').waitFor();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    expect(sent()).toBe(0);
  });

  it('shows the server message for a wrong current password', async () => {
    const page = await e2e.newPage();
    await signUpContext(page, 'Wrong Guess');
    await page.goto('/profile');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Current password is incorrect.' }).waitFor();
    // Still signed in and on the page: a wrong password is not a lost session.
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });

  it('downloads my data from /profile as a JSON file, with a spinner while it is prepared', async () => {
    const page = await e2e.newPage();
    const { name, email } = await signUpContext(page, 'Dora Download');
    await page.goto('/profile');
    const release = await holdProcedure(page, 'user.export');
    const button = page.getByRole('button', { name: 'Download my data' });
    await button.click();
    await page.getByRole('button', { name: 'Preparing your file…' }).waitFor();
    const downloaded = page.waitForEvent('download');
    release();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^open-auction-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(readFileSync(file, 'utf8'));
    expect(data.account).toMatchObject({ name, email });
    expect(data.loginHistory.map((entry: { kind: string }) => entry.kind)).toEqual(['signup']);
    await page.getByRole('status').filter({ hasText: 'Your file is downloaded.' }).waitFor();
  });

  it('changes the password: Saving..., a success message, empty fields, and only the new password logs in', async () => {
    const page = await e2e.newPage();
    const account = await signUpContext(page, 'Grace Hopper');
    await page.goto('/profile');
    const fields = [
      page.getByLabel('Current password'),
      page.getByLabel('New password', { exact: true }),
      page.getByLabel('Confirm new password'),
    ];
    await fields[0]!.fill(PASSWORD);
    await fields[1]!.fill(NEW_PASSWORD);
    await fields[2]!.fill(NEW_PASSWORD);

    const release = await holdProcedure(page, 'user.changePassword');
    await page.getByRole('button', { name: 'Change password' }).click();
    const pending = page.getByRole('button', { name: 'Saving...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    await page.getByRole('status').filter({ hasText: 'Password updated successfully' }).waitFor();
    for (const field of fields) expect(await field.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Change password' }).waitFor();

    // A fresh browser: the old password is refused, the new one signs in.
    const fresh = await e2e.newPage();
    await logInThroughForm(fresh, account.email, PASSWORD);
    await fresh.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await fresh.getByLabel('Password').fill(NEW_PASSWORD);
    await fresh.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(fresh, '/');
    await fresh.getByText(`Welcome back, ${account.name}!`).waitFor();
  });

  it('shows Privacy & Security with login history cards and the Security Settings panel', async () => {
    const page = await e2e.newPage();
    const account = await signUpContext(page, 'Alan Turing');
    await page.context().clearCookies();
    await logInThroughForm(page, account.email, PASSWORD);
    await waitForPath(page, '/');

    const release = await holdProcedure(page, 'user.logins');
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy & Security', level: 1 }).waitFor();
    expect(await page.title()).toBe('Privacy & Security · Open Auction');
    await page.getByRole('status', { name: 'Loading login history' }).waitFor();
    release();

    const history = page.getByRole('list', { name: 'Login history' });
    const cards = history.getByRole('listitem');
    await cards.first().waitFor();
    // The sign-up and the form login above, newest first.
    expect(await cards.count()).toBe(2);
    const first = cards.first();
    await first.getByText('Local network').waitFor();
    await first.getByText('127.0.0.1').waitFor();
    expect(await first.innerText()).toMatch(/Chrom\w* \d+ on Linux/);
    await first.getByText('IP address').waitFor();
    await first.getByText('ISP').waitFor();
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await page.getByText('Login history is kept for 6 months').waitFor();

    await page.getByRole('heading', { name: 'Security Settings' }).waitFor();
    await page.getByRole('heading', { name: /Two-factor authentication/ }).waitFor();
    const enable = page.getByRole('button', { name: 'Enable' });
    expect(await enable.isDisabled()).toBe(true);
    const change = page.getByRole('link', { name: 'Change', exact: true });
    expect(await change.getAttribute('href')).toBe('/profile');
    await change.click();
    await waitForPath(page, '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });

  it('sends a contact message: checks the fields, Sending..., the thank-you view, and back to an empty form', async () => {
    const page = await e2e.newPage();
    const sent = countRequests(page, 'contact.send');
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Subject is required').waitFor();
    await page.getByText('Message is required').waitFor();
    expect(sent()).toBe(0);

    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill('katherine@example.com');
    await page.getByLabel('Subject').fill('A question about bidding');
    await page.getByLabel('Message').fill('How is the highest bid decided when two arrive together?');
    const release = await holdProcedure(page, 'contact.send');
    await page.getByRole('button', { name: 'Send message' }).click();
    const pending = page.getByRole('button', { name: 'Sending...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    const thanks = page.getByRole('status').filter({ hasText: 'Thank you for your message!' });
    await thanks.waitFor();
    await thanks.getByText("We'll get back to you as soon as possible.").waitFor();
    expect(sent()).toBe(1);

    await page.getByRole('button', { name: 'Send another message' }).click();
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(await page.getByLabel(label).inputValue()).toBe('');
    expect(await page.getByText('Thank you for your message!').count()).toBe(0);
  });

  it('shows "something went wrong" when the contact message cannot be sent, and prefills a member\'s name and email', async () => {
    const page = await e2e.newPage();
    const account = await signUpContext(page, 'Dorothy Vaughan');
    await page.goto('/contact');
    const name = page.getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe(account.name);
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    // Prefilled, but still editable.
    await name.fill('Dot Vaughan');

    await page.getByLabel('Subject').fill('Network trouble');
    await page.getByLabel('Message').fill('This one never reaches the server.');
    await page.route(
      (url) => url.pathname.includes('contact.send'),
      (route) => route.abort(),
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').filter({ hasText: 'something went wrong' }).waitFor();
    // The form keeps what was typed, ready to try again.
    expect(await name.inputValue()).toBe('Dot Vaughan');
    expect(await page.getByLabel('Subject').inputValue()).toBe('Network trouble');
  });

  it('shows the About page', async () => {
    const page = await e2e.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { name: 'About Open Auction', level: 1 }).waitFor();
    expect(await page.title()).toBe('About · Open Auction');
    await page.getByText('educational demo for students').waitFor();
    await page.getByRole('heading', { name: 'What you can do here' }).waitFor();
    await page.getByRole('heading', { name: 'Bid in real time' }).waitFor();
    await page.getByRole('heading', { name: 'How it is built' }).waitFor();
    await page.getByRole('heading', { name: 'SQLite with Drizzle' }).waitFor();
    await page.getByRole('heading', { name: 'A teaching example' }).waitFor();
  });

  it('lists the five legal documents, opens each with its title, and goes back to the index', async () => {
    const page = await e2e.newPage();
    await page.goto('/legal');
    await page.getByRole('heading', { name: 'Legal', level: 1 }).waitFor();
    const links = page.getByRole('main').getByRole('list').first().getByRole('link');
    await links.first().waitFor();
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(LEGAL_DOCUMENTS.map((doc) => doc.path));
    // The link is the title; the whole card shows the keyboard focus.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(LEGAL_DOCUMENTS[0]!.title);
    expect(await links.first().evaluate((a) => getComputedStyle(a.closest('li')!).outlineStyle)).toBe('solid');
    await e2e.screenshot(page, 'legal-focus-1280', { fullPage: false });

    for (const doc of LEGAL_DOCUMENTS) {
      await page.getByRole('link', { name: doc.title, exact: true }).click();
      await waitForPath(page, doc.path);
      await page.getByRole('heading', { name: doc.title, level: 1 }).waitFor();
      expect(await page.title()).toBe(`${doc.title} · Open Auction`);
      await page.getByText(/^Last updated/).waitFor();
      // A full page of text, not a placeholder.
      const words = (await page.getByRole('article').innerText()).split(/\s+/).length;
      expect(words).toBeGreaterThan(450);
      await page.getByRole('link', { name: 'Back to legal' }).click();
      await waitForPath(page, '/legal');
      await page.getByRole('heading', { name: 'Legal', level: 1 }).waitFor();
    }
  });

  it('answers /Legal like /legal, and shows the 404 page for an unknown document', async () => {
    const page = await e2e.newPage();
    await page.goto('/Legal');
    await page.getByRole('heading', { name: 'Legal', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Terms of Service', exact: true }).waitFor();

    await page.goto('/legal/nope');
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByText("Sorry we couldn't find this page.").waitFor();
    await page.getByRole('link', { name: 'back to homepage' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to legal' }).count()).toBe(0);
  });

  it('takes screenshots at 1280 px and 360 px, with no sideways scrolling', async () => {
    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });

      await page.goto('/about');
      await page.getByRole('heading', { name: 'A teaching example' }).waitFor();
      await expectNoSidewaysScroll(page, width);
      await e2e.screenshot(page, `about-${width}`);

      await page.goto('/legal');
      await page.getByRole('link', { name: 'Acceptable Use Policy', exact: true }).waitFor();
      await expectNoSidewaysScroll(page, width);
      await e2e.screenshot(page, `legal-${width}`);

      await page.goto('/legal/terms-of-service');
      await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
      await expectNoSidewaysScroll(page, width);
      await e2e.screenshot(page, `legal-terms-${width}`);

      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Message is required').waitFor();
      await expectNoSidewaysScroll(page, width);
      await e2e.screenshot(page, `contact-errors-${width}`);
      await page.getByLabel('Name').fill('Screenshot Visitor');
      await page.getByLabel('Email').fill('visitor@example.com');
      await page.getByLabel('Subject').fill('Hello');
      await page.getByLabel('Message').fill('Just saying hello.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Thank you for your message!').waitFor();
      await e2e.screenshot(page, `contact-thanks-${width}`);

      await signUpContext(page, 'Margaret Hamilton');
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please enter all fields' }).waitFor();
      await expectNoSidewaysScroll(page, width);
      // Focus moved to the first empty field; back to the top so the sticky header sits where it belongs.
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `profile-${width}`);

      await page.goto('/privacy');
      await page.getByRole('list', { name: 'Login history' }).getByRole('listitem').first().waitFor();
      await expectNoSidewaysScroll(page, width);
      await e2e.screenshot(page, `privacy-${width}`);
    }
  });
});
