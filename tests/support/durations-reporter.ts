// Writes how long each test file took (set-up, import and tests, in seconds) to
// tests/support/file-durations.json, which the sequencer (sequencer.ts) plans the next runs by. Run
// by `npm run test:durations` on a quiet machine after files were added or grew; the times of files
// this run did not include are kept.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { durationKey, knownDurations, DURATIONS_FILE } from './sequencer.ts';

export default class DurationsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const durations = knownDurations();
    for (const module of modules) {
      if (module.state() !== 'passed') continue;
      const d = module.diagnostic();
      const seconds = (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000;
      durations[durationKey(module.project.name, relative(this.root, module.moduleId))] = Math.round(seconds * 10) / 10;
    }
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}
