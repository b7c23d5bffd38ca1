// The auth and user routes (docs/rules/accounts.md) through app.inject: status codes, shapes, the
// session cookie's flags, bearer tokens, session fixation and logout.
import { describe, expect } from 'vitest';
import { PASSWORD, insertUser } from '../support/accounts';
import { uniqueEmail } from '../support/emails';
import { test } from '../support/fixtures';
import { expectErrorBody, get, login, logout, post, sessionCookie, signedUp, signup } from '../support/http';

const USER_KEYS = ['_id', 'avatar', 'email', 'emailVerified', 'name', 'role', 'twoFactor'];

describe('POST /api/auth/signup', () => {
  test('201 {user, token} with the user shape; the token and the cookie both sign in', async ({ app }) => {
    const email = uniqueEmail('signup');
    const res = await signup(app, { name: 'New Person', email, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'New Person',
      email,
      avatar: `http://localhost:3000/avatars/${body.user._id}/N.svg`,
      role: 'user',
      emailVerified: false,
      twoFactor: false,
    });
    expect(body.token).toEqual(expect.any(String));
    expect((await get(app, '/api/user', { token: body.token })).statusCode).toBe(200);
    expect((await get(app, '/api/user', { cookie: sessionCookie(res).value })).json().user.email).toBe(email);
  });

  test('a role of admin in the body is ignored: the answer and the database say user', async ({ app, deps }) => {
    const email = uniqueEmail('sneaky');
    const res = await signup(app, { name: 'Sneaky', email, password: PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('user');
    expect((await deps.store.users.byEmail(email))?.role).toBe('user');
    expect((await get(app, '/api/user', { token: res.json().token })).json().user.role).toBe('user');
  });

  test('the email is trimmed and lower-cased', async ({ app }) => {
    const res = await signup(app, { name: 'Case', email: '  Some.One@EXAMPLE.com ', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe('some.one@example.com');
  });

  test('409 {error, message} when the email is taken (in any case)', async ({ app }) => {
    const { email } = await signedUp(app);
    const res = await signup(app, { name: 'Again', email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res).error).toMatch(/already exists/i);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('400 with issues for blank fields and a short password; the hint is the message', async ({ app }) => {
    const blank = await signup(app, { name: '   ', email: '  ', password: PASSWORD });
    expect(blank.statusCode).toBe(400);
    const body = expectErrorBody(blank);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Email is required' },
      ]),
    );
    expect(body.issues?.map((i) => i.message)).toContain(body.error);

    const short = await signup(app, { name: 'Short', email: uniqueEmail(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(expectErrorBody(short)).toEqual({
      error: 'Password must be at least 8 characters long',
      message: 'Password must be at least 8 characters long',
      issues: [{ path: 'password', message: 'Password must be at least 8 characters long' }],
    });
  });

  test('an empty JSON body is 400 with an issues array, not 500', async ({ app }) => {
    const res = await post(app, '/api/auth/signup', {});
    expect(res.statusCode).toBe(400);
    const body = expectErrorBody(res);
    expect(Array.isArray(body.issues)).toBe(true);
    expect(body.issues!.map((i) => i.path).sort()).toEqual(['email', 'name', 'password']);
  });
});

describe('POST /api/auth/login', () => {
  test('200 {user, token} with the right password', async ({ app, deps }) => {
    const row = await insertUser(deps, { name: 'Lou' });
    const res = await login(app, row.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        _id: String(row.id),
        name: 'Lou',
        email: row.email,
        avatar: `http://localhost:3000/avatars/${row.id}/L.svg`,
        role: 'user',
        emailVerified: true,
        twoFactor: false,
      },
      token: expect.any(String),
    });
  });

  test('401 with the same message for a wrong password and an unknown email, and no cookie', async ({ app, deps }) => {
    const row = await insertUser(deps);
    const wrong = await login(app, row.email, 'wrong password');
    const unknown = await login(app, uniqueEmail('nobody'), PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(expectErrorBody(wrong)).toEqual(expectErrorBody(unknown));
    expect(wrong.json().error).toBe('Invalid email or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  test('session fixation: each login gets a new token; a planted cookie never becomes valid', async ({ app, deps }) => {
    const row = await insertUser(deps);
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    const first = await login(app, row.email, PASSWORD, { cookie: planted });
    expect(first.statusCode).toBe(200);
    const firstToken = sessionCookie(first).value;
    expect(firstToken).not.toBe(planted);
    expect(first.json().token).toBe(firstToken);
    expect((await get(app, '/api/user', { cookie: planted })).statusCode).toBe(401);
    expect((await get(app, '/api/user', { token: planted })).statusCode).toBe(401);

    // Logging in again while holding a session gives yet another one; the old one was its own session.
    const second = await login(app, row.email, PASSWORD, { cookie: firstToken });
    const secondToken = sessionCookie(second).value;
    expect(secondToken).not.toBe(firstToken);
    expect((await get(app, '/api/user', { cookie: secondToken })).statusCode).toBe(200);
    expect((await get(app, '/api/user', { cookie: firstToken })).statusCode).toBe(200);
  });
});

describe('session cookie flags', () => {
  test('signup and login set HttpOnly, SameSite=Lax, Path=/ and no Secure over plain HTTP', async ({ app }) => {
    const { res: signupRes, email } = await signedUp(app);
    const loginRes = await login(app, email, PASSWORD);
    for (const res of [signupRes, loginRes]) {
      const header = sessionCookie(res).header;
      expect(header).toMatch(/;\s*HttpOnly/i);
      expect(header).toMatch(/;\s*SameSite=Lax/i);
      expect(header).toMatch(/;\s*Path=\/(;|$)/);
      expect(header).not.toMatch(/;\s*Secure/i);
    }
  });

  test('Secure when X-Forwarded-Proto is https and TRUST_PROXY is on', async ({ makeApp }) => {
    const { app } = await makeApp({ TRUST_PROXY: 1 });
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    const { res: signupRes, email } = await signedUp(app, https);
    const loginRes = await login(app, email, PASSWORD, https);
    for (const res of [signupRes, loginRes]) {
      const header = sessionCookie(res).header;
      expect(header).toMatch(/;\s*Secure/i);
      expect(header).toMatch(/;\s*HttpOnly/i);
      expect(header).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  test('not Secure when X-Forwarded-Proto is https but TRUST_PROXY is off', async ({ app }) => {
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    const { res: signupRes, email } = await signedUp(app, https);
    const loginRes = await login(app, email, PASSWORD, https);
    for (const res of [signupRes, loginRes]) expect(sessionCookie(res).header).not.toMatch(/;\s*Secure/i);
  });
});

describe('Bearer token', () => {
  test('accepted wherever the cookie is: GET /api/user, GET /api/user/logins, tRPC user.me', async ({ app }) => {
    const { token, email } = await signedUp(app);
    const me = await get(app, '/api/user', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
    const logins = await get(app, '/api/user/logins', { token });
    expect(logins.statusCode).toBe(200);
    expect(logins.json()).toHaveLength(1);
    const trpc = await get(app, '/trpc/user.me', { token });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data.user.email).toBe(email);
  });

  test('without a token the same reads are 401', async ({ app }) => {
    expect((await get(app, '/api/user/logins')).statusCode).toBe(401);
    expect((await get(app, '/trpc/user.me')).statusCode).toBe(401);
    expect((await get(app, '/api/user', { token: 'not-a-real-token' })).statusCode).toBe(401);
  });
});

describe('GET /api/user', () => {
  test('200 {user} with exactly the User fields', async ({ app }) => {
    const { token, user } = await signedUp(app, { name: 'Shape Check' });
    const res = await get(app, '/api/user', { token });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['user']);
    expect(Object.keys(res.json().user).sort()).toEqual(USER_KEYS);
    expect(res.json().user).toEqual(user);
  });

  test('401 {error, message} when signed out', async ({ app }) => {
    const res = await get(app, '/api/user');
    expect(res.statusCode).toBe(401);
    expect(expectErrorBody(res).error).toBe('Please log in to continue.');
  });
});

describe('POST /api/auth/logout', () => {
  test('200 {message}; the cookie stops working and is cleared', async ({ app }) => {
    const { res: signupRes } = await signedUp(app);
    const cookie = sessionCookie(signupRes).value;
    const res = await logout(app, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(sessionCookie(res).value).toBe('');
    expect((await get(app, '/api/user', { cookie })).statusCode).toBe(401);
  });

  test('the bearer token of the session stops working too', async ({ app }) => {
    const { token } = await signedUp(app);
    const res = await logout(app, { token });
    expect(res.statusCode).toBe(200);
    expect((await get(app, '/api/user', { token })).statusCode).toBe(401);
    expect((await get(app, '/api/user', { cookie: token })).statusCode).toBe(401);
  });

  test('logging out by cookie also kills the token returned with that session', async ({ app }) => {
    const { res: signupRes, token } = await signedUp(app);
    await logout(app, { cookie: sessionCookie(signupRes).value });
    expect((await get(app, '/api/user', { token })).statusCode).toBe(401);
  });

  test('other sessions of the user survive a logout', async ({ app }) => {
    const { token, email } = await signedUp(app);
    const other = (await login(app, email, PASSWORD)).json().token as string;
    await logout(app, { token });
    expect((await get(app, '/api/user', { token: other })).statusCode).toBe(200);
  });

  test('signed out, logout still answers 200 {message}', async ({ app }) => {
    const res = await logout(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
