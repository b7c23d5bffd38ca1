// The built server refusing to start on a database it cannot use: one line that says why, without
// the password of the URL, and a non-zero exit, never a stack trace. Needs the build, not Chromium.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { freePort } from '../../tools/ports';
import { root } from '../../tools/server-process';

/** Starts dist/server/main.js with these settings and waits for it to exit (it must, within the timeout). */
function startAndExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((settle) => child.once('exit', (code) => settle({ code, stdout, stderr })));
}

describe('a database the server cannot use stops it at start', () => {
  test('DATABASE_URL of another scheme: one line naming the setting and the scheme', async () => {
    const { code, stdout, stderr } = await startAndExit({ DATABASE_URL: 'mysql://root:hunter2@127.0.0.1/auction' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      'Invalid setting DATABASE_URL: expected a postgres:// or postgresql:// URL, not mysql:// (leave it empty for SQLite at DATABASE_PATH)',
    ]);
  });

  test('PostgreSQL not answering: one line naming where, without the password', async () => {
    const port = await freePort();
    const { code, stderr } = await startAndExit({ DATABASE_URL: `postgres://auction:hunter2@127.0.0.1:${port}/auction` });
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^PostgreSQL at postgres://auction:\\*\\*\\*@127\\.0\\.0\\.1:${port}/auction cannot be reached: .*ECONNREFUSED`),
    );
    expect(stderr).not.toContain('hunter2');
  });
});
