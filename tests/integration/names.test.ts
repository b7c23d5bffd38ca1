// Names shown to other people (users, auctions, contact senders) through both doors: no control
// characters, no text-direction marks, and at least one visible character.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { createOrPromoteAdmin } from '../../src/server/services/admin-accounts';
import { PASSWORD, anonymousCaller, failure, signedInUser } from '../support/accounts';
import { auctionForm, uploads } from '../support/auctions';
import { uniqueEmail } from '../support/emails';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, post, postForm } from '../support/http';
import { rowsIn } from '../support/sql';

// Sign-ups and contact messages come from one address, many to a test.
test.override({ settings: { SIGNUPS_PER_HOUR: 1000, CONTACTS_PER_HOUR: 1000 } });

const HIDDEN = 'cannot contain control characters or text-direction marks';
const BLANK = 'must contain at least one visible character';

const REFUSED: Array<[string, string, string]> = [
  ['a NUL byte', 'Ann\u0000Admin', HIDDEN],
  ['an ANSI colour escape', '\u001b[31mAnn\u001b[0m', HIDDEN],
  ['a line break inside', 'Ann\nAdmin', HIDDEN],
  ['DEL and a C1 control', 'Ann\u007f\u0085', HIDDEN],
  ['a right-to-left override', 'Ann\u202Egnp.exe', HIDDEN],
  ['a direction isolate', '\u2067Ann\u2069', HIDDEN],
  ['a right-to-left mark', 'Ann\u200F', HIDDEN],
  ['only a zero-width space', '\u200B', BLANK],
  ['only invisible format characters', '\u2060\u00AD\u200B\u2060', BLANK],
  ['only a Hangul filler', '\u3164', BLANK],
  ['only a combining accent', '\u0301', BLANK],
];

const ACCEPTED = ['José Ñúñez', '李小龍', 'Zoë 😀', 'محمد علي', "O'Brien-Smith", 'e\u0301clair'];

/** One name field, reached through REST and through the tRPC router; `count` is what a refusal must leave unchanged. */
interface NameField {
  what: string;
  field: string;
  label: string;
  rest(instance: FastifyInstance, deps: TestDeps, name: string): Promise<LightMyRequestResponse>;
  trpc(deps: TestDeps, name: string): Promise<unknown>;
  count(deps: TestDeps): Promise<number>;
}

const FIELDS: NameField[] = [
  {
    what: 'sign-up',
    field: 'name',
    label: 'Name',
    rest: (instance, _deps, name) => post(instance, '/api/auth/signup', { name, email: uniqueEmail('names'), password: PASSWORD }),
    trpc: (deps, name) => anonymousCaller(deps).auth.signup({ name, email: uniqueEmail('names'), password: PASSWORD }),
    count: (deps) => rowsIn(deps, 'users'),
  },
  {
    what: 'contact',
    field: 'name',
    label: 'Name',
    rest: (instance, _deps, name) =>
      post(instance, '/api/contact', { name, email: 'carla@example.com', subject: 'Hello', message: 'A question.' }),
    trpc: (deps, name) =>
      anonymousCaller(deps).contact.send({ name, email: 'carla@example.com', subject: 'Hello', message: 'A question.' }),
    count: (deps) => rowsIn(deps, 'contact_messages'),
  },
  {
    what: 'auction',
    field: 'itemName',
    label: 'Item name',
    async rest(instance, deps, name) {
      const { token } = await signedInUser(deps, 'Sally Seller');
      const form = await auctionForm(deps.now(), { itemName: name });
      return postForm(instance, '/api/auction', form, { token });
    },
    async trpc(deps, name) {
      const { caller } = await signedInUser(deps, 'Sally Seller');
      return caller.auction.create(await auctionForm(deps.now(), { itemName: name }));
    },
    count: async (deps) => (await rowsIn(deps, 'auctions')) + uploads(deps).length,
  },
];

describe.each(FIELDS)('$what names', (target) => {
  test.for(REFUSED)(
    '%s is 400 at the field through REST and tRPC, and nothing is stored',
    async ([_label, name, message], { app, deps }) => {
      const before = await target.count(deps);
      const expected = `${target.label} ${message}`;

      const res = await target.rest(app, deps, name);
      expect(res.statusCode).toBe(400);
      expect(expectErrorBody(res).issues).toEqual([{ path: target.field, message: expected }]);

      const refused = await failure(target.trpc(deps, name));
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: target.field, message: expected }] });
      expect(await target.count(deps)).toBe(before);
    },
  );

  test('names in any script, with accents, apostrophes and emoji, are accepted', async ({ app, deps }) => {
    for (const name of ACCEPTED) {
      expect((await target.rest(app, deps, name)).statusCode, name).toBe(201);
      await target.trpc(deps, name);
    }
  });
});

describe('create-admin names', () => {
  test.for(REFUSED)('%s is refused with a clear message and no account', async ([_label, name, message], { deps }) => {
    await expect(createOrPromoteAdmin(deps, { email: 'ops@example.com', password: PASSWORD, name })).rejects.toThrow(`Name ${message}`);
    expect(await rowsIn(deps, 'users')).toBe(0);
  });
});
