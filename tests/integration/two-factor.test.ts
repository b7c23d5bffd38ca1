// Two-factor sign-in through both doors (REST and the user and auth routers), on SQLite and PostgreSQL:
// set up, turned on with a code computed here as an authenticator app would, a login's second step with
// a code or a recovery code, each code once, the challenge's five tries and five minutes, the failed-login
// limit, turning it off, and what is refused on the way.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, vi } from 'vitest';
import { codeAt } from '../../src/server/domain/two-factor';
import { createInnerContext } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/router';
import { LOGIN_CHALLENGE_MS, TWO_FACTOR_WORDS } from '../../src/shared/two-factor';
import { callerFor, failure, PASSWORD, signedInUser } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, expectTooMany, get, login, post, request, sessionCookie } from '../support/http';

const STEP_MS = 30_000;
const HOME = '203.0.113.7';

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A POST without a body, as the set-up is sent. */
const postEmpty = (app: FastifyInstance, url: string, token: string) => app.inject(request('POST', url, { token }));

const code = (deps: TestDeps, secret: string, offsetMs = 0) => codeAt(secret, deps.now() + offsetMs);

/** A user who set up an authenticator over REST and turned it on; the clock then moves to the next step. */
async function withTwoFactor(app: FastifyInstance, deps: TestDeps, name = 'Tess Two') {
  const person = await signedInUser(deps, name);
  const setup = await postEmpty(app, '/api/user/2fa/setup', person.token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post(app, '/api/user/2fa/enable', { code: code(deps, secret) }, { token: person.token });
  expect(enabled.statusCode).toBe(200);
  deps.clock.advance(STEP_MS);
  return { ...person, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The first step of a login over REST: its challenge (and that it set no cookie). */
async function challengeOf(app: FastifyInstance, person: Person, remoteAddress = HOME): Promise<string> {
  const res = await login(app, person.email, PASSWORD, { remoteAddress });
  expect(res.statusCode).toBe(200);
  expect(res.headers['set-cookie']).toBeUndefined();
  const body = res.json() as { twoFactorRequired: boolean; challenge: string };
  expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return body.challenge;
}

function secondStep(app: FastifyInstance, challenge: string, typed: string, remoteAddress = HOME): Promise<LightMyRequestResponse> {
  return post(app, '/api/auth/login/2fa', { challenge, code: typed }, { remoteAddress });
}

/** Refused as every wrong, used or expired code is: 401 with one message that tells nothing more. */
function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(401);
  expect(expectErrorBody(res).message).toBe(TWO_FACTOR_WORDS.loginCodeRefused);
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('over REST', () => {
  test('set up, turn on, log out, and sign in again with a code in the second step', async ({ app, deps }) => {
    const person = await signedInUser(deps, 'Rita Rest');
    expect((await get(app, '/api/user', { token: person.token })).json().user.twoFactor).toBe(false);

    const setup = await postEmpty(app, '/api/user/2fa/setup', person.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(person.email);
    // Pending: a login still needs no code.
    expect((await get(app, '/api/user', { token: person.token })).json().user.twoFactor).toBe(false);

    const enabled = await post(app, '/api/user/2fa/enable', { code: code(deps, secret) }, { token: person.token });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const me = await get(app, '/api/user', { token: person.token });
    expect(me.json().user.twoFactor).toBe(true);
    expect(me.body).not.toContain(secret);
    expect((await post(app, '/api/auth/logout', {}, { token: person.token })).statusCode).toBe(200);

    deps.clock.advance(STEP_MS);
    const challenge = await challengeOf(app, person);
    const res = await secondStep(app, challenge, code(deps, secret));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { user: { _id: string; twoFactor: boolean }; token: string };
    expect(body.user).toMatchObject({ _id: person._id, twoFactor: true });
    const cookie = sessionCookie(res).value;
    expect(cookie).toBe(body.token);
    const after = await get(app, '/api/user', { cookie });
    expect(after.statusCode).toBe(200);
    expect(after.json().user._id).toBe(person._id);
    // The second step writes the login history entry a login writes.
    const logins = (await get(app, '/api/user/logins', { cookie })).json() as unknown[];
    expect(logins).toHaveLength(1);
    // The secret never travels again.
    for (const answer of [res, after, me]) expect(answer.body).not.toContain(secret);
  });

  test('each code works once; a code two steps away is refused; a recovery code works once', async ({ app, deps }) => {
    const person = await withTwoFactor(app, deps);
    const used = code(deps, person.secret);
    expect((await secondStep(app, await challengeOf(app, person), used)).statusCode).toBe(200);
    expectRefused(await secondStep(app, await challengeOf(app, person), used));

    deps.clock.advance(3 * STEP_MS);
    expectRefused(await secondStep(app, await challengeOf(app, person), code(deps, person.secret, 2 * STEP_MS)));
    expectRefused(await secondStep(app, await challengeOf(app, person), code(deps, person.secret, -2 * STEP_MS)));
    // The step before now is still good (a code typed as it changed), as long as no later one was used.
    expect((await secondStep(app, await challengeOf(app, person), code(deps, person.secret, -STEP_MS))).statusCode).toBe(200);

    const recovery = person.recoveryCodes[3]!;
    // Typed in capitals with spaces, it is the same code.
    const typed = ` ${recovery.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(app, await challengeOf(app, person), typed)).statusCode).toBe(200);
    expectRefused(await secondStep(app, await challengeOf(app, person), recovery));
    expect((await secondStep(app, await challengeOf(app, person), person.recoveryCodes[4]!)).statusCode).toBe(200);
  });

  test('five wrong codes end the challenge, even for the right code after them', async ({ app, deps }) => {
    const person = await withTwoFactor(app, deps);
    const challenge = await challengeOf(app, person);
    for (const wrong of ['000000', '111111', 'not-a-code', '222222', '333333']) expectRefused(await secondStep(app, challenge, wrong));
    expectRefused(await secondStep(app, challenge, code(deps, person.secret)));
    // A new login's challenge takes it.
    expect((await secondStep(app, await challengeOf(app, person), code(deps, person.secret))).statusCode).toBe(200);
  });

  test('a challenge lasts five minutes', async ({ app, deps }) => {
    const person = await withTwoFactor(app, deps);
    const challenge = await challengeOf(app, person);
    deps.clock.advance(LOGIN_CHALLENGE_MS);
    expectRefused(await secondStep(app, challenge, code(deps, person.secret)));
    expectRefused(await secondStep(app, 'made-up-challenge', code(deps, person.secret)));
  });

  test('wrong codes count as failed logins: past the limit even the right code is refused', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ LOGIN_FAILURES_LIMIT: 3 });
    const person = await withTwoFactor(app, deps);
    // A right password is not a success yet: two failures before it still count.
    for (let i = 0; i < 2; i += 1) expect((await login(app, person.email, 'wrong password', { remoteAddress: HOME })).statusCode).toBe(401);
    const challenge = await challengeOf(app, person);
    expectRefused(await secondStep(app, challenge, '000000'));
    expectTooMany(await secondStep(app, challenge, code(deps, person.secret)));
    expectTooMany(await login(app, person.email, PASSWORD, { remoteAddress: HOME }));
    // Another address is not affected.
    const elsewhere = await challengeOf(app, person, '198.51.100.9');
    expect((await secondStep(app, elsewhere, code(deps, person.secret), '198.51.100.9')).statusCode).toBe(200);
  });

  test('turning it off needs the password and a code; then a login asks for none', async ({ app, deps }) => {
    const person = await withTwoFactor(app, deps);
    const off = (body: unknown) => post(app, '/api/user/2fa/disable', body, { token: person.token });

    const wrongPassword = await off({ password: 'wrong password', code: code(deps, person.secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(expectErrorBody(wrongPassword).issues).toEqual([{ path: 'password', message: TWO_FACTOR_WORDS.passwordWrong }]);
    const wrongCode = await off({ password: PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(expectErrorBody(wrongCode).issues).toEqual([{ path: 'code', message: TWO_FACTOR_WORDS.codeRefused }]);
    const missing = await off({});
    expect(missing.statusCode).toBe(400);
    expect(
      expectErrorBody(missing)
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['code', 'password']);
    expect((await get(app, '/api/user', { token: person.token })).json().user.twoFactor).toBe(true);

    // A recovery code will do as the code.
    const done = await off({ password: PASSWORD, code: person.recoveryCodes[0] });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: TWO_FACTOR_WORDS.disabled });
    expect((await get(app, '/api/user', { token: person.token })).json().user.twoFactor).toBe(false);
    expect((await login(app, person.email, PASSWORD)).json()).toMatchObject({ user: { _id: person._id, twoFactor: false } });
    expect(expectErrorBody(await off({ password: PASSWORD, code: code(deps, person.secret) })).message).toBe(TWO_FACTOR_WORDS.alreadyOff);
  });

  test('set-up while it is on is 409; set-up again before turning on replaces the pending secret', async ({ app, deps }) => {
    const person = await withTwoFactor(app, deps);
    const again = await postEmpty(app, '/api/user/2fa/setup', person.token);
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).message).toBe(TWO_FACTOR_WORDS.alreadyOn);
    expect(again.body).not.toContain(person.secret);
    const enableAgain = await post(app, '/api/user/2fa/enable', { code: code(deps, person.secret) }, { token: person.token });
    expect(enableAgain.statusCode).toBe(409);

    const other = await signedInUser(deps, 'Otto Other');
    const notSetUp = await post(app, '/api/user/2fa/enable', { code: '123456' }, { token: other.token });
    expect(notSetUp.statusCode).toBe(409);
    const first = (await postEmpty(app, '/api/user/2fa/setup', other.token)).json().secret as string;
    const second = (await postEmpty(app, '/api/user/2fa/setup', other.token)).json().secret as string;
    expect(second).not.toBe(first);
    const stale = await post(app, '/api/user/2fa/enable', { code: code(deps, first) }, { token: other.token });
    expect(stale.statusCode).toBe(400);
    expect(expectErrorBody(stale).issues).toEqual([{ path: 'code', message: TWO_FACTOR_WORDS.codeWrong }]);
    expect((await post(app, '/api/user/2fa/enable', { code: code(deps, second) }, { token: other.token })).statusCode).toBe(200);
  });

  test('bad input is 400 with field errors; signed out is 401', async ({ app, deps }) => {
    const person = await signedInUser(deps);
    await postEmpty(app, '/api/user/2fa/setup', person.token);
    for (const body of [{}, { code: '' }, { code: '12345' }, { code: 'abcdef' }, { code: 123456 }]) {
      const res = await post(app, '/api/user/2fa/enable', body, { token: person.token });
      expect(res.statusCode).toBe(400);
      expect(expectErrorBody(res).issues?.[0]?.path).toBe('code');
    }
    const noChallenge = await post(app, '/api/auth/login/2fa', { code: '123456' });
    expect(noChallenge.statusCode).toBe(400);
    expect(expectErrorBody(noChallenge).issues).toEqual([{ path: 'challenge', message: TWO_FACTOR_WORDS.challengeMissing }]);
    const noCode = await post(app, '/api/auth/login/2fa', { challenge: 'x', code: '   ' });
    expect(expectErrorBody(noCode).issues).toEqual([{ path: 'code', message: TWO_FACTOR_WORDS.codeMissing }]);
    for (const url of ['/api/user/2fa/setup', '/api/user/2fa/enable', '/api/user/2fa/disable']) {
      expect((await post(app, url, { code: '123456', password: PASSWORD })).statusCode).toBe(401);
    }
  });
});

describe('through the routers', () => {
  test('the same flow: the challenge sets no cookie, the code signs in and sets one', async ({ deps }) => {
    const person = await signedInUser(deps, 'Tom Trpc');
    const { secret, otpauthUrl } = await person.caller.user.setupTwoFactor();
    expect(otpauthUrl).toContain(secret);
    const { recoveryCodes } = await person.caller.user.enableTwoFactor({ code: code(deps, secret) });
    expect(recoveryCodes).toHaveLength(10);
    // A caller reads its session's user once: a new one sees the change.
    const again = await callerFor(deps, person.token);
    expect((await again.user.me()).user.twoFactor).toBe(true);
    expect((await again.auth.session()).user?.twoFactor).toBe(true);
    expect(await failure(person.caller.user.setupTwoFactor())).toMatchObject({ code: 'CONFLICT', message: TWO_FACTOR_WORDS.alreadyOn });

    const cookie = { set: vi.fn(), clear: vi.fn() };
    const visitor = createCaller(createInnerContext(deps, { client: { ip: HOME }, cookie }));
    deps.clock.advance(STEP_MS);
    const first = await visitor.auth.login({ email: person.email, password: PASSWORD });
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(cookie.set).not.toHaveBeenCalled();
    if (!('challenge' in first)) throw new Error('no challenge');

    const wrong = await failure(visitor.auth.loginWithCode({ challenge: first.challenge, code: '000000' }));
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: TWO_FACTOR_WORDS.loginCodeRefused });
    const signedIn = await visitor.auth.loginWithCode({ challenge: first.challenge, code: code(deps, secret) });
    expect(signedIn.user).toMatchObject({ _id: person._id, twoFactor: true });
    expect(cookie.set).toHaveBeenCalledWith(signedIn.token, expect.any(Date));
    // Passed, the challenge is spent.
    expect(await failure(visitor.auth.loginWithCode({ challenge: first.challenge, code: recoveryCodes[0]! }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });

    const badOff = await failure(person.caller.user.disableTwoFactor({ password: PASSWORD, code: code(deps, secret) }));
    expect(badOff).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'code', message: TWO_FACTOR_WORDS.codeRefused }] });
    deps.clock.advance(STEP_MS);
    await person.caller.user.disableTwoFactor({ password: PASSWORD, code: code(deps, secret) });
    expect((await (await callerFor(deps, person.token)).user.me()).user.twoFactor).toBe(false);
  });

  test('two passes of one challenge at once sign in once', async ({ app, deps }) => {
    const person = await withTwoFactor(app, deps);
    const challenge = await challengeOf(app, person);
    const answers = await Promise.all([
      secondStep(app, challenge, code(deps, person.secret)),
      secondStep(app, challenge, person.recoveryCodes[0]!),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });
});
