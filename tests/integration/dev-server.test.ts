// `npm run dev` as a developer reads it: readable lines instead of JSON, no line for each module the
// dev client loads, a line for each request that failed, and the demo accounts and the address last;
// without SMTP_URL, mail printed in the terminal (a line at start says so), so password reset works.
import { afterAll, expect, test } from 'vitest';
import { createWorkspace, launch, type Workspace } from '../../tools/server-process';

let workspace: Workspace | undefined;
afterAll(() => workspace?.remove());

test('logs readably in development: failures one line each, routine requests not at all, the welcome last, mail printed', async () => {
  workspace = await createWorkspace();
  const { port, baseUrl } = workspace;
  const server = await launch({
    label: 'The dev server',
    args: ['--import', 'tsx', 'src/server/main.ts', '--dev'],
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: workspace.databasePath,
      UPLOAD_DIR: workspace.uploadDir,
      LOG_LEVEL: 'info',
    },
    baseUrl,
    readyPath: '/healthz',
    timeoutMs: 45_000,
  });

  try {
    const address = `Open http://localhost:${port}`;
    await expect.poll(() => server.output(), { timeout: 45_000, interval: 200 }).toContain(address);

    // The start: readable lines, and the welcome after the server listens, as the last thing printed.
    expect(server.output()).toMatch(/INFO: Server listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(server.output().trimEnd().endsWith(address)).toBe(true);
    const accounts = server.output().indexOf('Demo accounts');
    expect(accounts).toBeGreaterThan(server.output().indexOf('Server listening'));
    expect(server.output().slice(accounts)).toContain('admin@demo.test  /  admin-demo-2026');

    // What the browser asks for while a page loads, then one request that fails.
    const started = server.output().length;
    for (const path of ['/', '/src/main.tsx', '/@vite/client', '/healthz', '/trpc/auth.session']) {
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${baseUrl}/api/user`)).status).toBe(401);
    await expect.poll(() => server.output().slice(started), { timeout: 5_000 }).toContain('WARN: GET /api/user → 401');

    const logged = server.output().slice(started);
    for (const path of ['/src/main.tsx', '/@vite/client', '/healthz', 'auth.session']) expect(logged).not.toContain(path);
    // Vite may add a line of its own (dependencies optimised); of the requests, only the failure shows.
    expect(logged.split('\n').filter((line) => / → \d{3} \(/.test(line))).toEqual([expect.stringContaining('WARN: GET /api/user → 401')]);
    expect(server.output()).not.toMatch(/^\{"level"/m);

    // No SMTP_URL: said once at start, and a reset link is printed instead of mailed.
    expect(server.output().slice(0, accounts)).toContain(
      'No SMTP_URL: mail (notices, password reset and confirmation links) is printed here',
    );
    const forgot = await fetch(`${baseUrl}/api/auth/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'maya@demo.test' }),
    });
    expect(forgot.status).toBe(200);
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/\/reset-password\?token=[\w-]+/);
    const printed = server.output().slice(server.output().lastIndexOf('Mail (printed here'));
    expect(printed).toContain('To: maya@demo.test');
    expect(printed).toContain('Subject: Reset your Open Auction password');
    expect(printed).toContain(`http://localhost:${port}/reset-password?token=`);
  } finally {
    await server.stop();
  }
}, 60_000);
