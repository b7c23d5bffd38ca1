// Browser end-to-end harness: the built server on a free port with a fresh database, and Debian's
// Chromium (its headless shell where installed) driven by playwright-core. Without Chromium the suite is skipped locally and fails in CI.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { CHROMIUM_ARGS, TEST_BROWSER_PATH, testBrowserInstalled } from '../../tools/chromium';
import { createWorkspace, root, startServer } from '../../tools/server-process';

export { uniqueEmail } from '../support/emails';

const screenshotDir = join(root, 'test-results/screenshots');

const isCI = process.env.CI === 'true';

export const chromiumPath = testBrowserInstalled() ? TEST_BROWSER_PATH : undefined;

if (!chromiumPath && !isCI) {
  // One line per run, not one per test file: the files share the vitest main process as parent.
  const marker = join(tmpdir(), `open-auction-e2e-skip-${process.ppid}`);
  if (!existsSync(marker)) {
    writeFileSync(marker, '');
    console.warn(
      `Browser tests skipped: Chromium not found at ${TEST_BROWSER_PATH}. Install it with: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)`,
    );
  }
}

/** `describe` for browser tests: skipped without Chromium, except in CI where the missing browser fails the run. */
export const describeBrowser = chromiumPath || isCI ? describe : describe.skip;

interface RunningServer {
  baseUrl: string;
  /** The server's SQLite file, for tools that may run beside it (npm run create-admin). */
  databasePath: string;
  stop(): Promise<void>;
}

/** The built server on a fresh database of its own. */
async function startBuiltServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
    throw new Error('The built app is missing: run `npm run build` before the browser tests (npm test does).');
  }
  const ws = await createWorkspace('open-auction-e2e-');
  try {
    const server = await startServer(ws, { env });
    return {
      baseUrl: ws.baseUrl,
      databasePath: ws.databasePath,
      async stop() {
        await server.stop();
        ws.remove();
      },
    };
  } catch (error) {
    ws.remove();
    throw error;
  }
}

export interface PageOptions {
  /** Viewport width in CSS pixels; 1280 unless given. */
  width?: number;
  height?: number;
}

export interface BrowserHarness {
  readonly baseUrl: string;
  /** The running server's database file (DATABASE_PATH), e.g. for `scripts/create-admin.ts`. */
  readonly databasePath: string;
  /** A page in a fresh browser context (its own cookies); closed after the test. */
  newPage(options?: PageOptions): Promise<Page>;
  /** Saves a PNG to test-results/screenshots/<name>.png: the full page, or only the viewport (for overlays). */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
  /**
   * Runs `npm run create-admin` against the running server's database, as an operator would: a new
   * administrator, or an existing account promoted (its password stays). What the command printed.
   */
  createAdmin(account: { email: string; password: string; name?: string }): Promise<string>;
}

const execFileAsync = promisify(execFile);

export interface HarnessOptions {
  /** More settings for the server under test (e.g. CORS_ORIGINS), over the fixed ones. */
  env?: Record<string, string>;
}

/**
 * Call inside a describeBrowser block: starts the server and the browser once for the block, gives each
 * test fresh contexts, and fails a test whose pages broke the Content-Security-Policy or threw.
 */
export function useBrowserHarness(options: HarnessOptions = {}): BrowserHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: Array<{ context: BrowserContext; problems: string[] }> = [];

  beforeAll(async () => {
    if (!chromiumPath) {
      throw new Error(
        'Chromium is required for the browser tests in CI: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)',
      );
    }
    server = await startBuiltServer(options.env ?? {});
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  });

  afterEach(async () => {
    const problems = contexts.flatMap((c) => c.problems);
    await Promise.all(contexts.map((c) => c.context.close()));
    contexts = [];
    if (problems.length > 0) throw new Error(`The page reported problems:\n${problems.join('\n')}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get baseUrl() {
      if (!server) throw new Error('The server is not running');
      return server.baseUrl;
    },
    get databasePath() {
      if (!server) throw new Error('The server is not running');
      return server.databasePath;
    },
    async newPage({ width = 1280, height = 800 }: PageOptions = {}) {
      if (!browser || !server) throw new Error('The browser harness did not start');
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height }, reducedMotion: 'reduce' });
      context.setDefaultTimeout(10_000);
      const entry = { context, problems: [] as string[] };
      contexts.push(entry);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/Content Security Policy/i.test(text)) entry.problems.push(`CSP: ${text}`);
        // A render error shown as the error page would otherwise only fail a later, unrelated wait.
        if (/React Router caught the following error/.test(text)) entry.problems.push(`Render error: ${text.split('\n')[0]}`);
      });
      page.on('pageerror', (error) => entry.problems.push(`Uncaught: ${error.message}`));
      return page;
    },
    async screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
      mkdirSync(screenshotDir, { recursive: true });
      if (!fullPage) {
        await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
        return;
      }
      // The capture is as tall as the page, but a box stuck to the bottom of the screen would be painted
      // where the screen's bottom is, over the middle of the page: show it where it docks instead, as
      // on a screen as tall as the page. Through the DOM: the page's policy refuses injected styles.
      const unstuck = await page.evaluateHandle(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => getComputedStyle(el).position === 'sticky' && getComputedStyle(el).bottom !== 'auto')
          .map((el) => ((el.style.position = 'static'), el)),
      );
      await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
      await unstuck.evaluate((elements) => elements.forEach((el) => (el.style.position = '')));
    },
    async createAdmin({ email, password, name }) {
      if (!server) throw new Error('The server is not running');
      const args = ['--import', 'tsx', 'scripts/create-admin.ts', '--email', email, '--password', password];
      const { stdout } = await execFileAsync(process.execPath, name === undefined ? args : [...args, '--name', name], {
        cwd: root,
        env: { ...process.env, DATABASE_PATH: server.databasePath },
      });
      return stdout;
    },
  };
}
