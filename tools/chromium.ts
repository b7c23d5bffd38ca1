// Debian's Chromium, as the browser tests and the benchmark's Lighthouse runs launch it.
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, or where Debian's package puts the whole browser: what Lighthouse measures. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's package of Chromium's headless shell (chromium-headless-shell): the same engine without the
 * browser's own windows and services around it. A browser test spends about 40 % less CPU in it than
 * in the whole browser (docs/performance.md), so the tests take it where it is installed.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser the tests drive: CHROMIUM_PATH when set, else the headless shell, else the whole browser. */
export const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Whether the tests' browser is installed. */
export const testBrowserInstalled = () => existsSync(TEST_BROWSER_PATH);

/** Flags for a quiet, sandbox-free headless browser in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
