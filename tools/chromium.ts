// Debian's Chromium, as the browser tests and the benchmark's Lighthouse runs launch it.
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, or where Debian's package puts it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Whether that browser is installed. */
export const chromiumInstalled = () => existsSync(CHROMIUM_PATH);

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
