// Reports of listings through both doors (REST and the reports router), on SQLite and PostgreSQL: who
// may report and how often, the details' rules, the moderators' lists (order, paging), dismissing once,
// the cancel that waits for the administrators' cancel, and the dashboard's count.
import { describe, expect } from 'vitest';
import { REPORT_WORDS } from '../../src/shared/reports';
import { failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, sessionCookieHeader } from '../support/http';
import { newestNotices } from '../support/notices';

async function people(deps: TestDeps) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const reporter = await signedInUser(deps, 'Rita Reporter');
  const other = await signedInUser(deps, 'Otto Other');
  const admin = await signedInUser(deps, 'Ada Admin', { role: 'admin' });
  const auctionId = await insertAuction(deps, seller.id, { itemName: 'Genuine Rolex', startingPrice: 10 });
  return { seller, reporter, other, admin, auctionId };
}

const opts = (who: { token: string }) => ({ headers: { cookie: sessionCookieHeader(who.token) } });

describe('reporting a listing', () => {
  test('201 with the report (REST and tRPC), once per person and listing; the seller 403, unknown 404, guests 401', async ({
    app,
    deps,
  }) => {
    const { seller, reporter, other, admin, auctionId } = await people(deps);
    const res = await post(
      app,
      `/api/auction/${auctionId}/report`,
      { reason: 'counterfeit', details: '  The logo is wrong.\nSee photo 2.  ' },
      opts(reporter),
    );
    expect(res.statusCode, res.body).toBe(201);
    const createdAt = new Date(deps.now()).toISOString();
    expect(res.json()).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      auction: { _id: auctionId, itemName: 'Genuine Rolex' },
      reporter: { _id: reporter._id, name: 'Rita Reporter' },
      reason: 'counterfeit',
      details: 'The logo is wrong.\nSee photo 2.',
      createdAt,
      status: 'open',
      resolution: null,
    });
    // The reporter's page knows; nobody else's does.
    expect(await reporter.caller.reports.mine({ auctionId })).toEqual({ report: { reason: 'counterfeit', createdAt } });
    expect(await other.caller.reports.mine({ auctionId })).toEqual({ report: null });
    expect(await reporter.caller.reports.mine({ auctionId: 'abc' })).toEqual({ report: null });

    // Another user (an administrator too) may report it; details may be left out but for `other`.
    expect(await other.caller.reports.make({ auctionId, reason: 'spam' })).toMatchObject({ reason: 'spam', details: '', status: 'open' });
    expect((await post(app, `/api/auction/${auctionId}/report`, { reason: 'misleading' }, opts(admin))).statusCode).toBe(201);

    // The same person again, whatever the reason: 409, and nothing more is written.
    const again = await post(app, `/api/auction/${auctionId}/report`, { reason: 'offensive', details: 'Again' }, opts(reporter));
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).message).toBe(REPORT_WORDS.alreadyReported);
    expect(await failure(reporter.caller.reports.make({ auctionId, reason: 'spam' }))).toMatchObject({
      code: 'CONFLICT',
      message: REPORT_WORDS.alreadyReported,
    });

    const own = await post(app, `/api/auction/${auctionId}/report`, { reason: 'spam' }, opts(seller));
    expect(own.statusCode).toBe(403);
    expect(expectErrorBody(own).message).toBe(REPORT_WORDS.ownAuction);
    expect(await failure(seller.caller.reports.make({ auctionId, reason: 'spam' }))).toMatchObject({ code: 'FORBIDDEN' });

    for (const id of ['99999', 'abc', '1'.repeat(30)]) {
      const unknown = await post(app, `/api/auction/${id}/report`, { reason: 'spam' }, opts(reporter));
      expect(unknown.statusCode).toBe(404);
      expect(expectErrorBody(unknown).message).toBe(REPORT_WORDS.auctionNotFound);
    }
    expect((await post(app, `/api/auction/${auctionId}/report`, { reason: 'spam' })).statusCode).toBe(401);
    expect(await deps.sql('select reporter_id as r, reason from reports order by id')).toEqual([
      { r: reporter.id, reason: 'counterfeit' },
      { r: other.id, reason: 'spam' },
      { r: admin.id, reason: 'misleading' },
    ]);
  });

  test('the reason is one of the list; details up to 1,000 characters, required for other, without control characters', async ({
    app,
    deps,
  }) => {
    const { reporter, auctionId } = await people(deps);
    const issuesOf = async (body: unknown) => {
      const res = await post(app, `/api/auction/${auctionId}/report`, body, opts(reporter));
      expect(res.statusCode, res.body).toBe(400);
      return expectErrorBody(res).issues;
    };
    expect(await issuesOf({})).toEqual([{ path: 'reason', message: expect.stringContaining('reason must be one of') }]);
    expect(await issuesOf({ reason: 'ugly' })).toEqual([{ path: 'reason', message: expect.stringContaining('reason must be one of') }]);
    expect(await issuesOf({ reason: 'other' })).toEqual([{ path: 'details', message: REPORT_WORDS.detailsRequired }]);
    expect(await issuesOf({ reason: 'other', details: '   \n ' })).toEqual([{ path: 'details', message: REPORT_WORDS.detailsRequired }]);
    expect(await issuesOf({ reason: 'spam', details: 'x'.repeat(1001) })).toEqual([
      { path: 'details', message: 'details must be at most 1000 characters' },
    ]);
    for (const bad of ['Bell\u0007', 'Tab\there', 'Escape \u001b[31mred', 'Flip \u202Eit', 'NUL\u0000']) {
      expect(await issuesOf({ reason: 'spam', details: bad })).toEqual([
        { path: 'details', message: 'details cannot contain control characters other than line breaks, nor text-direction marks' },
      ]);
    }
    expect(await issuesOf({ reason: 'spam', details: 42 })).toEqual([{ path: 'details', message: 'details must be text' }]);
    expect(await deps.sql('select id from reports')).toEqual([]);

    // Exactly 1,000 characters, line breaks kept.
    const details = `${'a'.repeat(499)}\n${'b'.repeat(500)}`;
    const res = await post(app, `/api/auction/${auctionId}/report`, { reason: 'other', details }, opts(reporter));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().details).toBe(details);
  });

  test('two identical reports at once: one 201, one 409, one row', async ({ app, deps }) => {
    const { reporter, auctionId } = await people(deps);
    const [a, b] = await Promise.all([
      post(app, `/api/auction/${auctionId}/report`, { reason: 'spam' }, opts(reporter)),
      post(app, `/api/auction/${auctionId}/report`, { reason: 'spam' }, opts(reporter)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const results = await Promise.allSettled([
      reporter.caller.reports.make({ auctionId, reason: 'spam' }),
      reporter.caller.reports.make({ auctionId, reason: 'misleading' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await deps.sql('select count(*) as n from reports')).toEqual([{ n: 1 }]);
  });
});

test('the reporter’s download of their data holds the reports they made; the seller’s does not', async ({ app, deps }) => {
  const { seller, reporter, auctionId } = await people(deps);
  const report = await reporter.caller.reports.make({ auctionId, reason: 'misleading', details: 'Plated, not solid.' });
  const mine = (await get(app, '/api/user/export', opts(reporter))).json();
  expect(mine.reports).toEqual([
    {
      _id: report._id,
      auctionId,
      itemName: 'Genuine Rolex',
      reason: 'misleading',
      details: 'Plated, not solid.',
      createdAt: report.createdAt,
      status: 'open',
    },
  ]);
  expect((await get(app, '/api/user/export', opts(seller))).json().reports).toEqual([]);
});

describe('the moderators’ lists', () => {
  /** Reports on `count` listings of the seller, each by the reporter, a minute apart: their ids, oldest first. */
  async function reportsOn(deps: TestDeps, seller: { id: number }, reporter: Awaited<ReturnType<typeof signedInUser>>, count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const auctionId = await insertAuction(deps, seller.id, { itemName: `Item ${i}`, startingPrice: 10 });
      ids.push((await reporter.caller.reports.make({ auctionId, reason: 'spam', details: `Report ${i}` }))._id);
      deps.clock.advance(60_000);
    }
    return ids;
  }

  test('open ones oldest first, a page at a time (REST and tRPC); resolved ones most recently resolved first', async ({ app, deps }) => {
    const { seller, reporter, admin } = await people(deps);
    const ids = await reportsOn(deps, seller, reporter, 5);

    const first = await get(app, '/api/admin/reports?status=open&limit=2', opts(admin));
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.reports.map((r: { _id: string }) => r._id)).toEqual(ids.slice(0, 2));
    expect(page1.reports[0]).toMatchObject({ reporter: { _id: reporter._id, name: 'Rita Reporter' }, auction: { itemName: 'Item 0' } });
    const page2 = await admin.caller.reports.list({ status: 'open', limit: 2, cursor: page1.nextCursor });
    expect(page2.reports.map((r) => r._id)).toEqual(ids.slice(2, 4));
    const page3 = (await get(app, `/api/admin/reports?limit=2&cursor=${page2.nextCursor}`, opts(admin))).json();
    expect(page3).toEqual({ reports: [expect.objectContaining({ _id: ids[4] })], nextCursor: null });

    // Resolved in the order 3, 0, 4: newest resolution first, and gone from the open list.
    for (const id of [ids[3]!, ids[0]!, ids[4]!]) {
      await admin.caller.reports.resolve({ id, action: 'dismiss', note: `Checked ${id}` });
      deps.clock.advance(1000);
    }
    expect((await admin.caller.reports.list({ status: 'open' })).reports.map((r) => r._id)).toEqual([ids[1], ids[2]]);
    const resolved1 = (await get(app, '/api/admin/reports?status=resolved&limit=2', opts(admin))).json();
    expect(resolved1.reports.map((r: { _id: string }) => r._id)).toEqual([ids[4], ids[0]]);
    expect(resolved1.reports[0].resolution).toEqual({
      action: 'dismiss',
      note: `Checked ${ids[4]}`,
      resolvedAt: new Date(deps.now() - 1000).toISOString(),
      resolvedBy: { _id: admin._id, name: 'Ada Admin' },
    });
    const resolved2 = await admin.caller.reports.list({ status: 'resolved', limit: 2, cursor: resolved1.nextCursor });
    expect(resolved2).toEqual({ reports: [expect.objectContaining({ _id: ids[3], status: 'resolved' })], nextCursor: null });

    // A cursor of one list is no cursor of the other, nor is made-up text.
    for (const url of [
      `/api/admin/reports?status=open&cursor=${resolved1.nextCursor}`,
      `/api/admin/reports?status=resolved&cursor=${ids[0]}`,
      '/api/admin/reports?status=resolved&cursor=bm9wZQ',
      '/api/admin/reports?status=closed',
      '/api/admin/reports?limit=0',
      '/api/admin/reports?limit=101',
    ]) {
      expect((await get(app, url, opts(admin))).statusCode, url).toBe(400);
    }
  });

  test('only administrators read and resolve reports; the dashboard counts the open ones', async ({ app, deps }) => {
    const { seller, reporter, admin } = await people(deps);
    const [id] = await reportsOn(deps, seller, reporter, 2);
    for (const who of [reporter, seller]) {
      expect((await get(app, '/api/admin/reports', opts(who))).statusCode).toBe(403);
      expect((await post(app, `/api/admin/reports/${id}/resolve`, { action: 'dismiss' }, opts(who))).statusCode).toBe(403);
      expect(await failure(who.caller.reports.list({ status: 'open' }))).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await get(app, '/api/admin/reports')).statusCode).toBe(401);
    expect((await post(app, `/api/admin/reports/${id}/resolve`, { action: 'dismiss' })).statusCode).toBe(401);

    expect((await get(app, '/api/admin/dashboard', opts(admin))).json().stats.openReports).toBe(2);
    await admin.caller.reports.resolve({ id: id!, action: 'dismiss' });
    expect((await admin.caller.admin.dashboard()).stats.openReports).toBe(1);
  });
});

describe('resolving a report', () => {
  test('dismiss: 200 with the resolution, then 409; unknown 404; the note is optional and checked', async ({ app, deps }) => {
    const { reporter, other, admin, auctionId } = await people(deps);
    const report = await reporter.caller.reports.make({ auctionId, reason: 'misleading', details: 'Not gold' });
    const second = await other.caller.reports.make({ auctionId, reason: 'spam' });

    deps.clock.advance(5000);
    const res = await post(
      app,
      `/api/admin/reports/${report._id}/resolve`,
      { action: 'dismiss', note: ' It is gold plated, as described. ' },
      opts(admin),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...report,
      status: 'resolved',
      resolution: {
        action: 'dismiss',
        note: 'It is gold plated, as described.',
        resolvedAt: new Date(deps.now()).toISOString(),
        resolvedBy: { _id: admin._id, name: 'Ada Admin' },
      },
    });
    // Dismissing one report leaves the other report of the same listing open.
    expect((await admin.caller.reports.list({ status: 'open' })).reports.map((r) => r._id)).toEqual([second._id]);

    const again = await post(app, `/api/admin/reports/${report._id}/resolve`, { action: 'dismiss' }, opts(admin));
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).message).toBe(REPORT_WORDS.alreadyResolved);
    expect(await failure(admin.caller.reports.resolve({ id: report._id, action: 'dismiss' }))).toMatchObject({ code: 'CONFLICT' });

    for (const id of ['99999', 'abc']) {
      const unknown = await post(app, `/api/admin/reports/${id}/resolve`, { action: 'dismiss' }, opts(admin));
      expect(unknown.statusCode).toBe(404);
      expect(expectErrorBody(unknown).message).toBe(REPORT_WORDS.notFound);
    }
    const badAction = await post(app, `/api/admin/reports/${second._id}/resolve`, { action: 'delete' }, opts(admin));
    expect(badAction.statusCode).toBe(400);
    expect(expectErrorBody(badAction).issues).toEqual([{ path: 'action', message: 'action must be dismiss or cancel_auction' }]);
    const badNote = await post(app, `/api/admin/reports/${second._id}/resolve`, { action: 'dismiss', note: 'x'.repeat(501) }, opts(admin));
    expect(expectErrorBody(badNote).issues).toEqual([{ path: 'note', message: 'note must be at most 500 characters' }]);
  });

  test('two dismissals at once: one 200, one 409', async ({ app, deps }) => {
    const { reporter, admin, auctionId } = await people(deps);
    const report = await reporter.caller.reports.make({ auctionId, reason: 'spam' });
    const other = await signedInUser(deps, 'Other Admin', { role: 'admin' });
    const [a, b] = await Promise.all([
      post(app, `/api/admin/reports/${report._id}/resolve`, { action: 'dismiss', note: 'one' }, opts(admin)),
      post(app, `/api/admin/reports/${report._id}/resolve`, { action: 'dismiss', note: 'two' }, opts(other)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    expect(await deps.sql('select resolution_note as note from reports')).toEqual([{ note: winner.json().resolution.note }]);
  });

  test('cancelling the auction from a report: the note is required; the auction is cancelled, its seller told, every open report of it resolved, all in the audit log', async ({
    app,
    deps,
  }) => {
    const { seller, reporter, other, admin, auctionId } = await people(deps);
    const report = await reporter.caller.reports.make({ auctionId, reason: 'prohibited' });
    const second = await other.caller.reports.make({ auctionId, reason: 'counterfeit' });
    const noNote = await post(app, `/api/admin/reports/${report._id}/resolve`, { action: 'cancel_auction' }, opts(admin));
    expect(noNote.statusCode).toBe(400);
    expect(expectErrorBody(noNote).issues).toEqual([{ path: 'note', message: REPORT_WORDS.noteRequired }]);

    const res = await post(app, `/api/admin/reports/${report._id}/resolve`, { action: 'cancel_auction', note: 'Weapons' }, opts(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: report._id, status: 'resolved', resolution: { action: 'cancel_auction', note: 'Weapons' } });
    expect((await seller.caller.auction.byId({ id: auctionId })).status).toBe('cancelled');
    const notices = await newestNotices(deps.store, seller.id, 10);
    expect(notices.map((n) => [n.kind, n.message.includes('Weapons')])).toEqual([['cancelled', true]]);
    // Both reports of it are resolved alike.
    expect((await admin.caller.reports.list({ status: 'open' })).reports).toEqual([]);
    const resolved = (await admin.caller.reports.list({ status: 'resolved' })).reports;
    expect(resolved.map((r) => r._id).sort()).toEqual([report._id, second._id].sort());
    const { entries } = await admin.caller.admin.audit({ limit: 10 });
    // A report is named by the listing it reported.
    expect(entries.map((e) => [e.action, e.target, e.reason])).toEqual([
      ['resolve_report', { type: 'report', _id: report._id, name: 'Genuine Rolex' }, 'Weapons'],
      ['cancel_auction', { type: 'auction', _id: auctionId, name: 'Genuine Rolex' }, 'Weapons'],
    ]);

    // A listing cancelled already cannot be cancelled from a newer report: 409, and the report stays open.
    const late = await admin.caller.reports.make({ auctionId, reason: 'spam' });
    const again = await failure(admin.caller.reports.resolve({ id: late._id, action: 'cancel_auction', note: 'Again' }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: REPORT_WORDS.cannotCancel });
    expect((await admin.caller.reports.list({ status: 'open' })).reports.map((r) => r._id)).toEqual([late._id]);
    expect((await admin.caller.admin.audit({ limit: 10 })).entries).toHaveLength(2);
  });

  test('a dismissal is in the audit log, with its note and the address it came from', async ({ app, deps }) => {
    const { reporter, admin, auctionId } = await people(deps);
    const report = await reporter.caller.reports.make({ auctionId, reason: 'spam' });
    const res = await post(app, `/api/admin/reports/${report._id}/resolve`, { action: 'dismiss', note: 'Not spam' }, opts(admin));
    expect(res.statusCode).toBe(200);
    const { entries } = await admin.caller.admin.audit({ limit: 10 });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'resolve_report',
        actor: { _id: String(admin.id), name: 'Ada Admin' },
        target: { type: 'report', _id: report._id, name: 'Genuine Rolex' },
        reason: 'Not spam',
        ipAddress: expect.any(String),
      }),
    ]);
  });

  test('the store resolves every open report of the auction alike when the auction is cancelled from one', async ({ deps }) => {
    const { seller, reporter, other, admin, auctionId } = await people(deps);
    const elsewhere = await insertAuction(deps, seller.id, { itemName: 'Other item', startingPrice: 10 });
    const report = await reporter.caller.reports.make({ auctionId, reason: 'prohibited' });
    const dismissed = await other.caller.reports.make({ auctionId, reason: 'spam' });
    const third = await admin.caller.reports.make({ auctionId, reason: 'offensive' });
    const untouched = await reporter.caller.reports.make({ auctionId: elsewhere, reason: 'spam' });
    await admin.caller.reports.resolve({ id: dismissed._id, action: 'dismiss', note: 'fine' });

    const at = new Date(deps.now() + 1000);
    const resolution = { action: 'cancel_auction' as const, note: 'Weapons are not allowed', at, byId: admin.id };
    const resolved = await deps.store.reports.resolve(Number(report._id), () => resolution, {
      actor: { id: admin.id, ipAddress: '127.0.0.1' },
      notices: () => [],
    });
    expect(resolved && resolved.report).toMatchObject({
      status: 'resolved',
      resolution: 'cancel_auction',
      resolutionNote: 'Weapons are not allowed',
    });
    const rows = await deps.sql<{ id: number; status: string; resolution: string; note: string }>(
      'select id, status, resolution, resolution_note as note from reports order by id',
    );
    expect(rows.map((row) => [String(row.id), row.status, row.resolution, row.note])).toEqual([
      [report._id, 'resolved', 'cancel_auction', 'Weapons are not allowed'],
      [dismissed._id, 'resolved', 'dismiss', 'fine'],
      [third._id, 'resolved', 'cancel_auction', 'Weapons are not allowed'],
      [untouched._id, 'open', null, null],
    ]);
  });
});
