// The client's numbers: the gzipped JavaScript the landing page loads before it can render, and Lighthouse
// (the npm package) against Debian's Chromium on /, /auction and /auction/{id}.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium';
import { freePort } from '../../tools/ports';
import { launch } from '../../tools/server-process';
import type { Config } from 'lighthouse';

export const JS_BUDGET_BYTES = 100 * 1024;

export interface InitialJs {
  files: Array<{ file: string; bytes: number; gzip: number }>;
  gzipTotal: number;
}

/**
 * index.html's module scripts and modulepreload links: what the browser fetches before the first render.
 * Lazily imported chunks are not counted. gzip at zlib's default level (6), what a server would send.
 */
export function initialJavaScript(clientDir: string): InitialJs {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  const files = [...urls].map((url) => {
    const bytes = readFileSync(join(clientDir, url.replace(/^\//, '')));
    return { file: url, bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
  return { files, gzipTotal: files.reduce((sum, f) => sum + f.gzip, 0) };
}

export interface LighthousePage {
  path: string;
  /** The performance score of every run, in order; the fields below are the median run's. */
  runs?: Array<number | null>;
  performance: number | null;
  accessibility: number | null;
  /** Metric display values (FCP, LCP, TBT, CLS, SI). */
  metrics: Record<string, string>;
  /** Audits that failed (score < 0.9), worst first: the reasons behind the scores. */
  failing: Array<{ id: string; title: string; score: number | null; displayValue?: string }>;
  error?: string;
  warnings?: string[];
}

/** Chromium with its debugging port open for Lighthouse, on a throw-away profile. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'open-auction-bench-chromium-'));
  try {
    const browser = await launch({
      label: 'Chromium',
      command: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
      baseUrl: `http://127.0.0.1:${port}`,
      readyPath: '/json/version',
      timeoutMs: 30_000,
      graceMs: 5000,
    });
    return {
      port,
      async stop() {
        await browser.stop();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

export type FormFactor = 'mobile' | 'desktop';

/**
 * Runs Lighthouse `runs` times on each page (one Chromium; pages take turns, so a noisy moment on
 * the shared machine does not land on one page's runs only) and keeps each page's median run by
 * performance score, as Lighthouse's own guidance on variability advises. A failed run is reported,
 * not thrown.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: Array<{ path: string; cookie?: string }>,
  formFactor: FormFactor,
  runs: number,
): Promise<LighthousePage[]> {
  const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const chromium = await launchChromium();
  const byPage = pages.map(() => [] as LighthousePage[]);
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [i, page] of pages.entries()) byPage[i]!.push(await auditPage(chromium.port, baseUrl, page, config));
    }
  } finally {
    await chromium.stop();
  }
  return byPage.map((results) => {
    const ranked = [...results].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
    return { ...ranked[Math.floor((ranked.length - 1) / 2)]!, runs: results.map((r) => r.performance) };
  });
}

async function auditPage(
  port: number,
  baseUrl: string,
  page: { path: string; cookie?: string },
  config: Config | undefined,
): Promise<LighthousePage> {
  const { default: lighthouse } = await import('lighthouse');
  try {
    const run = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      },
      config,
    );
    if (!run) throw new Error('Lighthouse returned nothing');
    const { lhr } = run;
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    const metricIds = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    const metrics = Object.fromEntries(metricIds.map((id) => [id, lhr.audits[id]?.displayValue ?? '?']));
    const auditIds = new Set(
      ['performance', 'accessibility'].flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 || c === 'performance').map((r) => r.id),
      ),
    );
    const failing = [...auditIds]
      .map((id) => lhr.audits[id]!)
      .filter(
        (a) => a && typeof a.score === 'number' && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
      )
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => ({ id: a.id, title: a.title, score: a.score, ...(a.displayValue ? { displayValue: a.displayValue } : {}) }));
    const problem = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
    return {
      path: page.path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics,
      failing,
      ...(problem ? { error: problem } : {}),
      ...(lhr.runWarnings.length > 0 ? { warnings: lhr.runWarnings } : {}),
    };
  } catch (error) {
    return { path: page.path, performance: null, accessibility: null, metrics: {}, failing: [], error: String(error) };
  }
}
