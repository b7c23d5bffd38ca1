// Set-up of every file of the integration projects. Test files share their worker's modules (vite.config.ts,
// isolate: false), so `test` from fixtures.ts is one object for all the files a worker runs, and vitest
// keeps a file's top-level `test.override` in it. Each file starts again from the defaults here, before
// its own overrides; an override inside a describe block is that block's alone and needs nothing.
import { FIXTURE_DEFAULTS, test } from './fixtures';

test.override(FIXTURE_DEFAULTS);
