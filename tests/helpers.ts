// Shared set-up for integration tests: a fresh in-memory database per test, a movable clock,
// callers for any user, and the app for REST tests through app.inject.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { createDeps, type AppDeps } from '../src/server/deps';
import { testSettings, type Settings } from '../src/server/env';
import { findSessionUser } from '../src/server/services/sessions';
import { createInnerContext } from '../src/server/trpc/context';
import { describeError } from '../src/server/trpc/errors';
import { createCaller } from '../src/server/trpc/router';

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.parse('2026-06-01T12:00:00Z')): TestClock {
  let current = start;
  return { now: () => current, set: (ms) => void (current = ms), advance: (ms) => void (current += ms) };
}

export function makeDeps(overrides: Partial<Settings> = {}, clock: TestClock = testClock()): AppDeps & { clock: TestClock } {
  const settings = testSettings({ UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'auction-uploads-')), ...overrides });
  return { ...createDeps(settings, { db: openDatabase(':memory:'), now: clock.now }), clock };
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}${counter}-${process.pid}@example.com`;
}

/** A signed-up user with a caller that acts as them. */
export async function signedUpCaller(deps: AppDeps, name = 'Test User', options: { ip?: string } = {}) {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const password = 'correct horse battery';
  const anonymous = createCaller(createInnerContext(deps, { client: { ip: options.ip ?? '127.0.0.1' } }));
  const { user, token } = await anonymous.auth.signup({ name, email, password });
  const sessionUser = findSessionUser(deps.db, token, deps.now())!;
  return { user, token, email, password, caller: createCaller(createInnerContext(deps, { user: sessionUser })) };
}

export function anonymousCaller(deps: AppDeps, ip = '127.0.0.1') {
  return createCaller(createInnerContext(deps, { client: { ip } }));
}

export async function makeApp(overrides: Partial<Settings> = {}, clock?: TestClock): Promise<{ app: FastifyInstance; deps: AppDeps & { clock: TestClock } }> {
  const deps = makeDeps(overrides, clock);
  const app = await buildApp(deps);
  return { app, deps };
}

/** The session cookie's value from a response's Set-Cookie headers. */
export function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const found = res.cookies.find((c) => c.name === 'sid');
  if (!found) throw new Error('no session cookie in the response');
  return found.value;
}

/** The TRPCError a call fails with, read as a person would: code, message, field issues. */
export async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  const { message, issues } = describeError(error);
  return { code: error.code, message, issues };
}
