// Making an administrator: the service, then the real command line, which opens the database itself
// (so that part holds a database of its own, and looks into it with a store of its own).
import { spawnSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { createOrPromoteAdmin } from '../../src/server/services/admin-accounts';
import { anonymousCaller, signedIn } from '../support/accounts';
import { test, type TestDatabase } from '../support/fixtures';
import { rowsIn } from '../support/sql';

describe('createOrPromoteAdmin', () => {
  test('creates an admin who can log in, with the email normalised and a default name', async ({ deps }) => {
    const result = await createOrPromoteAdmin(deps, { email: '  Boss@Example.COM ', password: 'a long password' });
    expect(result.outcome).toBe('created');
    expect(result.user).toMatchObject({ email: 'boss@example.com', name: 'Administrator', role: 'admin' });
    const row = (await deps.store.users.byEmail('boss@example.com'))!;
    expect(row.createdAt.getTime()).toBe(deps.now());
    const { user } = await signedIn(anonymousCaller(deps).auth.login({ email: 'boss@example.com', password: 'a long password' }));
    expect(user.role).toBe('admin');
  });

  test('uses the name given', async ({ deps }) => {
    const { user } = await createOrPromoteAdmin(deps, { email: 'ops@example.com', password: 'a long password', name: '  Ops Team ' });
    expect(user.name).toBe('Ops Team');
  });

  test('promotes an existing user and leaves the password and name unchanged', async ({ deps }) => {
    await anonymousCaller(deps).auth.signup({ name: 'Regular Joe', email: 'joe@example.com', password: 'joe original pw' });
    const result = await createOrPromoteAdmin(deps, { email: 'JOE@example.com', password: 'another password', name: 'Ignored' });
    expect(result.outcome).toBe('promoted');
    expect(result.user).toMatchObject({ email: 'joe@example.com', name: 'Regular Joe', role: 'admin' });
    expect(await rowsIn(deps, 'users')).toBe(1);

    const { user } = await signedIn(anonymousCaller(deps).auth.login({ email: 'joe@example.com', password: 'joe original pw' }));
    expect(user.role).toBe('admin');
    await expect(anonymousCaller(deps).auth.login({ email: 'joe@example.com', password: 'another password' })).rejects.toThrow();

    const again = await createOrPromoteAdmin(deps, { email: 'joe@example.com', password: 'another password' });
    expect(again.outcome).toBe('unchanged');
  });

  test.for<[{ email: string; password: string; name?: string }, string]>([
    [{ email: '', password: 'a long password' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'a long password' }, 'Please enter a valid email address'],
    [{ email: 'x@example.com', password: 'short' }, 'Password must be at least 8 characters long'],
    [{ email: 'x@example.com', password: 'a long password', name: '   ' }, 'Name is required'],
  ])('refuses %o with a clear message', async ([input, message], { deps }) => {
    await expect(createOrPromoteAdmin(deps, input)).rejects.toThrow(message);
    expect(await rowsIn(deps, 'users')).toBe(0);
  });
});

describe('npm run create-admin (the real command line)', () => {
  function run(database: TestDatabase, ...args: string[]) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: '', ...database.location, NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    const output = `${result.stdout}${result.stderr}`.trim();
    return { status: result.status, output, lines: output.split('\n').length };
  }

  test('creates, promotes and refuses, with one line each and the right exit code', { timeout: 90_000 }, async ({ database }) => {
    const created = run(database, '--email', 'Root@Example.com', '--password', 'root password 1', '--name', 'Root');
    expect(created).toMatchObject({ status: 0, lines: 1 });
    expect(created.output).toBe('Created admin root@example.com (Root).');

    // A user who signed up through the app, then promoted from the command line.
    const { store } = await database.open();
    await store.users.insert({ name: 'Jane Seller', email: 'jane@example.com', passwordHash: 'x', createdAt: new Date() });
    const promoted = run(database, '--email', 'jane@example.com', '--password', 'whatever long');
    expect(promoted).toMatchObject({ status: 0, lines: 1 });
    expect(promoted.output).toMatch(/^Promoted jane@example\.com .*password is unchanged/);

    expect(await store.users.byEmail('jane@example.com')).toMatchObject({ role: 'admin', passwordHash: 'x' });

    for (const [args, reason] of [
      [['--password', 'root password 1'], /Missing --email/],
      [['--email', 'nope', '--password', 'root password 1'], /Invalid --email: Please enter a valid email address/],
      [['--email', 'a@example.com', '--password', 'short'], /Password must be at least 8 characters/],
      [['--email', 'a@example.com', '--password', 'long enough', '--admin'], /Unknown option --admin/],
    ] as const) {
      const refused = run(database, ...args);
      expect(refused.status).not.toBe(0);
      expect(refused.lines).toBe(1);
      expect(refused.output).toMatch(reason);
    }
  });
});
