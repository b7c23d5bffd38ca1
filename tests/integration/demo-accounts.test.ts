// auth.demoAccounts: the demo accounts and their passwords while the site is developed
// (NODE_ENV=development, as `npm run dev` sets it), and an empty list in production and in tests,
// asked by a visitor through the router and over HTTP as the login page asks.
import { describe, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/seed/seed';
import { anonymousCaller } from '../support/accounts';
import { test } from '../support/fixtures';

const demoLogins = DEMO_ACCOUNTS.map(({ name, email, password, role }) => ({ name, email, password, role }));

describe('in development', () => {
  test.override({ settings: { NODE_ENV: 'development' } });

  test('a visitor is told every demo account with its password', async ({ deps }) => {
    expect(deps.settings.NODE_ENV).toBe('development');
    const { accounts } = await anonymousCaller(deps).auth.demoAccounts();
    expect(accounts).toEqual(demoLogins);
    expect(accounts.map((a) => a.email)).toContain('maya@demo.test');
    expect(accounts.find((a) => a.email === 'admin@demo.test')).toMatchObject({ password: 'admin-demo-2026', role: 'admin' });
  });

  test('over HTTP too, without a session', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/trpc/auth.demoAccounts' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { result: { data: { accounts: unknown[] } } }).result.data.accounts).toEqual(demoLogins);
  });
});

describe('in production', () => {
  test.override({ settings: { NODE_ENV: 'production' } });

  test('the list is empty, through the router and over HTTP: no password leaves the server', async ({ deps, app }) => {
    expect(deps.settings.NODE_ENV).toBe('production');
    expect(await anonymousCaller(deps).auth.demoAccounts()).toEqual({ accounts: [] });
    const response = await app.inject({ method: 'GET', url: '/trpc/auth.demoAccounts' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('demo-2026');
    expect((response.json() as { result: { data: unknown } }).result.data).toEqual({ accounts: [] });
  });
});

describe('in tests', () => {
  test('the list is empty', async ({ deps }) => {
    expect(deps.settings.NODE_ENV).toBe('test');
    expect(await anonymousCaller(deps).auth.demoAccounts()).toEqual({ accounts: [] });
  });
});
