// Notices by e-mail (docs/rules/notifications.md): each notice of a user with e-mail on is mailed
// once, through the outbox, to a real SMTP server started here; a server that is down or slow
// delays mail and never a bid; two workers on one database send each mail once.
import { afterEach, describe, expect, onTestFinished } from 'vitest';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { closeDueAuctions } from '../../src/server/services/closing';
import { sendDueMail } from '../../src/server/services/mail';
import { DAY_MS } from '../../src/shared/constants';
import { signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test } from '../support/fixtures';
import { get, patch } from '../support/http';
import { closedPort, FAST, mailingApp, PUBLIC_URL, startSmtp, type TestSmtp } from '../support/smtp';

const quiet = { warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers: TestSmtp[] = [];
async function smtp(options?: Parameters<typeof startSmtp>[0]) {
  const server = await startSmtp(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A seller's auction, and two bidders who take turns outbidding each other. */
async function auctionWithBidders(deps: AppDeps, itemName = 'Brass lamp') {
  const seller = await signedInUser(deps, 'Sally Seller');
  const alice = await signedInUser(deps, 'Alice');
  const bob = await signedInUser(deps, 'Bob');
  const auctionId = await insertAuction(deps, seller.id, { itemName, startingPrice: 10 });
  const bid = (who: typeof alice, bidAmount: number) => who.caller.auction.placeBid({ auctionId, bidAmount });
  return { seller, alice, bob, auctionId, bid };
}

describe('a notice by e-mail', () => {
  test('an outbid bidder receives one mail, in text and HTML, naming the auction and the price, with a link to it', async ({
    makeDeps,
  }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const { alice, bob, auctionId, bid } = await auctionWithBidders(deps, 'Lamp <b>& "Co"</b>');
    await bid(alice, 11);
    await bid(bob, 15);

    const [mail] = await server.waitFor(1);
    expect(mail!.to).toBe(alice.email);
    expect(mail!.from).toMatch(/^"?Open Auction"? <no-reply@localhost>$/);
    expect(mail!.subject).toBe('You were outbid on “Lamp <b>& "Co"</b>”');
    expect(mail!.text).toContain('Hello Alice,');
    expect(mail!.text).toContain('Auction: Lamp <b>& "Co"</b>');
    expect(mail!.text).toContain('Price: $15');
    expect(mail!.text).toContain(`${PUBLIC_URL}/auction/${auctionId}`);
    // The HTML body shows the name as text: the user's markup is escaped, never rendered.
    expect(mail!.html).not.toContain('<b>&');
    expect(mail!.html).toContain('Lamp &#60;b&#62;&#38; &#34;Co&#34;&#60;/b&#62;');
    expect(mail!.html).toContain('$15');
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/auction/${auctionId}">`);

    // Once: nothing more comes, and the outbox is empty.
    await sleep(300);
    expect(server.mails).toHaveLength(1);
    expect(await deps.store.mail.pending()).toBe(0);
  });

  test('the close mails the winner and the seller, each naming the final price', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const { seller, alice, auctionId, bid } = await auctionWithBidders(deps, 'Oak chair');
    await bid(alice, 14);
    deps.clock.advance(8 * DAY_MS);
    expect(await closeDueAuctions(deps)).toBe(1);

    const mails = await server.waitFor(2);
    const to = (email: string) => mails.find((m) => m.to === email)!;
    expect(to(alice.email).subject).toBe('You won “Oak chair”');
    expect(to(seller.email).subject).toBe('Your auction “Oak chair” sold');
    for (const mail of mails) {
      expect(mail.text).toContain('Price: $14');
      expect(mail.text).toContain(`${PUBLIC_URL}/auction/${auctionId}`);
    }
  });

  test('a user who turned e-mail off on their profile receives none; the others still do', async ({ makeDeps }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const { alice, bob, bid } = await auctionWithBidders(deps);
    expect((await get(app, '/api/user/settings', { token: alice.token })).json()).toEqual({ emailNotifications: true, mailEnabled: true });
    const off = await patch(app, '/api/user/settings', { emailNotifications: false }, { token: alice.token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ emailNotifications: false, mailEnabled: true });

    await bid(alice, 11);
    await bid(bob, 12); // Alice is outbid: in the app only.
    await bid(alice, 13); // Bob is outbid: by mail too.

    const [mail] = await server.waitFor(1);
    expect(mail!.to).toBe(bob.email);
    await sleep(300);
    expect(server.mails).toHaveLength(1);
    const notices = await deps.store.notifications.newestOf(alice.id, 10);
    expect(notices.map((n) => n.kind)).toEqual(['outbid']);
  });

  test('the switch is refused with anything but true or false, and needs a session', async ({ makeDeps }) => {
    const { app, deps } = await mailingApp(makeDeps, undefined);
    const alice = await signedInUser(deps, 'Alice');
    expect((await patch(app, '/api/user/settings', { emailNotifications: 'no' }, { token: alice.token })).statusCode).toBe(400);
    expect((await patch(app, '/api/user/settings', { emailNotifications: false })).statusCode).toBe(401);
    expect((await get(app, '/api/user/settings')).statusCode).toBe(401);
  });

  test('without SMTP_URL notices stay in the app: nothing is queued', async ({ makeDeps }) => {
    const { app, deps } = await mailingApp(makeDeps, undefined);
    const { alice, bob, bid } = await auctionWithBidders(deps);
    await bid(alice, 11);
    await bid(bob, 12);
    expect(await deps.store.notifications.newestOf(alice.id, 10)).toHaveLength(1);
    expect(await deps.store.mail.pending()).toBe(0);
    expect((await get(app, '/api/user/settings', { token: alice.token })).json()).toEqual({ emailNotifications: true, mailEnabled: false });
  });
});

describe('a mail server that is down or slow', () => {
  test('down at first and up later: every mail arrives, exactly once', async ({ makeDeps }) => {
    const port = await closedPort();
    const { deps } = await mailingApp(makeDeps, `smtp://mailer:secret@127.0.0.1:${port}`);
    const { alice, bob, bid } = await auctionWithBidders(deps);
    await bid(alice, 11);
    await bid(bob, 12);
    await bid(alice, 13);

    // Both mails have failed at least twice, and wait for their next try.
    const failedTwice = async () => (await deps.sqlOne<{ n: number }>('select count(*) as n from mail_outbox where attempts >= 2'))!.n;
    await expect.poll(failedTwice, { timeout: 5_000, interval: 20, message: 'the worker did not retry' }).toBe(2);

    const server = await smtp({ port });
    const mails = await server.waitFor(2);
    await sleep(500);
    expect(server.mails).toHaveLength(2);
    expect(mails.map((m) => m.to).sort()).toEqual([alice.email, bob.email].sort());
    expect(await deps.store.mail.pending()).toBe(0);
  });

  test('a slow mail server does not slow a bid', async ({ makeDeps }) => {
    const server = await smtp({ delayMs: 1_500 });
    const { deps } = await mailingApp(makeDeps, server.url);
    const { alice, bob, bid } = await auctionWithBidders(deps);
    await bid(alice, 11);
    await bid(bob, 12);
    // The worker is now talking to the slow server about Alice's mail.
    await sleep(200);
    const started = performance.now();
    await bid(alice, 13);
    await bid(bob, 14);
    // Far below the server's 1.5 s per mail, with room for a busy machine: the bids never waited for it.
    expect(performance.now() - started).toBeLessThan(750);

    const mails = await server.waitFor(3);
    expect(mails.map((m) => m.to)).toEqual([alice.email, bob.email, alice.email]);
  });
});

describe('two workers on one database', () => {
  test('send each mail once', async ({ database }) => {
    const server = await smtp({ delayMs: 30 });
    const workers = (await Promise.all([0, 1].map(() => database.open({ SMTP_URL: server.url, PUBLIC_URL })))).map(
      ({ settings, ...shared }) => createDeps(settings, { ...shared, mail: FAST }),
    );
    onTestFinished(() => {
      for (const deps of workers) deps.mail.transport?.close();
    });
    const { alice, bob, bid } = await auctionWithBidders(workers[0]!);
    for (let amount = 11; amount <= 30; amount += 1) await bid(amount % 2 ? alice : bob, amount);
    expect(await workers[1]!.store.mail.pending()).toBe(19);

    // Both workers run side by side until the outbox is empty.
    const sentBy = [0, 0];
    while ((await workers[0]!.store.mail.pending()) > 0) {
      const sent = await Promise.all(workers.map((deps) => sendDueMail(deps, quiet)));
      sent.forEach((n, i) => (sentBy[i]! += n));
    }
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    expect(server.mails).toHaveLength(19);
    // Each outbid names the price that outbid them: 19 different mails.
    const prices = server.mails.map((m) => /Price: \$(\d+)/.exec(m.text)![1]);
    expect(new Set(prices).size).toBe(19);
  });
});
