// Sign-up, login, logout and the shell around them, as a visitor sees them in Chromium.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { testApi } from './api';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';

describeBrowser('auth and the app shell', () => {
  const e2e = useBrowserHarness();
  const api = testApi(() => e2e.baseUrl);

  /** A new account made through the API from outside the browser (no cookie lands in any page). */
  async function createAccount(name = 'Ada Lovelace') {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    const response = await fetch(`${e2e.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    return { name, email, password: PASSWORD };
  }

  /** Signs this page's browser context in through the API (the cookie is shared with the page). */
  async function signInContext(page: Page, name = 'Grace Hopper') {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    const response = await page.request.post('/api/auth/signup', { data: { name, email, password: PASSWORD } });
    expect(response.status()).toBe(201);
    return { name, email };
  }

  function menuButton(page: Page): Locator {
    return page.getByRole('button', { name: 'Menu', exact: true });
  }

  function sideMenu(page: Page): Locator {
    return page.getByRole('dialog', { name: 'Site menu' });
  }

  async function openMenu(page: Page): Promise<Locator> {
    await menuButton(page).click();
    const menu = sideMenu(page);
    await menu.waitFor({ state: 'visible' });
    // Let the slide-in finish so clicks and screenshots see the settled panel.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    return menu;
  }

  async function menuLinks(menu: Locator): Promise<string[]> {
    const links = menu.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await links.first().waitFor();
    return (await links.allInnerTexts()).map((text) => text.trim());
  }

  async function waitForPath(page: Page, path: string) {
    await page.waitForURL((url) => url.pathname === path);
  }

  it('signs up through the form and lands on / signed in', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail('sam');
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
    await page.getByText('Password must be at least 8 characters long').waitFor();

    await page.getByLabel('Full Name').fill('Sam Carter');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // A new account is greeted, not welcomed back.
    await page.getByText('Welcome, Sam Carter!').waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);

    const menu = await openMenu(page);
    await menu.getByText('Sam Carter').waitFor();
    await menu.getByText(email).waitFor();
    expect(await menuLinks(menu)).toEqual([
      'Dashboard',
      'Create Auction',
      'View Auction',
      'My Auction',
      'My Bids',
      'Watchlist',
      'Orders',
      'Messages',
      'Contact',
      'Profile',
      'Privacy',
    ]);
    await menu.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Log in' }).count()).toBe(0);
  });

  it('checks the password length in the form before anything is sent, and shows a taken email from the server', async () => {
    const page = await e2e.newPage();
    const existing = await createAccount('Taken Name');
    let signupRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('auth.signup')) signupRequests += 1;
    });

    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Short Password');
    await page.getByLabel('Email').fill(uniqueEmail('short'));
    await page.getByLabel('Password').fill('1234567');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    expect(signupRequests).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/signup');

    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' }).waitFor();
    expect(signupRequests).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('signs out from the menu and is back at / signed out', async () => {
    const page = await e2e.newPage();
    await signInContext(page, 'Leaving User');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await menu.waitFor({ state: 'hidden' });
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: /Bid on what you love/ }).waitFor();

    const guestMenu = await openMenu(page);
    await guestMenu.getByRole('link', { name: 'Log in' }).waitFor();
    await guestMenu.getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await menuLinks(guestMenu)).toEqual(['Home', 'About', 'Contact', 'Legal']);
    expect(await guestMenu.getByText('Leaving User').count()).toBe(0);

    // The server revoked the session: a reload stays signed out.
    await page.reload();
    await page.getByRole('heading', { name: /Bid on what you love/ }).waitFor();
  });

  it('shows the server message for a wrong password, then logs in with the right one', async () => {
    const page = await e2e.newPage();
    const account = await createAccount('Linus Pauling');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).waitFor();

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await banner.waitFor();
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^(rgb|oklch|color)\(/);
    expect(new URL(page.url()).pathname).toBe('/login');

    // Hold the login request to see the pending state without racing it.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/trpc/auth.login**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const pendingButton = page.getByRole('button', { name: 'Logging in...' });
    await pendingButton.waitFor();
    expect(await pendingButton.isDisabled()).toBe(true);
    release();

    await waitForPath(page, '/');
    await page.getByText('Welcome back, Linus Pauling!').waitFor();

    // The session is in the cookie: a reload is still signed in.
    await page.reload();
    await page.getByText('Welcome back, Linus Pauling!').waitFor();
  });

  it('sends a signed-in user away from /signup and /login to /', async () => {
    const page = await e2e.newPage();
    await signInContext(page, 'Already In');
    await page.goto('/signup');
    await waitForPath(page, '/');
    await page.getByText('Welcome back, Already In!').waitFor();

    await page.goto('/login');
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('returns a visitor sent to /login from a deep link to that page (path and query) once logged in', async () => {
    const page = await e2e.newPage();
    const account = await createAccount('Dora Deeplink');
    await page.goto('/auction?category=Books');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/auction?category=Books');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/auction' && url.search === '?category=Books');
    await page.getByRole('heading', { level: 1, name: 'Books (0)' }).waitFor();
  });

  it('tells a visitor from the landing page’s View Details why to sign in, and brings them to that auction after', async () => {
    const seller = await api.user('Lars Lister');
    const auction = await api.createAuction(seller.token, { name: 'Pocket Watch', category: 'Collectibles', price: 90, hue: 45 });
    const account = await createAccount('Vera Visitor');

    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width });
      await page.goto('/');
      await page.getByRole('region', { name: 'Live auctions' }).getByRole('link', { name: 'View Details of Pocket Watch' }).click();
      await waitForPath(page, '/login');
      await page.getByText('Sign in to see this auction and bid.').waitFor();
      await e2e.screenshot(page, `login-why-${width}`, { fullPage: false });

      // Through sign-up the same sentence, in its own words, and the way back keeps the auction.
      await page.getByRole('link', { name: 'Sign up' }).click();
      await waitForPath(page, '/signup');
      await page.getByText('Create an account to see this auction and bid.').waitFor();
      await page.getByRole('link', { name: 'Log in', exact: true }).click();
      await waitForPath(page, '/login');
      // The address changes before the page: until the login page's code has loaded, the sign-up
      // form (with its own Email and Password fields) is still the one on screen.
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();

      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await waitForPath(page, `/auction/${auction.id}`);
      await page.getByRole('heading', { level: 1, name: 'Pocket Watch' }).waitFor();
    }

    // Sent to /login for no page in particular, it says nothing of the kind; and a site in production
    // lists no demo accounts (the server answers none).
    const plain = await e2e.newPage();
    const demoAccounts = plain.waitForResponse((response) => new URL(response.url()).pathname === '/trpc/auth.demoAccounts');
    await plain.goto('/login');
    await plain.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    expect(await plain.getByText(/^Sign in to/).count()).toBe(0);
    expect(((await (await demoAccounts).json()) as { result: { data: unknown } }).result.data).toEqual({ accounts: [] });
    expect(await plain.getByRole('region', { name: 'Demo accounts' }).count()).toBe(0);
  });

  it('keeps the page to return to on the way from /login to sign-up', async () => {
    const page = await e2e.newPage();
    await page.goto('/privacy');
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/signup');
    // And back again: the way to log in keeps it too.
    expect(await page.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href')).toBe('/login?redirectTo=%2Fprivacy');

    await page.getByLabel('Full Name').fill('Nina Newcomer');
    await page.getByLabel('Email').fill(uniqueEmail('nina'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await waitForPath(page, '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy & Security' }).waitFor();
  });

  it('returns only to a page of this site: another site in the address leads home', async () => {
    const page = await e2e.newPage();
    await signInContext(page, 'Otto Open');
    // Signed in already, /login sends a visitor straight on: the same choice of target as after the form.
    for (const target of ['https://example.com/', '//example.com/', '/\\example.com/', 'javascript:alert(1)']) {
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
      await waitForPath(page, '/');
      expect(new URL(page.url()).origin).toBe(e2e.baseUrl);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    }
  });

  it('shows the 404 page for an unknown route, with a way home', async () => {
    const page = await e2e.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByText("Sorry we couldn't find this page.").waitFor();
    await page.getByText('But dont worry, you can find plenty of other things on our homepage.').waitFor();
    await page.getByRole('link', { name: 'back to homepage' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: /Bid on what you love/ }).waitFor();
  });

  it('closes the side menu on Escape, on a backdrop click and on navigation, and returns focus to the menu button', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('heading', { name: /Bid on what you love/ }).waitFor();

    let menu = await openMenu(page);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.id)).toBe('side-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // The dialog hides at once; React marks the button collapsed on its next render.
    await menuButton(page).and(page.locator('[aria-expanded="false"]')).waitFor({ timeout: 5000 });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');

    menu = await openMenu(page);
    await page.mouse.click(10, 400); // left of the 85%-wide panel: the backdrop
    await menu.waitFor({ state: 'hidden' });

    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Home' }).waitFor();
    await menu.getByRole('link', { name: 'Log in' }).click();
    await menu.waitFor({ state: 'hidden' });
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
  });

  it('takes screenshots at 1280 px and 360 px, with no sideways scrolling on a phone', async () => {
    for (const width of [1280, 360]) {
      const page = await e2e.newPage({ width, height: width === 360 ? 740 : 800 });
      const noSidewaysScroll = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.goto('/');
      await page.getByRole('heading', { name: /Bid on what you love/ }).waitFor();
      await noSidewaysScroll();
      await e2e.screenshot(page, `landing-${width}`);
      await openMenu(page);
      await e2e.screenshot(page, `menu-signed-out-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await sideMenu(page).waitFor({ state: 'hidden' });

      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await noSidewaysScroll();
      await e2e.screenshot(page, `login-${width}`);

      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
      await page.getByRole('button', { name: 'Sign up' }).click(); // empty form: the field messages
      await page.getByText('Name is required').waitFor();
      await noSidewaysScroll();
      await e2e.screenshot(page, `signup-errors-${width}`);

      await page.goto('/no/such/page');
      await page.getByText('404', { exact: true }).waitFor();
      await e2e.screenshot(page, `not-found-${width}`);

      await signInContext(page, 'Margaret Hamilton');
      await page.goto('/');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await noSidewaysScroll();
      await e2e.screenshot(page, `dashboard-${width}`);
      await openMenu(page);
      await e2e.screenshot(page, `menu-signed-in-${width}`, { fullPage: false });
    }
  });
});
