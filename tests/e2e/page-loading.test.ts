// How pages arrive: the session check that index.html starts early is the one the app uses, a deep
// link renders its page and data, and a page whose code cannot be downloaded says so and offers a
// reload that brings it.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

describeBrowser('page loading', () => {
  const e2e = useBrowserHarness();

  async function signUpContext(page: Page) {
    const response = await page.request.post('/api/auth/signup', {
      data: { name: 'Lou Loader', email: uniqueEmail('lou'), password: 'correct horse battery' },
    });
    expect(response.status()).toBe(201);
  }

  it('a deep link asks who is signed in once: the early session check is the one the app uses', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    await signUpContext(page);
    const sessionChecks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/trpc/auth.session') sessionChecks.push(request.url());
    });

    await page.goto('/auction');
    // The count in the heading arrives with the list: the page, its session and its data are all there.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^All Auctions \(\d+\)$/);
    expect(sessionChecks).toHaveLength(1);
    // And that one request is the preload of index.html, made before any script ran.
    const initiator = await page.evaluate(
      () =>
        (performance.getEntriesByName(`${location.origin}/trpc/auth.session`)[0] as PerformanceResourceTiming | undefined)?.initiatorType,
    );
    expect(initiator).toBe('link');
  });

  it('a page whose code fails to download shows the error page, and its reload brings the page', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const aboutCode = /\/assets\/about-[\w-]+\.js$/;
    await page.route(aboutCode, (route) => route.abort('connectionreset'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect.poll(() => page.getByRole('alert').getByRole('heading').textContent()).toBe('Something went wrong');

    await page.unroute(aboutCode);
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About Open Auction');
    expect(new URL(page.url()).pathname).toBe('/about');
  });
});
