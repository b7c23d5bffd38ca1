// `npm run dev` as a developer reads it: readable lines instead of JSON, no line for each module the
// dev client loads, a line for each request that failed, and the demo accounts and the address last;
// without SMTP_URL, mail printed in the terminal (a line at start says so), so password reset works;
// a page that leaves its live stream is not news; a restart (tsx watch sends SIGTERM on every save)
// ends the open streams at once, telling them to come back in a second, so it takes about that long.
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { createWorkspace, launch, type Workspace } from '../../tools/server-process';
import { openEventStream } from '../support/sse';

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
    // The reset's mail among the others printed (the demo's own notices are mailed too).
    const printed = server
      .output()
      .split('Mail (printed here')
      .find((mail) => mail.includes('Subject: Reset your Open Auction password'))!;
    expect(printed).toContain('To: maya@demo.test');
    expect(printed).toContain('Subject: Reset your Open Auction password');
    expect(printed).toContain(`http://localhost:${port}/reset-password?token=`);

    // A tab opens its live stream, then leaves (a page closed): nothing is logged for it.
    const signedUp = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dev Tester', email: 'dev.tester@example.com', password: 'a long enough password' }),
    });
    const { token } = (await signedUp.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const beforeLeaving = server.output().length;
    const leaving = await openEventStream(`${baseUrl}/trpc/live.events`, auth);
    await leaving.waitForMessages(1);
    leaving.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output().slice(beforeLeaving)).not.toMatch(/stream closed|premature|"res"/i);

    // A save restarts the server: the open stream is ended at once with a hint to come back in a second,
    // and the open tab's hot-reload websocket does not hold the server up either.
    const open = await openEventStream(`${baseUrl}/trpc/live.events`, auth);
    await open.waitForMessages(1);
    const hotReload = await new Promise<Socket>((resolve, reject) => {
      const upgrade = request({
        port,
        host: '127.0.0.1',
        path: '/',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-protocol': 'vite-hmr',
        },
      });
      upgrade.on('upgrade', (_res, socket) => resolve(socket.resume()));
      upgrade.on('response', (res) => reject(new Error(`no websocket: ${res.statusCode}`)));
      upgrade.end();
    });
    const signalled = Date.now();
    const exit = await server.stop(5_000);
    expect(Date.now() - signalled).toBeLessThan(3_000);
    expect(exit.signal).toBeNull();
    await open.waitForEnd();
    expect(open.retry).toBe(1000);
    expect(hotReload.destroyed || hotReload.readableEnded).toBe(true);
  } finally {
    await server.stop();
  }
}, 60_000);
