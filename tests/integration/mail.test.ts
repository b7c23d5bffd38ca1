// Notices by e-mail (docs/rules/notifications.md): each notice of a user with e-mail on and a
// confirmed address is mailed once, through the outbox, to a real SMTP server started here; at most
// one mail per address, auction and kind in ten minutes, the rest folded into the next; links leave
// before notices; a server that is down or slow delays mail and never a bid; two workers on one
// database send each mail once; in development without a mail server, mail is printed instead.
import { afterEach, describe, expect, onTestFinished, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { closeDueAuctions } from '../../src/server/services/closing';
import { sendDueMail } from '../../src/server/services/mail';
import { DAY_MS, RESET_NEEDS_EMAIL_MESSAGE } from '../../src/shared/constants';
import { anonymousCaller, PASSWORD, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { uniqueEmail } from '../support/emails';
import { test } from '../support/fixtures';
import { get, patch, post, signup } from '../support/http';
import { closedPort, FAST, mailingApp, PUBLIC_URL, startSmtp, type TestSmtp } from '../support/smtp';
import { newestNotices } from '../support/notices';

const TEN_MINUTES = 10 * 60_000;

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
async function auctionWithBidders(deps: AppDeps, itemName = 'Brass lamp', { bobConfirmed = true } = {}) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const alice = await signedInUser(deps, 'Alice');
  const bob = await signedInUser(deps, 'Bob', { confirmed: bobConfirmed });
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
    const mailing = { emailVerified: true, mailEnabled: true, mailPrinted: false };
    expect((await get(app, '/api/user/settings', { token: alice.token })).json()).toEqual({ emailNotifications: true, ...mailing });
    const off = await patch(app, '/api/user/settings', { emailNotifications: false }, { token: alice.token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ emailNotifications: false, ...mailing });

    await bid(alice, 11);
    await bid(bob, 12); // Alice is outbid: in the app only.
    await bid(alice, 13); // Bob is outbid: by mail too.

    const [mail] = await server.waitFor(1);
    expect(mail!.to).toBe(bob.email);
    await sleep(300);
    expect(server.mails).toHaveLength(1);
    const notices = await newestNotices(deps.store, alice.id, 10);
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
    expect(await newestNotices(deps.store, alice.id, 10)).toHaveLength(1);
    expect(await deps.store.mail.pending()).toBe(0);
    expect((await get(app, '/api/user/settings', { token: alice.token })).json()).toEqual({
      emailNotifications: true,
      emailVerified: true,
      mailEnabled: false,
      mailPrinted: false,
    });
  });

  test('an address that is not confirmed gets no notice by mail: the notice stays in the app', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const { alice, bob, bid } = await auctionWithBidders(deps, 'Brass lamp', { bobConfirmed: false });
    await bid(bob, 11);
    await bid(alice, 12); // Bob is outbid: his address is not confirmed.
    await bid(bob, 13); // Alice is outbid: hers is.

    const [mail] = await server.waitFor(1);
    expect(mail!.to).toBe(alice.email);
    await sleep(300);
    expect(server.mails).toHaveLength(1);
    expect((await newestNotices(deps.store, bob.id, 10)).map((n) => n.kind)).toEqual(['outbid']);
    expect((await bob.caller.user.settings()).emailVerified).toBe(false);
  });
});

describe('one mail per address, auction and kind in ten minutes', () => {
  test('600 outbid notices to one address queue a handful of mails, folded; a reset link asked for after them leaves first', async ({
    makeDeps,
  }) => {
    const server = await smtp();
    const { app, deps } = await mailingApp(makeDeps, server.url);
    const seller = await signedInUser(deps, 'Sally Seller');
    const victim = await signedInUser(deps, 'Victor');
    // The other bidder's address is not confirmed: none of the notices they get are mailed.
    const rival = await signedInUser(deps, 'Rita', { confirmed: false });
    const auctions = [
      await insertAuction(deps, seller.id, { itemName: 'Brass lamp', startingPrice: 10 }),
      await insertAuction(deps, seller.id, { itemName: 'Oak chair', startingPrice: 10 }),
    ];
    // 300 rounds on each auction: the victim bids, the rival outbids them. 1,200 bids, 600 outbid notices.
    const finalPrice = 10 + 2 * 300;
    const round = async (auctionId: string, price: number) => {
      await victim.caller.auction.placeBid({ auctionId, bidAmount: price });
      await rival.caller.auction.placeBid({ auctionId, bidAmount: price + 1 });
    };
    // The first notice of each auction leaves at once.
    for (const auctionId of auctions) await round(auctionId, 11);
    await server.waitFor(2);
    // The other 598 wait, folded into two rows.
    for (const auctionId of auctions) {
      for (let price = 13; price <= finalPrice; price += 2) await round(auctionId, price);
    }
    expect((await deps.store.notifications.page(victim.id, { limit: 1 })).unread).toBe(600);
    expect(await deps.store.mail.pending()).toBe(2);
    await sleep(300);
    expect(server.mails).toHaveLength(2);

    expect((await post(app, '/api/auth/forgot', { email: victim.email })).statusCode).toBe(200);
    const afterReset = await server.waitFor(3);
    expect(afterReset[2]!.subject).toBe('Reset your Open Auction password');

    // Ten minutes on, each auction's waiting notices leave as one mail, with the price now.
    deps.clock.advance(TEN_MINUTES);
    const mails = await server.waitFor(5);
    await sleep(300);
    expect(server.mails).toHaveLength(5);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set([victim.email]));
    const outbid = mails.filter((m) => m.subject.startsWith('You were outbid'));
    expect(outbid).toHaveLength(4);
    const folded = outbid.slice(2);
    for (const mail of folded) {
      expect(mail.subject).toMatch(/^You were outbid 299 times on “(Brass lamp|Oak chair)”$/);
      expect(mail.text).toContain(`Price: $${finalPrice}`);
      expect(mail.text).toMatch(/Since our last mail about “(Brass lamp|Oak chair)”, you were outbid 299 times\./);
    }
    // Every notice is told exactly once: the four mails stand for all 600.
    const counted = outbid.map((m) => Number(/outbid (\d+) times/.exec(m.subject)?.[1] ?? 1));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(600);
    expect(await deps.store.mail.pending()).toBe(0);
  }, 120_000);

  test('a later notice of a group that was mailed waits for the window; another auction or kind does not', async ({ makeDeps }) => {
    const server = await smtp();
    const { deps } = await mailingApp(makeDeps, server.url);
    const { seller, alice, bob, bid } = await auctionWithBidders(deps, 'Brass lamp');
    const other = await insertAuction(deps, seller.id, { itemName: 'Oak chair', startingPrice: 10 });
    await bid(alice, 11);
    await bid(bob, 12); // Alice outbid on the lamp: mailed at once.
    await server.waitFor(1);
    await bid(alice, 13);
    await bid(bob, 14); // Again on the lamp: it waits.
    await alice.caller.auction.placeBid({ auctionId: other, bidAmount: 11 });
    await bob.caller.auction.placeBid({ auctionId: other, bidAmount: 12 }); // On the chair: at once.

    const mails = await server.waitFor(3);
    await sleep(300);
    // Bob was outbid on the lamp by Alice's 13; Alice on the chair by Bob.
    expect(mails.map((m) => `${m.to} ${m.subject}`).sort()).toEqual(
      [
        `${alice.email} You were outbid on “Brass lamp”`,
        `${alice.email} You were outbid on “Oak chair”`,
        `${bob.email} You were outbid on “Brass lamp”`,
      ].sort(),
    );
    deps.clock.advance(TEN_MINUTES);
    const [, , , late] = await server.waitFor(4);
    expect(late!.to).toBe(alice.email);
    // A single notice waited: it reads like any other, with the price it names.
    expect(late!.subject).toBe('You were outbid on “Brass lamp”');
    expect(late!.text).toContain('Price: $14');
  });

  test('a link is claimed before notices that were due earlier', async ({ makeDeps }) => {
    const server = await smtp();
    // No app, so no worker: the outbox fills, and one pass of the worker is run by hand.
    const deps = await makeDeps({ SMTP_URL: server.url, PUBLIC_URL });
    Object.assign(deps.mail, FAST);
    onTestFinished(() => deps.mail.transport?.close());
    const seller = await signedInUser(deps, 'Sally Seller');
    const alice = await signedInUser(deps, 'Alice');
    const bob = await signedInUser(deps, 'Bob');
    // Twelve auctions on which Alice is outbid: twelve notices due now, more than one pass takes.
    for (let i = 0; i < 12; i += 1) {
      const auctionId = await insertAuction(deps, seller.id, { itemName: `Lot ${i}`, startingPrice: 10 });
      await alice.caller.auction.placeBid({ auctionId, bidAmount: 11 });
      await bob.caller.auction.placeBid({ auctionId, bidAmount: 12 });
    }
    deps.clock.advance(1_000);
    await anonymousCaller(deps).auth.forgotPassword({ email: alice.email });

    expect(await sendDueMail(deps, quiet)).toBe(10);
    expect(server.mails).toHaveLength(10);
    expect(server.mails[0]!.subject).toBe('Reset your Open Auction password');
    expect(server.mails.slice(1).every((m) => m.subject.startsWith('You were outbid'))).toBe(true);
    expect(await sendDueMail(deps, quiet)).toBe(3);
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

    await server.waitFor(2);
    // Alice's second notice of the lamp waits out the ten minutes since her first mail.
    deps.clock.advance(TEN_MINUTES);
    const mails = await server.waitFor(3);
    expect(mails.map((m) => m.to)).toEqual([alice.email, bob.email, alice.email]);
  });
});

describe('two workers on one database', () => {
  test('send each mail once, and one mail per group in a window, whatever folds in while they send', async ({ database }) => {
    const server = await smtp({ delayMs: 30 });
    let now = Date.parse('2026-06-01T12:00:00Z');
    const workers = (await Promise.all([0, 1].map(() => database.open({ SMTP_URL: server.url, PUBLIC_URL })))).map(
      ({ settings, ...shared }) => createDeps(settings, { ...shared, now: () => now, mail: FAST }),
    );
    onTestFinished(() => {
      for (const deps of workers) deps.mail.transport?.close();
    });
    const [one, two] = workers as [AppDeps, AppDeps];
    const seller = await signedInUser(one, 'Sally Seller');
    const LOTS = 12;
    const bidders: Awaited<ReturnType<typeof signedInUser>>[] = [];
    for (let i = 0; i < LOTS; i += 1) bidders.push(await signedInUser(one, `Bidder ${i}`));
    // Twelve auctions, two bidders on each: every bid outbids the other, and some are placed while
    // both workers send. More notices fall due at once than one pass takes, so both workers send.
    const lots: Array<{ auctionId: string; pair: readonly [(typeof bidders)[number], (typeof bidders)[number]]; price: number }> = [];
    for (let i = 0; i < LOTS; i += 1) {
      const auctionId = await insertAuction(one, seller.id, { itemName: `Lot ${i}`, startingPrice: 10 });
      lots.push({ auctionId, pair: [bidders[i]!, bidders[(i + 1) % LOTS]!], price: 10 });
    }
    const bidRound = async () => {
      for (const lot of lots) {
        lot.price += 1;
        await lot.pair[lot.price % 2]!.caller.auction.placeBid({ auctionId: lot.auctionId, bidAmount: lot.price });
      }
    };
    const bothWorkers = () => Promise.all(workers.map((deps) => sendDueMail(deps, quiet)));

    let sent = [0, 0];
    for (let window = 0; window < 4; window += 1) {
      // Bids land before and while both workers send, many times within one window.
      for (let round = 0; round < 5; round += 1) {
        const [counts] = await Promise.all([bothWorkers(), bidRound()]);
        sent = sent.map((n, i) => n + counts[i]!);
        now += 1_000;
      }
      now += TEN_MINUTES;
    }
    // Drain what the last window left.
    for (let pass = 0; pass < 3; pass += 1) {
      const counts = await bothWorkers();
      sent = sent.map((n, i) => n + counts[i]!);
      now += TEN_MINUTES;
    }
    expect(sent[0]! + sent[1]!).toBe(server.mails.length);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0);
    expect(await two.store.mail.pending()).toBe(0);

    // Each lot's two bidders were outbid turn about, 20 rounds: 19 notices in all per lot. Every one
    // is in exactly one mail, and no group got two mails in one window.
    const unread = await Promise.all(bidders.map((b) => one.store.notifications.page(b.id, { limit: 1 }).then((page) => page.unread)));
    const notices = unread.reduce((a, b) => a + b, 0);
    expect(notices).toBe(LOTS * 19);
    const counted = server.mails.map((m) => Number(/outbid (\d+) times/.exec(m.subject)?.[1] ?? 1));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(notices);
    // Two groups per lot (its two bidders), each mailed at most once per window: four windows and the drain.
    const perGroup = new Map<string, number>();
    for (const mail of server.mails) {
      const key = `${mail.to} ${/“(.+)”/.exec(mail.subject)![1]}`;
      perGroup.set(key, (perGroup.get(key) ?? 0) + 1);
    }
    expect(perGroup.size).toBe(2 * LOTS);
    for (const count of perGroup.values()) expect(count).toBeLessThanOrEqual(5);
    expect(server.mails.length).toBeLessThan(notices);
  });
});

describe('in development without SMTP_URL', () => {
  test('every mail is printed in the terminal, readably, and password reset works', async ({ makeDeps }) => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((text: unknown) => void printed.push(String(text)));
    onTestFinished(() => log.mockRestore());
    const deps = await makeDeps({ NODE_ENV: 'development', PUBLIC_URL });
    Object.assign(deps.mail, FAST);
    const ticking = setInterval(() => deps.clock.advance(10), 10);
    const app = await buildApp(deps, { closeAuctions: false });
    await app.ready();
    onTestFinished(async () => {
      clearInterval(ticking);
      await app.close();
    });
    expect(deps.mail.delivery).toBe('terminal');
    expect((await anonymousCaller(deps).auth.passwordResetAvailable()).available).toBe(true);

    // Sign-up: the confirmation link.
    const email = uniqueEmail('dev');
    const made = await signup(app, { name: 'Devi', email, password: PASSWORD });
    expect(made.statusCode).toBe(201);
    await expect.poll(() => printed.join('\n'), { timeout: 5_000 }).toContain(`${PUBLIC_URL}/verify-email?token=`);
    const confirmation = printed.find((text) => text.includes('/verify-email?token='))!;
    expect(confirmation).toContain(`To: ${email}`);
    expect(confirmation).toContain('Subject: Confirm your email address for Open Auction');
    expect(confirmation).toContain('From: Open Auction <no-reply@localhost>');
    // Settings say that no mail server is set up, and that mail is printed instead.
    const settings = (await get(app, '/api/user/settings', { token: made.json().token })).json();
    expect(settings).toMatchObject({ mailEnabled: false, mailPrinted: true, emailVerified: false });

    // A notice of a confirmed user.
    const { alice, bob, bid } = await auctionWithBidders(deps, 'Brass lamp');
    await bid(alice, 11);
    await bid(bob, 12);
    await expect.poll(() => printed.join('\n'), { timeout: 5_000 }).toContain('Subject: You were outbid on “Brass lamp”');

    // A reset link, printed; the link works.
    expect((await post(app, '/api/auth/forgot', { email: alice.email })).statusCode).toBe(200);
    await expect.poll(() => printed.join('\n'), { timeout: 5_000 }).toContain('/reset-password?token=');
    const resetMail = printed.find((text) => text.includes('/reset-password?token='))!;
    expect(resetMail).toContain(`To: ${alice.email}`);
    const token = /reset-password\?token=([\w-]+)/.exec(resetMail)![1]!;
    expect((await post(app, '/api/auth/reset', { token, password: 'a brand new passphrase' })).statusCode).toBe(200);
  });

  test('in production without SMTP_URL nothing is mailed or printed, and asking for a reset link is 503', async ({ makeDeps }) => {
    const log = vi.spyOn(console, 'log');
    onTestFinished(() => log.mockRestore());
    const deps = await makeDeps({ NODE_ENV: 'production', PUBLIC_URL });
    const app = await buildApp(deps, { closeAuctions: false });
    await app.ready();
    onTestFinished(() => app.close());
    expect(deps.mail.transport).toBeNull();
    const forgot = await post(app, '/api/auth/forgot', { email: uniqueEmail() });
    expect(forgot.statusCode).toBe(503);
    expect(forgot.json().error).toBe(RESET_NEEDS_EMAIL_MESSAGE);
    const made = await signup(app, { name: 'Prod', email: uniqueEmail('prod'), password: PASSWORD });
    expect(made.statusCode).toBe(201);
    const { alice, bob, bid } = await auctionWithBidders(deps);
    await bid(alice, 11);
    await bid(bob, 12);
    expect(await deps.store.mail.pending()).toBe(0);
    expect((await get(app, '/api/user/settings', { token: alice.token })).json()).toMatchObject({ mailEnabled: false, mailPrinted: false });
    expect(log).not.toHaveBeenCalled();
  });
});
