// Saved searches through both doors: REST (GET, POST and DELETE /api/user/searches) and the tRPC caller
// (user.searches, user.saveSearch, user.deleteSearch): what is kept and answered, the limit of 20 (also
// under saves at once), another user's search as unknown, and the 400s with their fields. Matching
// auctions as they open is saved-search-matches.test.ts. The rules: docs/rules/lists-and-search.md.
import { describe, expect } from 'vitest';
import { SAVED_SEARCH_WORDS, SAVED_SEARCHES_MAX } from '../../src/shared/listing';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, request } from '../support/http';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function people(deps: TestDeps) {
  const [ann, ben] = await Promise.all(['Ann Saver', 'Ben Saver'].map((name) => signedInUser(deps, name)));
  return { ann: ann!, ben: ben! };
}

/** How many searches the user keeps, read from the table itself. */
async function keptBy(deps: TestDeps, userId: number): Promise<number> {
  return Number((await deps.sqlOne<{ n: number }>('select count(*) as n from saved_searches where user_id = $1', [userId]))!.n);
}

describe('user.saveSearch, user.searches, user.deleteSearch', () => {
  test('saves text, a category and a price; lists them newest first; deletes one', async ({ deps }) => {
    const { ann } = await people(deps);
    const lamp = await ann.caller.user.saveSearch({ q: '  brass lamp ', category: 'Home & Garden', maxPrice: 50 });
    expect(lamp).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      q: 'brass lamp',
      category: 'Home & Garden',
      maxPrice: 50,
      createdAt: new Date(deps.now()).toISOString(),
    });
    deps.clock.advance(1000);
    const art = await ann.caller.user.saveSearch({ category: 'Art' });
    expect(art).toMatchObject({ q: null, category: 'Art', maxPrice: null });
    deps.clock.advance(1000);
    // Whole dollars as digits too, as every price field takes them; a blank text is no text.
    const cheap = await ann.caller.user.saveSearch({ q: '   ', maxPrice: '12' as never });
    expect(cheap).toMatchObject({ q: null, category: null, maxPrice: 12 });

    expect(await ann.caller.user.searches()).toEqual([cheap, art, lamp]);
    expect(await ann.caller.user.deleteSearch({ id: art._id })).toEqual({ message: SAVED_SEARCH_WORDS.deleted });
    expect(await ann.caller.user.searches()).toEqual([cheap, lamp]);
    // Deleted already: gone, as an unknown one.
    expect(await failure(ann.caller.user.deleteSearch({ id: art._id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: SAVED_SEARCH_WORDS.notFound,
    });
  });

  test('the same search saved again is the one kept, not a second', async ({ deps }) => {
    const { ann } = await people(deps);
    const first = await ann.caller.user.saveSearch({ q: 'lamp', maxPrice: 40 });
    deps.clock.advance(5000);
    expect(await ann.caller.user.saveSearch({ q: ' lamp ', maxPrice: 40 })).toEqual(first);
    // Anything different is another search.
    const other = await ann.caller.user.saveSearch({ q: 'lamp' });
    expect(other._id).not.toBe(first._id);
    expect(await keptBy(deps, ann.id)).toBe(2);
  });

  test('another user’s search is not found, and stays; each user lists only their own', async ({ deps }) => {
    const { ann, ben } = await people(deps);
    const annsSearch = await ann.caller.user.saveSearch({ q: 'kite' });
    expect(await ben.caller.user.searches()).toEqual([]);
    for (const id of [annsSearch._id, '999999', 'abc', '', '1'.repeat(40)]) {
      expect(await failure(ben.caller.user.deleteSearch({ id }))).toEqual({
        code: 'NOT_FOUND',
        message: SAVED_SEARCH_WORDS.notFound,
        issues: undefined,
      });
    }
    expect(await ann.caller.user.searches()).toEqual([annsSearch]);
  });

  test(`at most ${SAVED_SEARCHES_MAX} per user: one more is CONFLICT; deleting one makes room`, async ({ deps }) => {
    const { ann, ben } = await people(deps);
    const saved = [];
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) saved.push(await ann.caller.user.saveSearch({ q: `word${i}` }));
    expect(await failure(ann.caller.user.saveSearch({ q: 'one more' }))).toMatchObject({
      code: 'CONFLICT',
      message: SAVED_SEARCH_WORDS.full,
    });
    // A search already kept is still answered; another user has room of their own.
    expect(await ann.caller.user.saveSearch({ q: 'word3' })).toEqual(saved[3]);
    await ben.caller.user.saveSearch({ q: 'one more' });
    await ann.caller.user.deleteSearch({ id: saved[0]!._id });
    await ann.caller.user.saveSearch({ q: 'one more' });
    expect(await keptBy(deps, ann.id)).toBe(SAVED_SEARCHES_MAX);
  });

  test(`saves sent at once never make more than ${SAVED_SEARCHES_MAX}`, async ({ deps }) => {
    const { ann } = await people(deps);
    for (let i = 0; i < SAVED_SEARCHES_MAX - 3; i++) await ann.caller.user.saveSearch({ q: `kept${i}` });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => ann.caller.user.saveSearch({ q: `racing${i}` })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const refused of outcomes.filter((o) => o.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: SAVED_SEARCH_WORDS.full });
    }
    expect(await keptBy(deps, ann.id)).toBe(SAVED_SEARCHES_MAX);
  });

  test('a search that narrows by nothing, and fields out of their rules, are BAD_REQUEST at their field', async ({ deps }) => {
    const { ann } = await people(deps);
    const cases: Array<[input: unknown, path: string, message: string | RegExp]> = [
      [{}, 'q', SAVED_SEARCH_WORDS.empty],
      [undefined, 'q', SAVED_SEARCH_WORDS.empty],
      [{ q: '  ', category: '', maxPrice: null }, 'q', SAVED_SEARCH_WORDS.empty],
      // Words of one letter are no search, as in the auction list.
      [{ q: 'a b c' }, 'q', SAVED_SEARCH_WORDS.empty],
      [{ q: 'x'.repeat(101) }, 'q', 'q must be at most 100 characters'],
      [{ q: 'lamp\u0000' }, 'q', 'q contains an invalid character'],
      [{ q: 'lamp\ud800' }, 'q', 'q contains an invalid character'],
      [{ q: 42 }, 'q', /expected string/i],
      [{ category: 'Spaceships' }, 'category', /Invalid option: expected one of/],
      [{ maxPrice: 12.5 }, 'maxPrice', 'Maximum price must be a whole number of dollars'],
      [{ maxPrice: -1 }, 'maxPrice', 'Maximum price must be a whole number of dollars'],
      [{ maxPrice: '1e3' }, 'maxPrice', 'Maximum price must be a whole number of dollars'],
      [{ maxPrice: 1_000_000_001 }, 'maxPrice', 'Maximum price is too large'],
    ];
    for (const [input, path, message] of cases) {
      const refused = await failure(ann.caller.user.saveSearch(input as never));
      expect(refused.code, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect(refused.issues?.[0]?.path, JSON.stringify(input)).toBe(path);
      expect(refused.issues?.[0]?.message, JSON.stringify(input)).toMatch(message);
    }
    expect(await keptBy(deps, ann.id)).toBe(0);
  });

  test('every call needs a session', async ({ deps }) => {
    const caller = anonymousCaller(deps);
    for (const call of [caller.user.searches(), caller.user.saveSearch({ q: 'lamp' }), caller.user.deleteSearch({ id: '1' })]) {
      expect((await failure(call)).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('GET, POST and DELETE /api/user/searches', () => {
  test('POST answers 201 with the search, GET lists them newest first, DELETE answers 200 {message}', async ({ app, deps }) => {
    const { ann } = await people(deps);
    const created = await post(
      app,
      '/api/user/searches',
      { q: 'pocket watch', category: 'Antiques', maxPrice: '300' },
      { token: ann.token },
    );
    expect(created.statusCode).toBe(201);
    const watch = created.json() as { _id: string };
    expect(watch).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      q: 'pocket watch',
      category: 'Antiques',
      maxPrice: 300,
      createdAt: expect.stringMatching(ISO),
    });
    deps.clock.advance(1000);
    const second = await post(app, '/api/user/searches', { maxPrice: 20 }, { token: ann.token });
    expect(second.statusCode).toBe(201);

    const listed = await get(app, '/api/user/searches', { cookie: ann.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([second.json(), watch]);

    // Any body is ignored: the path says everything.
    const deleted = await app.inject({
      ...request('DELETE', `/api/user/searches/${watch._id}`, { token: ann.token, headers: { 'content-type': 'text/plain' } }),
      payload: 'ignored',
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: SAVED_SEARCH_WORDS.deleted });
    expect((await get(app, '/api/user/searches', { token: ann.token })).json()).toEqual([second.json()]);
  });

  test('DELETE of another user’s search, an unknown one or an id that names none is 404, and deletes nothing', async ({ app, deps }) => {
    const { ann, ben } = await people(deps);
    const annsSearch = (await post(app, '/api/user/searches', { q: 'kite' }, { token: ann.token })).json() as { _id: string };
    for (const id of [annsSearch._id, '424242', 'abc', '1.0', '%20']) {
      const res = await app.inject(request('DELETE', `/api/user/searches/${id}`, { token: ben.token }));
      expect(res.statusCode, id).toBe(404);
      expect(expectErrorBody(res).message).toBe(SAVED_SEARCH_WORDS.notFound);
    }
    expect(await keptBy(deps, ann.id)).toBe(1);
  });

  test(`a search beyond ${SAVED_SEARCHES_MAX} is 409, also when the saves arrive at once`, async ({ app, deps }) => {
    const { ann } = await people(deps);
    const answers = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 5 }, (_, i) => post(app, '/api/user/searches', { q: `lot${i}` }, { token: ann.token })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => res.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(expectErrorBody(refused[0]!).message).toBe(SAVED_SEARCH_WORDS.full);
    expect((await get(app, '/api/user/searches', { token: ann.token })).json()).toHaveLength(SAVED_SEARCHES_MAX);
  });

  test('400 with the field at fault: nothing to search by, a long text, an unknown category, a price that is not whole dollars', async ({
    app,
    deps,
  }) => {
    const { ann } = await people(deps);
    const cases: Array<[body: unknown, path: string]> = [
      [{}, 'q'],
      [{ q: 'é' }, 'q'],
      [{ q: 'y'.repeat(101) }, 'q'],
      [{ category: 'Spaceships' }, 'category'],
      [{ maxPrice: 'ten' }, 'maxPrice'],
      [{ maxPrice: true }, 'maxPrice'],
    ];
    for (const [body, path] of cases) {
      const res = await post(app, '/api/user/searches', body, { token: ann.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(expectErrorBody(res).issues?.map((issue) => issue.path)).toEqual([path]);
    }
    // No body at all reads as {}: nothing to search by.
    const empty = await app.inject(request('POST', '/api/user/searches', { token: ann.token }));
    expect(empty.statusCode).toBe(400);
    expect(expectErrorBody(empty)).toMatchObject({ message: SAVED_SEARCH_WORDS.empty, issues: [{ path: 'q' }] });
    expect(await keptBy(deps, ann.id)).toBe(0);
  });

  test('each route needs a session: 401', async ({ app }) => {
    expect((await get(app, '/api/user/searches')).statusCode).toBe(401);
    expect((await post(app, '/api/user/searches', { q: 'lamp' })).statusCode).toBe(401);
    expect((await app.inject(request('DELETE', '/api/user/searches/1'))).statusCode).toBe(401);
  });
});
