// The avatar in Chromium: the drawn initial a new member has, a photo uploaded on /profile (and shown in
// the side menu), a refused file explained, and the photo removed again; at desktop and phone width.
import type { Locator, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';

/** A 640 × 480 picture (a sun over hills) that shows whether the square crop kept its middle. */
function landscape(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
    <rect width="640" height="480" fill="url(#sky)"/>
    <circle cx="320" cy="210" r="90" fill="#f59e0b"/>
    <path d="M0 360 Q160 280 320 350 T640 330 V480 H0 Z" fill="#15803d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describeBrowser('the avatar', () => {
  const e2e = useBrowserHarness();

  async function signUpContext(page: Page, name: string): Promise<{ id: string }> {
    const response = await page.request.post('/api/auth/signup', { data: { name, email: uniqueEmail('avatar'), password: PASSWORD } });
    expect(response.status()).toBe(201);
    return { id: ((await response.json()) as { user: { _id: string } }).user._id };
  }

  /** The avatar picture of the Account details card. */
  const profileAvatar = (page: Page) => page.getByRole('main').locator('img').first();

  async function loaded(img: Locator): Promise<{ src: string; width: number }> {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    return img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, width: el.naturalWidth }));
  }

  async function menuAvatar(page: Page): Promise<Locator> {
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await menu.waitFor();
    return menu.locator('img').first();
  }

  async function closeMenu(page: Page) {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Site menu' }).waitFor({ state: 'hidden' });
  }

  it('starts as the drawn initial, takes an uploaded photo (menu too), explains a refusal, and removes it again', async () => {
    const page = await e2e.newPage();
    const { id } = await signUpContext(page, 'Ada Lovelace');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();

    // A new member has a picture, not a broken image: their initial, drawn by the server.
    const drawn = await loaded(profileAvatar(page));
    expect(new URL(drawn.src).pathname).toBe(`/avatars/${id}/A.svg`);
    expect((await loaded(await menuAvatar(page))).src).toBe(drawn.src);
    await closeMenu(page);
    expect(await page.getByRole('button', { name: 'Remove photo' }).count()).toBe(0);
    await e2e.screenshot(page, 'profile-avatar-initial-1280');

    // Held, to see the wait: the control says so and turns busy.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route(
      (url) => url.pathname === '/trpc/user.setAvatar',
      async (route: Route) => {
        await held;
        await route.continue();
      },
    );
    const upload = page.getByLabel('Upload a photo');
    await upload.setInputFiles({ name: 'hills.jpg', mimeType: 'image/jpeg', buffer: await landscape() });
    await page.getByText('Uploading…', { exact: true }).waitFor();
    expect(await page.getByRole('main').locator('input[type="file"]').isDisabled()).toBe(true);
    release();
    await page.getByRole('status').filter({ hasText: 'Your new photo is saved.' }).waitFor();

    const photo = await loaded(profileAvatar(page));
    expect(new URL(photo.src).pathname).toMatch(/^\/uploads\/[0-9a-f-]{36}\.avatar\.webp$/);
    // Cropped square on the server.
    expect(photo.width).toBe(256);
    await page.getByRole('button', { name: 'Remove photo' }).waitFor();
    const inMenu = await menuAvatar(page);
    expect((await loaded(inMenu)).src).toBe(photo.src);
    await e2e.screenshot(page, 'side-menu-avatar-1280', { fullPage: false });
    await closeMenu(page);
    await e2e.screenshot(page, 'profile-avatar-photo-1280');

    // Bytes that are no image, though named and typed as one: the server's own sentence, and the photo stays.
    await page
      .getByLabel('Change photo')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await page.getByRole('alert').filter({ hasText: 'Only image files are allowed.' }).waitFor();
    expect((await loaded(profileAvatar(page))).src).toBe(photo.src);

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByRole('status').filter({ hasText: 'Your photo is removed' }).waitFor();
    expect((await loaded(profileAvatar(page))).src).toBe(drawn.src);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file');
    expect((await loaded(await menuAvatar(page))).src).toBe(drawn.src);
  });

  it('fits a phone: the photo, its controls and the menu at 360 px', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await signUpContext(page, 'Grace Hopper');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByLabel('Upload a photo').setInputFiles({ name: 'hills.jpg', mimeType: 'image/jpeg', buffer: await landscape() });
    await page.getByRole('status').filter({ hasText: 'Your new photo is saved.' }).waitFor();
    await loaded(profileAvatar(page));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await e2e.screenshot(page, 'profile-avatar-photo-360');
    await loaded(await menuAvatar(page));
    await e2e.screenshot(page, 'side-menu-avatar-360', { fullPage: false });
  });
});
