// The auth router called directly (createCaller): sign-up, login, logout and their rules.
import { describe, expect } from 'vitest';
import { findSessionUser } from '../../src/server/services/sessions';
import { createInnerContext } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/router';
import { PASSWORD, anonymousCaller, failure, insertUser, signedInUser, signedIn } from '../support/accounts';
import { uniqueEmail } from '../support/emails';
import { test } from '../support/fixtures';
import { rowsIn } from '../support/sql';

describe('auth.signup', () => {
  test('returns the new user with role user even when admin is asked for; the row says user', async ({ deps }) => {
    const email = uniqueEmail('sneaky');
    const { user, token } = await anonymousCaller(deps).auth.signup({ name: 'Sneaky', email, password: PASSWORD, role: 'admin' } as never);
    expect(user).toEqual({
      _id: expect.any(String),
      name: 'Sneaky',
      email,
      avatar: `http://localhost:3000/avatars/${user._id}/S.svg`,
      role: 'user',
      emailVerified: false,
      twoFactor: false,
    });
    expect(token).toEqual(expect.any(String));
    expect((await deps.store.users.byEmail(email))?.role).toBe('user');
    expect((await findSessionUser(deps, token))?.role).toBe('user');
  });

  test('trims and lower-cases the email, and login then works with any case', async ({ deps }) => {
    const { user } = await anonymousCaller(deps).auth.signup({
      name: '  Mixed Case  ',
      email: '  Mixed.Case@Example.COM ',
      password: PASSWORD,
    });
    expect(user.email).toBe('mixed.case@example.com');
    expect(user.name).toBe('Mixed Case');
    const again = await signedIn(anonymousCaller(deps).auth.login({ email: 'MIXED.case@example.com', password: PASSWORD }));
    expect(again.user._id).toBe(user._id);
  });

  test('a taken email is CONFLICT, also when it differs only in case', async ({ deps }) => {
    const email = uniqueEmail('taken');
    await anonymousCaller(deps).auth.signup({ name: 'First', email, password: PASSWORD });
    const same = await failure(anonymousCaller(deps).auth.signup({ name: 'Second', email, password: 'another password' }));
    expect(same.code).toBe('CONFLICT');
    expect(same.message).toMatch(/already exists/i);
    const upper = await failure(anonymousCaller(deps).auth.signup({ name: 'Third', email: email.toUpperCase(), password: PASSWORD }));
    expect(upper.code).toBe('CONFLICT');
    expect(await rowsIn(deps, 'users')).toBe(1);
  });

  test('a short password is BAD_REQUEST with the hint and creates nothing', async ({ deps }) => {
    const error = await failure(anonymousCaller(deps).auth.signup({ name: 'Short', email: uniqueEmail(), password: '1234567' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(await rowsIn(deps, 'users')).toBe(0);
  });
});

describe('auth.login', () => {
  test('the right password signs in and gives a working session token', async ({ deps }) => {
    const row = await insertUser(deps, { name: 'Lou' });
    const { user, token } = await signedIn(anonymousCaller(deps).auth.login({ email: row.email, password: PASSWORD }));
    expect(user).toEqual({
      _id: String(row.id),
      name: 'Lou',
      email: row.email,
      avatar: `http://localhost:3000/avatars/${row.id}/L.svg`,
      role: 'user',
      emailVerified: true,
      twoFactor: false,
    });
    expect((await findSessionUser(deps, token))?.id).toBe(row.id);
  });

  test('a wrong password and an unknown email give the same UNAUTHORIZED message', async ({ deps }) => {
    const row = await insertUser(deps);
    const wrong = await failure(anonymousCaller(deps).auth.login({ email: row.email, password: 'wrong password' }));
    const unknown = await failure(anonymousCaller(deps).auth.login({ email: uniqueEmail('nobody'), password: PASSWORD }));
    expect(wrong.code).toBe('UNAUTHORIZED');
    expect(unknown.code).toBe('UNAUTHORIZED');
    expect(wrong.message).toBe(unknown.message);
    expect(wrong.message).toBe('Invalid email or password');
  });

  test('an unknown email takes about as long as a wrong password (medians, generous factor)', async ({ makeDeps }) => {
    const deps = await makeDeps({ LOGIN_FAILURES_LIMIT: 1000 });
    const row = await insertUser(deps);
    const caller = anonymousCaller(deps);
    const time = async (email: string) => {
      const start = performance.now();
      await caller.auth.login({ email, password: 'wrong password' }).catch(() => undefined);
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await time(row.email));
      unknown.push(await time(`nobody-${i}@example.com`));
    }
    // A real check costs tens of milliseconds; skipping it would make the unknown email many times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 4);
  });

  test('each login creates a new session; the earlier ones stay valid as their own sessions', async ({ deps }) => {
    const row = await insertUser(deps);
    const first = await signedIn(anonymousCaller(deps).auth.login({ email: row.email, password: PASSWORD }));
    const second = await signedIn(anonymousCaller(deps).auth.login({ email: row.email, password: PASSWORD }));
    expect(second.token).not.toBe(first.token);
    const a = await findSessionUser(deps, first.token);
    const b = await findSessionUser(deps, second.token);
    expect(a?.id).toBe(row.id);
    expect(b?.id).toBe(row.id);
    expect(a?.sessionId).not.toBe(b?.sessionId);
  });
});

describe('auth.logout', () => {
  test('revokes the session it was called with, and only that one', async ({ deps }) => {
    const { token, caller, email, password } = await signedInUser(deps, 'Leaving User');
    const other = await signedIn(anonymousCaller(deps).auth.login({ email, password }));
    expect(await caller.auth.logout()).toEqual({ message: expect.any(String) });
    expect(await findSessionUser(deps, token)).toBeNull();
    expect(await findSessionUser(deps, other.token)).not.toBeNull();
  });

  test('the signed-in procedures refuse the revoked session', async ({ deps }) => {
    const { token, caller } = await signedInUser(deps, 'Leaving User');
    await caller.auth.logout();
    const user = await findSessionUser(deps, token);
    const error = await failure(createCaller(createInnerContext(deps, { user })).user.me());
    expect(error.code).toBe('UNAUTHORIZED');
  });
});
