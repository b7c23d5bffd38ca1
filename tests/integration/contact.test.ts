// POST /api/contact: no sign-in needed, every field required, the message is stored for
// the admins, and CONTACTS_PER_HOUR accepted messages per client address (refused ones do not count).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import type { AppDeps } from '../../src/server/deps';
import { HOUR_MS } from '../../src/shared/constants';
import { anonymousCaller, signedInUser } from '../support/accounts';
import { test } from '../support/fixtures';
import { expectErrorBody, expectTooMany, post } from '../support/http';

const MINUTE = 60_000;
const HOME = '203.0.113.7';
const ELSEWHERE = '198.51.100.9';

const VALID = { name: 'Carla Contact', email: 'carla@example.com', subject: 'A question', message: 'How do I list a painting?' };

function send(app: FastifyInstance, body: unknown, options: { remoteAddress?: string; token?: string } = {}) {
  return post(app, '/api/contact', body, options);
}

/** What the admins see: every stored message, newest first. */
async function stored(deps: AppDeps) {
  const { caller } = await signedInUser(deps, 'Inserted User', { role: 'admin' });
  return (await caller.admin.messages({ limit: 100 })).items;
}

function expectAccepted(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(201);
  const body = res.json() as { message: unknown };
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toBe('');
}

describe('POST /api/contact', () => {
  test('without a session: 201 {message}, and the admins can read the message', async ({ app, deps }) => {
    expectAccepted(await send(app, VALID));
    const messages = await stored(deps);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ...VALID, createdAt: new Date(deps.now()).toISOString() });
  });

  test('with a session too', async ({ app, deps }) => {
    const { token } = await signedInUser(deps, 'Signed In');
    expectAccepted(await send(app, { ...VALID, name: 'Signed In' }, { token }));
    expect((await stored(deps)).map((m) => m.name)).toEqual(['Signed In']);
  });

  test('text is stored trimmed and the email lower-cased; unknown fields are ignored', async ({ app, deps }) => {
    expectAccepted(
      await send(app, { name: '  Pat  ', email: ' Pat@Example.COM ', subject: ' Hi ', message: ' Hello there \n', extra: 'ignored' }),
    );
    const [message] = await stored(deps);
    expect(message).toMatchObject({ name: 'Pat', email: 'pat@example.com', subject: 'Hi', message: 'Hello there' });
  });

  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    test(`${field} is required: missing, empty or blank is 400 naming it, and nothing is stored`, async ({ app, deps }) => {
      const { [field]: _left, ...without } = VALID;
      for (const body of [without, { ...VALID, [field]: '' }, { ...VALID, [field]: '   ' }, { ...VALID, [field]: null }]) {
        const res = await send(app, body);
        expect(res.statusCode).toBe(400);
        const error = expectErrorBody(res);
        expect(Array.isArray(error.issues)).toBe(true);
        expect(error.issues!.map((i) => i.path)).toEqual([field]);
      }
      expect(await stored(deps)).toEqual([]);
    });
  }

  test('an empty body lists every field', async ({ app }) => {
    const res = await send(app, {});
    expect(res.statusCode).toBe(400);
    expect(
      expectErrorBody(res)
        .issues!.map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'message', 'name', 'subject']);
  });

  test.for(['not-an-email', 'carla@', '@example.com', 'carla example.com'])(
    'a bad email (%s) is 400 naming email',
    async (email, { app, deps }) => {
      const res = await send(app, { ...VALID, email });
      expect(res.statusCode).toBe(400);
      expect(expectErrorBody(res).issues!.map((i) => i.path)).toEqual(['email']);
      expect(await stored(deps)).toEqual([]);
    },
  );

  test('text/plain is 415 and nothing is stored', async ({ app, deps }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(VALID),
    });
    expect(res.statusCode).toBe(415);
    expectErrorBody(res);
    expect(await stored(deps)).toEqual([]);
  });

  test('through tRPC as well: contact.send stores the message for a visitor', async ({ deps }) => {
    expect(await anonymousCaller(deps, HOME).contact.send(VALID)).toEqual({ message: expect.any(String) });
    expect(await stored(deps)).toHaveLength(1);
  });
});

describe('CONTACTS_PER_HOUR', () => {
  const LIMIT = 3;

  test('the (limit+1)-th accepted message from one address in an hour is 429 with Retry-After, and is not stored', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ CONTACTS_PER_HOUR: LIMIT });
    for (let i = 0; i < LIMIT; i += 1) {
      expectAccepted(await send(app, { ...VALID, subject: `Try ${i}` }, { remoteAddress: HOME }));
      deps.clock.advance(10 * MINUTE);
    }
    // 30 minutes after the first: it leaves the window in 30 more.
    const seconds = expectTooMany(await send(app, { ...VALID, subject: 'One too many' }, { remoteAddress: HOME }));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30 * 60);
    expect(seconds).toBeGreaterThan(29 * 60);
    expect((await stored(deps)).map((m) => m.subject)).toEqual(['Try 2', 'Try 1', 'Try 0']);
  });

  test('a signed-in sender is limited by address too', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ CONTACTS_PER_HOUR: LIMIT });
    const { token } = await signedInUser(deps, 'Inserted User');
    for (let i = 0; i < LIMIT; i += 1) expectAccepted(await send(app, VALID, { remoteAddress: HOME, token }));
    expectTooMany(await send(app, VALID, { remoteAddress: HOME, token }));
  });

  test('refused requests (400, 415, 429) do not count towards the limit', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ CONTACTS_PER_HOUR: LIMIT });
    for (let i = 0; i < 5; i += 1) expect((await send(app, { ...VALID, email: 'nope' }, { remoteAddress: HOME })).statusCode).toBe(400);
    const plain = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
      remoteAddress: HOME,
    });
    expect(plain.statusCode).toBe(415);
    for (let i = 0; i < LIMIT; i += 1) expectAccepted(await send(app, VALID, { remoteAddress: HOME }));
    for (let i = 0; i < 3; i += 1) expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
    // The three 429s did not extend the window: an hour after the accepted ones, all slots are free again.
    deps.clock.advance(HOUR_MS + 1000);
    for (let i = 0; i < LIMIT; i += 1) expectAccepted(await send(app, VALID, { remoteAddress: HOME }));
    expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
    expect(await stored(deps)).toHaveLength(2 * LIMIT);
  });

  test('another address is unaffected', async ({ makeApp }) => {
    const { app } = await makeApp({ CONTACTS_PER_HOUR: LIMIT });
    for (let i = 0; i < LIMIT; i += 1) expectAccepted(await send(app, VALID, { remoteAddress: HOME }));
    expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
    expectAccepted(await send(app, VALID, { remoteAddress: ELSEWHERE }));
  });

  test('after an hour it works again, one slot per message that left the window', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ CONTACTS_PER_HOUR: LIMIT });
    for (let i = 0; i < LIMIT; i += 1) {
      expectAccepted(await send(app, VALID, { remoteAddress: HOME }));
      deps.clock.advance(10 * MINUTE);
    }
    expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
    // The first message was sent an hour (and a second) ago: one slot is free, no more.
    deps.clock.advance(30 * MINUTE + 1000);
    expectAccepted(await send(app, VALID, { remoteAddress: HOME }));
    const seconds = expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
    expect(seconds).toBeLessThanOrEqual(10 * 60);
  });

  test('the default limit is 20', async ({ app }) => {
    for (let i = 0; i < 20; i += 1) expectAccepted(await send(app, VALID, { remoteAddress: HOME }));
    expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
  });

  test('tRPC shares the limit with REST', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ CONTACTS_PER_HOUR: LIMIT });
    const visitor = anonymousCaller(deps, HOME);
    for (let i = 0; i < LIMIT; i += 1) await visitor.contact.send(VALID);
    expectTooMany(await send(app, VALID, { remoteAddress: HOME }));
    await expect(visitor.contact.send(VALID)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Over HTTP, /trpc answers 429 with Retry-After as well.
    const res = await post(app, '/trpc/contact.send', VALID, { remoteAddress: HOME });
    expect(res.statusCode).toBe(429);
    expect(String(res.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
  });
});
