// Questions and answers about an auction through both doors: the tRPC caller (messages.read,
// messages.send, messages.conversations) and REST (GET and POST /api/auction/:id/messages,
// GET /api/user/conversations). Who may read and write in a conversation (nobody else: 404), the
// 400s with their fields, the `message` notice and its de-duplication, unread counts and marking
// read, and MESSAGES_PER_HOUR. The rules: docs/rules/messages.md.
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { MESSAGE_MAX, MESSAGE_WORDS } from '../../src/shared/messages';
import { closeDueAuctions } from '../../src/server/services/closing';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, expectTooMany, get, post } from '../support/http';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function people(deps: TestDeps) {
  const [sam, ann, ben] = await Promise.all(['Sam Seller', 'Ann Asker', 'Ben Asker'].map((name) => signedInUser(deps, name)));
  const auctionId = await insertAuction(deps, sam!.id, { itemName: 'Brass lamp' });
  return { sam: sam!, ann: ann!, ben: ben!, auctionId };
}

/** The `message` notices of a user, newest first. */
async function messageNotices(deps: TestDeps, userId: number) {
  const { items } = await deps.store.notifications.page(userId, { limit: 100, cursor: null });
  return items.filter((notice) => notice.kind === 'message');
}

describe('messages.send, messages.read, messages.conversations', () => {
  test('a question and its answer: each side reads the conversation, oldest first, as written (trimmed)', async ({ deps }) => {
    const { sam, ann, auctionId } = await people(deps);
    const question = await ann.caller.messages.send({ auctionId, body: '  Does it work?\nIs the <b>shade</b> included?  ' });
    expect(question).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      from: { _id: ann._id, name: 'Ann Asker' },
      body: 'Does it work?\nIs the <b>shade</b> included?',
      createdAt: new Date(deps.now()).toISOString(),
    });
    deps.clock.advance(1000);
    const answer = await sam.caller.messages.send({ auctionId, to: ann._id, body: 'Yes, and yes.' });
    expect(answer.from).toEqual({ _id: sam._id, name: 'Sam Seller' });

    expect(await ann.caller.messages.read({ auctionId })).toEqual({ messages: [question, answer] });
    expect(await sam.caller.messages.read({ auctionId, with: ann._id })).toEqual({ messages: [question, answer] });
    // The asker may name themselves, or, writing, the seller.
    expect(await ann.caller.messages.read({ auctionId, with: ann._id })).toEqual({ messages: [question, answer] });
    await ann.caller.messages.send({ auctionId, to: sam._id, body: 'Thanks!' });
  });

  test('a scheduled or ended auction can be asked about; a cancelled one cannot, unless the conversation began before', async ({
    deps,
  }) => {
    const { sam, ann, ben, auctionId } = await people(deps);
    const now = deps.now();
    const scheduled = await insertAuction(deps, sam.id, { startsAt: now + DAY_MS, endsAt: now + 3 * DAY_MS });
    await ann.caller.messages.send({ auctionId: scheduled, body: 'When does it start?' });
    const ended = await insertAuction(deps, sam.id, { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS });
    await ann.caller.messages.send({ auctionId: ended, body: 'Will you list it again?' });

    await ann.caller.messages.send({ auctionId, body: 'Before the cancellation' });
    await sam.caller.auction.cancel({ id: auctionId });
    expect(await failure(ben.caller.messages.send({ auctionId, body: 'Why cancelled?' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: MESSAGE_WORDS.cancelled,
    });
    await ann.caller.messages.send({ auctionId, body: 'Why cancelled?' });
    await sam.caller.messages.send({ auctionId, to: ann._id, body: 'It broke.' });
  });

  test('nobody outside a conversation reads or writes in it; unknown auctions and people are NOT_FOUND', async ({ deps }) => {
    const { sam, ann, ben, auctionId } = await people(deps);
    await ann.caller.messages.send({ auctionId, body: 'Ann’s question' });
    const notFound = (message: string) => ({ code: 'NOT_FOUND', message });
    const conversation = notFound(MESSAGE_WORDS.conversationNotFound);
    const auction = notFound(MESSAGE_WORDS.auctionNotFound);

    // Ben sees his own conversation (empty), never Ann's.
    expect(await ben.caller.messages.read({ auctionId })).toEqual({ messages: [] });
    expect(await failure(ben.caller.messages.read({ auctionId, with: ann._id }))).toMatchObject(conversation);
    expect(await failure(ben.caller.messages.send({ auctionId, to: ann._id, body: 'Hi Ann' }))).toMatchObject(conversation);
    // The seller answers only in a conversation begun, and not to themselves.
    for (const other of [ben._id, sam._id, '999999', 'abc', '1'.repeat(40)]) {
      expect(await failure(sam.caller.messages.send({ auctionId, to: other, body: 'Hello' })), other).toMatchObject(conversation);
      expect(await failure(sam.caller.messages.read({ auctionId, with: other })), other).toMatchObject(conversation);
    }
    for (const id of ['999999', 'abc', '', '1'.repeat(40)]) {
      expect(await failure(ann.caller.messages.read({ auctionId: id })), id).toMatchObject(auction);
      expect(await failure(ann.caller.messages.send({ auctionId: id, body: 'Hello' })), id).toMatchObject(auction);
    }
    expect(await ann.caller.messages.read({ auctionId })).toMatchObject({ messages: [{ body: 'Ann’s question' }] });
    expect(await ben.caller.messages.conversations()).toEqual([]);
  });

  test('a body out of its rules, and the seller naming nobody, are BAD_REQUEST at their field; nothing is written', async ({ deps }) => {
    const { sam, ann, auctionId } = await people(deps);
    const cases: Array<[input: unknown, path: string, message: string | RegExp]> = [
      [{ auctionId, body: '' }, 'body', 'Message is required'],
      [{ auctionId, body: ' \n\t ' }, 'body', 'Message is required'],
      [{ auctionId }, 'body', 'Message is required'],
      [{ auctionId, body: 'x'.repeat(MESSAGE_MAX + 1) }, 'body', `Message must be at most ${MESSAGE_MAX} characters`],
      [{ auctionId, body: 'tab\there' }, 'body', /control characters/],
      [{ auctionId, body: 'red \u001b[31malert' }, 'body', /control characters/],
      [{ auctionId, body: 'nul\u0000' }, 'body', /control characters/],
      [{ auctionId, body: 'abc\u202edcba' }, 'body', /text-direction marks/],
      [{ auctionId, body: 'lone\ud800' }, 'body', 'Message contains an invalid character'],
      [{ auctionId, body: 42 }, 'body', 'Message is required'],
    ];
    for (const [input, path, message] of cases) {
      const refused = await failure(ann.caller.messages.send(input as never));
      expect(refused.code, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect(refused.issues?.[0]?.path, JSON.stringify(input)).toBe(path);
      expect(refused.issues?.[0]?.message, JSON.stringify(input)).toMatch(message);
    }
    // Exactly the longest, with line breaks, is fine.
    const longest = `${'y'.repeat(MESSAGE_MAX - 2)}\r\n`;
    expect((await ann.caller.messages.send({ auctionId, body: `line\r\n${'z'.repeat(MESSAGE_MAX - 6)}` })).body).toHaveLength(MESSAGE_MAX);
    expect((await ann.caller.messages.send({ auctionId, body: longest })).body).toHaveLength(MESSAGE_MAX - 2);

    expect(await failure(sam.caller.messages.send({ auctionId, body: 'To whom?' }))).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'to', message: MESSAGE_WORDS.nameTheOther('to') }],
    });
    expect(await failure(sam.caller.messages.read({ auctionId }))).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'with', message: MESSAGE_WORDS.nameTheOther('with') }],
    });
    expect((await ann.caller.messages.read({ auctionId })).messages).toHaveLength(2);
  });

  test('the recipient gets one `message` notice while it is unread; once read, the next message sends another', async ({ deps }) => {
    const { sam, ann, ben, auctionId } = await people(deps);
    await ann.caller.messages.send({ auctionId, body: 'First' });
    await ann.caller.messages.send({ auctionId, body: 'Second' });
    const toSam = await messageNotices(deps, sam.id);
    expect(toSam).toEqual([
      expect.objectContaining({ kind: 'message', message: MESSAGE_WORDS.notice('Ann Asker', 'Brass lamp'), readAt: null }),
    ]);
    // Another conversation of the same auction is told apart.
    await ben.caller.messages.send({ auctionId, body: 'Mine' });
    expect(await messageNotices(deps, sam.id)).toHaveLength(2);
    // The answer tells Ann, once; Sam's notices stay as they are.
    await sam.caller.messages.send({ auctionId, to: ann._id, body: 'Answer' });
    await sam.caller.messages.send({ auctionId, to: ann._id, body: 'And more' });
    expect(await messageNotices(deps, ann.id)).toEqual([
      expect.objectContaining({ message: MESSAGE_WORDS.notice('Sam Seller', 'Brass lamp') }),
    ]);
    expect(await messageNotices(deps, sam.id)).toHaveLength(2);
    // Sam reads his notice of Ann's conversation: Ann's next message tells him again.
    await sam.caller.user.markNotificationsRead({ ids: [String(toSam[0]!.id)] });
    await ann.caller.messages.send({ auctionId, body: 'Third' });
    await ann.caller.messages.send({ auctionId, body: 'Fourth' });
    expect(await messageNotices(deps, sam.id)).toHaveLength(3);
  });

  test('a message notice opens its conversation, and reading the conversation reads its notice', async ({ deps }) => {
    const { sam, ann, ben, auctionId } = await people(deps);
    await ann.caller.messages.send({ auctionId, body: 'Is it brass?' });
    await ben.caller.messages.send({ auctionId, body: 'Does it work?' });
    const samsNotices = await sam.caller.user.notifications({ limit: 10 });
    expect(samsNotices.unread).toBe(2);
    // Each names whom the seller would answer; the asker's notice names the seller.
    expect(samsNotices.notifications.map((n) => [n.kind, n.withUserId, n.orderId])).toEqual([
      ['message', ben._id, null],
      ['message', ann._id, null],
    ]);
    await sam.caller.messages.send({ auctionId, to: ann._id, body: 'Yes' });
    expect((await ann.caller.user.notifications({ limit: 10 })).notifications[0]).toMatchObject({ kind: 'message', withUserId: sam._id });

    // Reading Ann's conversation reads its notice, not Ben's; the bell counts one.
    await sam.caller.messages.read({ auctionId, with: ann._id });
    const after = await sam.caller.user.notifications({ limit: 10 });
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n) => [n.withUserId, n.read])).toEqual([
      [ben._id, false],
      [ann._id, true],
    ]);
    await ann.caller.messages.read({ auctionId });
    expect((await ann.caller.user.notifications({ limit: 10 })).unread).toBe(0);
  });

  test('after the sale the seller may begin the order’s conversation with its buyer, and with no other bidder', async ({ deps }) => {
    const { sam, ann, ben } = await people(deps);
    const sold = await insertAuction(deps, sam.id, { itemName: 'Sold lamp', startingPrice: 100, endsAt: deps.now() + 60_000 });
    await ben.caller.auction.placeBid({ auctionId: sold, bidAmount: 101 });
    await ann.caller.auction.placeBid({ auctionId: sold, bidAmount: 105 });
    // Before the close there is no order: nobody asked, so there is nobody to answer.
    expect((await failure(sam.caller.messages.send({ auctionId: sold, to: ann._id, body: 'Thanks!' }))).code).toBe('NOT_FOUND');
    // Past the end, however far the late bids pushed it.
    deps.clock.advance(DAY_MS);
    await closeDueAuctions(deps);
    expect((await ann.caller.orders.list({ role: 'buyer' })).orders).toHaveLength(1);

    const first = await sam.caller.messages.send({ auctionId: sold, to: ann._id, body: 'Thank you! My bank details follow.' });
    expect(await ann.caller.messages.read({ auctionId: sold })).toEqual({ messages: [first] });
    expect(await sam.caller.messages.read({ auctionId: sold, with: ann._id })).toEqual({ messages: [first] });
    expect(await failure(sam.caller.messages.send({ auctionId: sold, to: ben._id, body: 'You lost' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGE_WORDS.conversationNotFound,
    });
  });

  test('messages sent at once in one conversation send its recipient one notice', async ({ deps }) => {
    const { sam, ann, auctionId } = await people(deps);
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => ann.caller.messages.send({ auctionId, body: `At once ${i}` })));
    expect(new Set(sent.map((m) => m._id)).size).toBe(8);
    expect(await messageNotices(deps, sam.id)).toHaveLength(1);
    expect((await sam.caller.messages.read({ auctionId, with: ann._id })).messages).toHaveLength(8);
  });

  test('conversations: latest first, with the other party, the newest message and the unread count; reading marks read', async ({
    deps,
  }) => {
    const { sam, ann, ben, auctionId } = await people(deps);
    const vase = await insertAuction(deps, ben.id, { itemName: 'Blue vase' });
    await ann.caller.messages.send({ auctionId, body: 'Lamp question' });
    deps.clock.advance(1000);
    await ann.caller.messages.send({ auctionId: vase, body: 'Vase question' });
    deps.clock.advance(1000);
    await ben.caller.messages.send({ auctionId, body: 'Ben on the lamp 1' });
    const bensLast = await ben.caller.messages.send({ auctionId, body: 'Ben on the lamp 2' });

    const samsList = await sam.caller.messages.conversations();
    expect(samsList).toEqual([
      {
        auction: { _id: auctionId, itemName: 'Brass lamp', itemPhoto: expect.stringContaining('/') },
        with: { _id: ben._id, name: 'Ben Asker' },
        lastMessage: bensLast,
        unread: 2,
      },
      expect.objectContaining({ with: { _id: ann._id, name: 'Ann Asker' }, unread: 1 }),
    ]);
    // Ann sees both of hers, each with its seller; her own messages are not unread to her.
    expect(await ann.caller.messages.conversations()).toEqual([
      expect.objectContaining({ auction: expect.objectContaining({ _id: vase }), with: { _id: ben._id, name: 'Ben Asker' }, unread: 0 }),
      expect.objectContaining({
        auction: expect.objectContaining({ _id: auctionId }),
        with: { _id: sam._id, name: 'Sam Seller' },
        unread: 0,
      }),
    ]);
    // Ben sells the vase and asks about the lamp: two conversations, from either side.
    expect((await ben.caller.messages.conversations()).map((c) => [c.auction._id, c.with._id, c.unread])).toEqual([
      [auctionId, sam._id, 0],
      [vase, ann._id, 1],
    ]);

    await sam.caller.messages.read({ auctionId, with: ben._id });
    expect((await sam.caller.messages.conversations()).map((c) => c.unread)).toEqual([0, 1]);
    // Reading one's own conversation marks nothing of the other side's.
    await ann.caller.messages.read({ auctionId });
    expect((await sam.caller.messages.conversations()).map((c) => c.unread)).toEqual([0, 1]);
    await sam.caller.messages.send({ auctionId, to: ann._id, body: 'Answer' });
    expect((await ann.caller.messages.conversations())[0]).toMatchObject({ auction: { _id: auctionId }, unread: 1 });
    await ann.caller.messages.read({ auctionId });
    expect((await ann.caller.messages.conversations())[0]!.unread).toBe(0);
  });

  test('every call needs a session', async ({ deps }) => {
    const caller = anonymousCaller(deps);
    for (const call of [
      caller.messages.read({ auctionId: '1' }),
      caller.messages.send({ auctionId: '1', body: 'Hi' }),
      caller.messages.conversations(),
    ]) {
      expect((await failure(call)).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('GET and POST /api/auction/:id/messages, GET /api/user/conversations', () => {
  test('POST answers 201 with the message, GET the conversation, oldest first', async ({ app, deps }) => {
    const { sam, ann, auctionId } = await people(deps);
    const url = `/api/auction/${auctionId}/messages`;
    const asked = await post(app, url, { body: ' <script>alert(1)</script> ' }, { token: ann.token });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      from: { _id: ann._id, name: 'Ann Asker' },
      body: '<script>alert(1)</script>',
      createdAt: expect.stringMatching(ISO),
    });
    deps.clock.advance(1000);
    // The path names the auction, whatever the body says.
    const answered = await post(app, url, { to: ann._id, body: 'Plain text only.', auctionId: '999999' }, { token: sam.token });
    expect(answered.statusCode).toBe(201);

    const annReads = await get(app, url, { token: ann.token });
    expect(annReads.statusCode).toBe(200);
    expect(annReads.json()).toEqual({ messages: [asked.json(), answered.json()] });
    expect((await get(app, `${url}?with=${ann._id}`, { token: sam.token })).json()).toEqual(annReads.json());

    const listed = await get(app, '/api/user/conversations', { token: sam.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        auction: { _id: auctionId, itemName: 'Brass lamp', itemPhoto: expect.any(String) },
        with: { _id: ann._id, name: 'Ann Asker' },
        lastMessage: answered.json(),
        unread: 0,
      },
    ]);
  });

  test('404 for outsiders and unknown auctions; 400 at the field at fault', async ({ app, deps }) => {
    const { sam, ann, ben, auctionId } = await people(deps);
    const url = `/api/auction/${auctionId}/messages`;
    await post(app, url, { body: 'Question' }, { token: ann.token });
    const notFound = [
      await get(app, `${url}?with=${ann._id}`, { token: ben.token }),
      await post(app, url, { to: ann._id, body: 'Hi' }, { token: ben.token }),
      await get(app, `${url}?with=${ben._id}`, { token: sam.token }),
      await post(app, url, { to: ben._id, body: 'Hi' }, { token: sam.token }),
      await get(app, '/api/auction/999999/messages', { token: ann.token }),
      await post(app, '/api/auction/abc/messages', { body: 'Hi' }, { token: ann.token }),
    ];
    expect(notFound.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(expectErrorBody(notFound[0]!).message).toBe(MESSAGE_WORDS.conversationNotFound);

    const cases: Array<[body: unknown, token: string, path: string]> = [
      [{ body: '' }, ann.token, 'body'],
      [{ body: 'x'.repeat(MESSAGE_MAX + 1) }, ann.token, 'body'],
      [{ body: 'bell\u0007' }, ann.token, 'body'],
      [{ body: 'flip\u202e' }, ann.token, 'body'],
      [{ body: 'Answer' }, sam.token, 'to'],
    ];
    for (const [body, token, path] of cases) {
      const res = await post(app, url, body, { token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(expectErrorBody(res).issues?.map((issue) => issue.path)).toEqual([path]);
    }
    const sellerReads = await get(app, url, { token: sam.token });
    expect(sellerReads.statusCode).toBe(400);
    expect(expectErrorBody(sellerReads).issues?.map((issue) => issue.path)).toEqual(['with']);

    await post(app, `/api/auction/${auctionId}/cancel`, {}, { token: sam.token });
    const cancelled = await post(app, url, { body: 'Still there?' }, { token: ben.token });
    expect(cancelled.statusCode).toBe(400);
    expect(expectErrorBody(cancelled).message).toBe(MESSAGE_WORDS.cancelled);
  });

  test('each route needs a session: 401', async ({ app }) => {
    expect((await get(app, '/api/auction/1/messages')).statusCode).toBe(401);
    expect((await post(app, '/api/auction/1/messages', { body: 'Hi' })).statusCode).toBe(401);
    expect((await get(app, '/api/user/conversations')).statusCode).toBe(401);
  });

  test('at most MESSAGES_PER_HOUR messages per user per hour: 429 with Retry-After; refused ones and others’ do not count', async ({
    makeApp,
  }) => {
    const { app, deps } = await makeApp({ MESSAGES_PER_HOUR: 3 });
    const { sam, ann, ben, auctionId } = await people(deps);
    const url = `/api/auction/${auctionId}/messages`;
    // A refused message costs nothing.
    expect((await post(app, url, { body: '' }, { token: ann.token })).statusCode).toBe(400);
    for (const body of ['One', 'Two', 'Three']) expect((await post(app, url, { body }, { token: ann.token })).statusCode).toBe(201);
    const refused = await post(app, url, { body: 'Four' }, { token: ann.token });
    expect(expectTooMany(refused)).toBeLessThanOrEqual(3600);
    expect(expectErrorBody(refused).message).toBe(MESSAGE_WORDS.tooMany);
    expect(await failure(ann.caller.messages.send({ auctionId, body: 'Four' }))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Others have their own hour.
    expect((await post(app, url, { body: 'Mine' }, { token: ben.token })).statusCode).toBe(201);
    expect((await post(app, url, { to: ann._id, body: 'Answer' }, { token: sam.token })).statusCode).toBe(201);
    expect(((await get(app, url, { token: ann.token })).json() as { messages: unknown[] }).messages).toHaveLength(4);
  });
});
