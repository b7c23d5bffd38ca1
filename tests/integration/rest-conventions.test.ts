// REST conventions every route relies on (docs/rules/http-api.md): content types, JSON errors, 404s,
// cross-site refusal, /healthz, and 500s without details.
import { describe, expect } from 'vitest';
import { PASSWORD, insertUser } from '../support/accounts';
import { test } from '../support/fixtures';
import { expectErrorBody, get, login, post, sessionCookieHeader, sessionCookies, signedUp } from '../support/http';

describe('content types', () => {
  test.for([
    ['text/plain', 'email=a@example.com'],
    ['application/x-www-form-urlencoded', 'email=a%40example.com&password=x'],
  ])('a POST with %s is 415 with an error body', async ([type, payload], { app }) => {
    for (const url of ['/api/auth/login', '/api/auth/signup']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
      expect(res.statusCode).toBe(415);
      expectErrorBody(res);
    }
  });

  test('a PATCH /api/user with text/plain is 415', async ({ app }) => {
    const { token } = await signedUp(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
  });

  test('application/json with a charset is accepted', async ({ app, deps }) => {
    const row = await insertUser(deps);
    const res = await post(
      app,
      '/api/auth/login',
      { email: row.email, password: PASSWORD },
      { headers: { 'content-type': 'application/json; charset=utf-8' } },
    );
    expect(res.statusCode).toBe(200);
  });

  test('malformed JSON is 400 with a JSON error body, not 500', async ({ app }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expectErrorBody(res);
  });

  test('a JSON body that is not an object is 400 with issues', async ({ app }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(Array.isArray(expectErrorBody(res).issues)).toBe(true);
  });
});

describe('unknown paths', () => {
  test('/api/xyz is a JSON 404', async ({ app }) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/xyz' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectErrorBody(res);
    }
  });

  test('/trpc/nothing is a JSON 404', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/trpc/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(() => res.json()).not.toThrow();
  });
});

describe('cross-site requests', () => {
  const host = 'auction.example';

  test('a POST whose Origin names another site is 403, also for tRPC and for a signed-in PATCH', async ({ app, deps }) => {
    const row = await insertUser(deps);
    const evil = { host, origin: 'https://evil.example', 'content-type': 'application/json' };
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: evil,
      payload: JSON.stringify({ email: row.email, password: PASSWORD }),
    });
    expect(res.statusCode).toBe(403);
    expectErrorBody(res);
    expect(res.headers['set-cookie']).toBeUndefined();

    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: evil,
      payload: JSON.stringify({ email: row.email, password: PASSWORD }),
    });
    expect(trpc.statusCode).toBe(403);

    const token = (await login(app, row.email, PASSWORD)).json().token as string;
    const change = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...evil, cookie: sessionCookieHeader(token) },
      payload: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'evil new password', confirmPassword: 'evil new password' }),
    });
    expect(change.statusCode).toBe(403);
    expect((await login(app, row.email, PASSWORD)).statusCode).toBe(200);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host, origin: 'https://evil.example', cookie: sessionCookieHeader(token) },
    });
    expect(logout.statusCode).toBe(403);
    expect((await get(app, '/api/user', { cookie: token })).statusCode).toBe(200);
  });

  test('a same-origin Origin and no Origin pass', async ({ app, deps }) => {
    const row = await insertUser(deps);
    const body = JSON.stringify({ email: row.email, password: PASSWORD });
    const same = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(same.statusCode).toBe(200);
    const none = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host, 'content-type': 'application/json' },
      payload: body,
    });
    expect(none.statusCode).toBe(200);
  });

  test('an origin listed in CORS_ORIGINS passes', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ CORS_ORIGINS: ['http://localhost:5173'] });
    const row = await insertUser(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host, origin: 'http://localhost:5173', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: row.email, password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  test('the same scheme and host on another port is another origin', async ({ app }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host, origin: `http://${host}:8080`, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('/healthz and failures', () => {
  test('/healthz answers 200 {status: "ok"}', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('a 500 says only that something went wrong: no stack, no SQL, on REST and tRPC', async ({ app, deps }) => {
    const row = await insertUser(deps);
    // Break the database under the login: recording the login history fails. Renamed, not dropped, so
    // that it can be put back for the next test (on PostgreSQL the next test reuses this database).
    await deps.sql('alter table login_events rename to login_events_away');
    try {
      const rest = await login(app, row.email, PASSWORD);
      expect(rest.statusCode).toBe(500);
      const body = expectErrorBody(rest);
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(rest.body).not.toMatch(/login_events|stack|at .*\.ts|SqliteError|DatabaseError/i);

      const trpc = await post(app, '/trpc/auth.login', { email: row.email, password: PASSWORD });
      expect(trpc.statusCode).toBe(500);
      expect(trpc.body).not.toMatch(/login_events|"stack"|at .*\.ts|SqliteError|DatabaseError/i);
    } finally {
      await deps.sql('alter table login_events_away rename to login_events');
    }
  });
});

describe('logout reads no body', () => {
  test.for<[string, Record<string, string>, string]>([
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['a text/plain body', { 'content-type': 'text/plain' }, 'bye'],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
  ])('logout with %s signs out (200) and revokes the session', async ([_label, headers, payload], { app }) => {
    const { token } = await signedUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(app, '/api/user', { token })).statusCode).toBe(401);
  });

  test('an empty JSON body elsewhere is a missing body: 400 field by field, not bad JSON', async ({ app }) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

test('a stale cookie does not hide a valid bearer token sent with it', async ({ app }) => {
  const { token } = await signedUp(app);
  const res = await app.inject({
    method: 'GET',
    url: '/api/user',
    cookies: sessionCookies('revoked-or-made-up'),
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
});

test('a URL Fastify cannot decode (400) or an over-long parameter (414) answers in the usual error body', async ({ app }) => {
  for (const [url, status] of [
    ['/api/auction/%', 400],
    [`/api/auction/${'9'.repeat(6000)}`, 414],
  ] as const) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url.slice(0, 30)).toBe(status);
    const body = expectErrorBody(res);
    expect(body.message).toBe(body.error);
  }
});
