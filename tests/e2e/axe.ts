// Accessibility checks with axe-core inside the page under test. A test that calls expectNoAxeViolations
// fails with one readable line per problem: the rule, its impact, and the elements it found.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now (every rule axe runs by default) and returns what it found. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Not page.addScriptTag: it inserts an inline <script>, which the site's Content-Security-Policy
  // rightly refuses (and the harness reports). An evaluation from the test is not page script, so the
  // policy stays in force while axe runs.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}

export function formatViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `  ${v.id} (${v.impact}): ${v.help}\n    at ${v.targets.join('\n    at ')}`).join('\n');
}

/** What axe found on the page, as lines for a failure message; empty when it found nothing. */
export async function axeReport(page: Page, where: string): Promise<string> {
  const violations = await axeViolations(page);
  return violations.length === 0 ? '' : `axe found ${violations.length} accessibility problem(s) on ${where}:\n${formatViolations(violations)}`;
}

/** Fails when axe finds anything; `where` names the page and width in the message. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const report = await axeReport(page, where);
  if (report) throw new Error(report);
}
