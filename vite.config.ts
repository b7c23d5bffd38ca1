import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { postgres } from './tests/support/postgres.ts';

/**
 * Integration tests run on SQLite alone: the ones about SQLite itself (its query plans and the layout
 * of its tables, read through better-sqlite3), which have no PostgreSQL twin; the authorisation matrix, which decides who may call
 * what before any query (the PostgreSQL store's sessions and roles are the other files' to check); and
 * the files about the HTTP edge, whose subject is settled before the database is asked: the dev server
 * (run on a SQLite file of its own whatever the project), photos decoded and streamed to disk, which
 * answers are compressed, and which forwarded addresses are believed. The rest run on both databases,
 * and look at the tables through deps.sql.
 */
const SQLITE_ONLY = [
  'tests/integration/explain.test.ts',
  'tests/integration/sqlite-storage.test.ts',
  'tests/integration/authorization.test.ts',
  'tests/integration/dev-server.test.ts',
  'tests/integration/photo-limits.test.ts',
  'tests/integration/upload-streaming.test.ts',
  'tests/integration/compression.test.ts',
  'tests/integration/trust-proxy.test.ts',
];

/**
 * On PostgreSQL, only where a server answers (or under CI, where one must): the integration suite
 * again, and the tests of what only PostgreSQL has (several pools on one database, its locks).
 */
const onPostgres: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'integration-pg',
      root: '.',
      include: ['tests/integration/**/*.test.ts'],
      exclude: SQLITE_ONLY,
      env: { TEST_DATABASE: 'postgres' },
      setupFiles: ['tests/support/fresh-overrides.ts', 'tests/support/postgres-setup.ts'],
      testTimeout: 20_000,
    },
  },
  { extends: true, test: { name: 'postgres', root: '.', include: ['tests/postgres/**/*.test.ts'], testTimeout: 20_000 } },
];

export default defineConfig(async ({ mode }): Promise<ViteUserConfig> => ({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Which chunks each page needs: the server names them in the page's HTML (src/server/page-preloads.ts).
    manifest: true,
  },
  test: {
    root: '.',
    // Two files at a time (vitest's default on two cores is one): most tests wait on a database, a
    // socket or a browser more than they compute, so the browser files share the two workers with the
    // integration files (each starts its own server on a free port, with a database of its own). The
    // cluster files run by themselves, after the others (fileParallelism: false).
    maxWorkers: 2,
    // A worker imports the app's modules once for all the files it runs, not once a file: importing
    // the server (Fastify, tRPC, Drizzle, zod, sharp, nodemailer) took most of two seconds a file, a
    // quarter of the integration suite's time. Every test opens its own database and app and the
    // modules keep no state between tests; what a file changes in the shared `test` (its top-level
    // `test.override`) is undone before the next file (support/fresh-overrides.ts).
    isolate: false,
    // Plans which files run side by side, so a browser file runs beside an integration file rather
    // than beside another browser file (tests/support/sequencer.ts). Loaded by vitest only.
    ...(mode === 'test' ? { sequence: { sequencer: (await import('./tests/support/sequencer.ts')).default } } : {}),
    projects: [
      {
        extends: true,
        test: { name: 'unit', root: '.', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          root: '.',
          include: ['tests/integration/**/*.test.ts'],
          setupFiles: ['tests/support/fresh-overrides.ts'],
          testTimeout: 20_000,
        },
      },
      // Probed only when vitest loads this file, never by `vite build`.
      ...(mode === 'test' && (await postgres()) ? onPostgres : []),
      {
        extends: true,
        test: {
          // Three built servers on PostgreSQL and nginx in front: a file of its own, run alone.
          name: 'cluster',
          root: '.',
          include: ['tests/cluster/**/*.test.ts'],
          fileParallelism: false,
          // Isolated, a project of one file at a time is run by vitest after the others on its own (a
          // shared worker would need a sequence.groupOrder of its own); its servers are processes anyway.
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          // A page's state is awaited as long as a Playwright action waits for its element (the
          // harness's 10 s), not vitest's 1 s: a browser sharing the machine with other files may take
          // more than a second to show a live change, and a poll ends as soon as the state is there.
          expect: { poll: { timeout: 10_000 } },
          // A browser walkthrough shares the machine with another file: its limit guards against a
          // hang, not a slow step (each step has its own 10 s).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
