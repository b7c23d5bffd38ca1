// Property-based fuzzing of every mutation, through the tRPC caller and through REST (app.inject).
// Inputs come from the zod schemas (field lists, lengths, enums) plus near-valid edges and hostile
// values (fuzz-arbitraries.ts). The properties: never a 5xx / INTERNAL_SERVER_ERROR, a refusal leaves
// every table and UPLOAD_DIR as they were, and an accepted call leaves the invariants of its row.
//
// Budget: the runs below add up to more than 20,000 cases. An `npm test` runs half of them on SQLite and
// an eighth on PostgreSQL, where every case costs several round trips, each database from its own seed:
// the two together try more different inputs than twice the same, and the whole suite keeps to its
// time on two cores. FUZZ_RUNS raises them (below 1000 a multiplier, from 1000 a total); FUZZ_SEED
// changes the fixed seed. scrypt costs about 50 ms per password check, so the properties that reach it
// take few runs and the others filter it out.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import type { z } from 'zod';
import { auctionDateIssues } from '../../src/shared/auction-dates';
import { SAVED_SEARCH_WORDS, SAVED_SEARCHES_MAX } from '../../src/shared/listing';
import {
  CATEGORIES,
  CONFIRMATION_LINK_INVALID_MESSAGE,
  CONFIRMATION_NEEDS_EMAIL_MESSAGE,
  DAY_MS,
  EMAIL_CONFIRMATION_MS,
  HOUR_MS,
  PASSWORD_RESET_MS,
  PHOTO_MAX_BYTES,
  RESET_LINK_INVALID_MESSAGE,
  RESET_NEEDS_EMAIL_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '../../src/shared/constants';
import { PHOTOS_MAX } from '../../src/shared/listing';
import {
  MAX_PRICE,
  auctionIdInput,
  createAuctionFields,
  createAuctionInput,
  placeBidInput,
  relistAuctionInput,
} from '../../src/shared/schemas/auction';
import {
  checkResetTokenInput,
  forgotPasswordInput,
  loginInput,
  resetPasswordInput,
  signupInput,
  verifyEmailInput,
} from '../../src/shared/schemas/auth';
import { contactInput } from '../../src/shared/schemas/contact';
import { FEEDBACK_RATINGS, feedbackInput } from '../../src/shared/feedback';
import { REPORT_ACTIONS, REPORT_REASONS, reportInput, resolveReportInput } from '../../src/shared/reports';
import { cancelOrderInput, orderIdInput, shippedInput } from '../../src/shared/orders';
import { markNotificationsReadInput } from '../../src/shared/schemas/notifications';
import { removeBidderInput } from '../../src/shared/schemas/admin';
import { deleteSearchInput, saveSearchFields, saveSearchInput } from '../../src/shared/schemas/saved-searches';
import { sendMessageInput } from '../../src/shared/schemas/messages';
import { changePasswordInput, setAvatarInput, setWatchingInput, userSettingsInput } from '../../src/shared/schemas/user';
import { disableTwoFactorInput, enableTwoFactorInput, loginCodeInput } from '../../src/shared/two-factor';
import { codeAt, stepAt } from '../../src/server/domain/two-factor';
import { buildApp } from '../../src/server/app';
import { searchWords } from '../../src/server/domain/search';
import type { Settings } from '../../src/server/env';
import { parseId } from '../../src/server/services/auctions';
import { UPLOADS_PER_ACCOUNT } from '../../src/server/services/photo-work';
import { RATE_LIMITS_TABLE } from '../../src/server/services/rate-limit';
import { createSession, findSessionUser, hashToken, type SessionUser } from '../../src/server/services/sessions';
import { createInnerContext } from '../../src/server/trpc/context';
import { appRouter, createCaller } from '../../src/server/trpc/router';
import { PASSWORD, insertUser } from '../support/accounts';
import { FAKE_PNG, SVG, TEXT, animatedGif, fileOf, image, insertAuction, plainDate, pngOfSize, storedName } from '../support/auctions';
import { TEST_DATABASE, test, type TestDeps } from '../support/fixtures';
import { endedBelowReserve, pendingOffer } from '../support/offers';
import { makeOfferInput, offerIdInput } from '../../src/shared/offers';
import { adminCancelInput, setUserRoleInput, setUserStatusInput } from '../../src/shared/moderation';
import { adminDeleteUserInput, deleteAccountInput } from '../../src/shared/account-deletion';
import { sessionCookieHeader } from '../support/http';
import {
  ABSENT,
  FUZZ_SEED,
  anyText,
  edgeFromSpec,
  edgePassword,
  edgeText,
  fieldSpec,
  fieldValue,
  hostileJs,
  hostileJson,
  inputFor,
  malformedJson,
  multipartBody,
  numberish,
  ownObject,
  planFor,
  repeat,
  runScale,
  shapedObject,
  validEmail,
  validFromSpec,
  validPassword,
  type InputPlan,
  type Part,
  type ValueOptions,
} from './fuzz-arbitraries';

type Deps = TestDeps;

/** Rate limits out of the way: thousands of sign-ups, failed logins and messages come from few addresses. */
test.override({
  settings: {
    SIGNUPS_PER_HOUR: 1_000_000_000,
    LOGIN_FAILURES_LIMIT: 1_000_000_000,
    CONTACTS_PER_HOUR: 1_000_000_000,
    MESSAGES_PER_HOUR: 1_000_000_000,
  },
});
// Each case compares the database before and after one call: the app's own timer closing an ended
// auction in between (writing its notices) would look like the call's doing. The close has its own tests.
test.override({ buildOptions: { closeAuctions: false } });
const CALLER: ValueOptions = { json: false };
const JSON_ONLY: ValueOptions = { json: true };
const IPS = ['127.0.0.1', '203.0.113.9', '::1', '2001:db8::7'] as const;

// ---------------------------------------------------------------------------------------------
// The registry: every property names its mutation and door, and the coverage test reads it.

type Door = 'caller' | 'rest' | 'trpc-http';
/**
 * What a property runs on, from its test's fixtures: fresh deps, and for REST and /trpc an app on them;
 * makeDeps for deps on other settings (a mail server for password reset).
 */
interface World {
  deps: Deps;
  makeDeps: (overrides?: Partial<Settings>) => Promise<Deps>;
  app?: FastifyInstance;
}
type Run<W> = (numRuns: number, world: W) => Promise<void>;
interface FuzzProperty {
  path: string;
  door: Door;
  name: string;
  runs: number;
  run: Run<World>;
  /** A property that can succeed must: all-refused would mean the inputs no longer fit the schema. */
  minAccepted: number;
}
const properties: FuzzProperty[] = [];
function fuzz(path: string, door: 'caller', name: string, runs: number, run: Run<World>, options?: { minAccepted?: number }): void;
function fuzz(
  path: string,
  door: Exclude<Door, 'caller'>,
  name: string,
  runs: number,
  run: Run<Required<World>>,
  options?: { minAccepted?: number },
): void;
function fuzz(path: string, door: Door, name: string, runs: number, run: Run<Required<World>>, options: { minAccepted?: number } = {}) {
  // The test of a REST or /trpc property always hands it an app (see the end of the file).
  properties.push({ path, door, name, runs, run: run as Run<World>, minAccepted: options.minAccepted ?? 0 });
}

/** Accepted and refused calls of the property running now (shrinking included). */
let tally = { accepted: 0, refused: 0 };
const tallies: string[] = [];

/** The share of the runs, and the seed, of this database (see the top of the file). */
const DATABASE_SHARE = TEST_DATABASE === 'postgres' ? 0.125 : 0.5;
const SEED = TEST_DATABASE === 'postgres' ? FUZZ_SEED + 1 : FUZZ_SEED;

let executed = 0;
const finished = new Set<string>();
const started = Date.now();

async function check<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => Promise<void>): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      executed += 1;
      await predicate(value);
    }),
    { numRuns, seed: SEED },
  );
}

// ---------------------------------------------------------------------------------------------
// State of the world: every table's row count, auction prices, user roles, hashes and avatars, the stored files by name.

interface Snapshot {
  counts: Record<string, number>;
  /** Per auction: `price:count:startingPrice:endsAt:leaderId`. */
  auctions: Record<string, string>;
  users: Record<string, string>;
  /** Standing maxima, `auctionId:bidderId` → amount. */
  maxima: Record<string, number>;
  /** Per notice: `userId:readAt`, readAt empty while unread. */
  notices: Record<string, string>;
  /** Per user: whether notices are also mailed (1 or 0). */
  emailNotifications: Record<string, number>;
  /** Per user: the stored avatar's file name, empty for the drawn initial. */
  avatars: Record<string, string>;
  /** The names of the files in UPLOAD_DIR, sorted. */
  files: string[];
}

/**
 * The counts of auctions the database keeps itself from the auctions (docs/decisions/0017), an index
 * of them rather than data: a seller's first auction adds a row.
 */
const KEPT_COUNTS = ['auction_counts', 'seller_auction_counts'];

/**
 * The tables that hold the site's data: not the migrations' own, nor PostgreSQL's rate limit counts
 * (SQLite keeps those in memory), nor the kept counts.
 */
async function dataTables(deps: Deps): Promise<string[]> {
  const rows =
    TEST_DATABASE === 'postgres'
      ? await deps.sql<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' and tablename <> $1", [
          RATE_LIMITS_TABLE,
        ])
      : await deps.sql<{ name: string }>(
          // Full-text indexes (a virtual table and its shadow tables) are an index of users, not data.
          "select name from sqlite_master m where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\' " +
            "and not exists (select 1 from sqlite_master v where v.type = 'table' and v.sql like 'CREATE VIRTUAL TABLE%' " +
            "and (m.name = v.name or m.name like v.name || '\\_%' escape '\\'))",
        );
  return rows.map((row) => row.name).filter((name) => !KEPT_COUNTS.includes(name));
}

const tablesOf = new WeakMap<Deps, Promise<string[]>>();

async function snapshot(deps: Deps): Promise<Snapshot> {
  let listed = tablesOf.get(deps);
  if (!listed) tablesOf.set(deps, (listed = dataTables(deps)));
  const tables = await listed;
  expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'auctions', 'bids', 'login_events', 'contact_messages']));
  const toMap = <V>(rows: Array<{ id: number | string; v: V }>) => Object.fromEntries(rows.map((r) => [String(r.id), r.v]));
  const auctions = await deps.sql<{ id: number; price: number; count: number; start: number; endsAt: number; leader: number | null }>(
    'select id, current_price as price, bids_count as count, starting_price as start, ends_at as "endsAt", leader_id as leader from auctions',
  );
  const users = await deps.sql<{ id: number; role: string; hash: string; email: string; verified: number; avatar: string | null }>(
    'select id, role, password_hash as hash, email, email_verified_at is not null as verified, avatar from users',
  );
  // Standing maxima: the leader's on the auction row, everyone else's in max_bids.
  const maxima = await deps.sql<{ auctionId: number; bidderId: number; v: number }>(
    'select id as "auctionId", leader_id as "bidderId", leader_max as v from auctions where leader_id is not null union all ' +
      'select m.auction_id, m.bidder_id, m.amount from max_bids m join auctions a on a.id = m.auction_id ' +
      'where a.leader_id is null or m.bidder_id <> a.leader_id order by 1, 2',
  );
  const notices = await deps.sql<{ id: number; userId: number; readAt: number | null }>(
    'select id, user_id as "userId", read_at as "readAt" from notifications',
  );
  return {
    counts: (await deps.sqlOne<Record<string, number>>(
      `select ${tables.map((t) => `(select count(*) from "${t}") as "${t}"`).join(', ')}`,
    ))!,
    auctions: toMap(auctions.map((a) => ({ id: a.id, v: `${a.price}:${a.count}:${a.start}:${a.endsAt}:${a.leader ?? ''}` }))),
    users: toMap(users.map((u) => ({ id: u.id, v: `${u.role}:${u.hash}:${u.email}:${Number(u.verified)}` }))),
    maxima: toMap(maxima.map((m) => ({ id: `${m.auctionId}:${m.bidderId}`, v: m.v }))),
    notices: toMap(notices.map((n) => ({ id: n.id, v: `${n.userId}:${n.readAt ?? ''}` }))),
    emailNotifications: toMap(await deps.sql<{ id: number; v: number }>('select id, email_notifications as v from users')),
    avatars: toMap(users.map((u) => ({ id: u.id, v: u.avatar ?? '' }))),
    files: readdirSync(deps.settings.UPLOAD_DIR).sort(),
  };
}

/** The tables whose row count changed, with the change. */
function delta(before: Snapshot, after: Snapshot): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [table, n] of Object.entries(after.counts)) if (n !== before.counts[table]) changed[table] = n - (before.counts[table] ?? 0);
  if (after.files.length !== before.files.length) changed.files = after.files.length - before.files.length;
  return changed;
}

function expectUnchanged(before: Snapshot, after: Snapshot, what: string) {
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    expect(after, `${what}: a refused call changed the database or the uploads`).toEqual(before);
  }
}

// ---------------------------------------------------------------------------------------------
// Doors

type Outcome = { ok: true; value: unknown } | { ok: false; error: TRPCError };

/** Calls a procedure: it resolves, or rejects with a TRPCError other than INTERNAL_SERVER_ERROR. */
async function attempt(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    const value = await call();
    tally.accepted += 1;
    return { ok: true, value };
  } catch (error) {
    tally.refused += 1;
    if (!(error instanceof TRPCError)) throw new Error(`rejected with a non-TRPCError: ${String(error)}`, { cause: error });
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      const cause = error.cause instanceof Error ? error.cause.stack : String(error.cause);
      throw new Error(`INTERNAL_SERVER_ERROR: ${error.message}\ncause: ${cause}`, { cause: error });
    }
    return { ok: false, error };
  }
}

interface Actor {
  id: number;
  email: string;
  token: string;
  sessionId: string;
  user: SessionUser;
}

async function makeActor(deps: Deps, name = 'Fuzz Actor'): Promise<Actor> {
  const row = await insertUser(deps, { name });
  const { token } = await createSession(deps, row.id);
  return { id: row.id, email: row.email, token, sessionId: hashToken(token), user: (await findSessionUser(deps, token))! };
}

function callerFor(deps: Deps, actor: Actor | null, ip: string = IPS[0]) {
  return createCaller(createInnerContext(deps, { user: actor?.user ?? null, client: { ip } }));
}

/** Schema-invalid input is BAD_REQUEST, or UNAUTHORIZED first when a signed-in procedure is called signed out. */
function expectSchemaRefusal(outcome: Outcome, schema: z.ZodType, input: unknown, protectedProcedure: boolean, signedIn: boolean) {
  if (schema.safeParse(input).success) return;
  expect(outcome.ok, 'schema-invalid input was accepted').toBe(false);
  if (!outcome.ok) expect(outcome.error.code).toBe(protectedProcedure && !signedIn ? 'UNAUTHORIZED' : 'BAD_REQUEST');
}

type Wire = {
  contentType: string | undefined;
  origin: string | undefined;
  auth: 'none' | 'bearer' | 'cookie' | 'garbage' | 'stale';
  ip: string;
};

const wireArb = (authWeights: Partial<Record<Wire['auth'], number>> = {}): fc.Arbitrary<Wire> =>
  fc.record({
    contentType: fc.oneof(
      { weight: 14, arbitrary: fc.constant('application/json') },
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          undefined,
          'application/json; charset=utf-8',
          'Application/JSON',
          'application/json;charset=utf-16',
          'application/json; charset=latin1',
          'text/plain',
          'text/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          '',
          '*/*',
          'application/json, text/html',
          'application/vnd.api+json',
          'application/jsonx',
        ),
      },
    ),
    origin: fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      fc.constantFrom('http://localhost:80', 'http://localhost', 'http://evil.example', 'null', ''),
    ),
    auth: fc.oneof(
      ...(['none', 'bearer', 'cookie', 'garbage', 'stale'] as const).map((a) => ({
        weight: authWeights[a] ?? 1,
        arbitrary: fc.constant(a),
      })),
    ),
    ip: fc.constantFrom(...IPS),
  });

interface RestAuth {
  live: string;
  stale: string;
}

function headersFor(wire: Wire, auth: RestAuth | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (wire.contentType !== undefined) headers['content-type'] = wire.contentType;
  if (wire.origin !== undefined) headers.origin = wire.origin;
  if (auth && wire.auth === 'bearer') headers.authorization = `Bearer ${auth.live}`;
  if (auth && wire.auth === 'cookie') headers.cookie = sessionCookieHeader(auth.live);
  if (wire.auth === 'garbage') headers.authorization = 'Bearer not-a-real-token';
  if (auth && wire.auth === 'stale') headers.cookie = sessionCookieHeader(auth.stale);
  return headers;
}

/** A body: a value sent as JSON, or raw text that is not the JSON it claims to be, or nothing. */
type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };
const bodyArb = (values: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 12, arbitrary: values.map((value): Body => ({ kind: 'json', value })) },
    { weight: 3, arbitrary: malformedJson().map((text): Body => ({ kind: 'raw', text })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );

function payloadOf(body: Body): string | undefined {
  if (body.kind === 'none') return undefined;
  if (body.kind === 'raw') return body.text;
  return JSON.stringify(body.value);
}

/** What the route handler would see as its body: the parsed JSON object, or {} (unvalidatedBody). */
function serverView(payload: string | undefined): unknown {
  if (payload === undefined || payload === '') return {};
  try {
    const value: unknown = JSON.parse(payload);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return undefined;
  }
}

/** Would this request reach a password check (scrypt)? Such cases belong to the slow properties. */
function reachesSchema(wire: Wire, payload: string | undefined): boolean {
  const type = wire.contentType?.split(';')[0]?.trim().toLowerCase();
  const sameOrigin = wire.origin === undefined || wire.origin === 'http://localhost:80';
  return sameOrigin && (payload === undefined || type === 'application/json');
}

/**
 * A clean JSON request (JSON type, same origin, a JSON object) whose body fails the schema is 400, or
 * 401 for a signed-in route called without a live session.
 */
function expectRestSchemaRefusal(
  res: LightMyRequestResponse,
  wire: Wire,
  payload: string | undefined,
  schema: z.ZodType,
  signedInRoute = false,
) {
  const type = wire.contentType?.toLowerCase().replace(/\s/g, '');
  if (
    !(type === 'application/json' || type === 'application/json;charset=utf-8') ||
    !(wire.origin === undefined || wire.origin === 'http://localhost:80')
  )
    return;
  // Over Fastify's body limit (1 MiB) is 413 before any parsing.
  if (payload !== undefined && Buffer.byteLength(payload) > 1024 * 1024) return;
  const seen = payload === undefined ? {} : serverView(payload);
  if (seen === undefined || (payload !== undefined && /__proto__|constructor/.test(payload))) return;
  if (schema.safeParse(seen).success) return;
  const live = wire.auth === 'bearer' || wire.auth === 'cookie';
  expect(res.statusCode, res.body.slice(0, 300)).toBe(signedInRoute && !live ? 401 : 400);
}

/** Never a 5xx; an error has {error, message} strings (the same text) and issues only as an array. */
function expectSaneResponse(res: LightMyRequestResponse, what: string) {
  if (res.statusCode < 400) tally.accepted += 1;
  else tally.refused += 1;
  expect(res.statusCode, `${what}: ${res.statusCode} ${res.body.slice(0, 500)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    let body: { error?: unknown; message?: unknown; issues?: unknown; code?: unknown };
    try {
      body = res.json();
    } catch {
      throw new Error(`${what}: ${res.statusCode} error body is not JSON: ${res.body.slice(0, 200)}`);
    }
    expect(typeof body.error, `${what}: ${res.body.slice(0, 300)}`).toBe('string');
    expect((body.error as string).length).toBeGreaterThan(0);
    expect(body.message, `${what}: ${res.body.slice(0, 300)}`).toBe(body.error);
    if (body.issues !== undefined) {
      expect(Array.isArray(body.issues)).toBe(true);
      for (const issue of body.issues as Array<{ path: unknown; message: unknown }>) {
        expect(typeof issue.path).toBe('string');
        expect(typeof issue.message).toBe('string');
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Invariants of accepted calls, shared by both doors

function userRow(deps: Deps, id: number | string) {
  return deps.sqlOne<{ id: number; name: string; email: string; role: string; passwordHash: string }>(
    'select id, name, email, role, password_hash as "passwordHash" from users where id = $1',
    [Number(id)],
  );
}

async function expectSignedUp(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, result: unknown) {
  const parsed = signupInput.parse(input);
  const { user, token } = result as { user: { _id: string; role: string; email: string }; token: string };
  expect(user.role).toBe('user');
  const row = (await userRow(deps, user._id))!;
  expect(row).toMatchObject({ role: 'user', email: parsed.email, name: parsed.name });
  expect(row.name).toBe(row.name.trim());
  expect(row.email).toBe(row.email.toLowerCase());
  expect(delta(before, after)).toEqual({ users: 1, sessions: 1, login_events: 1 });
  expect((await findSessionUser(deps, token))?.id).toBe(row.id);
}

async function expectLoggedIn(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, result: unknown, expectedUserId: number) {
  const parsed = loginInput.parse(input);
  const { user, token } = result as { user: { _id: string; role: string }; token: string };
  expect(user._id).toBe(String(expectedUserId));
  expect((await userRow(deps, expectedUserId))!.email).toBe(parsed.email);
  expect(delta(before, after)).toEqual({ sessions: 1, login_events: 1 });
  expect((await findSessionUser(deps, token))?.id).toBe(expectedUserId);
  expect(after.users).toEqual(before.users);
}

async function expectPasswordChanged(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, actor: Actor) {
  changePasswordInput.parse(input);
  const changes = delta(before, after);
  expect(Object.keys(changes).filter((k) => k !== 'sessions')).toEqual([]);
  expect(changes.sessions ?? 0).toBeLessThanOrEqual(0);
  expect(after.users[actor.id]).not.toBe(before.users[actor.id]);
  for (const [id, v] of Object.entries(after.users)) if (id !== String(actor.id)) expect(v).toBe(before.users[id]);
  const own = await deps.sql<{ id: string }>('select id from sessions where user_id = $1', [actor.id]);
  expect(own.map((session) => session.id)).toEqual([actor.sessionId]);
}

async function expectAuctionCreated(deps: Deps, before: Snapshot, after: Snapshot, result: unknown, sellerId: number) {
  const { newAuction } = result as {
    newAuction: { _id: string; currentPrice: number; startingPrice: number; seller: { _id: string }; photos: string[] };
  };
  // Each photo and its card, 1 to 8 photos.
  expect(newAuction.photos.length).toBeGreaterThanOrEqual(1);
  expect(newAuction.photos.length).toBeLessThanOrEqual(PHOTOS_MAX);
  expect(delta(before, after)).toEqual({ auctions: 1, files: 2 * newAuction.photos.length });
  const row = (await deps.sqlOne<
    Record<string, unknown> & {
      photo: string;
      startsAt: number;
      endsAt: number;
      itemName: string;
      itemDescription: string;
      startingPrice: number;
    }
  >(
    'select seller_id as "sellerId", item_name as "itemName", item_description as "itemDescription", item_category as "itemCategory", ' +
      'starting_price as "startingPrice", current_price as "currentPrice", bids_count as "bidsCount", photo, starts_at as "startsAt", ' +
      'ends_at as "endsAt" from auctions where id = $1',
    [Number(newAuction._id)],
  ))!;
  expect(row).toMatchObject({ sellerId, currentPrice: row.startingPrice, bidsCount: 0 });
  expect(newAuction).toMatchObject({
    currentPrice: row.startingPrice,
    startingPrice: row.startingPrice,
    seller: { _id: String(sellerId) },
  });
  expect(Number.isInteger(row.startingPrice) && row.startingPrice >= 1 && row.startingPrice <= MAX_PRICE).toBe(true);
  expect(CATEGORIES).toContain(row.itemCategory);
  for (const text of [row.itemName, row.itemDescription]) {
    expect(text.trim()).toBe(text);
    expect(text.length).toBeGreaterThan(0);
  }
  expect(row.itemName.length).toBeLessThanOrEqual(120);
  expect(row.itemDescription.length).toBeLessThanOrEqual(5000);
  expect(auctionDateIssues(row.startsAt, row.endsAt, deps.now())).toEqual([]);
  expect(row.photo).toMatch(/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/);
  expect(existsSync(join(deps.settings.UPLOAD_DIR, row.photo))).toBe(true);
}

interface BidAnswer {
  message: string;
  leading: boolean;
  auction: { _id: string; currentPrice: number; itemEndDate: string; myMaxBid: number | null };
}

/**
 * An accepted bid of the one bidder of these properties: it raised exactly one open auction of someone
 * else by 1..10, raised the bidder's maximum alone, or replayed an earlier request. Nobody else bids,
 * so no automatic bid and no notice is ever owed, and the bidder leads after every accepted call.
 */
async function expectBidPlaced(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, result: unknown, bidderId: number) {
  const changes = delta(before, after);
  const moved = Object.keys(after.auctions).filter((id) => after.auctions[id] !== before.auctions[id]);
  const answer = result as BidAnswer;
  const parsed = placeBidInput.parse(input);
  expect(answer.leading).toBe(true);
  const maxKey = `${answer.auction._id}:${bidderId}`;
  const otherMaxima = (snap: Snapshot) => Object.entries(snap.maxima).filter(([key]) => key !== maxKey);
  expect(otherMaxima(after)).toEqual(otherMaxima(before));
  if (changes.bids === undefined) {
    // No bid row: nothing moved on any auction.
    expect(moved).toEqual([]);
    if (parsed.bidAmount === undefined) {
      // A maximum raised alone, by the bidder who leads (so who has bid on it): no price, no history, no end
      // moved; a raise that grew the maximum is kept in its place among the bids (for a bidder's removal).
      const standing = before.maxima[maxKey];
      expect(standing).toBeDefined();
      const raised = Math.max(standing!, parsed.maxBid!);
      expect(changes).toEqual(raised > standing! ? { max_raises: 1 } : {});
      expect(after.maxima[maxKey]).toBe(raised);
      expect(answer.auction.myMaxBid).toBe(raised);
      expect(answer.message).toBe(`Your maximum bid is now $${raised.toLocaleString('en-US')}.`);
      return;
    }
    // A replay of the same request key: no row added anywhere, and the key was used for this bid.
    expect(changes).toEqual({});
    expect(after.maxima).toEqual(before.maxima);
    const key = (input as { requestKey?: unknown }).requestKey;
    expect(typeof key).toBe('string');
    const earlier = await deps.sqlOne('select amount from bids where bidder_id = $1 and request_key = $2', [
      bidderId,
      (key as string).trim(),
    ]);
    expect(earlier).toEqual({ amount: parsed.bidAmount });
    return;
  }
  // One bid row; max_bids may gain the previous leader's maximum as it leaves the auction row (checked below).
  const { max_bids: _keptMaxima, ...rowChanges } = changes;
  expect(rowChanges).toEqual({ bids: 1 });
  expect(moved).toHaveLength(1);
  const id = moved[0]!;
  expect(id).toBe(answer.auction._id);
  const [priceBefore, countBefore, , endBefore] = before.auctions[id]!.split(':').map(Number) as [number, number, number, number];
  const [priceAfter, countAfter, , endAfter, leaderAfter] = after.auctions[id]!.split(':').map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  expect(priceAfter - priceBefore).toBeGreaterThanOrEqual(1);
  expect(priceAfter - priceBefore).toBeLessThanOrEqual(10);
  expect(countAfter).toBe(countBefore + 1);
  expect(leaderAfter).toBe(bidderId);
  // Soft close: a bid less than the window before the end moves the end to the bid's time plus the window.
  const now = deps.now();
  const windowMs = deps.settings.SOFT_CLOSE_SECONDS * 1000;
  expect(endAfter).toBe(windowMs > 0 && endBefore - now < windowMs ? now + windowMs : endBefore);
  const maximum = Math.max(before.maxima[maxKey] ?? 0, parsed.bidAmount!, parsed.maxBid ?? 0);
  // The bidder's standing maximum grew to it; everyone else's stands.
  expect(after.maxima).toEqual({ ...before.maxima, [maxKey]: maximum });
  expect(answer.auction).toMatchObject({
    _id: id,
    currentPrice: priceAfter,
    itemEndDate: new Date(endAfter).toISOString(),
    myMaxBid: maximum,
  });
  expect(answer.message).toBe('Bid placed successfully');
  const auction = (await deps.sqlOne<{ sellerId: number; startsAt: number }>(
    'select seller_id as "sellerId", starts_at as "startsAt" from auctions where id = $1',
    [Number(id)],
  ))!;
  expect(auction.sellerId).not.toBe(bidderId);
  expect(auction.startsAt).toBeLessThanOrEqual(now);
  expect(endBefore).toBeGreaterThan(now);
  const bid = await deps.sqlOne(
    'select auction_id as "auctionId", bidder_id as "bidderId", amount, auto from bids order by id desc limit 1',
  );
  expect(bid).toEqual({ auctionId: Number(id), bidderId, amount: priceAfter, auto: 0 });
  expect(parsed.bidAmount).toBe(priceAfter);
}

async function expectMessageStored(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, userId: number | null, ip: string) {
  const parsed = contactInput.parse(input);
  expect(delta(before, after)).toEqual({ contact_messages: 1 });
  const row = await deps.sqlOne(
    'select name, email, subject, message, user_id as "userId", ip_address as ip from contact_messages order by id desc limit 1',
  );
  expect(row).toEqual({ ...parsed, userId, ip });
}

// ---------------------------------------------------------------------------------------------
// Field plans, derived from the schemas' shapes

const validName = () =>
  fc.oneof(validFromSpec(fieldSpec(signupInput.shape.name)), fc.constantFrom('Ada Lovelace', '  padded name  ', 'Zoë 😀', 'مستخدم'));

function signupPlan(options: ValueOptions, takenEmails: string[]): InputPlan {
  return planFor(
    signupInput.shape,
    {
      name: validName(),
      email: fc.oneof({ weight: 3, arbitrary: validEmail() }, { weight: 1, arbitrary: fc.constantFrom(...takenEmails) }),
      password: validPassword(),
    },
    options,
    { password: edgePassword() },
  );
}

function loginPlan(options: ValueOptions, email: string): InputPlan {
  return planFor(
    loginInput.shape,
    {
      email: fc.oneof(fc.constantFrom(email, email.toUpperCase(), `  ${email}\t`), validEmail()),
      password: fc.oneof(fc.constantFrom(PASSWORD, `${PASSWORD} `, 'wrong password'), validPassword()),
    },
    options,
    { password: edgePassword() },
  );
}

/** Logins that pass the schema, mostly with the right credentials in some spelling. */
function wellFormedLogin(options: ValueOptions, email: string) {
  const plan = loginPlan(options, email);
  return fc.oneof(
    { weight: 1, arbitrary: shapedObject(plan.valid, options) },
    {
      weight: 2,
      arbitrary: shapedObject(
        {
          email: fc.constantFrom(email, email.toUpperCase(), ` ${email} `),
          password: fc.constantFrom(PASSWORD, PASSWORD, `${PASSWORD} `, ` ${PASSWORD}`),
        },
        options,
      ),
    },
  );
}

/** Stands for the actor's current password, which changes as the fuzzing goes. */
const CURRENT = Symbol('current password');

function changePasswordPlan(
  options: ValueOptions,
  withCurrent: boolean,
): { plan: InputPlan; valid: fc.Arbitrary<Record<string, unknown>> } {
  const current = withCurrent ? fc.oneof(fc.constant<unknown>(CURRENT), validPassword()) : validPassword();
  const plan = planFor(
    changePasswordInput.shape,
    { currentPassword: current, newPassword: validPassword(), confirmPassword: validPassword() },
    options,
    {
      currentPassword: edgePassword(),
      newPassword: edgePassword(),
      confirmPassword: edgePassword(),
    },
  );
  const valid = fc
    .tuple(current, validPassword(), fc.constantFrom('same', 'same', 'same', 'other'), validPassword())
    .map(([currentPassword, newPassword, confirm, other]) => ({
      currentPassword,
      newPassword,
      confirmPassword: confirm === 'same' ? newPassword : other,
    }));
  return { plan, valid };
}

function resolveCurrent(input: unknown, password: string): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || input instanceof FormData) return input;
  return ownObject(Object.entries(input).map(([k, v]) => [k, v === CURRENT ? password : v]));
}

function contactPlan(options: ValueOptions): InputPlan {
  return planFor(contactInput.shape, { email: validEmail() }, options);
}

// Bids: amounts are planned relative to the auction's price at the time of the call.
class RelativeBid {
  constructor(
    readonly step: number,
    readonly form: 'number' | 'string' | 'padded' | 'fraction' | 'exponent' | 'plus' | 'float-string',
  ) {}
  resolve(price: number): unknown {
    const amount = price + this.step;
    switch (this.form) {
      case 'number':
        return amount;
      case 'string':
        return String(amount);
      case 'padded':
        return ` ${amount}\t`;
      case 'fraction':
        return amount + 0.5;
      case 'exponent':
        return `${amount}e0`;
      case 'plus':
        return `+${amount}`;
      case 'float-string':
        return `${amount}.0`;
    }
  }
}

interface BidWorld {
  open: string[];
  own: string;
  future: string;
  ended: string;
  justEnded: string;
}

async function bidWorld(deps: Deps, bidder: Actor): Promise<BidWorld> {
  const seller = await insertUser(deps, { name: 'Fuzz Seller' });
  const now = deps.now();
  return {
    open: [
      await insertAuction(deps, seller.id, { startingPrice: 10 }),
      await insertAuction(deps, seller.id, { startingPrice: MAX_PRICE - 50 }),
      await insertAuction(deps, seller.id, { startingPrice: 1, startsAt: now, endsAt: now + 1 }),
    ],
    own: await insertAuction(deps, bidder.id, { startingPrice: 10 }),
    future: await insertAuction(deps, seller.id, { startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS }),
    ended: await insertAuction(deps, seller.id, { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS }),
    justEnded: await insertAuction(deps, seller.id, { startsAt: now - DAY_MS, endsAt: now }),
  };
}

const AUCTION_ID_EDGES = [
  '0',
  '-1',
  '999999999',
  '999999999999999',
  '9999999999999999',
  '1.0',
  '1e0',
  '0x1',
  '+1',
  '١',
  '1 1',
  '',
  ' ',
  repeat('1', 32),
  repeat('1', 33),
];

function bidPlan(options: ValueOptions, world: BidWorld): InputPlan {
  const ids = [...world.open, world.own, world.future, world.ended, world.justEnded];
  return planFor(
    placeBidInput.shape,
    {
      auctionId: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...world.open) }, fc.constantFrom(...ids)),
      bidAmount: fc
        .tuple(fc.integer({ min: 1, max: 10 }), fc.constantFrom('number', 'string', 'padded') as fc.Arbitrary<'number'>)
        .map(([s, f]) => new RelativeBid(s, f)),
      // Relative too, or the prices would soon outgrow every maximum drawn (below the bid is refused).
      maxBid: fc.oneof(
        fc
          .tuple(fc.integer({ min: 0, max: 200 }), fc.constantFrom('number', 'string', 'padded') as fc.Arbitrary<'number'>)
          .map(([s, f]) => new RelativeBid(s, f)),
        validFromSpec(fieldSpec(placeBidInput.shape.maxBid)),
      ),
      requestKey: fc.oneof(fc.constant(ABSENT), fc.constantFrom('key-aaaaaaaa', 'key-bbbbbbbb', ' key-cccccccc '), fc.uuid()),
    },
    options,
    {
      auctionId: fc.oneof(
        fc.constantFrom(...AUCTION_ID_EDGES),
        fc.constantFrom(...world.open).map((id) => ` 0${id} `),
      ),
      bidAmount: fc
        .tuple(
          fc.integer({ min: -3, max: 14 }),
          fc.constantFrom('number', 'string', 'padded', 'fraction', 'exponent', 'plus', 'float-string') as fc.Arbitrary<
            RelativeBid['form']
          >,
        )
        .map(([s, f]) => new RelativeBid(s, f)),
      maxBid: fc
        .tuple(
          fc.integer({ min: -3, max: 60 }),
          fc.constantFrom('fraction', 'exponent', 'plus', 'float-string') as fc.Arbitrary<RelativeBid['form']>,
        )
        .map(([s, f]) => new RelativeBid(s, f)),
      requestKey: fc.constantFrom('', '       ', '1234567', '12345678', ` ${repeat('k', 7)} `, repeat('k', 100), repeat('k', 101)),
    },
  );
}

/** Replaces a planned relative amount with a value for the named auction's current price. */
async function resolveBid(input: unknown, deps: Deps, auctionIdOverride?: string): Promise<unknown> {
  const rows = await deps.sql<{ id: number; price: number }>('select id, current_price as price from auctions');
  return withPrices(input, new Map(rows.map((row) => [row.id, row.price])), auctionIdOverride);
}

function withPrices(input: unknown, prices: Map<number, number>, auctionIdOverride?: string): unknown {
  const resolveValue = (value: unknown, auctionId: unknown) => {
    if (!(value instanceof RelativeBid)) return value;
    const id = typeof auctionId === 'string' ? parseId(auctionId.trim()) : null;
    return value.resolve((id === null ? undefined : prices.get(id)) ?? 10);
  };
  if (Array.isArray(input)) return input.map((item) => withPrices(item, prices, auctionIdOverride));
  if (!input || typeof input !== 'object' || input instanceof FormData || Object.getPrototypeOf(input) !== Object.prototype) return input;
  const record = input as Record<string, unknown>;
  const auctionId = auctionIdOverride ?? record.auctionId;
  return ownObject(Object.entries(record).map(([k, v]) => [k, resolveValue(v, auctionId)]));
}

// Auction create: the form's fields as FormData entries (strings or files), photos of every kind.

interface Photos {
  png: Buffer;
  jpeg: Buffer;
  webp: Buffer;
  gif: Buffer;
  exactLimit: Buffer;
  overLimit: Buffer;
}

async function loadPhotos(): Promise<Photos> {
  return {
    png: await image('png'),
    jpeg: await image('jpeg'),
    webp: await image('webp'),
    gif: await image('gif'),
    exactLimit: await pngOfSize(PHOTO_MAX_BYTES),
    overLimit: await pngOfSize(PHOTO_MAX_BYTES + 1),
  };
}

const FILE_NAMES = [
  'lamp.png',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'a\u0000b.png',
  `${repeat('n', 5000)}.png`,
  '',
  ' ',
  'ü😀.png',
  'x.svg',
  'x.html',
  '.htaccess',
  '/abs/path.png',
  'CON',
  'a"b.png',
];
const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
  '',
  'image/png; charset=utf-8',
  'IMAGE/PNG',
];

function validPhotoBytes(photos: Photos): fc.Arbitrary<Buffer> {
  return fc.constantFrom(photos.png, photos.jpeg, photos.webp, photos.gif);
}

function oddPhotoBytes(photos: Photos): fc.Arbitrary<Buffer> {
  const magic = [photos.png.subarray(0, 8), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('GIF89a'), Buffer.from('RIFF\0\0\0\0WEBPVP8 ')];
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom(
        FAKE_PNG,
        SVG,
        TEXT,
        Buffer.alloc(0),
        photos.png.subarray(0, photos.png.length - 20),
        photos.png.subarray(0, 30),
        Buffer.concat([photos.png, Buffer.from('<html><script>alert(1)</script></html>')]),
        Buffer.concat([photos.jpeg.subarray(0, 200), Buffer.alloc(100)]),
        photos.gif.subarray(0, 12),
      ),
    },
    // 5 MiB exactly (accepted) and one byte more (413): costly to copy, so rare.
    { weight: 1, arbitrary: fc.constantFrom(photos.exactLimit, photos.overLimit) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 256 }))
        .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
    },
    { weight: 3, arbitrary: fc.uint8Array({ maxLength: 128 }).map((b) => Buffer.from(b)) },
  );
}

type PhotoPlan = { kind: 'file'; bytes: Buffer; name: string; type: string } | { kind: 'text'; value: string } | { kind: 'absent' };

function photoPlanArb(photos: Photos, validOnly: boolean): fc.Arbitrary<PhotoPlan> {
  const validFile = fc
    .record({ bytes: validPhotoBytes(photos), name: fc.constantFrom(...FILE_NAMES), type: fc.constantFrom(...FILE_TYPES) })
    .map((f): PhotoPlan => ({ kind: 'file', ...f }));
  if (validOnly) return validFile;
  return fc.oneof(
    { weight: 6, arbitrary: validFile },
    {
      weight: 4,
      arbitrary: fc
        .record({ bytes: oddPhotoBytes(photos), name: fc.constantFrom(...FILE_NAMES), type: fc.constantFrom(...FILE_TYPES) })
        .map((f): PhotoPlan => ({ kind: 'file', ...f })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('lamp.png', '', 'data:image/png;base64,iVBORw0KGgo=').map((value): PhotoPlan => ({ kind: 'text', value })),
    },
    { weight: 1, arbitrary: fc.constant<PhotoPlan>({ kind: 'absent' }) },
  );
}

function dateArbs(now: number) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = fc.oneof(
    fc.integer({ min: 0, max: 14 }).map((d) => plainDate(now, d)),
    fc.integer({ min: 0, max: 14 * 24 * 60 }).map((m) => iso(now + m * 60_000)),
  );
  const edges = fc.constantFrom(
    plainDate(now, -1),
    plainDate(now, 15),
    plainDate(now, 16),
    plainDate(now, 31),
    iso(now - 1),
    iso(now),
    iso(now - 12 * 3600_000),
    new Date(now).toISOString().slice(0, 19),
    `${plainDate(now, 1)}T10:00+14:00`,
    `${plainDate(now, 1)}T10:00-12:00`,
    `${plainDate(now, 1)}T25:00Z`,
    `${plainDate(now, 1)}T23:59:60Z`,
    `${plainDate(now, 1)}t10:00z`,
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '0000-01-01',
    '9999-12-31',
    '+275760-09-13',
    '275760-09-13',
    '1970-01-01',
    '2026-6-1',
    '06/02/2026',
    'tomorrow',
    'Invalid Date',
    String(now),
    `${plainDate(now, 1)}T10:00:00.123456789Z`,
    `${plainDate(now, 1)}T10:00:00.1234567890Z`,
    ` ${plainDate(now, 2)} `,
  );
  /** A start and an end that pass the date rules (most of the time: timestamps near the limits). */
  const validPair = fc
    .tuple(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 15 }), fc.boolean())
    .map(([s, d, asTimestamp]) =>
      asTimestamp ? [iso(now + s * DAY_MS + 60_000), iso(now + (s + d) * DAY_MS + 120_000)] : [plainDate(now, s), plainDate(now, s + d)],
    );
  return { start, end: fc.integer({ min: 0, max: 20 }).map((d) => plainDate(now, d)), edges, validPair };
}

/** The create form as a list of entries: each field once, left out, twice, or as a file where text belongs. */
type FormEntry = [string, string | { bytes: Buffer; name: string; type: string }];

function formPlanArb(options: ValueOptions, now: number, photos: Photos): fc.Arbitrary<FormEntry[]> {
  const dates = dateArbs(now);
  const plan = planFor(
    createAuctionFields.shape,
    {
      itemName: fc.oneof(
        validFromSpec(fieldSpec(createAuctionFields.shape.itemName)),
        fc.constantFrom('Brass desk lamp', '  Lamp  ', 'Лампа 😀'),
      ),
      startingPrice: fc.oneof(fc.integer({ min: 1, max: 100_000 }).map(String), fc.constantFrom('1', ' 25 ', String(MAX_PRICE))),
      itemStartDate: dates.start,
      itemEndDate: dates.end,
    },
    options,
    {
      itemStartDate: dates.edges,
      itemEndDate: dates.edges,
      startingPrice: fc.constantFrom('0', String(MAX_PRICE + 1), '1.5', '1e2', '-5', ''),
    },
  );
  const asText = (value: unknown): string => {
    if (typeof value === 'string') return value;
    try {
      return typeof value === 'object' && value !== null
        ? (JSON.stringify(value) ?? '[unprintable object]')
        : String(value as string | number | boolean | bigint | symbol | undefined);
    } catch {
      return '[unprintable]';
    }
  };
  const entriesOf = (values: Record<string, unknown>): FormEntry[] =>
    Object.entries(values).flatMap(([k, v]): FormEntry[] => (v === ABSENT ? [] : [[k, asText(v)]]));
  const oddFile = fc.record({
    bytes: fc.constantFrom(TEXT, photos.png),
    name: fc.constantFrom(...FILE_NAMES),
    type: fc.constantFrom(...FILE_TYPES),
  });

  const validEntries = fc
    .tuple(fc.record(plan.valid), dates.validPair, photoPlanArb(photos, true))
    .map(([values, [start, end], photo]) => [...entriesOf({ ...values, itemStartDate: start, itemEndDate: end }), ...photoEntries(photo)]);
  const mixedEntries = fc
    .tuple(
      fc.record(plan.mixed),
      fc.oneof(
        { weight: 3, arbitrary: dates.validPair.map((p): [unknown, unknown] => [p[0], p[1]]) },
        fc.tuple(plan.mixed.itemStartDate!, plan.mixed.itemEndDate!),
      ),
      photoPlanArb(photos, false),
      // Odd extras: ownership fields, a duplicate of a field, a file where text belongs.
      fc.array(
        fc.oneof(
          fc
            .tuple(
              fc.constantFrom(
                'sellerId',
                'currentPrice',
                'bidsCount',
                'photo',
                'role',
                '__proto__',
                'constructor',
                ...Object.keys(createAuctionFields.shape),
              ),
              anyText(),
            )
            .map(([k, v]): FormEntry => [k, v]),
          fc.tuple(fc.constantFrom(...Object.keys(createAuctionFields.shape)), oddFile).map(([k, f]): FormEntry => [k, f]),
        ),
        { maxLength: 3 },
      ),
    )
    .map(([values, [start, end], photo, extra]) => [
      ...extra,
      ...entriesOf({ ...values, itemStartDate: start, itemEndDate: end }),
      ...photoEntries(photo),
    ]);
  return fc.oneof({ weight: 2, arbitrary: validEntries }, { weight: 5, arbitrary: mixedEntries });
}

function photoEntries(photo: PhotoPlan): FormEntry[] {
  if (photo.kind === 'absent') return [];
  if (photo.kind === 'text') return [['itemPhoto', photo.value]];
  return [['itemPhoto', { bytes: photo.bytes, name: photo.name, type: photo.type }]];
}

function toFormData(entries: FormEntry[]): FormData {
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new File([new Uint8Array(value.bytes)], value.name, { type: value.type }));
  }
  return form;
}

// =============================================================================================
// Through the caller

fuzz('auth.signup', 'caller', 'refused without hashing: schema-invalid or email taken', 1200, async (numRuns, { deps }) => {
  const taken = await insertUser(deps, { email: 'taken@example.com' });
  const takenEmails = [taken.email, ' TAKEN@Example.com '];
  const plan = signupPlan(CALLER, takenEmails);
  const cheap = (input: unknown) => {
    const parsed = signupInput.safeParse(input);
    return !parsed.success || parsed.data.email === taken.email;
  };
  const signedInActor = await makeActor(deps);
  await check(
    fc.tuple(inputFor(plan, CALLER).filter(cheap), fc.boolean(), fc.constantFrom(...IPS)),
    numRuns,
    async ([input, signedIn, ip]) => {
      const actor = signedIn ? signedInActor : null;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, actor, ip).auth.signup(input as never));
      expect(outcome.ok).toBe(false);
      expectSchemaRefusal(outcome, signupInput, input, false, signedIn);
      if (!outcome.ok && signupInput.safeParse(input).success) expect(outcome.error.code).toBe('CONFLICT');
      expectUnchanged(before, await snapshot(deps), 'auth.signup');
    },
  );
});

fuzz(
  'auth.signup',
  'caller',
  'valid sign-ups with privilege fields store a plain user',
  20,
  async (numRuns, { deps }) => {
    const plan = signupPlan(CALLER, ['unused@example.com']);
    const fresh = fc
      .tuple(fc.uuid(), fc.constantFrom('example.com', 'EXAMPLE.org'), fc.constantFrom('', ' '))
      .map(([u, d, pad]) => `${pad}${u}@${d}${pad}`);
    const input = shapedObject({ ...plan.valid, email: fresh }, CALLER).map((o) =>
      ownObject([...Object.entries(o), ['role', 'admin'], ['avatar', 'http://evil.example/x.png']]),
    );
    await check(input, numRuns, async (value) => {
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, null).auth.signup(value as never));
      const after = await snapshot(deps);
      if (outcome.ok) await expectSignedUp(deps, before, after, value, outcome.value);
      else expectUnchanged(before, after, 'auth.signup');
    });
  },
  { minAccepted: 1 },
);

fuzz('auth.login', 'caller', 'schema-invalid logins are refused before the password check', 1200, async (numRuns, { deps }) => {
  const user = await insertUser(deps);
  const plan = loginPlan(CALLER, user.email);
  const signedInActor = await makeActor(deps);
  await check(
    fc.tuple(
      inputFor(plan, CALLER).filter((i) => !loginInput.safeParse(i).success),
      fc.boolean(),
    ),
    numRuns,
    async ([input, signedIn]) => {
      const actor = signedIn ? signedInActor : null;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, actor).auth.login(input as never));
      expectSchemaRefusal(outcome, loginInput, input, false, signedIn);
      expectUnchanged(before, await snapshot(deps), 'auth.login');
    },
  );
});

fuzz('auth.login', 'caller', 'well-formed logins: the right user or 401, nothing else', 24, async (numRuns, { deps }) => {
  const user = await insertUser(deps);
  await check(wellFormedLogin(CALLER, user.email), numRuns, async (input) => {
    const before = await snapshot(deps);
    const outcome = await attempt(() => callerFor(deps, null).auth.login(input as never));
    const after = await snapshot(deps);
    if (outcome.ok) await expectLoggedIn(deps, before, after, input, outcome.value, user.id);
    else {
      expect(['UNAUTHORIZED', 'BAD_REQUEST']).toContain(outcome.error.code);
      expectUnchanged(before, after, 'auth.login');
    }
  });
});

fuzz(
  'auth.logout',
  'caller',
  'ignores any input; revokes only the caller’s own session',
  400,
  async (numRuns, { deps }) => {
    const user = await insertUser(deps);
    await check(
      fc.tuple(
        fc.oneof(hostileJs(), shapedObject({ sessionId: anyText(), token: anyText(), userId: numberish() }, CALLER)),
        fc.constantFrom('in', 'out', 'revoked'),
      ),
      numRuns,
      async ([input, state]) => {
        const { token } = await createSession(deps, user.id);
        const sessionUser = (await findSessionUser(deps, token))!;
        const other = await createSession(deps, user.id);
        if (state === 'revoked') await callerFor(deps, { user: sessionUser } as Actor).auth.logout();
        const before = await snapshot(deps);
        const outcome = await attempt(() =>
          callerFor(deps, state === 'out' ? null : ({ user: sessionUser } as Actor)).auth.logout(input as never),
        );
        const after = await snapshot(deps);
        expect(outcome.ok).toBe(true);
        expect(delta(before, after)).toEqual(state === 'in' ? { sessions: -1 } : {});
        expect((await findSessionUser(deps, token))?.id).toBe(state === 'out' ? user.id : undefined);
        expect((await findSessionUser(deps, other.token))?.id).toBe(user.id);
      },
    );
  },
  { minAccepted: 5 },
);

fuzz(
  'user.changePassword',
  'caller',
  'schema-invalid or signed out: refused before the password check',
  1200,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps);
    const { plan, valid } = changePasswordPlan(CALLER, false);
    const cases = fc
      .tuple(inputFor(plan, CALLER, undefined), fc.boolean())
      .filter(([input, signedIn]) => !signedIn || !changePasswordInput.safeParse(input).success);
    await check(fc.oneof(cases, fc.tuple(valid, fc.constant(false))), numRuns, async ([input, signedIn]) => {
      await createSession(deps, actor.id);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).user.changePassword(input as never));
      expect(outcome.ok).toBe(false);
      expectSchemaRefusal(outcome, changePasswordInput, input, true, signedIn);
      if (!signedIn && !outcome.ok) expect(outcome.error.code).toBe('UNAUTHORIZED');
      expectUnchanged(before, await snapshot(deps), 'user.changePassword');
    });
  },
);

fuzz(
  'user.changePassword',
  'caller',
  'well-formed changes: only with the current password; other sessions end',
  14,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps);
    const state = { password: PASSWORD };
    const { valid } = changePasswordPlan(CALLER, true);
    await check(valid, numRuns, async (planned) => {
      const input = resolveCurrent(planned, state.password);
      await createSession(deps, actor.id);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, actor).user.changePassword(input as never));
      const after = await snapshot(deps);
      if (outcome.ok) {
        await expectPasswordChanged(deps, before, after, input, actor);
        state.password = (input as { newPassword: string }).newPassword;
      } else {
        expect(outcome.error.code).toBe('BAD_REQUEST');
        expectUnchanged(before, after, 'user.changePassword');
      }
    });
  },
);

fuzz(
  'auction.create',
  'caller',
  'form data of every shape: stored whole or not at all',
  600,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Seller');
    const photos = await loadPhotos();
    const forms = formPlanArb(CALLER, deps.now(), photos).map((entries) => ({ form: true as const, entries }));
    const notForms = fc
      .oneof(
        hostileJs(),
        shapedObject(
          {
            itemName: fc.constant('Lamp'),
            itemDescription: fc.constant('A lamp'),
            itemCategory: fc.constant('Other'),
            startingPrice: fc.constant('10'),
          },
          CALLER,
        ),
      )
      .map((value) => ({ form: false as const, value }));
    await check(
      fc.tuple(fc.oneof({ weight: 8, arbitrary: forms }, { weight: 1, arbitrary: notForms }), fc.integer({ min: 0, max: 9 })),
      numRuns,
      async ([planned, signedInRoll]) => {
        const signedIn = signedInRoll > 0;
        const input = planned.form ? toFormData(planned.entries) : planned.value;
        const before = await snapshot(deps);
        const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).auction.create(input as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, createAuctionInput, input, true, signedIn);
        if (outcome.ok) {
          await expectAuctionCreated(deps, before, after, outcome.value, actor.id);
          const parsed = createAuctionInput.parse(input);
          const created = (outcome.value as { newAuction: { itemName: string; startingPrice: number; itemCategory: string } }).newAuction;
          expect(created).toMatchObject({
            itemName: parsed.itemName,
            startingPrice: parsed.startingPrice,
            itemCategory: parsed.itemCategory,
          });
        } else expectUnchanged(before, after, 'auction.create');
      },
    );
  },
  { minAccepted: 10 },
);

fuzz(
  'auction.placeBid',
  'caller',
  'a bid lands within current+1..+10 on an open auction of someone else, or nothing changes',
  1500,
  async (numRuns, { deps }) => {
    const bidder = await makeActor(deps, 'Fuzz Bidder');
    const world = await bidWorld(deps, bidder);
    const plan = bidPlan(CALLER, world);
    await check(
      fc.tuple(inputFor(plan, CALLER, { valid: 5, mixed: 12, hostile: 2 }), fc.integer({ min: 0, max: 9 })),
      numRuns,
      async ([planned, signedInRoll]) => {
        const signedIn = signedInRoll > 0;
        const input = await resolveBid(planned, deps);
        const before = await snapshot(deps);
        const outcome = await attempt(() => callerFor(deps, signedIn ? bidder : null).auction.placeBid(input as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, placeBidInput, input, true, signedIn);
        if (outcome.ok) {
          await expectBidPlaced(deps, before, after, input, outcome.value, bidder.id);
          // The placed bid, or none for a maximum raised alone.
          const { bid } = outcome.value as { bid: { bidAmount: number; bidder: { _id: string }; auto: boolean } | null };
          const { bidAmount } = placeBidInput.parse(input);
          if (bidAmount === undefined) expect(bid).toBeNull();
          else expect(bid).toMatchObject({ bidAmount, bidder: { _id: String(bidder.id) }, auto: false });
        } else expectUnchanged(before, after, 'auction.placeBid');
      },
    );
  },
  { minAccepted: 10 },
);

fuzz(
  'contact.send',
  'caller',
  'a message is stored trimmed as sent, or not at all',
  1500,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps);
    const plan = contactPlan(CALLER);
    await check(fc.tuple(inputFor(plan, CALLER), fc.boolean(), fc.constantFrom(...IPS)), numRuns, async ([input, signedIn, ip]) => {
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null, ip).contact.send(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, contactInput, input, false, signedIn);
      if (outcome.ok) await expectMessageStored(deps, before, after, input, signedIn ? actor.id : null, ip);
      else expectUnchanged(before, after, 'contact.send');
    });
  },
  { minAccepted: 10 },
);

// =============================================================================================
// Through REST (app.inject)

async function restActor(deps: Deps): Promise<Actor & RestAuth> {
  const actor = await makeActor(deps, 'Rest Fuzzer');
  const stale = (await createSession(deps, actor.id)).token;
  await deps.sql('delete from sessions where id = $1', [hashToken(stale)]);
  return { ...actor, live: actor.token, stale };
}

interface JsonCase {
  wire: Wire;
  body: Body;
}

async function sendJson(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  c: JsonCase,
  auth: RestAuth | null,
  payload = payloadOf(c.body),
) {
  return app.inject({
    method,
    url,
    headers: headersFor(c.wire, auth),
    remoteAddress: c.wire.ip,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A JSON request that must be refused: a sane answer, the schema's own refusal when it reaches it, 4xx, and nothing changed. */
async function expectJsonRefused(
  app: FastifyInstance,
  deps: Deps,
  method: 'POST' | 'PATCH',
  url: string,
  c: JsonCase,
  auth: RestAuth | null,
  schema: z.ZodType,
  signedInRoute = false,
) {
  const before = await snapshot(deps);
  const res = await sendJson(app, method, url, c, auth);
  expectSaneResponse(res, `${method} ${url}`);
  expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), schema, signedInRoute);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expectUnchanged(before, await snapshot(deps), `${method} ${url}`);
}

fuzz('auth.signup', 'rest', 'POST /api/auth/signup: JSON of every shape, refused without hashing', 500, async (numRuns, { app, deps }) => {
  const taken = await insertUser(deps, { email: 'taken@example.com' });
  const plan = signupPlan(JSON_ONLY, [taken.email]);
  const cases = fc.record({ wire: wireArb(), body: bodyArb(inputFor(plan, JSON_ONLY)) }).filter((c) => {
    const payload = payloadOf(c.body);
    if (!reachesSchema(c.wire, payload)) return true;
    const parsed = signupInput.safeParse(serverView(payload));
    return !parsed.success || parsed.data.email === taken.email;
  });
  await check(cases, numRuns, (c) => expectJsonRefused(app, deps, 'POST', '/api/auth/signup', c, null, signupInput));
});

fuzz('auth.signup', 'rest', 'POST /api/auth/signup: valid bodies with role admin store a plain user', 8, async (numRuns, { app, deps }) => {
  const plan = signupPlan(JSON_ONLY, ['unused@example.com']);
  const body = shapedObject({ ...plan.valid, email: fc.uuid().map((u) => `${u}@Example.com`) }, JSON_ONLY).map((o) =>
    ownObject([...Object.entries(o), ['role', 'admin']]),
  );
  await check(body, numRuns, async (value) => {
    const before = await snapshot(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(value),
    });
    expectSaneResponse(res, 'POST /api/auth/signup');
    const after = await snapshot(deps);
    if (res.statusCode === 201) await expectSignedUp(deps, before, after, JSON.parse(JSON.stringify(value)), res.json());
    else expectUnchanged(before, after, 'POST /api/auth/signup');
  });
});

fuzz(
  'auth.login',
  'rest',
  'POST /api/auth/login: JSON of every shape, refused before the password check',
  500,
  async (numRuns, { app, deps }) => {
    const user = await insertUser(deps);
    const plan = loginPlan(JSON_ONLY, user.email);
    const cases = fc
      .record({ wire: wireArb(), body: bodyArb(inputFor(plan, JSON_ONLY)) })
      .filter((c) => !reachesSchema(c.wire, payloadOf(c.body)) || !loginInput.safeParse(serverView(payloadOf(c.body))).success);
    await check(cases, numRuns, (c) => expectJsonRefused(app, deps, 'POST', '/api/auth/login', c, null, loginInput));
  },
);

fuzz('auth.login', 'rest', 'POST /api/auth/login: well-formed logins answer 200 for the user or 401', 8, async (numRuns, { app, deps }) => {
  const user = await insertUser(deps);
  await check(wellFormedLogin(JSON_ONLY, user.email), numRuns, async (value) => {
    const before = await snapshot(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(value),
    });
    expectSaneResponse(res, 'POST /api/auth/login');
    const after = await snapshot(deps);
    if (res.statusCode === 200) await expectLoggedIn(deps, before, after, JSON.parse(JSON.stringify(value)), res.json(), user.id);
    else {
      expect([400, 401]).toContain(res.statusCode);
      expectUnchanged(before, after, 'POST /api/auth/login');
    }
  });
});

fuzz(
  'auth.logout',
  'rest',
  'POST /api/auth/logout: any body and type; only its own session ends',
  200,
  async (numRuns, { app, deps }) => {
    const user = await insertUser(deps);
    const cases = fc.record({ wire: wireArb({ bearer: 3, cookie: 3 }), body: bodyArb(hostileJson()) });
    await check(cases, numRuns, async (c) => {
      const { token } = await createSession(deps, user.id);
      const other = await createSession(deps, user.id);
      const stale = (await createSession(deps, user.id)).token;
      await deps.sql('delete from sessions where id = $1', [hashToken(stale)]);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/auth/logout', c, { live: token, stale });
      expectSaneResponse(res, 'POST /api/auth/logout');
      const after = await snapshot(deps);
      const presented = c.wire.auth === 'bearer' || c.wire.auth === 'cookie';
      if (res.statusCode === 200) expect(delta(before, after)).toEqual(presented ? { sessions: -1 } : {});
      else expectUnchanged(before, after, 'POST /api/auth/logout');
      expect((await findSessionUser(deps, other.token))?.id).toBe(user.id);
    });
  },
  { minAccepted: 5 },
);

fuzz(
  'user.changePassword',
  'rest',
  'PATCH /api/user: JSON of every shape, refused before the password check',
  500,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const { plan, valid } = changePasswordPlan(JSON_ONLY, false);
    const cases = fc
      .record({ wire: wireArb({ bearer: 3, cookie: 3 }), body: bodyArb(fc.oneof(inputFor(plan, JSON_ONLY), valid)) })
      .filter((c) => {
        const payload = payloadOf(c.body);
        const signedIn = c.wire.auth === 'bearer' || c.wire.auth === 'cookie';
        return !signedIn || !reachesSchema(c.wire, payload) || !changePasswordInput.safeParse(serverView(payload)).success;
      });
    await check(cases, numRuns, (c) => expectJsonRefused(app, deps, 'PATCH', '/api/user', c, actor, changePasswordInput, true));
  },
);

fuzz('user.changePassword', 'rest', 'PATCH /api/user: well-formed changes with the current password', 6, async (numRuns, { app, deps }) => {
  const actor = await restActor(deps);
  const state = { password: PASSWORD };
  const { valid } = changePasswordPlan(JSON_ONLY, true);
  await check(valid, numRuns, async (planned) => {
    const input = resolveCurrent(planned, state.password);
    await createSession(deps, actor.id);
    const before = await snapshot(deps);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${actor.live}` },
      payload: JSON.stringify(input),
    });
    expectSaneResponse(res, 'PATCH /api/user');
    const after = await snapshot(deps);
    if (res.statusCode === 200) {
      await expectPasswordChanged(deps, before, after, input, actor);
      state.password = (input as { newPassword: string }).newPassword;
    } else expectUnchanged(before, after, 'PATCH /api/user');
  });
});

const PATH_ID_EDGES = [
  '%',
  '%zz',
  '%00',
  '..%2F..%2Fuser',
  '..',
  '.',
  '1%2F2',
  '1;x',
  '1%20',
  '%201',
  '%E2%80%AE1',
  repeat('9', 5001),
  '1?bidAmount=11',
  'constructor',
  '__proto__',
];

fuzz(
  'auction.placeBid',
  'rest',
  'POST /api/auction/:id: odd ids and bodies; a bid lands in range or nothing changes',
  600,
  async (numRuns, { app, deps }) => {
    const bidder = await restActor(deps);
    const world = await bidWorld(deps, bidder);
    const plan = bidPlan(JSON_ONLY, world);
    // The body's own auctionId is overridden by the path's (the adapter spreads it last).
    const body = inputFor(plan, JSON_ONLY, { valid: 5, mixed: 12, hostile: 2 });
    const idArb = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...world.open) },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(world.own, world.future, world.ended, world.justEnded, ...AUCTION_ID_EDGES.filter((s) => s.trim() !== ''))
          .map(encodeURIComponent),
      },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    await check(fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(body), id: idArb }), numRuns, async (c) => {
      let decodedId: string | undefined;
      try {
        decodedId = decodeURIComponent(c.id);
      } catch {
        decodedId = undefined;
      }
      const resolved: Body = c.body.kind === 'json' ? { kind: 'json', value: await resolveBid(c.body.value, deps, decodedId) } : c.body;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', `/api/auction/${c.id}`, { wire: c.wire, body: resolved }, bidder);
      expectSaneResponse(res, `POST /api/auction/${c.id.slice(0, 40)}`);
      const after = await snapshot(deps);
      if (res.statusCode === 201 || res.statusCode === 200) {
        const seen = serverView(payloadOf(resolved)) as Record<string, unknown>;
        const input = { ...seen, auctionId: decodedId };
        // 200 only for a maximum raised alone, which places no bid.
        expect(res.statusCode).toBe(placeBidInput.parse(input).bidAmount === undefined ? 200 : 201);
        expect(Object.keys(res.json() as object).sort()).toEqual(['auction', 'leading', 'message']);
        await expectBidPlaced(deps, before, after, input, res.json(), bidder.id);
      } else expectUnchanged(before, after, 'POST /api/auction/:id');
    });
  },
  { minAccepted: 5 },
);

fuzz(
  'contact.send',
  'rest',
  'POST /api/contact: stored trimmed as sent, or not at all',
  600,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const plan = contactPlan(JSON_ONLY);
    await check(fc.record({ wire: wireArb(), body: bodyArb(inputFor(plan, JSON_ONLY)) }), numRuns, async (c) => {
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/contact', c, actor);
      expectSaneResponse(res, 'POST /api/contact');
      expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), contactInput);
      const after = await snapshot(deps);
      if (res.statusCode === 201) {
        const signedIn = c.wire.auth === 'bearer' || c.wire.auth === 'cookie';
        await expectMessageStored(deps, before, after, serverView(payloadOf(c.body)), signedIn ? actor.id : null, c.wire.ip);
      } else expectUnchanged(before, after, 'POST /api/contact');
    });
  },
  { minAccepted: 5 },
);

/** Whether the user watches the auction, read from the table itself. */
async function watches(deps: Deps, userId: number, auctionId: string | undefined): Promise<boolean> {
  const id = auctionId === undefined ? null : parseId(auctionId);
  if (id === null) return false;
  return (await deps.sqlOne('select 1 from watches where user_id = $1 and auction_id = $2', [userId, id])) !== undefined;
}

/** An accepted watch or unwatch: the row is there exactly when asked, and nothing but the watchlist changed. */
async function expectWatchSet(deps: Deps, before: Snapshot, after: Snapshot, userId: number, auctionId: string, watching: boolean) {
  expect(await watches(deps, userId, auctionId)).toBe(watching);
  const { watches: changed = 0, ...others } = delta(before, after);
  expect(others).toEqual({});
  expect([-1, 0, 1]).toContain(changed);
  expect({ ...before, counts: {} }).toEqual({ ...after, counts: {} });
}

fuzz(
  'user.setWatching',
  'caller',
  'watched exactly as asked on a known auction; anything else changes nothing',
  600,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Watcher');
    const world = await bidWorld(deps, actor);
    const known = [...world.open, world.own, world.future, world.ended, world.justEnded];
    const auctionId = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...known) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES) },
      { weight: 1, arbitrary: fc.string({ maxLength: 1100 }) },
      { weight: 1, arbitrary: fc.anything() },
    );
    const watching = fc.oneof({ weight: 8, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.anything() });
    const input = fc.oneof(
      { weight: 9, arbitrary: fc.record({ auctionId, watching }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: hostileJs() },
    );
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([value, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).user.setWatching(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, setWatchingInput, value, true, signedIn);
      if (outcome.ok) {
        const parsed = setWatchingInput.parse(value);
        expect(known).toContain(parsed.auctionId);
        expect(outcome.value).toEqual({ watching: parsed.watching });
        await expectWatchSet(deps, before, after, actor.id, parsed.auctionId, parsed.watching);
      } else {
        expect(['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'user.setWatching');
      }
    });
  },
  { minAccepted: 10 },
);

fuzz(
  'user.setWatching',
  'rest',
  'PUT and DELETE /api/user/watchlist/:auctionId: odd ids and bodies; watched as asked or nothing changes',
  600,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await bidWorld(deps, actor);
    const idArb = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...world.open, world.own, world.ended) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    const cases = fc.record({
      method: fc.constantFrom('PUT' as const, 'DELETE' as const),
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(hostileJson()),
      id: idArb,
    });
    await check(cases, numRuns, async (c) => {
      const before = await snapshot(deps);
      const res = await sendJson(app, c.method, `/api/user/watchlist/${c.id}`, c, actor);
      expectSaneResponse(res, `${c.method} /api/user/watchlist/${c.id.slice(0, 40)}`);
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        const watching = c.method === 'PUT';
        expect(res.json()).toEqual({ watching });
        // The path's id as the server reads it: before any query string, decoded.
        await expectWatchSet(deps, before, after, actor.id, decodeURIComponent(c.id.split('?')[0]!), watching);
      } else {
        // Refused: signed out, a foreign origin, no such auction; the body is ignored, but one the
        // server cannot read at all (not JSON under a JSON type, an empty type) is refused as such.
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, `${c.method} /api/user/watchlist/:auctionId`);
      }
    });
  },
  { minAccepted: 5 },
);

// ---------------------------------------------------------------------------------------------
// Saved searches

/** The user's saved searches as the table holds them, by id. */
async function savedSearchRows(deps: Deps, userId: number) {
  return deps.sql<{ id: number; q: string | null; category: string | null; maxPrice: number | null; createdAt: number }>(
    'select id, q, category, max_price as "maxPrice", created_at as "createdAt" from saved_searches where user_id = $1 order by id',
    [userId],
  );
}

/** `{q?, category?, maxPrice?}`: words people search for, the schema's edges, and the hostile rest. */
function saveSearchPlan(options: ValueOptions): InputPlan {
  const words = fc.constantFrom('lamp', 'brass lamp', ' Café ', 'a b', 'é', '"bic"*', 'OR', 'x', '-used 1968', 'Ångström kite');
  const price = fc.integer({ min: 0, max: 2000 }).chain((n) => fc.constantFrom<unknown>(n, String(n)));
  return planFor(saveSearchFields.shape, { q: words, maxPrice: price }, options, {
    q: fc.constantFrom<unknown>(null, '', '   ', '\u0000lamp', 'lamp\ud800', 'lamp\u202e', repeat('ab ', 34)),
    category: fc.constantFrom<unknown>(null, '', 'art', 'Spaceships'),
    maxPrice: fc.constantFrom<unknown>(null, '', -1, 1.5, '1e3', MAX_PRICE, MAX_PRICE + 1, '0012'),
  });
}

/** Now and then the actor's searches go, so that the limit of 20 is met sometimes and not always. */
async function fewerSearches(deps: Deps, userId: number, roll: number) {
  if (roll === 0) await deps.sql('delete from saved_searches where user_id = $1', [userId]);
}

/**
 * A save, accepted or refused: accepted, the actor keeps the search as the schema and the words read
 * it (one more row, or the same one answered again), and nothing else changed; refused, nothing
 * changed, and a refusal the service gave (`refusal`: 400 or 409; 0 when the door refused first) was
 * for a search that narrows by nothing, or with the limit met.
 */
async function expectSaveOutcome(
  deps: Deps,
  before: Snapshot,
  after: Snapshot,
  input: unknown,
  outcome: { ok: true; value: unknown } | { ok: false; refusal: number },
  userId: number,
  kept: number,
) {
  const parsed = saveSearchInput.safeParse(input);
  if (!outcome.ok) {
    expectUnchanged(before, after, 'saving a search');
    const what = `refused with ${outcome.refusal}, ${kept} kept`;
    if (outcome.refusal === 409) expect(kept, what).toBe(SAVED_SEARCHES_MAX);
    if (outcome.refusal === 400 && parsed.success) {
      const { q, category, maxPrice } = parsed.data;
      expect(searchWords(q).length === 0 && category === undefined && maxPrice === undefined, what).toBe(true);
    }
    return;
  }
  expect(parsed.success).toBe(true);
  const { q, category, maxPrice } = parsed.data!;
  const expected = {
    q: q !== undefined && searchWords(q).length > 0 ? q : null,
    category: category ?? null,
    maxPrice: maxPrice === undefined ? null : maxPrice + 0,
  }; // -0 is kept as 0
  const answer = outcome.value as { _id: string; createdAt: string };
  expect(answer).toEqual({ _id: expect.stringMatching(/^\d+$/) as string, ...expected, createdAt: expect.any(String) as string });
  const rows = await savedSearchRows(deps, userId);
  expect(rows.find((row) => String(row.id) === answer._id)).toMatchObject(expected);
  expect(rows.length).toBeLessThanOrEqual(SAVED_SEARCHES_MAX);
  const { saved_searches: added = 0, ...others } = delta(before, after);
  expect(others).toEqual({});
  expect([0, 1]).toContain(added);
  expect({ ...before, counts: {} }).toEqual({ ...after, counts: {} });
}

fuzz(
  'user.saveSearch',
  'caller',
  'kept as the words read it, within 20; refused, nothing changes',
  300,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Saver');
    const input = inputFor(saveSearchPlan(CALLER), CALLER);
    await check(
      fc.tuple(
        fc.oneof({ weight: 12, arbitrary: input }, { weight: 1, arbitrary: fc.constant(undefined) }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 15 }),
      ),
      numRuns,
      async ([value, signedInRoll, fewerRoll]) => {
        const signedIn = signedInRoll > 0;
        await fewerSearches(deps, actor.id, fewerRoll);
        const kept = (await savedSearchRows(deps, actor.id)).length;
        const before = await snapshot(deps);
        const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).user.saveSearch(value as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, saveSearchInput, value, true, signedIn);
        if (!outcome.ok) expect(['BAD_REQUEST', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
        const refusal = outcome.ok ? 0 : (({ BAD_REQUEST: 400, CONFLICT: 409 } as Record<string, number>)[outcome.error.code] ?? 0);
        await expectSaveOutcome(deps, before, after, value, outcome.ok ? outcome : { ok: false, refusal }, actor.id, kept);
      },
    );
  },
  { minAccepted: 20 },
);

fuzz(
  'user.saveSearch',
  'rest',
  'POST /api/user/searches: kept as the words read it, within 20; refused, nothing changes',
  300,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(inputFor(saveSearchPlan(JSON_ONLY), JSON_ONLY)),
      fewerRoll: fc.integer({ min: 0, max: 15 }),
    });
    await check(cases, numRuns, async (c) => {
      await fewerSearches(deps, actor.id, c.fewerRoll);
      const kept = (await savedSearchRows(deps, actor.id)).length;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/user/searches', c, actor);
      expectSaneResponse(res, 'POST /api/user/searches');
      expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), saveSearchInput, true);
      const after = await snapshot(deps);
      // The service's own refusals: a clean JSON request, signed in (400 before a session is a body the door refused).
      const type = c.wire.contentType?.toLowerCase().replace(/\s/g, '');
      const clean =
        (type === 'application/json' || type === 'application/json;charset=utf-8') &&
        (c.wire.origin === undefined || c.wire.origin === 'http://localhost:80') &&
        (c.wire.auth === 'bearer' || c.wire.auth === 'cookie');
      const payload = payloadOf(c.body);
      const view = serverView(payload);
      // A body the JSON parser refuses on its own (a prototype key, over its size) never reached the service.
      const reached = view !== undefined && !/__proto__|constructor/.test(payload ?? '') && Buffer.byteLength(payload ?? '') <= 1024 * 1024;
      const refusal = clean && reached ? res.statusCode : 0;
      await expectSaveOutcome(
        deps,
        before,
        after,
        view,
        res.statusCode === 201 ? { ok: true, value: res.json() } : { ok: false, refusal },
        actor.id,
        kept,
      );
    });
  },
  { minAccepted: 20 },
);

/** Searches of the actor and of a neighbour, and the ids a delete may name: theirs, gone ones, odd ones. */
async function savedSearchWorld(deps: Deps, actor: Actor) {
  const neighbour = await insertUser(deps, { name: 'Fuzz Neighbour' });
  const save = async (userId: number, q: string) => {
    const saved = await deps.store.searches.save({ userId, q, category: null, maxPrice: null, createdAt: new Date(deps.now()) }, 20);
    if (saved === 'full') throw new Error('the fuzz world keeps fewer than 20 searches');
    return String(saved.id);
  };
  const others = [await save(neighbour.id, 'kite'), await save(neighbour.id, 'lamp')];
  const refill = async () => {
    const kept = await savedSearchRows(deps, actor.id);
    for (let i = kept.length; i < 4; i++) await save(actor.id, `word${i}${Date.now() % 1000}${Math.random()}`);
    return (await savedSearchRows(deps, actor.id)).map((row) => String(row.id));
  };
  return { others, refill };
}

/** An accepted delete: the actor's search named is gone, nothing else changed. */
async function expectSearchDeleted(deps: Deps, before: Snapshot, after: Snapshot, answer: unknown, ownIds: string[], id: string) {
  expect(answer).toEqual({ message: SAVED_SEARCH_WORDS.deleted });
  expect(ownIds).toContain(id);
  expect(await deps.sqlOne('select 1 from saved_searches where id = $1', [Number(id)])).toBeUndefined();
  expect(delta(before, after)).toEqual({ saved_searches: -1 });
  expect({ ...before, counts: {} }).toEqual({ ...after, counts: {} });
}

fuzz(
  'user.deleteSearch',
  'caller',
  'only the caller’s own search is deleted; any other id changes nothing',
  300,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Deleter');
    const world = await savedSearchWorld(deps, actor);
    let own = await world.refill();
    const id = fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }).map((i) => () => own[i]!) },
      { weight: 3, arbitrary: fc.constantFrom(...world.others).map((other) => () => other) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES).map((edge) => () => edge) },
      { weight: 1, arbitrary: fc.anything().map((anything) => () => anything) },
    );
    const input = fc.oneof(
      { weight: 9, arbitrary: fc.record({ id }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: hostileJs().map((hostile) => ({ hostile })) },
    );
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([drawn, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      own = await world.refill();
      const value = 'hostile' in drawn ? drawn.hostile : drawn.id === undefined ? {} : { id: drawn.id() };
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).user.deleteSearch(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, deleteSearchInput, value, true, signedIn);
      if (outcome.ok) await expectSearchDeleted(deps, before, after, outcome.value, own, deleteSearchInput.parse(value).id);
      else {
        expect(['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'user.deleteSearch');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'user.deleteSearch',
  'rest',
  'DELETE /api/user/searches/:id: odd ids and bodies; only the caller’s own search goes',
  300,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await savedSearchWorld(deps, actor);
    let own = await world.refill();
    const idArb = fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }).map((i) => () => own[i]!) },
      { weight: 2, arbitrary: fc.constantFrom(...world.others).map((other) => () => other) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map((edge) => () => encodeURIComponent(edge)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES).map((edge) => () => edge) },
    );
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(hostileJson()), id: idArb });
    await check(cases, numRuns, async (c) => {
      own = await world.refill();
      const id = c.id();
      const before = await snapshot(deps);
      const res = await sendJson(app, 'DELETE', `/api/user/searches/${id}`, c, actor);
      expectSaneResponse(res, `DELETE /api/user/searches/${id.slice(0, 40)}`);
      const after = await snapshot(deps);
      if (res.statusCode === 200) await expectSearchDeleted(deps, before, after, res.json(), own, decodeURIComponent(id.split('?')[0]!));
      else {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'DELETE /api/user/searches/:id');
      }
    });
  },
  { minAccepted: 20 },
);

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * A seller's open and cancelled auctions to ask about, and an auction the actor sells, about which
 * another user asked already (so that the actor may answer them, naming them in `to`).
 */
async function messageWorld(deps: Deps, actor: Actor) {
  const seller = await makeActor(deps, 'Fuzz Message Seller');
  const asker = await insertUser(deps, { name: 'Fuzz Asker' });
  const open = await insertAuction(deps, seller.id, { itemName: 'Asked about' });
  const cancelled = await insertAuction(deps, seller.id, { itemName: 'Cancelled' });
  await callerFor(deps, seller).auction.cancel({ id: cancelled });
  const own = await insertAuction(deps, actor.id, { itemName: 'The actor sells' });
  await deps.store.messages.post(
    { auctionId: Number(own), withUserId: asker.id, fromUserId: asker.id, body: 'A question', createdAt: new Date(deps.now()) },
    { userId: actor.id, kind: 'message', message: 'Fuzz Asker sent you a message.' },
  );
  return { auctions: [open, cancelled, own], people: [String(asker.id), String(seller.id), String(actor.id)] };
}
type MessageWorld = Awaited<ReturnType<typeof messageWorld>>;

/** `{to?, body}` (and `auctionId` through the caller): texts people write, the schema's edges, and the hostile rest. */
function messagePlan(options: ValueOptions, world: MessageWorld, withAuction: boolean): InputPlan {
  const { auctionId, ...fields } = sendMessageInput.shape;
  const shape = withAuction ? { auctionId, ...fields } : fields;
  return planFor(
    shape,
    {
      auctionId: fc.constantFrom(...world.auctions),
      to: fc.constantFrom(...world.people),
      body: fc.constantFrom('Does it work?', '  Is the shade included?\nThanks  ', 'Ünïcødé ✓', '<b>bold</b> & "quoted"', 'line\r\nbreak'),
    },
    options,
    {
      auctionId: fc.constantFrom<unknown>(...AUCTION_ID_EDGES),
      to: fc.constantFrom<unknown>(null, '', ...AUCTION_ID_EDGES),
      body: fc.constantFrom<unknown>(
        '',
        ' \n ',
        'tab\there',
        'esc\u001b[31m',
        'nul\u0000',
        'flip\u202e',
        'lone\ud800',
        repeat('x', 2000),
        repeat('x', 2001),
      ),
    },
  );
}

/** Accepted: one message more, as the schema read it, from the actor, and at most its notice (and mail) beside it; refused: nothing changed. */
async function expectMessageOutcome(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, answer: unknown, actorId: number) {
  if (answer === undefined) return expectUnchanged(before, after, 'sending a message');
  const parsed = sendMessageInput.parse(input);
  const message = answer as { _id: string };
  expect(message).toEqual({
    _id: expect.stringMatching(/^\d+$/) as string,
    from: { _id: String(actorId), name: expect.any(String) as string },
    body: parsed.body,
    createdAt: expect.any(String) as string,
  });
  const row = await deps.sqlOne('select body, from_user_id as "from" from messages where id = $1', [Number(message._id)]);
  expect(row).toEqual({ body: parsed.body, from: actorId });
  const { messages: added, notifications: noticed = 0, mail_outbox: mailed = 0, ...others } = delta(before, after);
  expect(added).toBe(1);
  expect([0, 1]).toContain(noticed);
  expect([0, 1]).toContain(mailed);
  expect(others).toEqual({});
}

fuzz(
  'messages.send',
  'caller',
  'kept trimmed as written, in a conversation the actor is in; refused, nothing changes',
  300,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Writer');
    const world = await messageWorld(deps, actor);
    const input = inputFor(messagePlan(CALLER, world, true), CALLER, { valid: 8, mixed: 12, hostile: 2 });
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([value, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).messages.send(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, sendMessageInput, value, true, signedIn);
      if (!outcome.ok) expect(['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED']).toContain(outcome.error.code);
      await expectMessageOutcome(deps, before, after, value, outcome.ok ? outcome.value : undefined, actor.id);
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'messages.send',
  'rest',
  'POST /api/auction/:id/messages: kept trimmed as written; refused, nothing changes',
  300,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await messageWorld(deps, actor);
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(inputFor(messagePlan(JSON_ONLY, world, false), JSON_ONLY, { valid: 8, mixed: 12, hostile: 2 })),
      auctionId: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...world.auctions) },
        { weight: 1, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map(encodeURIComponent) },
      ),
    });
    await check(cases, numRuns, async (c) => {
      const before = await snapshot(deps);
      const url = `/api/auction/${c.auctionId}/messages`;
      const res = await sendJson(app, 'POST', url, c, actor);
      expectSaneResponse(res, `POST ${url}`);
      expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), sendMessageInput.omit({ auctionId: true }), true);
      const after = await snapshot(deps);
      const view = serverView(payloadOf(c.body));
      const seen = {
        ...(view && typeof view === 'object' && !Array.isArray(view) ? view : {}),
        auctionId: decodeURIComponent(c.auctionId),
      };
      await expectMessageOutcome(deps, before, after, seen, res.statusCode === 201 ? res.json() : undefined, actor.id);
      if (res.statusCode !== 201) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    });
  },
  { minAccepted: 10 },
);

// ---------------------------------------------------------------------------------------------
// Buy It Now

/** An auction of the buy world, chosen by place when the case runs: an accepted purchase uses one up. */
class BuyPick {
  constructor(
    readonly list: 'open' | 'others',
    readonly place: number,
  ) {}
}

interface BuyWorld {
  /** Open auctions of someone else with a Buy It Now price and no bid: each may be bought once. */
  open: string[];
  /** Auctions a purchase is refused on: the buyer's own, scheduled, ended, without a price, with a bid, and each one bought. */
  others: string[];
  /** A fresh buyable auction takes the place of one just bought, which joins the others. */
  replace(place: number): Promise<void>;
}

async function buyWorld(deps: Deps, buyer: Actor): Promise<BuyWorld> {
  const seller = await insertUser(deps, { name: 'Fuzz Seller' });
  const rival = await makeActor(deps, 'Fuzz Rival');
  const now = deps.now();
  const priced = async (sellerId: number, fields: Parameters<typeof insertAuction>[2] = {}) => {
    const id = await insertAuction(deps, sellerId, { startingPrice: 10, ...fields });
    await deps.sql('update auctions set buy_now_price = 60 where id = $1', [Number(id)]);
    return id;
  };
  const withBid = await priced(seller.id);
  await callerFor(deps, rival).auction.placeBid({ auctionId: withBid, bidAmount: 11 });
  const world: BuyWorld = {
    open: [await priced(seller.id), await priced(seller.id), await priced(seller.id)],
    others: [
      await priced(buyer.id),
      await priced(seller.id, { startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS }),
      await priced(seller.id, { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS }),
      await priced(seller.id, { startsAt: now - DAY_MS, endsAt: now }),
      await insertAuction(deps, seller.id, { startingPrice: 10 }),
      withBid,
    ],
    async replace(place) {
      world.others.push(world.open[place]!);
      world.open[place] = await priced(seller.id);
    },
  };
  return world;
}

const buyPick = fc.oneof(
  { weight: 6, arbitrary: fc.nat(99).map((n) => new BuyPick('open', n)) },
  { weight: 4, arbitrary: fc.nat(99).map((n) => new BuyPick('others', n)) },
);

/** The id a pick stands for now, and the place of an open one. */
function resolveBuy(value: unknown, world: BuyWorld): { value: unknown; openPlace: number | null } {
  if (!(value instanceof BuyPick)) return { value, openPlace: null };
  const list = world[value.list];
  const place = value.place % list.length;
  return { value: list[place], openPlace: value.list === 'open' ? place : null };
}

/**
 * An accepted purchase: exactly one auction moved, to its Buy It Now price with the buyer leading, its
 * end the moment of the purchase; one history entry marked as the purchase; won and sold written; the
 * answer says so, with the order it made.
 */
async function expectBought(deps: Deps, before: Snapshot, after: Snapshot, answer: unknown, buyerId: number, auctionId: string) {
  expect(delta(before, after)).toEqual({ bids: 1, notifications: 2, orders: 1 });
  const moved = Object.keys(after.auctions).filter((id) => after.auctions[id] !== before.auctions[id]);
  expect(moved).toEqual([auctionId]);
  const [, countBefore] = before.auctions[auctionId]!.split(':').map(Number) as [number, number];
  const now = deps.now();
  expect(after.auctions[auctionId]).toBe(`60:${countBefore + 1}:10:${now}:${buyerId}`);
  const bid = await deps.sqlOne(
    'select auction_id as "auctionId", bidder_id as "bidderId", amount, auto, buy_now as "buyNow" from bids order by id desc limit 1',
  );
  expect(bid).toEqual({ auctionId: Number(auctionId), bidderId: buyerId, amount: 60, auto: 0, buyNow: 1 });
  const kinds = await deps.sql<{ kind: string }>('select kind from notifications where auction_id = $1 order by kind', [Number(auctionId)]);
  expect(kinds.map((n) => n.kind)).toEqual(['sold', 'won']);
  expect(answer).toMatchObject({
    order: { auction: { _id: auctionId }, buyer: { _id: String(buyerId) }, price: 60, status: 'awaiting_payment' },
    auction: { _id: auctionId, status: 'ended', currentPrice: 60, winner: { _id: String(buyerId) }, buyNowAvailable: false },
  });
}

fuzz(
  'auction.buy',
  'caller',
  'bought once at its price while available, or nothing changes',
  400,
  async (numRuns, { deps }) => {
    const buyer = await makeActor(deps, 'Fuzz Buyer');
    const world = await buyWorld(deps, buyer);
    const id = fc.oneof(
      { weight: 8, arbitrary: buyPick },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.anything() },
    );
    const input = fc.oneof({ weight: 9, arbitrary: fc.record({ id }, { requiredKeys: [] }) }, { weight: 1, arbitrary: hostileJs() });
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([planned, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      const picked = planned && typeof planned === 'object' && 'id' in planned ? resolveBuy((planned as { id: unknown }).id, world) : null;
      const value = picked ? { ...(planned as object), id: picked.value } : planned;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? buyer : null).auction.buy(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, auctionIdInput, value, true, signedIn);
      if (outcome.ok) {
        const bought = auctionIdInput.parse(value).id;
        expect(picked?.openPlace).not.toBeNull();
        await expectBought(deps, before, after, outcome.value, buyer.id, bought);
        await world.replace(picked!.openPlace!);
      } else {
        expect(['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'auction.buy');
      }
    });
  },
  { minAccepted: 10 },
);

fuzz(
  'auction.buy',
  'rest',
  'POST /api/auction/:id/buy: odd ids and bodies; bought once at its price while available, or nothing changes',
  300,
  async (numRuns, { app, deps }) => {
    const buyer = await restActor(deps);
    const world = await buyWorld(deps, buyer);
    const idArb = fc.oneof(
      { weight: 8, arbitrary: buyPick },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    const body = fc.oneof({ weight: 3, arbitrary: fc.constant<unknown>({}) }, { weight: 1, arbitrary: hostileJson() });
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(body), id: idArb });
    await check(cases, numRuns, async (c) => {
      const picked = resolveBuy(c.id, world);
      const path = `/api/auction/${picked.value as string}/buy`;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', path, c, buyer);
      expectSaneResponse(res, `POST ${path.slice(0, 60)}`);
      const after = await snapshot(deps);
      if (res.statusCode < 400) {
        expect(res.statusCode).toBe(201);
        expect(picked.openPlace).not.toBeNull();
        expect(Object.keys(res.json() as object).sort()).toEqual(['auction', 'message', 'order']);
        await expectBought(deps, before, after, res.json(), buyer.id, picked.value as string);
        await world.replace(picked.openPlace!);
      } else {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'POST /api/auction/:id/buy');
      }
    });
  },
  { minAccepted: 5 },
);

// ---------------------------------------------------------------------------------------------
// Cancel and relist: the seller's own auctions in every state, and everyone else's

interface EndingWorld {
  /** The actor's open and scheduled auctions without bids: each may be cancelled (restored between cases). */
  cancellable: string[];
  /** The actor's auctions that ended without a sale, or were cancelled: each may be relisted once. */
  relistable: string[];
  /** The actor's auctions that may be neither: one with a bid, one sold. */
  neither: string[];
  /** Another seller's, open and ended. */
  others: string[];
}

async function endingWorld(deps: Deps, actor: Actor): Promise<EndingWorld> {
  const seller = await insertUser(deps, { name: 'Fuzz Other Seller' });
  const bidder = await insertUser(deps, { name: 'Fuzz Bidder' });
  const now = deps.now();
  const ended = { startsAt: now - 3 * DAY_MS, endsAt: now - DAY_MS };
  const own = (fields: Parameters<typeof insertAuction>[2] = {}) => insertAuction(deps, actor.id, { startingPrice: 100, ...fields });
  const cancellable = [await own(), await own({ startsAt: now + DAY_MS, endsAt: now + 2 * DAY_MS }), await own()];
  const relistable = [await own(ended), await own(ended), await own()];
  await deps.sql('update auctions set reserve_price = 150, buy_now_price = 300 where id = $1', [Number(relistable[1])]);
  await deps.sql('update auctions set cancelled_at = $1, closed_at = $1 where id = $2', [new Date(now), Number(relistable[2])]);
  // A bid, open; and one that won, ended.
  const neither = [await own(), await own(ended)];
  for (const id of neither) {
    await deps.sql(
      'insert into bids (auction_id, bidder_id, amount, seq, created_at, ends_at) values ($1, $2, 101, 1, $3, (select ends_at from auctions where id = $1))',
      [Number(id), bidder.id, new Date(now - 2 * DAY_MS)],
    );
    await deps.sql('update auctions set bids_count = 1, current_price = 101, leader_id = $1, leader_max = 101 where id = $2', [
      bidder.id,
      Number(id),
    ]);
  }
  const others = [await insertAuction(deps, seller.id), await insertAuction(deps, seller.id, ended)];
  return { cancellable, relistable, neither, others };
}

const knownIds = (world: EndingWorld) => [...world.cancellable, ...world.relistable, ...world.neither, ...world.others];

/** The cancellable auctions back as they were, and every relist gone, so that each case starts from the same world. */
async function resetEndingWorld(deps: Deps, world: EndingWorld) {
  await deps.sql('delete from auctions where relisted_from is not null');
  for (const id of world.cancellable)
    await deps.sql('update auctions set cancelled_at = null, closed_at = null where id = $1', [Number(id)]);
}

/** Every auction's cancel and close, `id` → `cancelledAt:closedAt`: what a cancel changes, which the snapshot leaves out. */
async function endings(deps: Deps): Promise<Record<string, string>> {
  const rows = await deps.sql<{ id: number; cancelled: number | null; closed: number | null }>(
    'select id, cancelled_at as cancelled, closed_at as closed from auctions order by id',
  );
  return Object.fromEntries(rows.map((row) => [String(row.id), `${row.cancelled ?? ''}:${row.closed ?? ''}`]));
}

/** An accepted cancel: the actor's cancellable auction, cancelled and closed now, and nothing else changed. */
function expectCancelled(
  deps: Deps,
  world: EndingWorld,
  id: string,
  answer: unknown,
  before: Record<string, string>,
  after: Record<string, string>,
) {
  expect(world.cancellable).toContain(id);
  expect(before[id]).toBe(':');
  expect(after).toEqual({ ...before, [id]: `${deps.now()}:${deps.now()}` });
  expect(answer).toMatchObject({ auction: { _id: id, status: 'cancelled', timeLeft: 0 } });
}

/** An accepted relist: one new auction of the actor, relisting a relistable one, at the prices sent or copied. */
async function expectRelisted(
  deps: Deps,
  world: EndingWorld,
  oldId: string,
  sent: z.output<typeof relistAuctionInput>,
  answer: unknown,
  before: Snapshot,
  after: Snapshot,
) {
  expect(world.relistable).toContain(oldId);
  expect(delta(before, after)).toEqual({ auctions: 1 });
  const { newAuction } = answer as { newAuction: { _id: string; relistedFrom: string; itemStartDate: string; itemEndDate: string } };
  const old = (await deps.store.auctions.byId(Number(oldId)))!;
  const fresh = (await deps.store.auctions.byId(Number(newAuction._id)))!;
  const price = (sentPrice: number | null | undefined, oldPrice: number | null) => (sentPrice === undefined ? oldPrice : sentPrice);
  expect(fresh).toMatchObject({
    sellerId: old.sellerId,
    itemName: old.itemName,
    itemDescription: old.itemDescription,
    itemCategory: old.itemCategory,
    photo: old.photo,
    startingPrice: sent.startingPrice ?? old.startingPrice,
    currentPrice: sent.startingPrice ?? old.startingPrice,
    reservePrice: price(sent.reservePrice, old.reservePrice),
    buyNowPrice: price(sent.buyNowPrice, old.buyNowPrice),
    bidsCount: 0,
    leaderId: null,
    cancelledAt: null,
    closedAt: null,
    relistedFrom: old.id,
  });
  expect(auctionDateIssues(fresh.startsAt.getTime(), fresh.endsAt.getTime(), deps.now())).toEqual([]);
  const { reservePrice, buyNowPrice, startingPrice } = fresh;
  if (reservePrice !== null) expect(reservePrice).toBeGreaterThan(startingPrice);
  if (buyNowPrice !== null) expect(buyNowPrice).toBeGreaterThanOrEqual(Math.max(startingPrice + 1, reservePrice ?? 0));
  expect(newAuction.relistedFrom).toBe(oldId);
}

const cancelIdArb = (world: EndingWorld) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.cancellable) },
    { weight: 4, arbitrary: fc.constantFrom(...knownIds(world)) },
    { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.anything() },
  );

/**
 * Relist inputs: valid ones that keep the prices in order (new ones between the old ones, or left out,
 * or dropped), and mixed ones with dates around the clock's day and prices in any order.
 */
function relistPlan(options: ValueOptions, world: EndingWorld, now: number): InputPlan {
  const day = (from: number, to: number) => fc.integer({ min: from, max: to }).map((days) => plainDate(now, days));
  const left = (price: fc.Arbitrary<unknown>, dropped = true) =>
    fc.oneof(fc.constant(ABSENT), ...(dropped ? [fc.constant(null)] : []), price, price.map(String));
  return planFor(
    relistAuctionInput.shape,
    {
      id: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...world.relistable) }, fc.constantFrom(...knownIds(world))),
      itemStartDate: fc.oneof(day(0, 1), fc.constant(new Date(now).toISOString())),
      itemEndDate: day(2, 12),
      startingPrice: left(fc.integer({ min: 1, max: 99 }), false),
      reservePrice: left(fc.integer({ min: 101, max: 200 })),
      buyNowPrice: left(fc.integer({ min: 200, max: 400 })),
    },
    options,
    {
      id: fc.constantFrom(...AUCTION_ID_EDGES),
      itemStartDate: fc.oneof(day(-2, 17), fc.constant(new Date(now - DAY_MS).toISOString())),
      itemEndDate: fc.oneof(day(-1, 20), fc.constant(new Date(now - 60_000).toISOString())),
      startingPrice: fc.integer({ min: 0, max: 400 }),
      reservePrice: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 400 })),
      buyNowPrice: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 400 })),
    },
  );
}

fuzz(
  'auction.cancel',
  'caller',
  'only the seller’s own auction without bids, open or scheduled, is cancelled; anything else changes nothing',
  200,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Seller');
    const world = await endingWorld(deps, actor);
    const input = fc.oneof(
      { weight: 9, arbitrary: fc.record({ id: cancelIdArb(world) }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: hostileJs() },
    );
    await check(
      fc.tuple(input, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 3 })),
      numRuns,
      async ([value, signedInRoll, resetRoll]) => {
        if (resetRoll === 0) await resetEndingWorld(deps, world);
        const signedIn = signedInRoll > 0;
        const [before, endedBefore] = [await snapshot(deps), await endings(deps)];
        const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).auction.cancel(value as never));
        const [after, endedAfter] = [await snapshot(deps), await endings(deps)];
        expectSchemaRefusal(outcome, auctionIdInput, value, true, signedIn);
        expectUnchanged(before, after, 'auction.cancel');
        if (outcome.ok) expectCancelled(deps, world, auctionIdInput.parse(value).id, outcome.value, endedBefore, endedAfter);
        else {
          expect(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']).toContain(outcome.error.code);
          expect(endedAfter).toEqual(endedBefore);
        }
      },
    );
  },
  { minAccepted: 5 },
);

fuzz(
  'auction.relist',
  'caller',
  'a new auction that relists the seller’s unsold one, at prices in order and dates in range; anything else changes nothing',
  300,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Seller');
    const world = await endingWorld(deps, actor);
    const plan = relistPlan(CALLER, world, deps.now());
    await check(
      fc.tuple(inputFor(plan, CALLER, { valid: 6, mixed: 10, hostile: 2 }), fc.integer({ min: 0, max: 9 })),
      numRuns,
      async ([value, signedInRoll]) => {
        await resetEndingWorld(deps, world);
        const signedIn = signedInRoll > 0;
        const [before, endedBefore] = [await snapshot(deps), await endings(deps)];
        const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).auction.relist(value as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, relistAuctionInput, value, true, signedIn);
        if (outcome.ok) {
          const sent = relistAuctionInput.parse(value);
          await expectRelisted(deps, world, sent.id, sent, outcome.value, before, after);
        } else {
          expect(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']).toContain(outcome.error.code);
          expectUnchanged(before, after, 'auction.relist');
          expect(await endings(deps)).toEqual(endedBefore);
        }
      },
    );
  },
  { minAccepted: 10 },
);

fuzz(
  'auction.cancel',
  'rest',
  'POST /api/auction/:id/cancel: odd ids, bodies and sessions; the seller’s own auction cancelled, or nothing changes',
  200,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await endingWorld(deps, actor);
    const idArb = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...world.cancellable) },
      { weight: 4, arbitrary: fc.constantFrom(...knownIds(world)) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(hostileJson()),
      id: idArb,
      reset: fc.integer({ min: 0, max: 3 }),
    });
    await check(cases, numRuns, async (c) => {
      if (c.reset === 0) await resetEndingWorld(deps, world);
      const [before, endedBefore] = [await snapshot(deps), await endings(deps)];
      const res = await sendJson(app, 'POST', `/api/auction/${c.id}/cancel`, c, actor);
      expectSaneResponse(res, `POST /api/auction/${c.id.slice(0, 40)}/cancel`);
      const [after, endedAfter] = [await snapshot(deps), await endings(deps)];
      expectUnchanged(before, after, 'POST /api/auction/:id/cancel');
      // Only a known id (or one with blanks around it, which the schema trims) can be cancelled.
      if (res.statusCode === 200) expectCancelled(deps, world, decodeURIComponent(c.id).trim(), res.json(), endedBefore, endedAfter);
      else {
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(endedAfter).toEqual(endedBefore);
      }
    });
  },
  { minAccepted: 3 },
);

fuzz(
  'auction.relist',
  'rest',
  'POST /api/auction/:id/relist: odd ids, bodies and sessions; one new auction relisting the seller’s unsold one, or nothing changes',
  200,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await endingWorld(deps, actor);
    // The body's own id is overridden by the path's (the adapter spreads it last).
    const body = inputFor(relistPlan(JSON_ONLY, world, deps.now()), JSON_ONLY, { valid: 8, mixed: 8, hostile: 1 });
    const idArb = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...world.relistable) },
      { weight: 3, arbitrary: fc.constantFrom(...knownIds(world)) },
      { weight: 1, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    await check(fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(body), id: idArb }), numRuns, async (c) => {
      await resetEndingWorld(deps, world);
      const [before, endedBefore] = [await snapshot(deps), await endings(deps)];
      const res = await sendJson(app, 'POST', `/api/auction/${c.id}/relist`, c, actor);
      expectSaneResponse(res, `POST /api/auction/${c.id.slice(0, 40)}/relist`);
      const after = await snapshot(deps);
      if (knownIds(world).includes(c.id))
        expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), relistAuctionInput.omit({ id: true }), true);
      if (res.statusCode === 201) {
        const sent = relistAuctionInput.parse({ ...(serverView(payloadOf(c.body)) as object), id: decodeURIComponent(c.id) });
        await expectRelisted(deps, world, sent.id, sent, res.json(), before, after);
      } else {
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'POST /api/auction/:id/relist');
        expect(await endings(deps)).toEqual(endedBefore);
      }
    });
  },
  { minAccepted: 5 },
);

// ---------------------------------------------------------------------------------------------
// Notices, settings and password reset

/** Unread notices of the user on the auction, as a bid or a close writes them; their ids. */
async function insertNotices(deps: Deps, userId: number, auctionId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const inserted = await deps.sqlOne<{ id: number }>(
      "insert into notifications (user_id, kind, auction_id, message, created_at) values ($1, 'outbid', $2, $3, $4) returning id",
      [userId, Number(auctionId), `Fuzz notice ${i}`, new Date(deps.now())],
    );
    ids.push(String(inserted!.id));
  }
  return ids;
}

/** The reader's notices and a neighbour's, on one auction of a third user. */
async function noticeWorld(deps: Deps, reader: Actor): Promise<{ own: string[]; others: string[] }> {
  const seller = await insertUser(deps, { name: 'Fuzz Seller' });
  const neighbour = await insertUser(deps, { name: 'Fuzz Neighbour' });
  const auctionId = await insertAuction(deps, seller.id);
  return { own: await insertNotices(deps, reader.id, auctionId, 12), others: await insertNotices(deps, neighbour.id, auctionId, 12) };
}

const NOTICE_ID_EDGES = ['0', '-1', '999999999', '999999999999999', '9999999999999999', '1.0', '1e0', '+1', ' 1', '١', '', 'x'];

/** `{ids}`: the reader's notices, the neighbour's, unknown and malformed ids, too many, or none (all). */
function markReadInput(world: { own: string[]; others: string[] }, options: ValueOptions): fc.Arbitrary<unknown> {
  const hostile = options.json ? hostileJson() : hostileJs();
  const id = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...world.own) },
    { weight: 3, arbitrary: fc.constantFrom(...world.others) },
    { weight: 1, arbitrary: fc.constantFrom(...world.own, ...world.others).map((n) => `00${n}`) },
    { weight: 2, arbitrary: fc.constantFrom(...NOTICE_ID_EDGES) },
    { weight: 1, arbitrary: numberish() },
    { weight: 1, arbitrary: hostile },
  );
  const ids = fc.oneof(
    { weight: 10, arbitrary: fc.array(id, { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom(100, 101).map((n) => Array.from({ length: n }, (_, i) => world.own[i % world.own.length]!)) },
    { weight: 2, arbitrary: hostile },
    { weight: 2, arbitrary: fc.constant(ABSENT) },
  );
  return fc.oneof({ weight: 10, arbitrary: shapedObject({ ids }, options) }, { weight: 2, arbitrary: hostile });
}

/** Everybody's notices unread again now and then, so that marking has something to mark. */
async function unreadAgain(deps: Deps, roll: number) {
  if (roll === 0) await deps.sql('update notifications set read_at = null');
}

/**
 * An accepted marking: the caller's unread notices that were named (or all of them) are read as of
 * now, nobody else's changed, nothing else changed, and the answer is the caller's unread count.
 */
async function expectNoticesMarked(deps: Deps, before: Snapshot, after: Snapshot, input: unknown, answer: unknown, userId: number) {
  const { ids } = markNotificationsReadInput.parse(input);
  const named = ids === undefined ? null : new Set(ids.map(Number));
  const expected = Object.fromEntries(
    Object.entries(before.notices).map(([id, v]) => {
      const [owner, readAt] = v.split(':');
      const marked = owner === String(userId) && readAt === '' && (named === null || named.has(Number(id)));
      return [id, marked ? `${owner}:${deps.now()}` : v];
    }),
  );
  expect(after.notices).toEqual(expected);
  expect({ ...after, notices: {} }).toEqual({ ...before, notices: {} });
  const { unread } = (await deps.sqlOne<{ unread: number }>(
    'select count(*) as unread from notifications where user_id = $1 and read_at is null',
    [userId],
  ))!;
  expect(answer).toEqual({ unread });
}

fuzz(
  'user.markNotificationsRead',
  'caller',
  'only the caller’s named (or all) notices become read; the answer counts the rest',
  300,
  async (numRuns, { deps }) => {
    const reader = await makeActor(deps, 'Fuzz Reader');
    const world = await noticeWorld(deps, reader);
    await check(
      fc.tuple(markReadInput(world, CALLER), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 3 })),
      numRuns,
      async ([input, signedInRoll, unreadRoll]) => {
        const signedIn = signedInRoll > 0;
        await unreadAgain(deps, unreadRoll);
        const before = await snapshot(deps);
        const outcome = await attempt(() => callerFor(deps, signedIn ? reader : null).user.markNotificationsRead(input as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, markNotificationsReadInput, input, true, signedIn);
        if (outcome.ok) await expectNoticesMarked(deps, before, after, input, outcome.value, reader.id);
        else {
          expect(['BAD_REQUEST', 'UNAUTHORIZED']).toContain(outcome.error.code);
          expectUnchanged(before, after, 'user.markNotificationsRead');
        }
      },
    );
  },
  { minAccepted: 20 },
);

fuzz(
  'user.markNotificationsRead',
  'rest',
  'POST /api/user/notifications/read: only the caller’s notices become read, or nothing changes',
  300,
  async (numRuns, { app, deps }) => {
    const reader = await restActor(deps);
    const world = await noticeWorld(deps, reader);
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(markReadInput(world, JSON_ONLY)),
      unreadRoll: fc.integer({ min: 0, max: 3 }),
    });
    await check(cases, numRuns, async (c) => {
      await unreadAgain(deps, c.unreadRoll);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/user/notifications/read', c, reader);
      expectSaneResponse(res, 'POST /api/user/notifications/read');
      expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), markNotificationsReadInput, true);
      const after = await snapshot(deps);
      if (res.statusCode === 200) await expectNoticesMarked(deps, before, after, serverView(payloadOf(c.body)), res.json(), reader.id);
      else expectUnchanged(before, after, 'POST /api/user/notifications/read');
    });
  },
  { minAccepted: 20 },
);

function settingsInput(options: ValueOptions): fc.Arbitrary<unknown> {
  const plan = planFor(userSettingsInput.shape, { emailNotifications: fc.boolean() }, options, {
    emailNotifications: fc.constantFrom<unknown>('true', 'false', 'on', 0, 1, null, [true], { value: true }),
  });
  return inputFor(plan, options);
}

/** An accepted change of settings: the caller's column is the value sent, and nothing else changed. */
function expectSettingsSet(before: Snapshot, after: Snapshot, input: unknown, answer: unknown, userId: number) {
  const { emailNotifications } = userSettingsInput.parse(input);
  // No SMTP_URL in these deps, outside development: the site sends no mail at all. The actor's address is confirmed.
  expect(answer).toEqual({ emailNotifications, emailVerified: true, mailEnabled: false, mailPrinted: false });
  expect(after.emailNotifications).toEqual({ ...before.emailNotifications, [userId]: emailNotifications ? 1 : 0 });
  expect({ ...after, emailNotifications: {} }).toEqual({ ...before, emailNotifications: {} });
}

fuzz(
  'user.updateSettings',
  'caller',
  'the caller’s emailNotifications becomes the boolean sent; anything else changes nothing',
  300,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Settler');
    await insertUser(deps, { name: 'Fuzz Bystander' });
    await check(fc.tuple(settingsInput(CALLER), fc.integer({ min: 0, max: 9 })), numRuns, async ([input, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).user.updateSettings(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, userSettingsInput, input, true, signedIn);
      if (outcome.ok) expectSettingsSet(before, after, input, outcome.value, actor.id);
      else {
        expect(['BAD_REQUEST', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'user.updateSettings');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'user.updateSettings',
  'rest',
  'PATCH /api/user/settings: the column becomes the boolean sent, or nothing changes',
  300,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    await insertUser(deps, { name: 'Fuzz Bystander' });
    await check(fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(settingsInput(JSON_ONLY)) }), numRuns, async (c) => {
      const before = await snapshot(deps);
      const res = await sendJson(app, 'PATCH', '/api/user/settings', c, actor);
      expectSaneResponse(res, 'PATCH /api/user/settings');
      expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), userSettingsInput, true);
      const after = await snapshot(deps);
      if (res.statusCode === 200) expectSettingsSet(before, after, serverView(payloadOf(c.body)), res.json(), actor.id);
      else expectUnchanged(before, after, 'PATCH /api/user/settings');
    });
  },
  { minAccepted: 20 },
);

/**
 * Deps with SMTP_URL set (a port nobody answers), so that password reset is offered; their outbox
 * worker never comes round, so the rows a call writes stay for the snapshot to see.
 */
async function mailingDeps(world: World): Promise<Deps> {
  const deps = await world.makeDeps({ SMTP_URL: 'smtp://fuzz:fuzz@127.0.0.1:9' });
  Object.assign(deps.mail, { tickMs: 2 ** 31 - 1 });
  return deps;
}

/** The rate limits count per hour: an hour passes every so many cases, so that most cases reach the service. */
function hourlyLimits(deps: Deps, every = 40) {
  deps.clock.drivesDate();
  let cases = 0;
  return () => {
    cases += 1;
    if (cases % every === 0) deps.clock.advance(HOUR_MS);
  };
}

function forgotInput(options: ValueOptions, email: string): fc.Arbitrary<unknown> {
  const plan = planFor(
    forgotPasswordInput.shape,
    { email: fc.oneof(fc.constantFrom(email, email.toUpperCase(), ` ${email}\t`), validEmail()) },
    options,
  );
  return inputFor(plan, options, { valid: 8, mixed: 8, hostile: 2 });
}

/** Resets past their hour, which the next one made drops. */
async function staleResets(deps: Deps): Promise<number> {
  return (await deps.sqlOne<{ n: number }>('select count(*) as n from password_resets where expires_at <= $1', [new Date(deps.now())]))!.n;
}

/**
 * An accepted request answers the same whoever is asked about. For the account, and only for it, a
 * reset for the hour and its mail with the link are stored; nothing else changes.
 */
async function expectResetRequested(
  deps: Deps,
  before: Snapshot,
  after: Snapshot,
  stale: number,
  input: unknown,
  answer: unknown,
  account: { id: number; email: string },
) {
  expect(answer).toEqual({ message: RESET_REQUESTED_MESSAGE });
  const { email } = forgotPasswordInput.parse(input);
  if (email !== account.email) {
    expect(after, 'a request for an email without an account changed the database').toEqual(before);
    return;
  }
  expect(delta(before, after)).toEqual({ ...(stale === 1 ? {} : { password_resets: 1 - stale }), mail_outbox: 1 });
  expect({ ...after, counts: {} }).toEqual({ ...before, counts: {} });
  const mail = (await deps.sqlOne<{ toAddress: string; text: string; expiresAt: number }>(
    'select to_address as "toAddress", text_body as text, expires_at as "expiresAt" from mail_outbox order by id desc limit 1',
  ))!;
  expect(mail.toAddress).toBe(account.email);
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  const reset = await deps.sqlOne('select user_id as "userId", expires_at as "expiresAt" from password_resets where id = $1', [
    hashToken(token!),
  ]);
  expect(reset).toEqual({ userId: account.id, expiresAt: deps.now() + PASSWORD_RESET_MS });
  expect(mail.expiresAt).toBe(deps.now() + PASSWORD_RESET_MS);
}

fuzz(
  'auth.forgotPassword',
  'caller',
  'the same answer for any email; a link only for the account; 503 without mail; refused changes nothing',
  300,
  async (numRuns, { deps: withoutMail, makeDeps }) => {
    const deps = await mailingDeps({ deps: withoutMail, makeDeps });
    const account = await insertUser(deps, { name: 'Fuzz Forgetful' });
    const hour = hourlyLimits(deps);
    await check(
      fc.tuple(forgotInput(CALLER, account.email), fc.integer({ min: 0, max: 7 }), fc.constantFrom(...IPS)),
      numRuns,
      async ([input, mailRoll, ip]) => {
        hour();
        const mailing = mailRoll > 0;
        const on = mailing ? deps : withoutMail;
        const before = await snapshot(on);
        const stale = await staleResets(on);
        const outcome = await attempt(() => callerFor(on, null, ip).auth.forgotPassword(input as never));
        const after = await snapshot(on);
        expectSchemaRefusal(outcome, forgotPasswordInput, input, false, false);
        if (outcome.ok) {
          expect(mailing).toBe(true);
          await expectResetRequested(deps, before, after, stale, input, outcome.value, account);
        } else {
          const valid = forgotPasswordInput.safeParse(input).success;
          if (valid) expect(outcome.error.code).toBe(mailing ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE');
          expectUnchanged(before, after, 'auth.forgotPassword');
        }
      },
    );
  },
  { minAccepted: 20 },
);

fuzz(
  'auth.forgotPassword',
  'rest',
  'POST /api/auth/forgot: one answer for every email, a link only for the account, or nothing changes',
  300,
  async (numRuns, world) => {
    const deps = await mailingDeps(world);
    const app = await buildApp(deps, { closeAuctions: false });
    try {
      await app.ready();
      const account = await insertUser(deps, { name: 'Fuzz Forgetful' });
      const hour = hourlyLimits(deps);
      let answered: string | undefined;
      const cases = fc.record({
        wire: wireArb(),
        body: bodyArb(forgotInput(JSON_ONLY, account.email)),
        mailRoll: fc.integer({ min: 0, max: 7 }),
      });
      await check(cases, numRuns, async (c) => {
        hour();
        const on = c.mailRoll > 0 ? { app, deps } : world;
        const before = await snapshot(on.deps);
        const stale = await staleResets(on.deps);
        const res = await sendJson(on.app, 'POST', '/api/auth/forgot', c, null);
        if (res.statusCode === 503) {
          // The one 5xx owed: a site without mail cannot send a link, and says so.
          tally.refused += 1;
          expect(on.deps).toBe(world.deps);
          expect(res.json()).toEqual({ error: RESET_NEEDS_EMAIL_MESSAGE, message: RESET_NEEDS_EMAIL_MESSAGE });
        } else expectSaneResponse(res, 'POST /api/auth/forgot');
        expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), forgotPasswordInput);
        const after = await snapshot(on.deps);
        if (res.statusCode === 200) {
          expect(on.deps).toBe(deps);
          // Byte for byte the same answer, whether the email has an account or not.
          answered ??= res.body;
          expect(res.body).toBe(answered);
          await expectResetRequested(deps, before, after, stale, serverView(payloadOf(c.body)), res.json(), account);
        } else expectUnchanged(before, after, 'POST /api/auth/forgot');
      });
    } finally {
      await app.close();
    }
  },
  { minAccepted: 20 },
);

/** Stands for a mailed link's token, issued for the planned case: live (maybe padded), past its time, or used. */
class IssuedToken {
  constructor(readonly state: 'live' | 'padded' | 'expired' | 'used') {}
}

/** The tables of mailed links, each with how long its links work. */
const LINKS = {
  password_resets: PASSWORD_RESET_MS,
  email_confirmations: EMAIL_CONFIRMATION_MS,
} as const;
type LinkTable = keyof typeof LINKS;

/** A link as forgotPassword (or sign-up) stores it (the token's hash, for its time); a used one is gone from the table. */
async function issueLink(deps: Deps, userId: number, state: IssuedToken['state'], table: LinkTable): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  if (state !== 'used') {
    await deps.sql(`insert into ${table} (id, user_id, created_at, expires_at) values ($1, $2, $3, $4)`, [
      hashToken(token),
      userId,
      new Date(now),
      new Date(state === 'expired' ? now : now + LINKS[table]),
    ]);
  }
  return state === 'padded' ? ` ${token}\n` : token;
}

/** Replaces a planned token with one issued now; `live` says whether the input holds a working link. */
async function resolveToken(
  input: unknown,
  deps: Deps,
  userId: number,
  table: LinkTable = 'password_resets',
): Promise<{ input: unknown; live: boolean }> {
  if (!input || typeof input !== 'object' || Object.getPrototypeOf(input) !== Object.prototype) return { input, live: false };
  let live = false;
  const entries: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(input)) {
    if (!(v instanceof IssuedToken)) {
      entries.push([k, v]);
      continue;
    }
    if (k === 'token' && (v.state === 'live' || v.state === 'padded')) live = true;
    entries.push([k, await issueLink(deps, userId, v.state, table)]);
  }
  return { input: ownObject(entries), live };
}

/** A token field: issued links in every state, strings shaped like a token, and odd strings. */
const tokenValues = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('live' as const, 'padded' as const).map((s) => new IssuedToken(s)) },
    { weight: 2, arbitrary: fc.constantFrom('expired' as const, 'used' as const).map((s) => new IssuedToken(s)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[\w-]{43}$/) },
  );
const tokenEdges = () =>
  fc.constantFrom('', ' ', repeat('A', 200), repeat('A', 201), "' or 1=1 --", '%00', '../reset', 'null', 'undefined');

function resetInput(options: ValueOptions): fc.Arbitrary<unknown> {
  const plan = planFor(resetPasswordInput.shape, { token: tokenValues(), password: validPassword() }, options, {
    token: tokenEdges(),
    password: edgePassword(),
  });
  return inputFor(plan, options, { valid: 6, mixed: 10, hostile: 2 });
}

/** The account's sessions and resets, before a reset takes them all. */
async function accountRows(deps: Deps, userId: number) {
  const count = async (table: string) =>
    (await deps.sqlOne<{ n: number }>(`select count(*) as n from ${table} where user_id = $1`, [userId]))!.n;
  return { sessions: await count('sessions'), password_resets: await count('password_resets') };
}

/**
 * An accepted reset: the account's password is the one sent, its sessions and resets are gone, and
 * nothing else changed.
 */
async function expectPasswordReset(
  deps: Deps,
  before: Snapshot,
  after: Snapshot,
  rows: { sessions: number; password_resets: number },
  input: unknown,
  answer: unknown,
  userId: number,
) {
  const { password } = resetPasswordInput.parse(input);
  expect(answer).toEqual({ message: expect.stringContaining('password has been changed') });
  expect(delta(before, after)).toEqual(Object.fromEntries(Object.entries(rows).map(([table, n]) => [table, -n])));
  expect(await accountRows(deps, userId)).toEqual({ sessions: 0, password_resets: 0 });
  expect(after.users[userId]).not.toBe(before.users[userId]);
  expect({ ...after.users, [userId]: before.users[userId] }).toEqual(before.users);
  expect({ ...after, counts: {}, users: {} }).toEqual({ ...before, counts: {}, users: {} });
  expect(await deps.passwords.verify(password, (await userRow(deps, userId))!.passwordHash, 'fuzz')).toBe(true);
}

fuzz(
  'auth.resetPassword',
  'caller',
  'a live link sets the password and ends the sessions; unknown, used or expired links change nothing',
  150,
  async (numRuns, { deps }) => {
    const account = await insertUser(deps, { name: 'Fuzz Resetter' });
    await insertUser(deps, { name: 'Fuzz Bystander' });
    const hour = hourlyLimits(deps);
    await check(fc.tuple(resetInput(CALLER), fc.constantFrom(...IPS)), numRuns, async ([planned, ip]) => {
      hour();
      await createSession(deps, account.id);
      const { input, live } = await resolveToken(planned, deps, account.id);
      const rows = await accountRows(deps, account.id);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, null, ip).auth.resetPassword(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, resetPasswordInput, input, false, false);
      if (outcome.ok) {
        expect(live, 'a reset without a live link was accepted').toBe(true);
        await expectPasswordReset(deps, before, after, rows, input, outcome.value, account.id);
      } else {
        if (resetPasswordInput.safeParse(input).success && outcome.error.code !== 'TOO_MANY_REQUESTS') {
          expect(live).toBe(false);
          expect(outcome.error).toMatchObject({ code: 'BAD_REQUEST', message: RESET_LINK_INVALID_MESSAGE });
        }
        expectUnchanged(before, after, 'auth.resetPassword');
      }
    });
  },
  { minAccepted: 10 },
);

fuzz(
  'auth.resetPassword',
  'rest',
  'POST /api/auth/reset: a live link sets the password; any other token is 400 and changes nothing',
  150,
  async (numRuns, { app, deps }) => {
    const account = await insertUser(deps, { name: 'Fuzz Resetter' });
    await insertUser(deps, { name: 'Fuzz Bystander' });
    const hour = hourlyLimits(deps);
    await check(fc.record({ wire: wireArb(), body: bodyArb(resetInput(JSON_ONLY)) }), numRuns, async (c) => {
      hour();
      await createSession(deps, account.id);
      const resolved = c.body.kind === 'json' ? await resolveToken(c.body.value, deps, account.id) : { input: undefined, live: false };
      const body: Body = c.body.kind === 'json' ? { kind: 'json', value: resolved.input } : c.body;
      const rows = await accountRows(deps, account.id);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/auth/reset', { wire: c.wire, body }, null);
      expectSaneResponse(res, 'POST /api/auth/reset');
      expectRestSchemaRefusal(res, c.wire, payloadOf(body), resetPasswordInput);
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        expect(resolved.live, 'a reset without a live link was accepted').toBe(true);
        await expectPasswordReset(deps, before, after, rows, serverView(payloadOf(body)), res.json(), account.id);
      } else {
        const type = c.wire.contentType?.toLowerCase().replace(/\s/g, '');
        const clean = (type === 'application/json' || type === 'application/json;charset=utf-8') && reachesSchema(c.wire, payloadOf(body));
        if (clean && !resolved.live && res.statusCode !== 429) expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
        expectUnchanged(before, after, 'POST /api/auth/reset');
      }
    });
  },
  { minAccepted: 5 },
);

/** A body of only a token (checking a reset link, confirming an address). */
function tokenInput(shape: typeof checkResetTokenInput.shape, options: ValueOptions): fc.Arbitrary<unknown> {
  return inputFor(planFor(shape, { token: tokenValues() }, options, { token: tokenEdges() }), options, { valid: 6, mixed: 10, hostile: 2 });
}

/** Whether a JSON request is clean enough for the schema, and only the schema, to decide it. */
function cleanJson(wire: Wire, payload: string | undefined): boolean {
  const type = wire.contentType?.toLowerCase().replace(/\s/g, '');
  return (type === 'application/json' || type === 'application/json;charset=utf-8') && reachesSchema(wire, payload);
}

fuzz(
  'auth.checkResetToken',
  'caller',
  'answers whether the link works, and nothing else; changes nothing',
  150,
  async (numRuns, { deps }) => {
    const account = await insertUser(deps, { name: 'Fuzz Checker' });
    const hour = hourlyLimits(deps);
    await check(fc.tuple(tokenInput(checkResetTokenInput.shape, CALLER), fc.constantFrom(...IPS)), numRuns, async ([planned, ip]) => {
      hour();
      const { input, live } = await resolveToken(planned, deps, account.id);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, null, ip).auth.checkResetToken(input as never));
      expectUnchanged(before, await snapshot(deps), 'auth.checkResetToken');
      expectSchemaRefusal(outcome, checkResetTokenInput, input, false, false);
      if (outcome.ok) expect(outcome.value).toEqual({ valid: live });
      else if (checkResetTokenInput.safeParse(input).success) expect(outcome.error.code).toBe('TOO_MANY_REQUESTS');
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'auth.checkResetToken',
  'rest',
  'POST /api/auth/reset/check: {valid} for any token, 400 for a malformed one; changes nothing',
  150,
  async (numRuns, { app, deps }) => {
    const account = await insertUser(deps, { name: 'Fuzz Checker' });
    const hour = hourlyLimits(deps);
    await check(fc.record({ wire: wireArb(), body: bodyArb(tokenInput(checkResetTokenInput.shape, JSON_ONLY)) }), numRuns, async (c) => {
      hour();
      const resolved = c.body.kind === 'json' ? await resolveToken(c.body.value, deps, account.id) : { input: undefined, live: false };
      const body: Body = c.body.kind === 'json' ? { kind: 'json', value: resolved.input } : c.body;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/auth/reset/check', { wire: c.wire, body }, null);
      expectSaneResponse(res, 'POST /api/auth/reset/check');
      expectRestSchemaRefusal(res, c.wire, payloadOf(body), checkResetTokenInput);
      expectUnchanged(before, await snapshot(deps), 'POST /api/auth/reset/check');
      if (res.statusCode === 200) expect(res.json()).toEqual({ valid: resolved.live });
    });
  },
  { minAccepted: 20 },
);

/** The account's confirmation links, before a confirmation takes them all. */
async function confirmationsOf(deps: Deps, userId: number): Promise<number> {
  return (await deps.sqlOne<{ n: number }>('select count(*) as n from email_confirmations where user_id = $1', [userId]))!.n;
}

/** An accepted confirmation: the account's address is confirmed, its links are gone, and nothing else changed. */
function expectConfirmed(before: Snapshot, after: Snapshot, links: number, answer: unknown, userId: number) {
  expect(answer).toEqual({ message: expect.stringContaining('is confirmed') });
  expect(delta(before, after)).toEqual({ email_confirmations: -links });
  expect(before.users[userId]).toMatch(/:0$/);
  expect(after.users[userId]).toBe(before.users[userId]!.replace(/:0$/, ':1'));
  expect({ ...after, counts: {}, users: {} }).toEqual({ ...before, counts: {}, users: {} });
  expect({ ...after.users, [userId]: '' }).toEqual({ ...before.users, [userId]: '' });
}

fuzz(
  'auth.verifyEmail',
  'caller',
  'a live link confirms its account’s address; unknown, used or expired links change nothing',
  150,
  async (numRuns, { deps }) => {
    const account = await insertUser(deps, { name: 'Fuzz Newcomer', confirmed: false });
    await insertUser(deps, { name: 'Fuzz Bystander', confirmed: false });
    const hour = hourlyLimits(deps);
    await check(fc.tuple(tokenInput(verifyEmailInput.shape, CALLER), fc.constantFrom(...IPS)), numRuns, async ([planned, ip]) => {
      hour();
      // Each case starts from an address not confirmed yet.
      await deps.sql('update users set email_verified_at = null where id = $1', [account.id]);
      const { input, live } = await resolveToken(planned, deps, account.id, 'email_confirmations');
      const links = await confirmationsOf(deps, account.id);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, null, ip).auth.verifyEmail(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, verifyEmailInput, input, false, false);
      if (outcome.ok) {
        expect(live, 'a confirmation without a live link was accepted').toBe(true);
        expectConfirmed(before, after, links, outcome.value, account.id);
      } else {
        if (verifyEmailInput.safeParse(input).success && outcome.error.code !== 'TOO_MANY_REQUESTS') {
          expect(live).toBe(false);
          expect(outcome.error).toMatchObject({ code: 'BAD_REQUEST', message: CONFIRMATION_LINK_INVALID_MESSAGE });
        }
        expectUnchanged(before, after, 'auth.verifyEmail');
      }
    });
  },
  { minAccepted: 10 },
);

fuzz(
  'auth.verifyEmail',
  'rest',
  'POST /api/auth/verify-email: a live link confirms the address; any other token is 400 and changes nothing',
  150,
  async (numRuns, { app, deps }) => {
    const account = await insertUser(deps, { name: 'Fuzz Newcomer', confirmed: false });
    await insertUser(deps, { name: 'Fuzz Bystander', confirmed: false });
    const hour = hourlyLimits(deps);
    await check(fc.record({ wire: wireArb(), body: bodyArb(tokenInput(verifyEmailInput.shape, JSON_ONLY)) }), numRuns, async (c) => {
      hour();
      await deps.sql('update users set email_verified_at = null where id = $1', [account.id]);
      const resolved =
        c.body.kind === 'json'
          ? await resolveToken(c.body.value, deps, account.id, 'email_confirmations')
          : { input: undefined, live: false };
      const body: Body = c.body.kind === 'json' ? { kind: 'json', value: resolved.input } : c.body;
      const links = await confirmationsOf(deps, account.id);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/auth/verify-email', { wire: c.wire, body }, null);
      expectSaneResponse(res, 'POST /api/auth/verify-email');
      expectRestSchemaRefusal(res, c.wire, payloadOf(body), verifyEmailInput);
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        expect(resolved.live, 'a confirmation without a live link was accepted').toBe(true);
        expectConfirmed(before, after, links, res.json(), account.id);
      } else {
        if (cleanJson(c.wire, payloadOf(body)) && !resolved.live && res.statusCode !== 429) {
          expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
        }
        expectUnchanged(before, after, 'POST /api/auth/verify-email');
      }
    });
  },
  { minAccepted: 5 },
);

/** Confirmation links past their day, which the next one made drops. */
async function staleConfirmations(deps: Deps): Promise<number> {
  return (await deps.sqlOne<{ n: number }>('select count(*) as n from email_confirmations where expires_at <= $1', [new Date(deps.now())]))!
    .n;
}

/** An accepted request for the link again: a link for the day and its mail, to the caller, and nothing else. */
async function expectConfirmationSent(deps: Deps, before: Snapshot, after: Snapshot, stale: number, answer: unknown, actor: Actor) {
  expect(answer).toEqual({ message: expect.stringContaining(`We have sent a new link to ${actor.email}.`) });
  expect(delta(before, after)).toEqual({ ...(stale === 1 ? {} : { email_confirmations: 1 - stale }), mail_outbox: 1 });
  expect({ ...after, counts: {} }).toEqual({ ...before, counts: {} });
  const mail = (await deps.sqlOne<{ toAddress: string; text: string }>(
    'select to_address as "toAddress", text_body as text from mail_outbox order by id desc limit 1',
  ))!;
  expect(mail.toAddress).toBe(actor.email);
  const token = /\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  const link = await deps.sqlOne('select user_id as "userId", expires_at as "expiresAt" from email_confirmations where id = $1', [
    hashToken(token!),
  ]);
  expect(link).toEqual({ userId: actor.id, expiresAt: deps.now() + EMAIL_CONFIRMATION_MS });
}

/** The actor's address confirmed or not, as the case wants it. */
async function setConfirmed(deps: Deps, actor: Actor, confirmed: boolean) {
  await deps.sql('update users set email_verified_at = $1 where id = $2', [confirmed ? new Date(deps.now()) : null, actor.id]);
}

fuzz(
  'user.sendConfirmationEmail',
  'caller',
  'a new link for a signed-in user whose address is not confirmed, on a site that mails; refused otherwise, changing nothing',
  60,
  async (numRuns, { deps: withoutMail, makeDeps }) => {
    const deps = await mailingDeps({ deps: withoutMail, makeDeps });
    const actors = new Map([
      [deps, await makeActor(deps, 'Fuzz Unconfirmed')],
      [withoutMail, await makeActor(withoutMail, 'Fuzz Unconfirmed')],
    ]);
    const hour = hourlyLimits(deps, 5);
    const cases = fc.record({
      input: fc.oneof(fc.constant(undefined), hostileJs()),
      signedIn: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      confirmed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      mailing: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
    });
    await check(cases, numRuns, async (c) => {
      hour();
      const on = c.mailing ? deps : withoutMail;
      const actor = actors.get(on)!;
      await setConfirmed(on, actor, c.confirmed);
      const stale = await staleConfirmations(on);
      const before = await snapshot(on);
      const outcome = await attempt(() => callerFor(on, c.signedIn ? actor : null).user.sendConfirmationEmail(c.input as never));
      const after = await snapshot(on);
      if (outcome.ok) {
        expect({ signedIn: c.signedIn, mailing: c.mailing, confirmed: c.confirmed }).toEqual({
          signedIn: true,
          mailing: true,
          confirmed: false,
        });
        await expectConfirmationSent(deps, before, after, stale, outcome.value, actor);
      } else {
        const expected = !c.signedIn ? 'UNAUTHORIZED' : !c.mailing ? 'SERVICE_UNAVAILABLE' : c.confirmed ? 'CONFLICT' : 'TOO_MANY_REQUESTS';
        expect(outcome.error.code).toBe(expected);
        expectUnchanged(before, after, 'user.sendConfirmationEmail');
      }
    });
  },
  { minAccepted: 10 },
);

fuzz(
  'user.sendConfirmationEmail',
  'rest',
  'POST /api/user/confirmation-email: any body and type; a new link, or a refusal that changes nothing',
  60,
  async (numRuns, world) => {
    const deps = await mailingDeps(world);
    const app = await buildApp(deps, { closeAuctions: false });
    try {
      await app.ready();
      const actors = new Map([
        [deps, await restActor(deps)],
        [world.deps, await restActor(world.deps)],
      ]);
      const hour = hourlyLimits(deps, 5);
      const cases = fc.record({
        wire: wireArb({ bearer: 3, cookie: 3 }),
        body: bodyArb(hostileJson()),
        confirmed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        mailing: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      });
      await check(cases, numRuns, async (c) => {
        hour();
        const on = c.mailing ? { app, deps } : world;
        const actor = actors.get(on.deps)!;
        await setConfirmed(on.deps, actor, c.confirmed);
        const stale = await staleConfirmations(on.deps);
        const before = await snapshot(on.deps);
        const res = await sendJson(on.app, 'POST', '/api/user/confirmation-email', c, actor);
        if (res.statusCode === 503) {
          // As for reset links: a site without mail cannot send one, and says so.
          tally.refused += 1;
          expect(on.deps).toBe(world.deps);
          expect(res.json()).toEqual({ error: CONFIRMATION_NEEDS_EMAIL_MESSAGE, message: CONFIRMATION_NEEDS_EMAIL_MESSAGE });
        } else expectSaneResponse(res, 'POST /api/user/confirmation-email');
        const after = await snapshot(on.deps);
        if (res.statusCode === 200) {
          expect({ mailing: c.mailing, confirmed: c.confirmed }).toEqual({ mailing: true, confirmed: false });
          await expectConfirmationSent(deps, before, after, stale, res.json(), actor);
        } else expectUnchanged(before, after, 'POST /api/user/confirmation-email');
      });
    } finally {
      await app.close();
    }
  },
  { minAccepted: 5 },
);

/** A boundary as a browser makes one. */
const CLEAN_BOUNDARY = '----fuzzboundary7MA4YWxk';

/** Multipart bodies: the form's parts in any order, odd parts and names, files where text belongs, cut short. */
interface MultipartCase {
  parts: Part[];
  boundary: string;
  contentType: 'ok' | 'no-boundary' | 'wrong-boundary' | 'json' | 'none' | 'quoted';
  close: boolean;
  truncate: number | undefined;
  auth: Wire['auth'];
  origin: string | undefined;
}

/** A form entry as a multipart part. */
const toPart = ([name, value]: FormEntry): Part =>
  typeof value === 'string' ? { name, data: value } : { name, filename: value.name, contentType: value.type, data: value.bytes };

function multipartArb(now: number, photos: Photos): fc.Arbitrary<MultipartCase> {
  const oddParts = fc.array(
    fc.oneof(
      fc.constantFrom<Part>(
        { data: 'a part without a name' },
        { name: '', data: 'empty name' },
        { name: 'itemPhoto', filename: 'second.png', contentType: 'image/png', data: photos.png },
        { name: 'other', filename: 'x.png', contentType: 'image/png', data: photos.png },
        { rawHeaders: 'garbage header line\r\n', data: 'x' },
        { rawHeaders: '', data: 'no headers at all' },
        { rawHeaders: 'Content-Disposition: attachment; name="itemName"\r\n', data: 'x' },
        { rawHeaders: "Content-Disposition: form-data; name*=UTF-8''item%4Eame\r\n", data: 'x' },
        { rawHeaders: 'Content-Disposition: form-data; name="itemName"\r\nContent-Transfer-Encoding: base64\r\n', data: 'QQ==' },
        { name: 'sellerId', data: '1' },
        { name: 'currentPrice', data: '999999' },
        { name: '__proto__', data: 'x' },
        { name: 'itemName', data: repeat('x', 1_100_000) },
      ),
      fc.integer({ min: 21, max: 30 }).map((n): Part => ({ name: 'many', data: String(n) })),
    ),
    { maxLength: 2 },
  );
  return fc.record({
    parts: fc.tuple(formPlanArb(JSON_ONLY, now, photos), oddParts, fc.integer({ min: 0, max: 9 })).map(([entries, odd, many]) => {
      const parts = entries.map(toPart);
      // Over the 20-field limit now and then.
      if (many === 0) for (let i = 0; i < 21; i += 1) parts.unshift({ name: `extra${i}`, data: 'x' });
      return [...odd, ...parts];
    }),
    ...multipartWire(),
  });
}

/** Everything of a multipart request but its parts: the boundary, the type, whether the body is whole, the session, the origin. */
function multipartWire(): { [K in Exclude<keyof MultipartCase, 'parts'>]: fc.Arbitrary<MultipartCase[K]> } {
  return {
    boundary: fc.constantFrom(CLEAN_BOUNDARY, 'x', repeat('b', 70), repeat('b', 200), '----fuzz"quoted'),
    contentType: fc.oneof(
      { weight: 20, arbitrary: fc.constant('ok' as const) },
      fc.constantFrom('no-boundary' as const, 'wrong-boundary' as const, 'json' as const, 'none' as const, 'quoted' as const),
    ),
    close: fc.oneof({ weight: 15, arbitrary: fc.constant(true) }, fc.constant(false)),
    truncate: fc.oneof({ weight: 15, arbitrary: fc.constant(undefined) }, fc.double({ min: 0, max: 1, noNaN: true })),
    auth: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom('bearer' as const, 'cookie' as const) },
      fc.constantFrom('none' as const, 'garbage' as const, 'stale' as const),
    ),
    origin: fc.oneof({ weight: 15, arbitrary: fc.constant(undefined) }, fc.constantFrom('http://evil.example', 'http://localhost:80')),
  };
}

function multipartRequest(c: MultipartCase, auth: RestAuth) {
  const body = multipartBody(c.boundary, c.parts, { close: c.close, ...(c.truncate === undefined ? {} : { truncate: c.truncate }) });
  const wire: Wire = { contentType: undefined, origin: c.origin, auth: c.auth, ip: IPS[0] };
  const headers = headersFor(wire, auth);
  const type = {
    ok: `multipart/form-data; boundary=${c.boundary}`,
    quoted: `multipart/form-data; boundary="${c.boundary}"`,
    'no-boundary': 'multipart/form-data',
    'wrong-boundary': 'multipart/form-data; boundary=not-the-one',
    json: 'application/json',
    none: undefined,
  }[c.contentType];
  if (type !== undefined) headers['content-type'] = type;
  return { headers, body };
}

fuzz(
  'auction.create',
  'rest',
  'POST /api/auction multipart: odd parts and files; stored whole or not at all',
  300,
  async (numRuns, { app, deps }) => {
    const seller = await restActor(deps);
    const photos = await loadPhotos();
    await check(multipartArb(deps.now(), photos), numRuns, async (c) => {
      const { headers, body } = multipartRequest(c, seller);
      const before = await snapshot(deps);
      const res = await app.inject({ method: 'POST', url: '/api/auction', headers, payload: body });
      expectSaneResponse(res, 'POST /api/auction');
      const after = await snapshot(deps);
      if (res.statusCode === 201) await expectAuctionCreated(deps, before, after, res.json(), seller.id);
      else expectUnchanged(before, after, 'POST /api/auction');
    });
  },
  { minAccepted: 5 },
);

// ---------------------------------------------------------------------------------------------
// Avatars: a photo (FormData through the caller, multipart through REST) replaces the actor's avatar,
// and a removal brings the drawn initial back. Each accepted upload is a decode and a re-encode, so
// these properties take few runs.

/** How a case finds the actor's avatar: as the case before left it, none, or a photo already in place. */
type AvatarStart = 'as-left' | 'none' | 'placed';
const avatarStart = fc.constantFrom<AvatarStart>('as-left', 'none', 'placed');

/** Puts the user's avatar as the case wants it, as an upload or a removal would leave it (without a decode). */
async function startAvatar(deps: Deps, userId: number, start: AvatarStart): Promise<void> {
  if (start === 'as-left') return;
  let name: string | null = null;
  if (start === 'placed') {
    name = `${randomUUID()}.avatar.webp`;
    writeFileSync(join(deps.settings.UPLOAD_DIR, name), await image('webp'));
  }
  const replaced = await deps.store.users.setAvatar(userId, name);
  if (replaced?.previous) rmSync(join(deps.settings.UPLOAD_DIR, replaced.previous), { force: true });
}

/** After every call: each avatar file on disk is some user's avatar, and each user's avatar is on disk. */
function expectAvatarFilesMatch(snap: Snapshot) {
  const onDisk = snap.files.filter((name) => name.endsWith('.avatar.webp'));
  expect(onDisk, 'avatar files against the users’ avatars').toEqual(
    Object.values(snap.avatars)
      .filter((name) => name !== '')
      .sort(),
  );
}

/** An accepted upload: the actor's avatar is a new 256 × 256 WebP on PUBLIC_URL, the one before is deleted, and nothing else changed. */
async function expectAvatarSet(deps: Deps, before: Snapshot, after: Snapshot, answer: unknown, actor: Actor) {
  const { user } = answer as { user: { avatar: string } };
  expect(Object.keys(answer as object)).toEqual(['user']);
  expect(user).toMatchObject({ _id: String(actor.id), name: actor.user.name, email: actor.email });
  expect(user.avatar.startsWith(`${deps.settings.PUBLIC_URL}/uploads/`), user.avatar).toBe(true);
  const stored = storedName(user.avatar);
  expect(stored).toMatch(/^[0-9a-f-]{36}\.avatar\.webp$/);
  const previous = before.avatars[actor.id];
  expect(stored).not.toBe(previous);
  expect(after.avatars).toEqual({ ...before.avatars, [actor.id]: stored });
  // Exactly one avatar file for the actor: the new one in, the one before (if any) out.
  expect(after.files).toEqual([...before.files.filter((name) => name !== previous), stored].sort());
  expect({ ...after, avatars: {}, files: [] }).toEqual({ ...before, avatars: {}, files: [] });
  expect(await sharp(join(deps.settings.UPLOAD_DIR, stored)).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
}

/** An accepted removal: the actor's avatar is their drawn initial again, its file deleted (if any), and nothing else changed. */
function expectAvatarRemoved(deps: Deps, before: Snapshot, after: Snapshot, answer: unknown, actor: Actor) {
  expect(Object.keys(answer as object)).toEqual(['user']);
  const initial = actor.user.name[0]!.toUpperCase();
  expect(answer).toMatchObject({
    user: { _id: String(actor.id), avatar: `${deps.settings.PUBLIC_URL}/avatars/${actor.id}/${initial}.svg` },
  });
  const previous = before.avatars[actor.id];
  expect(after.avatars).toEqual({ ...before.avatars, [actor.id]: '' });
  expect(after.files).toEqual(before.files.filter((name) => name !== previous));
  expect({ ...after, avatars: {}, files: [] }).toEqual({ ...before, avatars: {}, files: [] });
}

interface AvatarPhotos extends Photos {
  animated: Buffer;
}

async function loadAvatarPhotos(): Promise<{ photos: AvatarPhotos; valid: ReadonlySet<Buffer> }> {
  const photos = { ...(await loadPhotos()), animated: await animatedGif() };
  return { photos, valid: new Set([photos.png, photos.jpeg, photos.webp, photos.gif, photos.animated, photos.exactLimit]) };
}

/** Field names beside the photo: its own, look-alikes, ownership fields, odd keys. */
const AVATAR_FIELDS = ['avatar', 'avatar[]', 'Avatar', 'photo', 'avatarUrl', 'userId', 'role', 'name', '__proto__', 'constructor', ''];

/**
 * The avatar form as entries: the photo as `avatar` (a small real image of each kind, odd bytes, text,
 * or nothing), among random fields, more than the five REST reads now and then, and files of random bytes.
 */
function avatarFormArb(photos: AvatarPhotos): fc.Arbitrary<FormEntry[]> {
  const file = (bytes: fc.Arbitrary<Buffer>) =>
    fc.record({ bytes, name: fc.constantFrom(...FILE_NAMES), type: fc.constantFrom(...FILE_TYPES) });
  const realPhoto = fc.constantFrom(photos.png, photos.jpeg, photos.webp, photos.gif, photos.animated);
  const photo = fc.oneof(
    { weight: 16, arbitrary: file(realPhoto).map((f): FormEntry[] => [['avatar', f]]) },
    { weight: 5, arbitrary: file(oddPhotoBytes(photos)).map((f): FormEntry[] => [['avatar', f]]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('me.png', '', 'data:image/png;base64,iVBORw0KGgo=').map((value): FormEntry[] => [['avatar', value]]),
    },
    { weight: 1, arbitrary: fc.constant<FormEntry[]>([]) },
  );
  const name = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AVATAR_FIELDS) }, fc.string({ maxLength: 20 }));
  const field = fc.tuple(name, anyText()).map(([k, v]): FormEntry => [k, v]);
  const strayFile = fc
    .tuple(name, file(fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes))))
    .map(([k, f]): FormEntry => [k, f]);
  const extras = fc.oneof(
    { weight: 8, arbitrary: fc.array(field, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(field, { minLength: 6, maxLength: 8 }) },
    // One file too many, or more.
    {
      weight: 2,
      arbitrary: fc.tuple(fc.array(field, { maxLength: 2 }), fc.array(strayFile, { minLength: 1, maxLength: 3 })).map((a) => a.flat()),
    },
  );
  return fc.tuple(photo, extras, fc.boolean()).map(([own, extra, first]) => (first ? [...own, ...extra] : [...extra, ...own]));
}

type AvatarVerdict = 'accepted' | 'missing' | 'too-many' | 'too-large' | 'either';

/**
 * What the rules make of an avatar form: accepted, a refusal they name, or either (bytes that only
 * look like an image, which may or may not decode). In their order: the first `avatar` must be a
 * file with bytes, the only file, within 5 MiB, and an image.
 */
function avatarVerdict(entries: FormEntry[], valid: ReadonlySet<Buffer>): AvatarVerdict {
  const photo = entries.find(([key]) => key === 'avatar')?.[1];
  if (photo === undefined || typeof photo === 'string' || photo.bytes.length === 0) return 'missing';
  if (entries.filter(([, value]) => typeof value !== 'string').length > 1) return 'too-many';
  if (photo.bytes.length > PHOTO_MAX_BYTES) return 'too-large';
  return valid.has(photo.bytes) ? 'accepted' : 'either';
}

/** Takes every upload place of the account (as uploads in progress would), so that one more is refused; returns their release. */
function fillUploadPlaces(deps: Deps, userId: number): () => void {
  const releases = Array.from({ length: UPLOADS_PER_ACCOUNT }, () => deps.photos.uploads.take(userId));
  return () => releases.forEach((release) => release());
}

fuzz(
  'user.setAvatar',
  'caller',
  'a photo as the only file becomes the caller’s avatar, the one before deleted; any other form changes nothing',
  40,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Portrait');
    const bystander = await insertUser(deps, { name: 'Fuzz Bystander' });
    await startAvatar(deps, bystander.id, 'placed');
    const { photos, valid } = await loadAvatarPhotos();
    const forms = avatarFormArb(photos).map((entries) => ({ form: true as const, entries }));
    const notForms = fc
      .oneof(
        hostileJs(),
        fc.constantFrom<unknown>(
          { avatar: fileOf(photos.png, 'me.png', 'image/png') },
          fileOf(photos.png, 'me.png', 'image/png'),
          new URLSearchParams({ avatar: 'me.png' }),
        ),
      )
      .map((value) => ({ form: false as const, value }));
    const cases = fc.record({
      planned: fc.oneof({ weight: 9, arbitrary: forms }, { weight: 1, arbitrary: notForms }),
      signedIn: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      busy: fc.integer({ min: 0, max: 11 }).map((n) => n === 0),
      start: avatarStart,
    });
    const owed: Record<AvatarVerdict, string | undefined> = {
      accepted: 'accepted',
      missing: 'BAD_REQUEST',
      'too-many': 'PAYLOAD_TOO_LARGE',
      'too-large': 'PAYLOAD_TOO_LARGE',
      either: undefined,
    };
    await check(cases, numRuns, async (c) => {
      await startAvatar(deps, actor.id, c.start);
      const input = c.planned.form ? toFormData(c.planned.entries) : c.planned.value;
      const before = await snapshot(deps);
      const release = c.busy ? fillUploadPlaces(deps, actor.id) : () => {};
      const outcome = await attempt(() => callerFor(deps, c.signedIn ? actor : null).user.setAvatar(input as never)).finally(release);
      const after = await snapshot(deps);
      expectAvatarFilesMatch(after);
      // The place is taken before the form is read: with none left, even a bad form is 429.
      if (!c.busy) expectSchemaRefusal(outcome, setAvatarInput, input, true, c.signedIn);
      const expected = !c.signedIn
        ? 'UNAUTHORIZED'
        : c.busy
          ? 'TOO_MANY_REQUESTS'
          : c.planned.form
            ? owed[avatarVerdict(c.planned.entries, valid)]
            : 'BAD_REQUEST';
      const got = outcome.ok ? 'accepted' : outcome.error.code;
      if (expected !== undefined) expect(got, outcome.ok ? '' : outcome.error.message).toBe(expected);
      else expect(['accepted', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']).toContain(got);
      if (outcome.ok) await expectAvatarSet(deps, before, after, outcome.value, actor);
      else expectUnchanged(before, after, 'user.setAvatar');
    });
  },
  { minAccepted: 4 },
);

/** A PUT /api/user/avatar: the form's parts, odd ones before them, the wire, and the account's upload places full now and then. */
interface AvatarUpload extends MultipartCase {
  entries: FormEntry[];
  odd: Part[];
  busy: boolean;
}

function avatarUploadArb(photos: AvatarPhotos): fc.Arbitrary<AvatarUpload> {
  const oddParts = fc.array(
    fc.constantFrom<Part>(
      { data: 'a part without a name' },
      { name: '', data: 'empty name' },
      { rawHeaders: 'garbage header line\r\n', data: 'x' },
      { rawHeaders: '', data: 'no headers at all' },
      { rawHeaders: 'Content-Disposition: attachment; name="avatar"; filename="me.png"\r\n', data: photos.png },
      { rawHeaders: 'Content-Disposition: form-data; name*=UTF-8\'\'avatar; filename="me.png"\r\n', data: photos.png },
      {
        rawHeaders: 'Content-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Transfer-Encoding: base64\r\n',
        data: photos.png.toString('base64'),
      },
      { name: 'avatar', data: repeat('x', 1_100_000) },
    ),
    { maxLength: 2 },
  );
  // Most requests as a client sends them, so that the form's own rules are reached often.
  const clean: Omit<MultipartCase, 'parts' | 'auth'> = {
    boundary: CLEAN_BOUNDARY,
    contentType: 'ok',
    close: true,
    truncate: undefined,
    origin: undefined,
  };
  const wire = fc.oneof(
    { weight: 1, arbitrary: fc.record(multipartWire()) },
    { weight: 2, arbitrary: fc.constantFrom('bearer' as const, 'cookie' as const).map((auth) => ({ ...clean, auth })) },
  );
  return fc
    .record({
      entries: avatarFormArb(photos),
      odd: fc.oneof({ weight: 8, arbitrary: fc.constant<Part[]>([]) }, oddParts),
      busy: fc.integer({ min: 0, max: 11 }).map((n) => n === 0),
      wire,
    })
    .map(({ wire: w, ...c }) => ({ ...w, ...c, parts: [...c.odd, ...c.entries.map(toPart)] }));
}

/**
 * The status REST owes an avatar upload, in the order it checks: the origin, the body's type, the
 * session, the account's upload places; then, for a whole well-formed body, the form's limits (one
 * file, five fields) and the photo rules. Undefined where it may be either.
 */
function avatarUploadStatus(c: AvatarUpload, body: Buffer, valid: ReadonlySet<Buffer>): number | undefined {
  if (c.origin === 'http://evil.example') return 403;
  if (body.length > 0 && !['ok', 'quoted', 'no-boundary', 'wrong-boundary'].includes(c.contentType)) return 415;
  if (c.auth !== 'bearer' && c.auth !== 'cookie') return 401;
  if (c.busy) return 429;
  const delimiter = `\r\n--${c.boundary}`;
  const whole =
    c.contentType === 'ok' &&
    c.boundary === CLEAN_BOUNDARY &&
    c.close &&
    c.truncate === undefined &&
    c.odd.length === 0 &&
    c.parts.every((part) => !Buffer.from(part.data).includes(delimiter));
  // A part named like a property of every object (constructor, __proto__) is refused by the parser
  // (400), or the form's limits are reached first (413).
  if (!whole || c.entries.some(([name]) => name in Object.prototype)) return undefined;
  const files = c.entries.filter(([, value]) => typeof value !== 'string').length;
  if (files > 1 || c.entries.length - files > 5) return 413;
  return { accepted: 200, missing: 400, 'too-many': 413, 'too-large': 413, either: undefined }[avatarVerdict(c.entries, valid)];
}

fuzz(
  'user.setAvatar',
  'rest',
  'PUT /api/user/avatar multipart: odd parts, types and sessions; the avatar replaced, or nothing changes',
  40,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const bystander = await insertUser(deps, { name: 'Fuzz Bystander' });
    await startAvatar(deps, bystander.id, 'placed');
    const { photos, valid } = await loadAvatarPhotos();
    await check(fc.tuple(avatarUploadArb(photos), avatarStart), numRuns, async ([c, start]) => {
      await startAvatar(deps, actor.id, start);
      const { headers, body } = multipartRequest(c, actor);
      const before = await snapshot(deps);
      const release = c.busy ? fillUploadPlaces(deps, actor.id) : () => {};
      const res = await app.inject({ method: 'PUT', url: '/api/user/avatar', headers, payload: body }).finally(release);
      expectSaneResponse(res, 'PUT /api/user/avatar');
      const after = await snapshot(deps);
      expectAvatarFilesMatch(after);
      const expected = avatarUploadStatus(c, body, valid);
      if (expected !== undefined) expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
      if (res.statusCode === 200) await expectAvatarSet(deps, before, after, res.json(), actor);
      else {
        expect([400, 401, 403, 413, 415, 429], res.body.slice(0, 300)).toContain(res.statusCode);
        expectUnchanged(before, after, 'PUT /api/user/avatar');
      }
    });
  },
  { minAccepted: 4 },
);

fuzz(
  'user.removeAvatar',
  'caller',
  'signed in, the drawn initial comes back and the photo’s file goes, whatever is passed; signed out, nothing changes',
  100,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Portrait');
    const bystander = await insertUser(deps, { name: 'Fuzz Bystander' });
    await startAvatar(deps, bystander.id, 'placed');
    const cases = fc.record({
      input: fc.oneof(fc.constant(undefined), hostileJs()),
      signedIn: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      start: avatarStart,
    });
    await check(cases, numRuns, async (c) => {
      await startAvatar(deps, actor.id, c.start);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, c.signedIn ? actor : null).user.removeAvatar(c.input as never));
      const after = await snapshot(deps);
      expectAvatarFilesMatch(after);
      expect(outcome.ok ? 'accepted' : outcome.error.code).toBe(c.signedIn ? 'accepted' : 'UNAUTHORIZED');
      if (outcome.ok) expectAvatarRemoved(deps, before, after, outcome.value, actor);
      else expectUnchanged(before, after, 'user.removeAvatar');
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'user.removeAvatar',
  'rest',
  'DELETE /api/user/avatar: any body, type and session; the drawn initial back, or nothing changes',
  100,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const bystander = await insertUser(deps, { name: 'Fuzz Bystander' });
    await startAvatar(deps, bystander.id, 'placed');
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(hostileJson()), start: avatarStart });
    await check(cases, numRuns, async (c) => {
      await startAvatar(deps, actor.id, c.start);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'DELETE', '/api/user/avatar', c, actor);
      expectSaneResponse(res, 'DELETE /api/user/avatar');
      const after = await snapshot(deps);
      expectAvatarFilesMatch(after);
      const live = c.wire.auth === 'bearer' || c.wire.auth === 'cookie';
      const sameOrigin = c.wire.origin === undefined || c.wire.origin === 'http://localhost:80';
      // A Content-Type that is no media type at all ('', two of them) is 415 even without a body.
      const readableType = c.wire.contentType === undefined || /^[\w.+*-]+\/[\w.+*-]+\s*(;.*)?$/.test(c.wire.contentType);
      // The body is ignored: without one, only the origin and the session decide.
      if (!sameOrigin) expect(res.statusCode).toBe(403);
      else if (c.body.kind === 'none' && readableType) expect(res.statusCode).toBe(live ? 200 : 401);
      if (res.statusCode === 200) {
        expect(live).toBe(true);
        expectAvatarRemoved(deps, before, after, res.json(), actor);
      } else {
        expect([400, 401, 403, 413, 415], res.body.slice(0, 300)).toContain(res.statusCode);
        expectUnchanged(before, after, 'DELETE /api/user/avatar');
      }
    });
  },
  { minAccepted: 20 },
);

// ---------------------------------------------------------------------------------------------
// Second-chance offers

/**
 * Offers around the actor: an auction of theirs that ended below its reserve (Other its bidder), one
 * of Other's, an offer to the actor and one to Third. `reset` takes back whatever a case made or answered.
 */
async function offerWorld(deps: Deps, actor: Actor) {
  const [other, third] = [await insertUser(deps, { name: 'Offer Other' }), await insertUser(deps, { name: 'Offer Third' })];
  const mineToOffer = await endedBelowReserve(deps, actor.id, other.id);
  const othersToOffer = await endedBelowReserve(deps, other.id, third.id);
  const offerToMe = await pendingOffer(deps, other.id, actor.id);
  const offerToThird = await pendingOffer(deps, other.id, third.id);
  const offered = await deps.sql<{ a: number }>('select auction_id as a from offers order by id');
  return {
    other,
    mineToOffer,
    auctions: [mineToOffer, othersToOffer, ...offered.map((o) => String(o.a))],
    offerToMe,
    offers: [offerToMe, offerToThird],
    async reset() {
      await deps.sql('delete from offers where auction_id = $1', [Number(mineToOffer)]);
      await deps.sql("update offers set status = 'pending', answered_at = null");
      await deps.sql('delete from orders');
      await deps.sql('update auctions set second_chance_at = null, current_price = 20, leader_max = 20 where second_chance_at is not null');
      for (const { a } of offered)
        await deps.sql('update auctions set leader_id = (select to_id from offers where auction_id = $1) where id = $1', [a]);
    },
  };
}

const offerTargetArb = (world: Awaited<ReturnType<typeof offerWorld>>, actorId: number) =>
  fc.record(
    {
      auctionId: fc.oneof(
        { weight: 6, arbitrary: fc.constant(world.mineToOffer) },
        { weight: 3, arbitrary: fc.constantFrom(...world.auctions) },
        { weight: 1, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES) },
      ),
      to: fc.oneof(
        { weight: 6, arbitrary: fc.constant(String(world.other.id)) },
        { weight: 2, arbitrary: fc.constantFrom(String(actorId), '0', '999999', ' 1', '1e3', '') },
        { weight: 1, arbitrary: fc.anything() },
      ),
    },
    { requiredKeys: [] },
  );

/** A made offer: one offer more and its notice (and mail); refused, nothing changed. */
function expectOfferOutcome(before: Snapshot, after: Snapshot, made: boolean, what: string) {
  if (!made) return expectUnchanged(before, after, what);
  const { offers, notifications, mail_outbox: mailed = 0, ...others } = delta(before, after);
  expect([offers, notifications]).toEqual([1, 1]);
  expect([0, 1]).toContain(mailed);
  expect(others).toEqual({});
}

fuzz(
  'offers.make',
  'caller',
  'only the seller of an offerable auction, to one of its bidders; anything else changes nothing',
  150,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Seller');
    const world = await offerWorld(deps, actor);
    const input = fc.oneof({ weight: 9, arbitrary: offerTargetArb(world, actor.id) }, { weight: 1, arbitrary: hostileJs() });
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([value, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      await world.reset();
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).offers.make(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, makeOfferInput, value, true, signedIn);
      const parsed = makeOfferInput.safeParse(value);
      if (signedIn && parsed.success && parsed.data.auctionId === world.mineToOffer && parsed.data.to === String(world.other.id))
        expect(outcome.ok).toBe(true);
      if (!outcome.ok) expect(['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
      expectOfferOutcome(before, after, outcome.ok, 'offers.make');
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'offers.make',
  'rest',
  'POST /api/auction/:id/offers: odd ids and bodies; only the seller’s offer to a bidder is made',
  100,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await offerWorld(deps, actor);
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(
        fc.oneof(
          { weight: 3, arbitrary: offerTargetArb(world, actor.id).map(({ to }) => ({ to })) },
          { weight: 1, arbitrary: hostileJson() },
        ),
      ),
      auctionId: fc.oneof(
        { weight: 6, arbitrary: fc.constant(world.mineToOffer) },
        { weight: 2, arbitrary: fc.constantFrom(...world.auctions) },
        { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
      ),
    });
    await check(cases, numRuns, async (c) => {
      await world.reset();
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', `/api/auction/${c.auctionId}/offers`, c, actor);
      expectSaneResponse(res, `POST /api/auction/${c.auctionId.slice(0, 40)}/offers`);
      if (res.statusCode !== 201) expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectOfferOutcome(before, await snapshot(deps), res.statusCode === 201, 'POST /api/auction/:id/offers');
    });
  },
  { minAccepted: 10 },
);

for (const step of ['accept', 'decline'] as const) {
  /** Accepted: the offer to the actor answered (an acceptance: one order and the seller's notice); refused: nothing changed. */
  const expectAnswer = (before: Snapshot, after: Snapshot, taken: boolean, what: string) => {
    if (!taken) return expectUnchanged(before, after, what);
    const { orders = 0, notifications = 0, mail_outbox: mailed = 0, ...others } = delta(before, after);
    expect([orders, notifications]).toEqual(step === 'accept' ? [1, 1] : [0, 0]);
    expect([0, 1]).toContain(mailed);
    expect(others).toEqual({});
  };

  fuzz(
    `offers.${step}`,
    'caller',
    'only the offered bidder answers a pending offer; anything else changes nothing',
    100,
    async (numRuns, { deps }) => {
      const actor = await makeActor(deps, 'Fuzz Bidder');
      const world = await offerWorld(deps, actor);
      const input = fc.oneof(
        { weight: 9, arbitrary: orderIdArb(world.offers).map((id) => ({ id })) },
        { weight: 1, arbitrary: hostileJs().map((hostile) => ({ hostile })) },
      );
      await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([drawn, signedInRoll]) => {
        const signedIn = signedInRoll > 0;
        await world.reset();
        const value = 'hostile' in drawn ? drawn.hostile : drawn;
        const before = await snapshot(deps);
        const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).offers[step](value as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, offerIdInput, value, true, signedIn);
        const parsed = offerIdInput.safeParse(value);
        if (signedIn && parsed.success && parsed.data.id === world.offerToMe) expect(outcome.ok).toBe(true);
        if (!outcome.ok) expect(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectAnswer(before, after, outcome.ok, `offers.${step}`);
      });
    },
    { minAccepted: 20 },
  );

  fuzz(
    `offers.${step}`,
    'rest',
    `POST /api/offers/:id/${step}: odd ids and bodies; only the offered bidder answers`,
    80,
    async (numRuns, { app, deps }) => {
      const actor = await restActor(deps);
      const world = await offerWorld(deps, actor);
      const idArb = fc.oneof(
        { weight: 6, arbitrary: fc.constant(world.offerToMe) },
        { weight: 2, arbitrary: fc.constantFrom(...world.offers) },
        { weight: 2, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
      );
      const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(hostileJson()), id: idArb });
      await check(cases, numRuns, async (c) => {
        await world.reset();
        const before = await snapshot(deps);
        const res = await sendJson(app, 'POST', `/api/offers/${c.id}/${step}`, c, actor);
        expectSaneResponse(res, `POST /api/offers/${c.id.slice(0, 40)}/${step}`);
        const taken = res.statusCode === (step === 'accept' ? 201 : 200);
        if (!taken) expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectAnswer(before, await snapshot(deps), taken, `POST /api/offers/:id/${step}`);
      });
    },
    { minAccepted: 10 },
  );
}

// ---------------------------------------------------------------------------------------------
// Moderation: an account's status and role, an administrator's cancel

/** An actor made an administrator (their session reads the role afresh). */
async function asAdmin<A extends Actor>(deps: Deps, actor: A): Promise<A> {
  await deps.sql("update users set role = 'admin' where id = $1", [actor.id]);
  return { ...actor, user: (await findSessionUser(deps, actor.token))! };
}

/**
 * Around an administrator: a user with an open auction (which a suspension cancels), another
 * administrator, and an auction to cancel. `reset` puts back what a case changed; the audit log
 * only grows, and each case counts its own entries.
 */
async function moderationWorld(deps: Deps, actor: Actor) {
  const target = await insertUser(deps, { name: 'Mod Target' });
  const otherAdmin = await insertUser(deps, { name: 'Mod Admin', role: 'admin' });
  const targetsAuction = await insertAuction(deps, target.id, { itemName: 'Target lot' });
  const auction = await insertAuction(deps, otherAdmin.id, { itemName: 'Cancel me' });
  const ended = await insertAuction(deps, otherAdmin.id, { startsAt: deps.now() - 2 * DAY_MS, endsAt: deps.now() - DAY_MS });
  return {
    target: String(target.id),
    users: [String(target.id), String(otherAdmin.id), String(actor.id)],
    auction,
    auctions: [auction, targetsAuction, ended],
    async reset() {
      await deps.sql("update users set status = 'active', suspension_reason = null, role = 'user' where id = $1", [target.id]);
      await deps.sql('update auctions set cancelled_at = null, closed_at = null, matched_at = null where id in ($1, $2)', [
        Number(auction),
        Number(targetsAuction),
      ]);
      await deps.sql('delete from mail_outbox');
      await deps.sql('delete from notifications');
    },
  };
}
type ModerationWorld = Awaited<ReturnType<typeof moderationWorld>>;

const reasonArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('Spam', 'Shill bidding', ' Counterfeit ', 'x'.repeat(500)) },
  { weight: 2, arbitrary: fc.constantFrom('', '   ', 'x'.repeat(501), '\u0000', '\ud800') },
  { weight: 1, arbitrary: fc.anything() },
);

/** The three moderation mutations: each input, its REST request, and the one input that must pass. */
const MODERATION = {
  'admin.setUserStatus': {
    schema: setUserStatusInput,
    input: (world: ModerationWorld) =>
      fc.record(
        {
          id: fc.oneof(
            { weight: 6, arbitrary: fc.constant(world.target) },
            { weight: 3, arbitrary: fc.constantFrom(...world.users, ...PATH_ID_EDGES) },
          ),
          status: fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom('suspended', 'blocked') },
            { weight: 2, arbitrary: fc.constant('active') },
            { weight: 1, arbitrary: fc.anything() },
          ),
          reason: reasonArb,
        },
        { requiredKeys: ['id', 'status'] },
      ),
    rest: (id: string) => ({ method: 'PATCH' as const, url: `/api/admin/users/${id}/status` }),
    valid: (world: ModerationWorld) => world.target,
    mustPass: (world: ModerationWorld, data: { id: string; status: string; reason: string | null }) =>
      data.id === world.target && data.status === 'suspended',
  },
  'admin.setUserRole': {
    schema: setUserRoleInput,
    input: (world: ModerationWorld) =>
      fc.record(
        {
          id: fc.oneof(
            { weight: 6, arbitrary: fc.constant(world.target) },
            { weight: 3, arbitrary: fc.constantFrom(...world.users, ...PATH_ID_EDGES) },
          ),
          role: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('admin', 'user') }, { weight: 1, arbitrary: fc.anything() }),
        },
        { requiredKeys: ['id', 'role'] },
      ),
    rest: (id: string) => ({ method: 'PATCH' as const, url: `/api/admin/users/${id}/role` }),
    valid: (world: ModerationWorld) => world.target,
    mustPass: (world: ModerationWorld, data: { id: string; role: string }) => data.id === world.target && data.role === 'admin',
  },
  'admin.cancelAuction': {
    schema: adminCancelInput,
    input: (world: ModerationWorld) =>
      fc.record(
        {
          id: fc.oneof(
            { weight: 6, arbitrary: fc.constant(world.auction) },
            { weight: 3, arbitrary: fc.constantFrom(...world.auctions, ...AUCTION_ID_EDGES) },
          ),
          reason: reasonArb,
        },
        { requiredKeys: ['id', 'reason'] },
      ),
    rest: (id: string) => ({ method: 'POST' as const, url: `/api/admin/auctions/${id}/cancel` }),
    valid: (world: ModerationWorld) => world.auction,
    mustPass: (world: ModerationWorld, data: { id: string }) => data.id === world.auction,
  },
} as const;

/** Accepted: one audit entry per change (a suspension's cancels have theirs), with the notices of what it cancelled; refused: nothing changed. */
function expectModerated(before: Snapshot, after: Snapshot, accepted: boolean, what: string) {
  if (!accepted) return expectUnchanged(before, after, what);
  const { audit_log: entries = 0, notifications = 0, mail_outbox: mailed = 0, ...others } = delta(before, after);
  expect(entries).toBeGreaterThanOrEqual(1);
  expect(notifications).toBeGreaterThanOrEqual(entries - 1);
  expect(mailed).toBeGreaterThanOrEqual(0);
  expect(others).toEqual({});
}

for (const [path, plan] of Object.entries(MODERATION)) {
  fuzz(
    path,
    'caller',
    'only an administrator, on another user or an auction that may take it; anything else changes nothing',
    120,
    async (numRuns, { deps }) => {
      const actor = await asAdmin(deps, await makeActor(deps, 'Fuzz Moderator'));
      const world = await moderationWorld(deps, actor);
      const input = fc.oneof({ weight: 9, arbitrary: plan.input(world) }, { weight: 1, arbitrary: hostileJs() });
      await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([value, signedInRoll]) => {
        const signedIn = signedInRoll > 0;
        await world.reset();
        const before = await snapshot(deps);
        const procedure = path.split('.')[1] as 'setUserStatus' | 'setUserRole' | 'cancelAuction';
        const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).admin[procedure](value as never));
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, plan.schema, value, true, signedIn);
        const parsed = plan.schema.safeParse(value);
        if (signedIn && parsed.success && plan.mustPass(world, parsed.data as never)) expect(outcome.ok).toBe(true);
        if (!outcome.ok) expect(['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectModerated(before, after, outcome.ok, path);
      });
    },
    { minAccepted: 20 },
  );

  fuzz(
    path,
    'rest',
    `${plan.rest(':id').method} ${plan.rest(':id').url}: odd ids and bodies; only an administrator's valid change is made`,
    120,
    async (numRuns, { app, deps }) => {
      const actor = await asAdmin(deps, await restActor(deps));
      const world = await moderationWorld(deps, actor);
      const cases = fc.record({
        wire: wireArb({ bearer: 4, cookie: 4 }),
        body: bodyArb(fc.oneof({ weight: 6, arbitrary: plan.input(world) }, { weight: 1, arbitrary: hostileJson() })),
        // The path names the target; an `id` in the body is overwritten by it.
        id: fc.oneof({ weight: 8, arbitrary: fc.constant(plan.valid(world)) }, { weight: 2, arbitrary: fc.constantFrom(...PATH_ID_EDGES) }),
      });
      await check(cases, numRuns, async (c) => {
        await world.reset();
        const { method, url } = plan.rest(c.id);
        const before = await snapshot(deps);
        const res = await sendJson(app, method, url, c, actor);
        expectSaneResponse(res, `${method} ${url.slice(0, 60)}`);
        if (res.statusCode !== 200) expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectModerated(before, await snapshot(deps), res.statusCode === 200, `${method} ${plan.rest(':id').url}`);
      });
    },
    { minAccepted: 10 },
  );
}

// =============================================================================================
// An administrator removing a bidder from an auction, through both doors

interface RemovalWorld {
  /** Auctions with bids by the bidders, added as removals empty them. */
  auctions: string[];
  bidders: string[];
  /** Users who never bid anywhere. */
  strangers: string[];
}

/** An open auction of the seller's with bids by the three bidders, some automatic: what a removal replays. */
async function auctionWithBids(deps: Deps, sellerId: number, bidders: string[]): Promise<string> {
  const id = await insertAuction(deps, sellerId, { itemName: 'Bid on by three', startingPrice: 100 });
  const bids = [{ bidAmount: 101, maxBid: 150 }, { bidAmount: 105 }, { bidAmount: 116, maxBid: 200 }];
  for (const [i, body] of bids.entries()) {
    const user = (await findSessionUser(deps, (await createSession(deps, Number(bidders[i]))).token))!;
    await createCaller(createInnerContext(deps, { user })).auction.placeBid({ auctionId: id, ...body });
  }
  return id;
}

async function removalWorld(deps: Deps): Promise<RemovalWorld & { sellerId: number }> {
  const seller = await insertUser(deps, { name: 'Removal Seller' });
  const bidders = await Promise.all(['Bidder One', 'Bidder Two', 'Bidder Three'].map((name) => insertUser(deps, { name })));
  const stranger = await insertUser(deps, { name: 'Never Bid' });
  const ids = bidders.map((b) => String(b.id));
  return { sellerId: seller.id, bidders: ids, strangers: [String(stranger.id)], auctions: [await auctionWithBids(deps, seller.id, ids)] };
}

const removalInput = (world: RemovalWorld, options: ValueOptions) =>
  fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record(
        {
          auctionId: fc.oneof(
            // Read when drawn: the list grows as removals use its auctions up.
            { weight: 6, arbitrary: fc.nat().map((i) => world.auctions[i % world.auctions.length]!) },
            { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES) },
            { weight: 1, arbitrary: fc.anything() },
          ),
          userId: fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...world.bidders) },
            { weight: 2, arbitrary: fc.constantFrom(...world.strangers, ...AUCTION_ID_EDGES) },
            { weight: 1, arbitrary: fc.anything() },
          ),
          reason: fc.oneof(
            { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
            { weight: 2, arbitrary: fc.constantFrom('', '   ', 'x'.repeat(500), 'x'.repeat(501), 'a\u0000b', 'line\nbreak') },
            { weight: 1, arbitrary: options.json ? hostileJson() : hostileJs() },
          ),
        },
        { requiredKeys: ['auctionId', 'userId'] },
      ),
    },
    { weight: 1, arbitrary: options.json ? hostileJson() : hostileJs() },
  );

/** What a removal must leave: none of the user's bids there, every other placed bid, a count that matches the history. */
async function expectRemoved(deps: Deps, auctionId: string, userId: string, placedBefore: number[]) {
  const rows = await deps.sql<{ id: number; bidder: number; auto: boolean | number }>(
    'select id, bidder_id as bidder, auto from bids where auction_id = $1 order by id',
    [Number(auctionId)],
  );
  expect(rows.filter((r) => r.bidder === Number(userId))).toEqual([]);
  expect(rows.filter((r) => !r.auto).map((r) => r.id)).toEqual(placedBefore);
  const row = await deps.sqlOne<{ count: number }>('select bids_count as count from auctions where id = $1', [Number(auctionId)]);
  expect(row!.count).toBe(rows.length);
}

/** The ids of the placed bids of others than `userId` on the auction, oldest first. */
async function placedByOthers(deps: Deps, auctionId: string, userId: string): Promise<number[]> {
  // Ids past PostgreSQL's integer name nothing here (the product casts them; this plain query does not).
  const key = (text: string) => {
    const id = parseId(text.trim());
    return id !== null && id <= 2_147_483_647 ? id : null;
  };
  const id = key(auctionId);
  if (id === null) return [];
  const rows = await deps.sql<{ id: number }>(
    `select id from bids where auction_id = $1 and bidder_id <> $2 and ${TEST_DATABASE === 'postgres' ? 'not auto' : 'auto = 0'} order by id`,
    [id, key(userId) ?? 0],
  );
  return rows.map((r) => r.id);
}

fuzz(
  'admin.removeBidder',
  'caller',
  'only an admin removes a bidder who bid on an open auction, with a reason; anything else changes nothing',
  150,
  async (numRuns, { deps }) => {
    const world = await removalWorld(deps);
    const admin = await makeActor(deps, 'Fuzz Admin');
    await deps.sql("update users set role = 'admin' where id = $1", [admin.id]);
    const asAdmin = { ...admin, user: (await findSessionUser(deps, admin.token))! };
    const plain = await makeActor(deps, 'Fuzz User');
    await check(fc.tuple(removalInput(world, CALLER), fc.integer({ min: 0, max: 9 })), numRuns, async ([value, roll]) => {
      const actor = roll === 0 ? null : roll === 1 ? plain : asAdmin;
      const sent = removeBidderInput.safeParse(value);
      const placed = sent.success ? await placedByOthers(deps, sent.data.auctionId, sent.data.userId) : [];
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, actor).admin.removeBidder(value as never));
      const after = await snapshot(deps);
      if (actor !== plain) expectSchemaRefusal(outcome, removeBidderInput, value, true, actor !== null);
      if (outcome.ok) {
        expect(actor).toBe(asAdmin);
        await expectRemoved(deps, sent.data!.auctionId, sent.data!.userId, placed);
        // The next case finds bids to remove again.
        world.auctions.push(await auctionWithBids(deps, world.sellerId, world.bidders));
      } else {
        expect(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']).toContain(outcome.error.code);
        if (actor === plain) expect(outcome.error.code).toBe('FORBIDDEN');
        expectUnchanged(before, after, 'admin.removeBidder');
      }
    });
  },
  { minAccepted: 5 },
);

fuzz(
  'admin.removeBidder',
  'rest',
  'DELETE /api/admin/auctions/:id/bidders/:userId: odd ids, bodies and sessions; an admin’s removal, or nothing changes',
  150,
  async (numRuns, { app, deps }) => {
    const world = await removalWorld(deps);
    const admin = await restActor(deps);
    await deps.sql("update users set role = 'admin' where id = $1", [admin.id]);
    // Read when drawn: the list of auctions grows as removals use them up.
    const pathId = (ids: string[]) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.nat().map((i) => ids[i % ids.length]!) },
        { weight: 1, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((s) => s.trim() !== '')).map(encodeURIComponent) },
        { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
      );
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(fc.oneof({ weight: 4, arbitrary: fc.record({ reason: fc.string({ maxLength: 40 }) }) }, hostileJson())),
      auctionId: pathId(world.auctions),
      userId: pathId([...world.bidders, ...world.strangers]),
    });
    // A path segment as the router hands it on; one that does not decode names nothing.
    const decoded = (segment: string) => {
      try {
        return decodeURIComponent(segment).trim();
      } catch {
        return '';
      }
    };
    await check(cases, numRuns, async (c) => {
      const placed = await placedByOthers(deps, decoded(c.auctionId), decoded(c.userId));
      const before = await snapshot(deps);
      const url = `/api/admin/auctions/${c.auctionId}/bidders/${c.userId}`;
      const res = await sendJson(app, 'DELETE', url, c, admin);
      expectSaneResponse(res, `DELETE ${url.slice(0, 80)}`);
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        await expectRemoved(deps, decoded(c.auctionId), decoded(c.userId), placed);
        world.auctions.push(await auctionWithBids(deps, world.sellerId, world.bidders));
      } else {
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'DELETE /api/admin/auctions/:id/bidders/:userId');
      }
    });
  },
  { minAccepted: 3 },
);

// =============================================================================================
// Two-factor sign-in: set-up, turning on and off, and a login's second step

/** A secret the cases share, so that a case can compute the code an authenticator would show. */
const FUZZ_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const FUZZ_RECOVERY = 'abcde-fghjk';
/** Stand-ins the cases draw, replaced at run time by the code of now, a live recovery code, a live challenge. */
const LIVE_CODE = '<live code>';
const RECOVERY_CODE = '<recovery code>';
const LIVE_CHALLENGE = '<live challenge>';

type FactorState = 'off' | 'pending' | 'on';
const factorStates = fc.constantFrom<FactorState>('off', 'pending', 'on');
/** Mostly the state in which the call can succeed, so that enough cases do. */
const mostly = (state: FactorState) => fc.oneof({ weight: 4, arbitrary: fc.constant(state) }, { weight: 2, arbitrary: factorStates });

/** Puts the user's two-factor state where the case wants it: off, set up but pending, or on (with one recovery code). */
async function setFactor(deps: Deps, userId: number, state: FactorState) {
  for (const table of ['login_challenges', 'recovery_codes', 'two_factor'])
    await deps.sql(`delete from ${table} where user_id = $1`, [userId]);
  if (state === 'off') return;
  const now = deps.now();
  await deps.store.twoFactor.setPending(userId, FUZZ_SECRET, new Date(now));
  // The last step used is before the one before now: the code of now is always fresh.
  if (state === 'on') await deps.store.twoFactor.enable(userId, FUZZ_SECRET, stepAt(now) - 2, [hashToken('abcdefghjk')], new Date(now));
}

/** A live challenge of the user's login, as the first step would hand it out. */
async function liveChallenge(deps: Deps, userId: number): Promise<string> {
  const token = `fuzz-${randomUUID()}`;
  const now = deps.now();
  await deps.store.twoFactor.createChallenge({ id: hashToken(token), userId, createdAt: new Date(now), expiresAt: new Date(now + 60_000) });
  return token;
}

/** The input with the stand-ins replaced; `live` when its code (and challenge, if asked) would pass. */
function resolveCodes(input: unknown, deps: Deps, challenge?: string): { input: unknown; live: boolean } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { input, live: false };
  const resolved: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const liveCode = resolved.code === LIVE_CODE || resolved.code === RECOVERY_CODE;
  if (resolved.code === LIVE_CODE) resolved.code = codeAt(FUZZ_SECRET, deps.now());
  if (resolved.code === RECOVERY_CODE) resolved.code = FUZZ_RECOVERY;
  const liveChallengeSent = resolved.challenge === LIVE_CHALLENGE;
  if (liveChallengeSent) resolved.challenge = challenge;
  return { input: resolved, live: liveCode && (challenge === undefined || liveChallengeSent) };
}

const codeEdges = fc.constantFrom<unknown>('', '   ', '12345', '1234567', ' 123 456 ', 'x'.repeat(65), 123456, null, ['123456']);

function enableInput(options: ValueOptions): fc.Arbitrary<unknown> {
  const plan = planFor(enableTwoFactorInput.shape, { code: fc.constantFrom<unknown>(LIVE_CODE, LIVE_CODE, '000000') }, options, {
    code: codeEdges,
  });
  return inputFor(plan, options, { valid: 6, mixed: 10, hostile: 2 });
}

function disableInput(options: ValueOptions): fc.Arbitrary<unknown> {
  const plan = planFor(
    disableTwoFactorInput.shape,
    {
      password: fc.constantFrom<unknown>(PASSWORD, PASSWORD, PASSWORD, 'wrong password'),
      code: fc.constantFrom<unknown>(LIVE_CODE, LIVE_CODE, RECOVERY_CODE, '000000'),
    },
    options,
    { code: codeEdges },
  );
  // Mostly well-formed: each case that reaches the password costs a hash, so the runs are few.
  return inputFor(plan, options, { valid: 10, mixed: 6, hostile: 1 });
}

function loginCodeArb(options: ValueOptions): fc.Arbitrary<unknown> {
  const plan = planFor(
    loginCodeInput.shape,
    {
      challenge: fc.constantFrom<unknown>(LIVE_CHALLENGE, LIVE_CHALLENGE, 'not-a-challenge'),
      code: fc.constantFrom<unknown>(LIVE_CODE, RECOVERY_CODE, '000000', 'zzzzz-zzzzz'),
    },
    options,
    { code: codeEdges, challenge: fc.constantFrom<unknown>('', ' ', 'x'.repeat(201)) },
  );
  return inputFor(plan, options, { valid: 6, mixed: 10, hostile: 2 });
}

/** A set-up accepted: a base32 secret and its URL, kept pending (a row more when there was none). */
function expectSetUp(before: Snapshot, after: Snapshot, answer: unknown, state: FactorState) {
  expect(answer).toEqual({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//) });
  expect(delta(before, after)).toEqual(state === 'off' ? { two_factor: 1 } : {});
}

fuzz(
  'user.setupTwoFactor',
  'caller',
  'a pending secret for a signed-in user without two-factor on; refused otherwise, changing nothing',
  120,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Factor');
    const cases = fc.record({ input: fc.oneof(fc.constant(undefined), hostileJs()), signedIn: fc.boolean(), state: factorStates });
    await check(cases, numRuns, async (c) => {
      await setFactor(deps, actor.id, c.state);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, c.signedIn ? actor : null).user.setupTwoFactor(c.input as never));
      const after = await snapshot(deps);
      if (outcome.ok) {
        expect(c.signedIn && c.state !== 'on').toBe(true);
        expectSetUp(before, after, outcome.value, c.state);
      } else {
        expect(outcome.error.code).toBe(c.signedIn ? 'CONFLICT' : 'UNAUTHORIZED');
        expectUnchanged(before, after, 'user.setupTwoFactor');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'user.setupTwoFactor',
  'rest',
  'POST /api/user/2fa/setup: any body and type; a pending secret, or a refusal that changes nothing',
  120,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const cases = fc.record({ wire: wireArb({ bearer: 3, cookie: 3 }), body: bodyArb(hostileJson()), state: factorStates });
    await check(cases, numRuns, async (c) => {
      await setFactor(deps, actor.id, c.state);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/user/2fa/setup', c, actor);
      expectSaneResponse(res, 'POST /api/user/2fa/setup');
      const after = await snapshot(deps);
      if (res.statusCode === 200) expectSetUp(before, after, res.json(), c.state);
      else expectUnchanged(before, after, 'POST /api/user/2fa/setup');
    });
  },
  { minAccepted: 10 },
);

/** Turned on: ten recovery codes, shown once, kept hashed. */
function expectEnabled(before: Snapshot, after: Snapshot, answer: unknown) {
  expect(answer).toEqual({ recoveryCodes: expect.any(Array) });
  expect(new Set((answer as { recoveryCodes: string[] }).recoveryCodes).size).toBe(10);
  expect(delta(before, after)).toEqual({ recovery_codes: 10 });
}

fuzz(
  'user.enableTwoFactor',
  'caller',
  'the code of the pending secret turns it on; anything else changes nothing',
  200,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Factor');
    const cases = fc.record({
      input: enableInput(CALLER),
      signedIn: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      state: mostly('pending'),
    });
    await check(cases, numRuns, async (c) => {
      await setFactor(deps, actor.id, c.state);
      const { input, live } = resolveCodes(c.input, deps);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, c.signedIn ? actor : null).user.enableTwoFactor(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, enableTwoFactorInput, input, true, c.signedIn);
      if (outcome.ok) {
        expect({ signedIn: c.signedIn, state: c.state, live }).toEqual({ signedIn: true, state: 'pending', live: true });
        expectEnabled(before, after, outcome.value);
      } else {
        if (c.signedIn && enableTwoFactorInput.safeParse(input).success) {
          expect(outcome.error.code).toBe(c.state === 'pending' ? 'BAD_REQUEST' : 'CONFLICT');
        }
        expectUnchanged(before, after, 'user.enableTwoFactor');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'user.enableTwoFactor',
  'rest',
  'POST /api/user/2fa/enable: the code turns the pending secret on; anything else changes nothing',
  200,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(enableInput(JSON_ONLY)), state: mostly('pending') });
    await check(cases, numRuns, async (c) => {
      await setFactor(deps, actor.id, c.state);
      const body: Body = c.body.kind === 'json' ? { kind: 'json', value: resolveCodes(c.body.value, deps).input } : c.body;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/user/2fa/enable', { wire: c.wire, body }, actor);
      expectSaneResponse(res, 'POST /api/user/2fa/enable');
      expectRestSchemaRefusal(res, c.wire, payloadOf(body), enableTwoFactorInput, true);
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        expect(c.state).toBe('pending');
        expectEnabled(before, after, res.json());
      } else expectUnchanged(before, after, 'POST /api/user/2fa/enable');
    });
  },
  { minAccepted: 10 },
);

/** Turned off: the secret and the recovery code gone, nothing else. */
function expectDisabled(before: Snapshot, after: Snapshot, answer: unknown) {
  expect(answer).toEqual({ message: expect.any(String) });
  expect(delta(before, after)).toEqual({ two_factor: -1, recovery_codes: -1 });
}

// A well-formed call with two-factor on checks the password (scrypt): few runs.
fuzz(
  'user.disableTwoFactor',
  'caller',
  'the password and a live code turn it off; anything else changes nothing',
  40,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Factor');
    const cases = fc.record({
      input: disableInput(CALLER),
      signedIn: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      state: mostly('on'),
    });
    await check(cases, numRuns, async (c) => {
      await setFactor(deps, actor.id, c.state);
      const { input, live } = resolveCodes(c.input, deps);
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, c.signedIn ? actor : null).user.disableTwoFactor(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, disableTwoFactorInput, input, true, c.signedIn);
      if (outcome.ok) {
        expect({ signedIn: c.signedIn, state: c.state, live }).toEqual({ signedIn: true, state: 'on', live: true });
        expectDisabled(before, after, outcome.value);
      } else {
        if (c.signedIn && c.state !== 'on')
          expect(outcome.error.code).toBe(disableTwoFactorInput.safeParse(input).success ? 'CONFLICT' : 'BAD_REQUEST');
        expectUnchanged(before, after, 'user.disableTwoFactor');
      }
    });
  },
  { minAccepted: 3 },
);

fuzz(
  'user.disableTwoFactor',
  'rest',
  'POST /api/user/2fa/disable: the password and a live code turn it off; anything else changes nothing',
  80,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const cases = fc.record({ wire: wireArb({ bearer: 8, cookie: 8 }), body: bodyArb(disableInput(JSON_ONLY)), state: mostly('on') });
    await check(cases, numRuns, async (c) => {
      await setFactor(deps, actor.id, c.state);
      const body: Body = c.body.kind === 'json' ? { kind: 'json', value: resolveCodes(c.body.value, deps).input } : c.body;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/user/2fa/disable', { wire: c.wire, body }, actor);
      expectSaneResponse(res, 'POST /api/user/2fa/disable');
      expectRestSchemaRefusal(res, c.wire, payloadOf(body), disableTwoFactorInput, true);
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        expect(c.state).toBe('on');
        expectDisabled(before, after, res.json());
      } else expectUnchanged(before, after, 'POST /api/user/2fa/disable');
    });
  },
  { minAccepted: 2 },
);

/** Signed in by the second step: the challenge spent, a session and a login history entry made. */
function expectCodeLogin(before: Snapshot, after: Snapshot, answer: unknown, actor: Actor) {
  expect(answer).toMatchObject({ user: { _id: String(actor.id), twoFactor: true }, token: expect.any(String) });
  expect(delta(before, after)).toEqual({ login_challenges: -1, sessions: 1, login_events: 1 });
}

fuzz(
  'auth.loginWithCode',
  'caller',
  'a live challenge and a live code sign in; anything else is 400, 401 or 429 and changes nothing',
  200,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Factor');
    const hour = hourlyLimits(deps, 20);
    await check(fc.tuple(loginCodeArb(CALLER), fc.constantFrom(...IPS)), numRuns, async ([planned, ip]) => {
      hour();
      await setFactor(deps, actor.id, 'on');
      const { input, live } = resolveCodes(planned, deps, await liveChallenge(deps, actor.id));
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, null, ip).auth.loginWithCode(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, loginCodeInput, input, false, false);
      if (outcome.ok) {
        expect(live, 'a second step without a live challenge and code was accepted').toBe(true);
        expectCodeLogin(before, after, outcome.value, actor);
      } else {
        if (loginCodeInput.safeParse(input).success) expect(['UNAUTHORIZED', 'TOO_MANY_REQUESTS']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'auth.loginWithCode');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'auth.loginWithCode',
  'rest',
  'POST /api/auth/login/2fa: a live challenge and code sign in; anything else changes nothing',
  200,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const hour = hourlyLimits(deps, 20);
    await check(fc.record({ wire: wireArb(), body: bodyArb(loginCodeArb(JSON_ONLY)) }), numRuns, async (c) => {
      hour();
      await setFactor(deps, actor.id, 'on');
      const challenge = await liveChallenge(deps, actor.id);
      const body: Body = c.body.kind === 'json' ? { kind: 'json', value: resolveCodes(c.body.value, deps, challenge).input } : c.body;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', '/api/auth/login/2fa', { wire: c.wire, body }, null);
      expectSaneResponse(res, 'POST /api/auth/login/2fa');
      expectRestSchemaRefusal(res, c.wire, payloadOf(body), loginCodeInput);
      const after = await snapshot(deps);
      if (res.statusCode === 200) expectCodeLogin(before, after, res.json(), actor);
      else expectUnchanged(before, after, 'POST /api/auth/login/2fa');
    });
  },
  { minAccepted: 10 },
);

// =============================================================================================
// Through tRPC over HTTP: the same procedures behind /trpc, single and batched

const MUTATIONS = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, procedure]) => procedure._def.type === 'mutation')
  .map(([path]) => path)
  .sort();

/** The mutations that mail a link: on these deps, without mail, they answer 503. */
const NEEDS_MAIL = new Set(['auth.forgotPassword', 'user.sendConfirmationEmail']);

/** Where a password check would run for a well-formed input: those are left to the slow properties. */
const SLOW_SCHEMAS: Record<string, z.ZodType> = {
  'auth.signup': signupInput,
  'auth.login': loginInput,
  'user.changePassword': changePasswordInput,
};

fuzz(
  '*',
  'trpc-http',
  'POST /trpc/<mutation>: JSON of every shape, single or batched, never a 5xx',
  300,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await bidWorld(deps, actor);
    const plans: Record<string, InputPlan> = {
      'auth.signup': signupPlan(JSON_ONLY, [actor.email]),
      'auth.login': loginPlan(JSON_ONLY, actor.email),
      'user.changePassword': changePasswordPlan(JSON_ONLY, false).plan,
      'auction.placeBid': bidPlan(JSON_ONLY, world),
      'contact.send': contactPlan(JSON_ONLY),
      'auction.create': planFor(createAuctionFields.shape, {}, JSON_ONLY),
    };
    // Built once per path (not inside chain, which would build new arbitraries per case).
    const inputsByPath = new Map(MUTATIONS.map((path) => [path, plans[path] ? inputFor(plans[path], JSON_ONLY) : hostileJson()]));
    const inputs = fc.oneof(
      ...MUTATIONS.map((path) =>
        fc.record({
          path: fc.constant(path),
          input: inputsByPath.get(path)!,
          batched: fc.boolean(),
          wire: wireArb({ bearer: 3, cookie: 3 }),
        }),
      ),
    );
    // A body sent as multipart is read part by part (the uploads) or refused unread (the others).
    const cases = inputs.filter(({ path, input }) => !SLOW_SCHEMAS[path]?.safeParse(input).success);
    await check(cases, numRuns, async (c) => {
      const input = await resolveBid(c.input, deps);
      const payload = input === undefined ? undefined : JSON.stringify(c.batched ? { 0: input } : input);
      const before = await snapshot(deps);
      const res = await app.inject({
        method: 'POST',
        url: `/trpc/${c.path}${c.batched ? '?batch=1' : ''}`,
        headers: headersFor(c.wire, actor),
        ...(payload === undefined ? {} : { payload }),
      });
      if (res.statusCode < 400) tally.accepted += 1;
      else tally.refused += 1;
      // The one 5xx owed, as over REST: a site without mail cannot send a link, and says so.
      const needsMail = res.statusCode === 503 && NEEDS_MAIL.has(c.path);
      if (needsMail) expect(res.body).toMatch(/needs e-mail/);
      else expect(res.statusCode, `${c.path}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      expect(() => res.json()).not.toThrow();
      if (res.statusCode >= 400 || /"error"/.test(res.body.slice(0, 20)))
        expectUnchanged(before, await snapshot(deps), `POST /trpc/${c.path}`);
    });
  },
);

// =============================================================================================

const BASE_TOTAL = properties.reduce((sum, p) => sum + p.runs, 0);
const SCALE = runScale(BASE_TOTAL) * DATABASE_SHARE;
const scaled = (runs: number) => Math.max(1, Math.round(runs * SCALE));
const PLANNED = properties.reduce((sum, p) => sum + scaled(p.runs), 0);

// ---------------------------------------------------------------------------------------------
// Orders

type OrderStep = 'paid' | 'shipped' | 'received' | 'cancel';
const ORDER_STEPS: Record<OrderStep, { from: string; to: string; side: 'seller' | 'buyer'; schema: z.ZodType }> = {
  paid: { from: 'awaiting_payment', to: 'paid', side: 'seller', schema: orderIdInput },
  shipped: { from: 'paid', to: 'shipped', side: 'seller', schema: shippedInput },
  received: { from: 'shipped', to: 'received', side: 'buyer', schema: orderIdInput },
  cancel: { from: 'awaiting_payment', to: 'cancelled', side: 'seller', schema: cancelOrderInput },
};

/**
 * Orders around the actor, due already: the one the step is theirs to take (as its seller or buyer),
 * one where they are the other party, one in a state no step starts from, and one between others.
 * `reset` puts each back where the step starts, before every case.
 */
async function orderWorld(deps: Deps, actor: Actor, step: OrderStep) {
  const [other, third] = [await insertUser(deps, { name: 'Order Other' }), await insertUser(deps, { name: 'Order Third' })];
  const me = { id: actor.id, name: 'Fuzz Actor' };
  const make = async (sellerId: number, buyer: { id: number; name: string }) => {
    const auctionId = await insertAuction(deps, sellerId, { itemName: 'Ordered', startingPrice: 10 });
    const at = new Date(deps.now());
    const outcome = await deps.store.auctions.buyNow({ auctionId: Number(auctionId), buyer, paymentDueMs: 0 }, () => ({
      at,
      price: 50,
      notices: [],
    }));
    if (outcome.kind !== 'bought') throw new Error('the fuzz order was not bought');
    return String(outcome.order.id);
  };
  const { side, from } = ORDER_STEPS[step];
  const mine = side === 'seller' ? await make(actor.id, other) : await make(other.id, me);
  const otherSide = side === 'seller' ? await make(other.id, me) : await make(actor.id, other);
  const stuck = side === 'seller' ? await make(actor.id, other) : await make(other.id, me);
  const others = await make(other.id, third);
  const states: Array<[string, string]> = [
    [mine, from],
    [otherSide, from],
    [stuck, 'received'],
    [others, from],
  ];
  return {
    mine,
    ids: [mine, otherSide, stuck, others],
    async reset() {
      for (const [id, status] of states)
        await deps.sql(
          'update orders set status = $1, paid_at = null, shipped_at = null, tracking_number = null, received_at = null, cancelled_at = null, cancel_reason = null where id = $2',
          [status, Number(id)],
        );
    },
    /** Every order's status and step fields, and the strikes: what a refused step must leave alone. */
    async rows() {
      const orders = await deps.sql('select id, status, tracking_number as "t", cancel_reason as "r" from orders order by id');
      const strikes = await deps.sql('select id, unpaid_strikes as "s" from users where unpaid_strikes > 0 order by id');
      return JSON.stringify([orders, strikes]);
    },
  };
}

/** An accepted step: the caller's own order moved to the step's status, one notice written, a cancel's strike. */
async function expectStepTaken(deps: Deps, before: Snapshot, after: Snapshot, answer: unknown, step: OrderStep, mine: string) {
  expect(delta(before, after)).toEqual({ notifications: 1 });
  const row = await deps.sqlOne<{ status: string }>('select status from orders where id = $1', [Number(mine)]);
  expect(row?.status).toBe(ORDER_STEPS[step].to);
  expect(answer).toMatchObject({ order: { _id: mine, status: ORDER_STEPS[step].to } });
}

const orderIdArb = (ids: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(ids[0]!) },
    { weight: 4, arbitrary: fc.constantFrom(...ids.slice(1)) },
    { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES) },
    { weight: 1, arbitrary: fc.anything() },
  );

const stepExtras = (step: OrderStep) =>
  step === 'shipped'
    ? fc.record(
        {
          trackingNumber: fc.oneof(
            fc.string({ maxLength: 110 }),
            fc.constantFrom('1Z999AA10123456784', ' ', 'x'.repeat(100), 'x'.repeat(101), 'a\u0000b', '\uD800', null),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      )
    : step === 'cancel'
      ? fc.record(
          { reason: fc.oneof({ weight: 6, arbitrary: fc.constant('unpaid') }, { weight: 2, arbitrary: fc.anything() }) },
          { requiredKeys: [] },
        )
      : fc.record({ extra: fc.anything() }, { requiredKeys: [] });

for (const step of Object.keys(ORDER_STEPS) as OrderStep[]) {
  const path = `orders.${step}`;
  fuzz(
    path,
    'caller',
    'only the caller’s own order, from the status the step starts from; anything else changes nothing',
    150,
    async (numRuns, { deps }) => {
      const actor = await makeActor(deps, 'Fuzz Actor');
      const world = await orderWorld(deps, actor, step);
      const input = fc.oneof(
        { weight: 9, arbitrary: fc.tuple(orderIdArb(world.ids), stepExtras(step)).map(([id, extras]) => ({ ...extras, id })) },
        { weight: 1, arbitrary: hostileJs().map((hostile) => ({ hostile })) },
      );
      await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([drawn, signedInRoll]) => {
        const signedIn = signedInRoll > 0;
        await world.reset();
        const value = 'hostile' in drawn ? drawn.hostile : drawn;
        const [before, rowsBefore] = [await snapshot(deps), await world.rows()];
        const outcome = await attempt(() =>
          (callerFor(deps, signedIn ? actor : null).orders[step] as (v: never) => Promise<unknown>)(value as never),
        );
        const after = await snapshot(deps);
        expectSchemaRefusal(outcome, ORDER_STEPS[step].schema, value, true, signedIn);
        const parsed = ORDER_STEPS[step].schema.safeParse(value);
        // The caller's own order, named exactly, in the state the step starts from: taken.
        if (signedIn && parsed.success && (parsed.data as { id: string }).id === world.mine) expect(outcome.ok).toBe(true);
        if (outcome.ok) await expectStepTaken(deps, before, after, outcome.value, step, world.mine);
        else {
          expect(['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
          expectUnchanged(before, after, path);
          expect(await world.rows()).toBe(rowsBefore);
        }
      });
    },
    { minAccepted: 20 },
  );

  fuzz(
    path,
    'rest',
    `POST /api/orders/:id/${step}: odd ids and bodies; only the caller’s own order moves`,
    100,
    async (numRuns, { app, deps }) => {
      const actor = await restActor(deps);
      const world = await orderWorld(deps, actor, step);
      const idArb = fc.oneof(
        { weight: 8, arbitrary: fc.constant(world.mine) },
        { weight: 3, arbitrary: fc.constantFrom(...world.ids.slice(1)) },
        { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((e) => e.trim() !== '')).map((e) => encodeURIComponent(e)) },
        { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
      );
      const bodies = fc.oneof({ weight: 3, arbitrary: stepExtras(step) }, { weight: 1, arbitrary: hostileJson() });
      const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(bodies), id: idArb });
      await check(cases, numRuns, async (c) => {
        await world.reset();
        const [before, rowsBefore] = [await snapshot(deps), await world.rows()];
        const res = await sendJson(app, 'POST', `/api/orders/${c.id}/${step}`, c, actor);
        expectSaneResponse(res, `POST /api/orders/${c.id.slice(0, 40)}/${step}`);
        const after = await snapshot(deps);
        if (res.statusCode === 200) await expectStepTaken(deps, before, after, res.json(), step, world.mine);
        else {
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expectUnchanged(before, after, `POST /api/orders/:id/${step}`);
          expect(await world.rows()).toBe(rowsBefore);
        }
      });
    },
    { minAccepted: 10 },
  );
}

// ---------------------------------------------------------------------------------------------
// Feedback

/**
 * Received orders around the actor: one they bought and one they sold (feedback is open on both), one
 * they bought that is only paid, and one between others. `reset` empties the feedback before every case.
 */
async function feedbackWorld(deps: Deps, actor: Actor) {
  const [other, third] = [await insertUser(deps, { name: 'Feedback Other' }), await insertUser(deps, { name: 'Feedback Third' })];
  const me = { id: actor.id, name: 'Fuzz Actor' };
  const make = async (sellerId: number, buyer: { id: number; name: string }, status: string) => {
    const auctionId = await insertAuction(deps, sellerId, { itemName: 'Rated', startingPrice: 10 });
    const at = new Date(deps.now());
    const outcome = await deps.store.auctions.buyNow({ auctionId: Number(auctionId), buyer, paymentDueMs: 0 }, () => ({
      at,
      price: 50,
      notices: [],
    }));
    if (outcome.kind !== 'bought') throw new Error('the fuzz order was not bought');
    const receivedAt = status === 'received' ? at : null;
    await deps.sql('update orders set status = $1, received_at = $2 where id = $3', [status, receivedAt, outcome.order.id]);
    return String(outcome.order.id);
  };
  const bought = await make(other.id, me, 'received');
  const sold = await make(actor.id, other, 'received');
  const paid = await make(other.id, me, 'paid');
  const others = await make(other.id, third, 'received');
  return {
    open: [bought, sold],
    ids: [bought, sold, paid, others],
    async reset() {
      await deps.sql('delete from feedback');
    },
    rows: () =>
      deps.sql<{ order_id: number; role: string; rating: string; comment: string; from_id: number }>(
        'select order_id, role, rating, comment, from_id from feedback',
      ),
  };
}

/** An accepted feedback: one row, by the actor on one of their received orders, as the answer says it. */
async function expectFeedbackLeft(
  deps: Deps,
  before: Snapshot,
  after: Snapshot,
  answer: unknown,
  actorId: number,
  world: Awaited<ReturnType<typeof feedbackWorld>>,
) {
  expect(delta(before, after)).toEqual({ feedback: 1 });
  const [row] = await world.rows();
  expect(world.open).toContain(String(row!.order_id));
  expect(row!.from_id).toBe(actorId);
  expect(answer).toEqual({
    rating: row!.rating,
    comment: row!.comment,
    from: { _id: String(actorId), name: expect.any(String) },
    role: row!.role,
    createdAt: expect.any(String),
  });
}

const feedbackFields = fc.record(
  {
    rating: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FEEDBACK_RATINGS) }, { weight: 1, arbitrary: fc.anything() }),
    comment: fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 520 }) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '',
          ' ',
          'Great\nseller',
          'x'.repeat(500),
          'x'.repeat(501),
          'a\u0000b',
          'tab\there',
          'evil \u202Etxt',
          '\uD800',
        ),
      },
      { weight: 1, arbitrary: fc.anything() },
    ),
  },
  { requiredKeys: [] },
);

fuzz(
  'orders.feedback',
  'caller',
  'only on the caller’s own received order, once; anything else changes nothing',
  150,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Actor');
    const world = await feedbackWorld(deps, actor);
    const input = fc.oneof(
      { weight: 9, arbitrary: fc.tuple(orderIdArb(world.ids), feedbackFields).map(([id, fields]) => ({ ...fields, id })) },
      { weight: 1, arbitrary: hostileJs().map((hostile) => ({ hostile })) },
    );
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([drawn, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      await world.reset();
      const value = 'hostile' in drawn ? drawn.hostile : drawn;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).orders.feedback(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, feedbackInput, value, true, signedIn);
      const parsed = feedbackInput.safeParse(value);
      // The caller's own received order, named exactly, with valid fields: left.
      if (signedIn && parsed.success && world.open.includes(parsed.data.id)) expect(outcome.ok).toBe(true);
      if (outcome.ok) {
        await expectFeedbackLeft(deps, before, after, outcome.value, actor.id, world);
        expect(outcome.value).toMatchObject({ rating: parsed.data!.rating, comment: parsed.data!.comment });
      } else {
        expect(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'orders.feedback');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'orders.feedback',
  'rest',
  'POST /api/orders/:id/feedback: odd ids and bodies; only the caller’s own received order takes one',
  100,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await feedbackWorld(deps, actor);
    const idArb = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...world.open) },
      { weight: 3, arbitrary: fc.constantFrom(...world.ids.slice(2)) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((e) => e.trim() !== '')).map((e) => encodeURIComponent(e)) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    const bodies = fc.oneof({ weight: 3, arbitrary: feedbackFields }, { weight: 1, arbitrary: hostileJson() });
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(bodies), id: idArb });
    await check(cases, numRuns, async (c) => {
      await world.reset();
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', `/api/orders/${c.id}/feedback`, c, actor);
      expectSaneResponse(res, `POST /api/orders/${c.id.slice(0, 40)}/feedback`);
      const after = await snapshot(deps);
      if (res.statusCode === 201) await expectFeedbackLeft(deps, before, after, res.json(), actor.id, world);
      else {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'POST /api/orders/:id/feedback');
      }
    });
  },
  { minAccepted: 10 },
);

// ---------------------------------------------------------------------------------------------
// Reports of listings

/**
 * Listings around the actor: two of another seller's, which the actor may report, and one of the
 * actor's own, which they may not. `reset` empties the reports before every case.
 */
async function reportWorld(deps: Deps, actor: Actor) {
  const seller = await insertUser(deps, { name: 'Report Seller' });
  const reportable = [
    await insertAuction(deps, seller.id, { itemName: 'Reportable one' }),
    await insertAuction(deps, seller.id, { itemName: 'Reportable two' }),
  ];
  const own = await insertAuction(deps, actor.id, { itemName: 'The actor’s own' });
  return {
    reportable,
    ids: [...reportable, own],
    async reset() {
      await deps.sql('delete from reports');
    },
  };
}

const reportFields = fc.record(
  {
    reason: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...REPORT_REASONS) }, { weight: 1, arbitrary: fc.anything() }),
    details: fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 1020 }) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '',
          ' ',
          'Fake\nlogo',
          'x'.repeat(1000),
          'x'.repeat(1001),
          'a\u0000b',
          'tab\there',
          'evil \u202Etxt',
          '\uD800',
        ),
      },
      { weight: 1, arbitrary: fc.anything() },
    ),
  },
  { requiredKeys: [] },
);

/** An accepted report: one row, by the actor, on a listing they may report, as the answer says it. */
async function expectReported(deps: Deps, before: Snapshot, after: Snapshot, answer: unknown, actorId: number, reportable: string[]) {
  expect(delta(before, after)).toEqual({ reports: 1 });
  const report = answer as { auction: { _id: string }; reporter: { _id: string }; status: string };
  expect(reportable).toContain(report.auction._id);
  expect([report.reporter._id, report.status]).toEqual([String(actorId), 'open']);
}

fuzz(
  'reports.make',
  'caller',
  'only a listing of someone else’s, with valid fields; anything else changes nothing',
  150,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Reporter');
    const world = await reportWorld(deps, actor);
    const input = fc.oneof(
      { weight: 9, arbitrary: fc.tuple(orderIdArb(world.ids), reportFields).map(([auctionId, fields]) => ({ ...fields, auctionId })) },
      { weight: 1, arbitrary: hostileJs().map((hostile) => ({ hostile })) },
    );
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([drawn, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      await world.reset();
      const value = 'hostile' in drawn ? drawn.hostile : drawn;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).reports.make(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, reportInput, value, true, signedIn);
      const parsed = reportInput.safeParse(value);
      if (signedIn && parsed.success && world.reportable.includes(parsed.data.auctionId)) expect(outcome.ok).toBe(true);
      if (outcome.ok) {
        await expectReported(deps, before, after, outcome.value, actor.id, world.reportable);
        expect(outcome.value).toMatchObject({ reason: parsed.data!.reason, details: parsed.data!.details });
      } else {
        expect(['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'reports.make');
      }
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'reports.make',
  'rest',
  'POST /api/auction/:id/report: odd ids and bodies; only a listing of someone else’s takes one',
  100,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await reportWorld(deps, actor);
    const idArb = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...world.reportable) },
      { weight: 2, arbitrary: fc.constantFrom(...world.ids.slice(2)) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((e) => e.trim() !== '')).map((e) => encodeURIComponent(e)) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    const bodies = fc.oneof({ weight: 3, arbitrary: reportFields }, { weight: 1, arbitrary: hostileJson() });
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(bodies), id: idArb });
    await check(cases, numRuns, async (c) => {
      await world.reset();
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', `/api/auction/${c.id}/report`, c, actor);
      expectSaneResponse(res, `POST /api/auction/${c.id.slice(0, 40)}/report`);
      const after = await snapshot(deps);
      if (res.statusCode === 201) await expectReported(deps, before, after, res.json(), actor.id, world.reportable);
      else {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'POST /api/auction/:id/report');
      }
    });
  },
  { minAccepted: 10 },
);

/**
 * Reports for an administrator to resolve: two open ones and one resolved already. `reset` opens the
 * open ones again before every case. The actor is made an administrator.
 */
async function resolveWorld(deps: Deps, actor: Actor) {
  await deps.sql("update users set role = 'admin' where id = $1", [actor.id]);
  actor.user = (await findSessionUser(deps, actor.token))!;
  const seller = await insertUser(deps, { name: 'Reported Seller' });
  const ids: string[] = [];
  const auctions: string[] = [];
  for (const name of ['Reported one', 'Reported two', 'Reported three']) {
    const auctionId = await insertAuction(deps, seller.id, { itemName: name });
    auctions.push(auctionId);
    const reporter = await insertUser(deps, { name: `Reporter of ${name}` });
    const made = await deps.store.reports.make(Number(auctionId), () => ({
      reporterId: reporter.id,
      reason: 'spam',
      details: '',
      at: new Date(deps.now()),
    }));
    if (made === false) throw new Error('the fuzz report was not made');
    ids.push(String(made.id));
  }
  await deps.sql("update reports set status = 'resolved', resolution = 'dismiss', resolution_note = '', resolved_at = $1 where id = $2", [
    new Date(deps.now()),
    Number(ids[2]),
  ]);
  const open = ids.slice(0, 2);
  return {
    ids,
    open,
    auctions,
    async reset() {
      await deps.sql(
        `update reports set status = 'open', resolution = null, resolution_note = null, resolved_at = null, resolved_by_id = null where id in (${open.join(', ')})`,
      );
      // A report's cancel is undone too, so that the next case may cancel again.
      await deps.sql(`update auctions set cancelled_at = null, closed_at = null where id in (${auctions.join(', ')})`);
    },
  };
}

const resolveFields = fc.record(
  {
    // Mostly well-formed actions, so that enough are accepted.
    action: fc.oneof(
      { weight: 8, arbitrary: fc.constant(REPORT_ACTIONS[0]) },
      { weight: 2, arbitrary: fc.constantFrom(...REPORT_ACTIONS) },
      { weight: 1, arbitrary: fc.anything() },
    ),
    note: fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 520 }) },
      { weight: 2, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(500), 'x'.repeat(501), 'a\u0000b', 'evil \u202Etxt', '\uD800') },
      { weight: 1, arbitrary: fc.anything() },
    ),
  },
  { requiredKeys: [] },
);

/** The statuses of the world's reports, in its order. */
const reportStatuses = async (deps: Deps, ids: string[]) =>
  (await deps.sql<{ id: number; status: string }>('select id, status from reports order by id'))
    .filter((r) => ids.includes(String(r.id)))
    .map((r) => r.status);

/** Accepted: the one open report named is dismissed, as the answer says; refused: nothing changed. */
async function expectResolveOutcome(
  deps: Deps,
  before: Snapshot,
  after: Snapshot,
  answer: unknown,
  world: Awaited<ReturnType<typeof resolveWorld>>,
  what: string,
) {
  if (answer === undefined) {
    expectUnchanged(before, after, what);
    expect(await reportStatuses(deps, world.ids)).toEqual(['open', 'open', 'resolved']);
    return;
  }
  const report = answer as { _id: string; status: string; resolution: { action: string } };
  expect(world.open).toContain(report._id);
  expect(report.status).toBe('resolved');
  const changed = delta(before, after);
  if (report.resolution.action === 'dismiss') {
    // The resolution's entry in the audit log, and nothing else.
    expect(changed).toEqual({ audit_log: 1 });
  } else {
    // Its auction cancelled: the cancel's and the resolution's entries, and the seller told (a mail too, when mailed).
    expect(report.resolution.action).toBe('cancel_auction');
    const { mail_outbox: _mail, ...rest } = changed;
    expect(rest).toEqual({ audit_log: 2, notifications: 1 });
    const auctionId = world.auctions[world.ids.indexOf(report._id)]!;
    expect((await deps.store.auctions.byId(Number(auctionId)))!.cancelledAt).not.toBeNull();
  }
  expect(await reportStatuses(deps, world.ids)).toEqual(
    world.ids.map((id) => (id === report._id || id === world.ids[2] ? 'resolved' : 'open')),
  );
}

fuzz(
  'reports.resolve',
  'caller',
  'an administrator dismisses an open report, once; anything else changes nothing',
  100,
  async (numRuns, { deps }) => {
    const actor = await makeActor(deps, 'Fuzz Moderator');
    const world = await resolveWorld(deps, actor);
    const input = fc.oneof(
      { weight: 9, arbitrary: fc.tuple(orderIdArb(world.ids), resolveFields).map(([id, fields]) => ({ ...fields, id })) },
      { weight: 1, arbitrary: hostileJs().map((hostile) => ({ hostile })) },
    );
    await check(fc.tuple(input, fc.integer({ min: 0, max: 9 })), numRuns, async ([drawn, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      await world.reset();
      const value = 'hostile' in drawn ? drawn.hostile : drawn;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).reports.resolve(value as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, resolveReportInput, value, true, signedIn);
      const parsed = resolveReportInput.safeParse(value);
      if (signedIn && parsed.success && parsed.data.action === 'dismiss' && world.open.includes(parsed.data.id))
        expect(outcome.ok).toBe(true);
      if (!outcome.ok) expect(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
      await expectResolveOutcome(deps, before, after, outcome.ok ? outcome.value : undefined, world, 'reports.resolve');
    });
  },
  { minAccepted: 20 },
);

fuzz(
  'reports.resolve',
  'rest',
  'POST /api/admin/reports/:id/resolve: odd ids and bodies; only an open report is dismissed',
  100,
  async (numRuns, { app, deps }) => {
    const actor = await restActor(deps);
    const world = await resolveWorld(deps, actor);
    const idArb = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...world.open) },
      { weight: 2, arbitrary: fc.constant(world.ids[2]!) },
      { weight: 2, arbitrary: fc.constantFrom(...AUCTION_ID_EDGES.filter((e) => e.trim() !== '')).map((e) => encodeURIComponent(e)) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ID_EDGES) },
    );
    const bodies = fc.oneof({ weight: 3, arbitrary: resolveFields }, { weight: 1, arbitrary: hostileJson() });
    const cases = fc.record({ wire: wireArb({ bearer: 4, cookie: 4 }), body: bodyArb(bodies), id: idArb });
    await check(cases, numRuns, async (c) => {
      await world.reset();
      const before = await snapshot(deps);
      const res = await sendJson(app, 'POST', `/api/admin/reports/${c.id}/resolve`, c, actor);
      expectSaneResponse(res, `POST /api/admin/reports/${c.id.slice(0, 40)}/resolve`);
      const after = await snapshot(deps);
      if (res.statusCode !== 200) expect(res.statusCode).toBeGreaterThanOrEqual(400);
      await expectResolveOutcome(
        deps,
        before,
        after,
        res.statusCode === 200 ? res.json() : undefined,
        world,
        'POST /api/admin/reports/:id/resolve',
      );
    });
  },
  { minAccepted: 10 },
);

// =============================================================================================
// Deleting an account: by its owner with the password, by an administrator without it

const passwordArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant(PASSWORD) },
  { weight: 2, arbitrary: fc.constantFrom('', ' ', 'wrong password', PASSWORD.toUpperCase(), 'x'.repeat(129), '\u0000') },
  { weight: 1, arbitrary: fc.anything() },
);
const deleteAccountArb = fc.oneof(
  { weight: 9, arbitrary: fc.record({ password: passwordArb }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: hostileJs() },
);

/** Deleted: the account's row says so and holds no address, its sessions went; what else a deletion takes, its own tests check. */
async function expectDeleted(deps: Deps, before: Snapshot, after: Snapshot, userId: number) {
  expect(await deps.sqlOne('select status, email, password_hash as hash from users where id = $1', [userId])).toEqual({
    status: 'deleted',
    email: `deleted:${userId}`,
    hash: '',
  });
  expect(await deps.sqlOne<{ n: number }>('select count(*) as n from sessions where user_id = $1', [userId])).toEqual({ n: 0 });
  expect(delta(before, after).sessions).toBeLessThanOrEqual(-1);
}

// A well-formed call checks the password (scrypt): few runs. Each case deletes a new account.
fuzz(
  'user.deleteAccount',
  'caller',
  'the owner with the password deletes it; anything else changes nothing',
  40,
  async (numRuns, { deps }) => {
    await check(fc.tuple(deleteAccountArb, fc.integer({ min: 0, max: 5 })), numRuns, async ([input, signedInRoll]) => {
      const actor = await makeActor(deps, 'Fuzz Leaver');
      const signedIn = signedInRoll > 0;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).user.deleteAccount(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, deleteAccountInput, input, true, signedIn);
      const parsed = deleteAccountInput.safeParse(input);
      expect(outcome.ok).toBe(signedIn && parsed.success && parsed.data.password === PASSWORD);
      if (outcome.ok) await expectDeleted(deps, before, after, actor.id);
      else {
        expect(['BAD_REQUEST', 'UNAUTHORIZED', 'TOO_MANY_REQUESTS']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'user.deleteAccount');
      }
    });
  },
  { minAccepted: 5 },
);

fuzz(
  'user.deleteAccount',
  'rest',
  'DELETE /api/user: odd bodies and sessions; the owner with the password deletes it, or nothing changes',
  60,
  async (numRuns, { app, deps }) => {
    const cases = fc.record({ wire: wireArb({ bearer: 8, cookie: 8 }), body: bodyArb(deleteAccountArb) });
    await check(cases, numRuns, async (c) => {
      const actor = await restActor(deps);
      const before = await snapshot(deps);
      const res = await sendJson(app, 'DELETE', '/api/user', c, actor);
      expectSaneResponse(res, 'DELETE /api/user');
      expectRestSchemaRefusal(res, c.wire, payloadOf(c.body), deleteAccountInput, true);
      const after = await snapshot(deps);
      if (res.statusCode === 200) await expectDeleted(deps, before, after, actor.id);
      else {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'DELETE /api/user');
      }
    });
  },
  { minAccepted: 5 },
);

/** The id an administrator's deletion names: a new user's (TARGET, made for the case), or another id of the world, or an odd one. */
const TARGET = 'TARGET';
const deleteUserArb = (ids: string[]) =>
  fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record(
        {
          id: fc.oneof({ weight: 6, arbitrary: fc.constant(TARGET) }, { weight: 3, arbitrary: fc.constantFrom(...ids, ...PATH_ID_EDGES) }),
        },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: hostileJs() },
  );

/** A user with a session and an auction without bids, which the deletion cancels. */
async function deletionTarget(deps: Deps): Promise<number> {
  const target = await insertUser(deps, { name: 'Fuzz Target' });
  await createSession(deps, target.id);
  await insertAuction(deps, target.id, { itemName: 'Target lot' });
  return target.id;
}

/** Deleted by an administrator: as the owner's, with the entries of the deletion and of its cancel. */
async function expectAdminDeleted(deps: Deps, before: Snapshot, after: Snapshot, userId: number) {
  await expectDeleted(deps, before, after, userId);
  expect(delta(before, after).audit_log).toBe(2);
}

fuzz(
  'admin.deleteUser',
  'caller',
  'only an administrator deletes another user; anything else changes nothing',
  80,
  async (numRuns, { deps }) => {
    const actor = await asAdmin(deps, await makeActor(deps, 'Fuzz Deleter'));
    const otherAdmin = await insertUser(deps, { name: 'Other Admin', role: 'admin' });
    const arb = deleteUserArb([String(actor.id), String(otherAdmin.id)]);
    await check(fc.tuple(arb, fc.integer({ min: 0, max: 9 })), numRuns, async ([value, signedInRoll]) => {
      const signedIn = signedInRoll > 0;
      const target = await deletionTarget(deps);
      const input =
        value && typeof value === 'object' && (value as { id?: unknown }).id === TARGET ? { ...value, id: String(target) } : value;
      const before = await snapshot(deps);
      const outcome = await attempt(() => callerFor(deps, signedIn ? actor : null).admin.deleteUser(input as never));
      const after = await snapshot(deps);
      expectSchemaRefusal(outcome, adminDeleteUserInput, input, true, signedIn);
      const parsed = adminDeleteUserInput.safeParse(input);
      expect(outcome.ok).toBe(signedIn && parsed.success && parsed.data.id === String(target));
      if (outcome.ok) await expectAdminDeleted(deps, before, after, target);
      else {
        expect(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'UNAUTHORIZED']).toContain(outcome.error.code);
        expectUnchanged(before, after, 'admin.deleteUser');
      }
    });
  },
  { minAccepted: 10 },
);

fuzz(
  'admin.deleteUser',
  'rest',
  'DELETE /api/admin/users/:id: odd ids, bodies and sessions; only an administrator deletes another user',
  80,
  async (numRuns, { app, deps }) => {
    const actor = await asAdmin(deps, await restActor(deps));
    const cases = fc.record({
      wire: wireArb({ bearer: 4, cookie: 4 }),
      body: bodyArb(fc.oneof(fc.constant({}), hostileJson())),
      id: fc.oneof(
        { weight: 8, arbitrary: fc.constant(TARGET) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(String(actor.id), ...PATH_ID_EDGES.filter((s) => s.trim() !== '').map(encodeURIComponent)),
        },
      ),
    });
    await check(cases, numRuns, async (c) => {
      const target = await deletionTarget(deps);
      const url = `/api/admin/users/${c.id === TARGET ? target : c.id}`;
      const before = await snapshot(deps);
      const res = await sendJson(app, 'DELETE', url, c, actor);
      expectSaneResponse(res, 'DELETE /api/admin/users/:id');
      const after = await snapshot(deps);
      if (res.statusCode === 200) {
        expect(c.id).toBe(TARGET);
        await expectAdminDeleted(deps, before, after, target);
      } else {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expectUnchanged(before, after, 'DELETE /api/admin/users/:id');
      }
    });
  },
  { minAccepted: 10 },
);

describe('fuzz coverage', () => {
  test('every mutation of the router has a fuzz property through the caller and through REST', () => {
    expect(MUTATIONS.length).toBeGreaterThanOrEqual(7);
    const missing = MUTATIONS.flatMap((path) =>
      (['caller', 'rest'] as const)
        .filter((door) => !properties.some((p) => p.path === path && p.door === door))
        .map((door) => `${path} (${door})`),
    );
    expect(missing, 'mutations without a fuzz property').toEqual([]);
    // And no property for a mutation that no longer exists.
    expect(properties.filter((p) => p.path !== '*' && !MUTATIONS.includes(p.path)).map((p) => p.path)).toEqual([]);
  });

  test('the schemas the plans are derived from still have their fields', () => {
    for (const shape of [
      signupInput.shape,
      loginInput.shape,
      changePasswordInput.shape,
      createAuctionFields.shape,
      placeBidInput.shape,
      relistAuctionInput.shape,
      contactInput.shape,
      saveSearchFields.shape,
      sendMessageInput.shape,
    ]) {
      for (const field of Object.values(shape)) {
        const spec = fieldSpec(field as z.ZodType);
        expect(spec.enumValues !== undefined || spec.email || spec.number || spec.maxLength !== undefined || spec.minLength > 0).toBe(true);
        // Edges and valid values can be drawn for every field.
        fc.sample(edgeFromSpec(spec), 1);
        fc.sample(fieldValue(validFromSpec(spec), edgeText(spec), CALLER), 1);
      }
    }
  });
});

for (const door of ['caller', 'rest', 'trpc-http'] as const) {
  describe(`fuzz through ${door}`, () => {
    for (const property of properties.filter((p) => p.door === door)) {
      const name = `${property.path}: ${property.name}`;
      const runProperty = async (world: World) => {
        tally = { accepted: 0, refused: 0 };
        await property.run(scaled(property.runs), world);
        tallies.push(
          `${String(tally.accepted).padStart(6)} accepted ${String(tally.refused).padStart(6)} refused  ${door} ${property.path}: ${property.name}`,
        );
        // The whole plan draws the property's minimum of acceptable inputs; a share of it (each
        // database's) draws fewer, from its own seed, but never none.
        const minAccepted = SCALE >= 1 ? property.minAccepted : Math.min(1, property.minAccepted);
        expect(tally.accepted, 'accepted calls').toBeGreaterThanOrEqual(minAccepted);
        finished.add(name);
      };
      // Only what the door needs is built: deps for the caller, an app on them for REST and /trpc.
      test(
        name,
        door === 'caller'
          ? ({ deps, makeDeps }) => runProperty({ deps, makeDeps })
          : ({ app, deps, makeDeps }) => runProperty({ app, deps, makeDeps }),
        Math.max(120_000, 120_000 * SCALE),
      );
    }
  });
}

test(`the plan holds at least 10,000 cases, and the run covers its share of them (seed ${SEED}, FUZZ_RUNS=${process.env.FUZZ_RUNS ?? 'unset'})`, () => {
  expect(BASE_TOTAL).toBeGreaterThanOrEqual(10_000);
  // Only meaningful when every property ran (not with -t filters).
  if (finished.size === properties.length) expect(executed).toBeGreaterThanOrEqual(PLANNED);
});

afterAll(() => {
  if (process.env.FUZZ_VERBOSE) console.log(tallies.join('\n'));
  console.log(
    `fuzz: ${executed} cases of ${PLANNED} planned in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, scale ${SCALE})`,
  );
});
