// Accessibility checks with axe-core inside the page under test, reported as readable lines: each
// rule broken, its impact, and the elements where axe found it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now (every rule axe runs by default) and returns what it found. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Not page.addScriptTag: it inserts an inline <script>, which the site's Content-Security-Policy
  // rightly refuses (and the harness reports). An evaluation from the test is not page script, so the
  // policy stays in force while axe runs.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe.run({ resultTypes: ['violations'] }),
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}

function formatViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `  ${v.id} (${v.impact}): ${v.help}\n    at ${v.targets.join('\n    at ')}`).join('\n');
}

/** What axe found on the page, as lines for a failure message; empty when it found nothing. */
export async function axeReport(page: Page, where: string): Promise<string> {
  const violations = await axeViolations(page);
  return violations.length === 0
    ? ''
    : `axe found ${violations.length} accessibility problem(s) on ${where}:\n${formatViolations(violations)}`;
}
