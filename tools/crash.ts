// Crash and shutdown checks shared by `npm run crash-test` (scripts/crash-test.ts) and the e2e suite
// (tests/e2e/shutdown.test.ts): bid load against the built server, SIGKILL and restart rounds on the
// same database, SIGTERM under load, and the database checks made afterwards, on SQLite or PostgreSQL.
import { BID_MAX_STEP, DAY_MS } from '../src/shared/constants';
import { openToolDatabase } from './database';
import { startServer, type ExitStatus, type Workspace } from './server-process';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const randInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export interface Account {
  id: string;
  token: string;
}

export interface AuctionFixture {
  id: string;
  sellerId: string;
  startingPrice: number;
}

/** The users and auctions the load runs on. */
export interface Fixture {
  sellers: Account[];
  bidders: Account[];
  auctions: AuctionFixture[];
}

async function signup(baseUrl: string, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}-${randInt(0, 1e9)}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'crash-test-password-1' }),
  });
  const body = (await response.json()) as { user?: { _id: string }; token?: string; error?: string };
  if (response.status !== 201 || !body.user || !body.token) {
    throw new Error(`signup of ${name} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { id: body.user._id, token: body.token };
}

/**
 * Signs up sellers and bidders through the API (their sessions live in the database, so they survive
 * restarts) and inserts open auctions straight into the database (beside the server: WAL on SQLite).
 */
export async function prepareFixture(
  ws: Workspace,
  { sellers = 2, bidders = 6, auctions = 6 }: { sellers?: number; bidders?: number; auctions?: number } = {},
): Promise<Fixture> {
  const sellerAccounts: Account[] = [];
  for (let i = 1; i <= sellers; i++) sellerAccounts.push(await signup(ws.baseUrl, `Seller${i}`));
  const bidderAccounts: Account[] = [];
  for (let i = 1; i <= bidders; i++) bidderAccounts.push(await signup(ws.baseUrl, `Bidder${i}`));

  const db = await openToolDatabase(ws);
  try {
    const now = Date.now();
    const auctionRows: AuctionFixture[] = [];
    for (let i = 0; i < auctions; i++) {
      const seller = sellerAccounts[i % sellerAccounts.length]!;
      const startingPrice = randInt(10, 500);
      const [row] = await db.all<{ id: number }>(
        `insert into auctions (seller_id, item_name, item_description, item_category, starting_price, current_price,
           bids_count, photo, starts_at, ends_at, created_at)
         values ($1, $2, 'Inserted by the crash test', 'Other', $3, $3, 0, null, $4, $5, $6) returning id`,
        [Number(seller.id), `Crash lot ${i + 1}`, startingPrice, new Date(now - 60_000), new Date(now + DAY_MS), new Date(now)],
      );
      auctionRows.push({ id: String(row!.id), sellerId: seller.id, startingPrice });
    }
    return { sellers: sellerAccounts, bidders: bidderAccounts, auctions: auctionRows };
  } finally {
    await db.close();
  }
}

/** A 201 answer to a bid: the server promised this bid is stored. */
export interface AckedBid {
  auctionId: string;
  amount: number;
  bidderId: string;
  /** From the answer's auction.bids, when the body arrived whole. */
  bidId?: string;
  bidTime?: string;
}

/** What the load saw, across all its rounds. */
export interface LoadRecord {
  acked: AckedBid[];
  /** HTTP status → count, over bids and reads. */
  statuses: Map<number, number>;
  /** Requests that got no complete HTTP answer (refused, reset, timed out). */
  connectionErrors: number;
  /** Answers that break a promise by themselves (a 201 on one's own auction, a 401 with a live session, a 5xx). */
  violations: string[];
}

export function newLoadRecord(): LoadRecord {
  return { acked: [], statuses: new Map(), connectionErrors: 0, violations: [] };
}

/** One request's fate, as the client saw it. */
interface Outcome {
  status?: number;
  error?: string;
  /** When the answer (or the error) came. */
  endedAt?: number;
}

interface Tracked {
  label: string;
  startedAt: number;
  settled: Promise<Outcome>;
}

interface AuctionAnswer {
  currentPrice: number;
  bids?: Array<{ _id: string; bidAmount: number; bidTime: string; bidder: { _id: string } }>;
}

/**
 * Bidder loops: each reads an auction and bids its current price + 1..10, then repeats until stopped or
 * the deadline. Every request is tracked while in flight, so a shutdown check can tell which were.
 */
export class BidLoad {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly inflight = new Set<Tracked>();

  constructor(
    private readonly baseUrl: string,
    private readonly fixture: Fixture,
    readonly record: LoadRecord,
    private readonly options: {
      bidders: number;
      readers?: number;
      deadline: number;
      /** Chance that a seller bids on their own auction (which must be 403). */
      ownBidChance?: number;
      /** Whether a request without an HTTP answer is expected (the server is being killed or stopped). */
      tolerateErrors: boolean;
      /** Whether a 503 is expected (the server is closing). */
      allow503?: boolean;
    },
  ) {}

  start(): this {
    for (let i = 0; i < this.options.bidders; i++) this.loops.push(this.bidLoop());
    for (let i = 0; i < (this.options.readers ?? 0); i++) this.loops.push(this.readLoop());
    return this;
  }

  /** The requests that have been sent and not answered yet. */
  inFlight(): Tracked[] {
    return [...this.inflight];
  }

  /** No new requests; resolves when every loop has finished its current one. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private get running() {
    return !this.stopped && Date.now() < this.options.deadline;
  }

  /** Sends one request and reads its whole body; never throws. */
  private request(label: string, path: string, token: string, init: RequestInit = {}): Promise<Outcome & { body?: unknown }> {
    const tracked: Tracked = { label, startedAt: Date.now(), settled: undefined as never };
    const outcome: Promise<Outcome & { body?: unknown }> = (async () => {
      try {
        const response = await fetch(`${this.baseUrl}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
          signal: AbortSignal.timeout(15_000),
        });
        const status = response.status;
        try {
          const text = await response.text();
          this.count(status);
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          return { status, body };
        } catch (error) {
          this.count(status);
          return { status, error: `body cut: ${describe(error)}` };
        }
      } catch (error) {
        this.record.connectionErrors += 1;
        return { error: describe(error), endedAt: Date.now() };
      }
    })();
    tracked.settled = outcome;
    this.inflight.add(tracked);
    void outcome.finally(() => this.inflight.delete(tracked));
    return outcome;
  }

  private count(status: number) {
    this.record.statuses.set(status, (this.record.statuses.get(status) ?? 0) + 1);
  }

  private async bidLoop(): Promise<void> {
    while (this.running) {
      const auction = pick(this.fixture.auctions);
      const ownBid = Math.random() < (this.options.ownBidChance ?? 0.03);
      const bidder = ownBid ? this.fixture.sellers.find((s) => s.id === auction.sellerId)! : pick(this.fixture.bidders);
      const read = await this.request('GET auction', `/api/auction/${auction.id}`, bidder.token);
      // A kill can land after the status line but inside the body: a cut answer is no answer.
      const answered = read.status !== undefined && read.error === undefined && read.body !== undefined;
      if (read.status !== 200 || !answered) {
        if (answered) this.unexpected(read, 'GET /api/auction/:id');
        else this.unexpected({ ...read, status: undefined }, 'GET /api/auction/:id');
        if (!answered) await sleep(randInt(50, 150));
        continue;
      }
      if (!this.running) break;
      const current = (read.body as AuctionAnswer).currentPrice;
      const amount = current + randInt(1, BID_MAX_STEP);
      const bid = await this.request('POST bid', `/api/auction/${auction.id}`, bidder.token, {
        method: 'POST',
        body: JSON.stringify({ bidAmount: amount }),
      });
      if (bid.status === 201) {
        if (ownBid) this.record.violations.push(`a seller's bid on their own auction ${auction.id} was accepted (201)`);
        const mine = (bid.body as { auction?: AuctionAnswer } | undefined)?.auction?.bids?.find((b) => b.bidAmount === amount);
        this.record.acked.push({
          auctionId: auction.id,
          amount,
          bidderId: bidder.id,
          ...(mine ? { bidId: mine._id, bidTime: mine.bidTime } : {}),
        });
      } else if (bid.status === 403 && ownBid) {
        // As promised.
      } else if (bid.status !== 409 && bid.status !== 400) {
        this.unexpected(bid, 'POST /api/auction/:id');
        if (bid.status === undefined) await sleep(randInt(50, 150));
      }
    }
  }

  private async readLoop(): Promise<void> {
    while (this.running) {
      const token = pick(this.fixture.bidders).token;
      const path = Math.random() < 0.5 ? '/api/auction' : `/api/auction/${pick(this.fixture.auctions).id}`;
      const read = await this.request('GET read', path, token);
      if (read.status !== 200) {
        this.unexpected(read, `GET ${path}`);
        if (read.status === undefined) await sleep(randInt(50, 150));
      }
    }
  }

  private unexpected(outcome: Outcome, what: string) {
    if (outcome.status === undefined) {
      if (!this.options.tolerateErrors) this.record.violations.push(`${what}: no HTTP answer (${outcome.error})`);
      return;
    }
    if (outcome.status === 401) this.record.violations.push(`${what} answered 401: a session did not survive`);
    else if (outcome.status >= 500 && !(outcome.status === 503 && this.options.allow503)) {
      this.record.violations.push(`${what} answered ${outcome.status}`);
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause ? `${error.message}: ${cause.code ?? cause.message ?? 'no details'}` : error.message;
  }
  return String(error);
}

export interface DatabaseFigures {
  auctionsChecked: number;
  bidsStored: number;
  ackedFound: number;
  /** What the database's own checks covered (SQLite's pragmas, or PostgreSQL's foreign keys and indexes). */
  soundnessChecked: string;
}

/**
 * Opens the workspace's database (the server must not be running) and checks it: the database's own
 * soundness checks, every acknowledged bid stored, and the per-auction invariants, on the same rows
 * whichever database holds them. Returns the violations (empty when all hold).
 */
export async function checkDatabase(
  ws: Workspace,
  fixture: Fixture,
  acked: readonly AckedBid[],
): Promise<{ violations: string[]; figures: DatabaseFigures }> {
  const violations: string[] = [];
  const db = await openToolDatabase(ws);
  try {
    const soundness = await db.soundness();
    violations.push(...soundness.problems);

    type BidRowRaw = { id: number; auction_id: number; bidder_id: number; amount: number; created_at: number };
    type AuctionRowRaw = {
      id: number;
      seller_id: number;
      starting_price: number;
      current_price: number;
      bids_count: number;
      starts_at: number;
      ends_at: number;
    };
    const allBids = await db.all<BidRowRaw>('select id, auction_id, bidder_id, amount, created_at from bids order by id');
    const auctionRows = await db.all<AuctionRowRaw>(
      'select id, seller_id, starting_price, current_price, bids_count, starts_at, ends_at from auctions order by id',
    );

    const byAuction = new Map<number, BidRowRaw[]>();
    for (const bid of allBids) {
      const list = byAuction.get(bid.auction_id) ?? [];
      list.push(bid);
      byAuction.set(bid.auction_id, list);
    }
    for (const auction of auctionRows) {
      const where = `auction ${auction.id}`;
      const list = byAuction.get(auction.id) ?? [];
      let previous = auction.starting_price;
      const prices = new Set<number>();
      for (const bid of list) {
        const step = bid.amount - previous;
        if (step < 1 || step > BID_MAX_STEP) {
          violations.push(`${where}: bid ${bid.id} of ${bid.amount} follows ${previous} (step ${step}, allowed 1..${BID_MAX_STEP})`);
        }
        if (prices.has(bid.amount)) violations.push(`${where}: two bids share the price ${bid.amount}`);
        prices.add(bid.amount);
        if (bid.bidder_id === auction.seller_id) violations.push(`${where}: bid ${bid.id} is by the seller`);
        if (bid.created_at < auction.starts_at || bid.created_at >= auction.ends_at) {
          violations.push(`${where}: bid ${bid.id} at ${new Date(bid.created_at).toISOString()} is outside [start, end)`);
        }
        previous = bid.amount;
      }
      const expectedPrice = list.length > 0 ? Math.max(...list.map((b) => b.amount)) : auction.starting_price;
      if (auction.current_price !== expectedPrice)
        violations.push(`${where}: currentPrice ${auction.current_price}, expected ${expectedPrice}`);
      if (auction.bids_count !== list.length) violations.push(`${where}: bidsCount ${auction.bids_count}, but ${list.length} bid rows`);
    }
    for (const a of fixture.auctions) {
      if (!auctionRows.some((row) => String(row.id) === a.id)) violations.push(`auction ${a.id} of the fixture is missing`);
    }

    const byKey = new Map(allBids.map((b) => [`${b.auction_id}:${b.amount}`, b]));
    let ackedFound = 0;
    for (const ack of acked) {
      const stored = byKey.get(`${ack.auctionId}:${ack.amount}`);
      const what = `acknowledged bid of ${ack.amount} on auction ${ack.auctionId}${ack.bidId ? ` (id ${ack.bidId})` : ''}`;
      if (!stored) {
        violations.push(`${what} is not stored`);
        continue;
      }
      if (String(stored.bidder_id) !== ack.bidderId)
        violations.push(`${what} is stored for bidder ${stored.bidder_id}, not ${ack.bidderId}`);
      if (ack.bidId !== undefined && String(stored.id) !== ack.bidId) violations.push(`${what} is stored with id ${stored.id}`);
      if (ack.bidTime !== undefined && new Date(stored.created_at).toISOString() !== ack.bidTime) {
        violations.push(`${what} is stored with time ${new Date(stored.created_at).toISOString()}, answered ${ack.bidTime}`);
      }
      ackedFound += 1;
    }
    return {
      violations,
      figures: { auctionsChecked: auctionRows.length, bidsStored: allBids.length, ackedFound, soundnessChecked: soundness.checked },
    };
  } finally {
    await db.close();
  }
}

export interface CrashRun {
  kills: number;
  record: LoadRecord;
  violations: string[];
  figures: DatabaseFigures;
  ms: number;
  /** What the server logged as errors (the cause behind a 5xx), over every start. */
  serverErrors: string[];
}

/** The lines a server logged at error level or above (pino's JSON: level 50 and 60). */
const loggedErrors = (output: string) => output.split('\n').filter((line) => /"level":(50|60)\b/.test(line));

/**
 * The crash loop: starts the server, prepares users and auctions, runs bidder loops, and `kills` times
 * SIGKILLs the server at a random moment (200–1500 ms after it is up), restarts it on the same database and
 * port, and goes on. Then stops the load and checks the database. The server is stopped when it returns.
 */
export async function crashLoop(
  ws: Workspace,
  { kills, bidders = 8, log = () => {} }: { kills: number; bidders?: number; log?: (line: string) => void },
): Promise<CrashRun & { fixture: Fixture }> {
  const started = Date.now();
  const record = newLoadRecord();
  const violations: string[] = [];
  let server = await startServer(ws);
  let load: BidLoad | undefined;
  let fixture: Fixture | undefined;
  let survived = 0;
  const serverErrors: string[] = [];
  try {
    fixture = await prepareFixture(ws);
    // Bounded in time too: 20 rounds take well under a minute; the deadline only guards a hang.
    load = new BidLoad(ws.baseUrl, fixture, record, {
      bidders,
      deadline: Date.now() + 30_000 + kills * 10_000,
      tolerateErrors: true,
    }).start();
    for (let round = 1; round <= kills; round++) {
      const ackedBefore = record.acked.length;
      await sleep(randInt(200, 1500));
      if (server.done) {
        const status = await server.exited;
        throw new Error(
          `The server exited by itself (code ${status.code}, signal ${status.signal}) in round ${round}:\n${server.output()}`,
        );
      }
      const status = await server.kill();
      serverErrors.push(...loggedErrors(server.output()));
      if (status.signal !== 'SIGKILL')
        throw new Error(`The server ended with ${JSON.stringify(status)} instead of the SIGKILL:\n${server.output()}`);
      server = await startServer(ws);
      survived += 1;
      log(`  kill ${round}/${kills}: ${record.acked.length - ackedBefore} bids acknowledged in the round, restarted`);
    }
    // The last restarted server must take bids too (a cold server on a busy machine can take a second).
    const ackedBefore = record.acked.length;
    const until = Date.now() + 15_000;
    while (record.acked.length === ackedBefore && Date.now() < until) await sleep(100);
    await sleep(300);
    await load.stop();
    if (record.acked.length === ackedBefore) violations.push('no bid was acknowledged after the last restart');
  } finally {
    await load?.stop();
    await server.kill();
    serverErrors.push(...loggedErrors(server.output()));
  }
  if (!fixture) throw new Error('no fixture');
  const checked = await checkDatabase(ws, fixture, record.acked);
  violations.push(...record.violations, ...checked.violations);
  if (record.acked.length === 0) violations.push('no bid was acknowledged at all: the load did not run');
  return { kills: survived, record, violations, figures: checked.figures, ms: Date.now() - started, fixture, serverErrors };
}

export interface SigtermRun {
  inFlightAtSignal: number;
  /** Status → count among the requests in flight at the signal. */
  inFlightStatuses: Map<number, number>;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  exitMs: number;
  acked: number;
  violations: string[];
  figures: DatabaseFigures;
}

/**
 * SIGTERM under load: starts the server on the workspace (and prepares users and auctions unless given), runs bidders and readers,
 * sends SIGTERM while they have requests in flight, and checks that each of those requests got a complete
 * HTTP answer, that the process exits 0 within `exitWithinMs`, and that the database checks pass.
 */
export async function sigtermUnderLoad(
  ws: Workspace,
  fixtureGiven?: Fixture,
  {
    bidders = 16,
    readers = 8,
    exitWithinMs = 5000,
    minInFlight = 8,
  }: { bidders?: number; readers?: number; exitWithinMs?: number; minInFlight?: number } = {},
): Promise<SigtermRun> {
  const violations: string[] = [];
  const record = newLoadRecord();
  const server = await startServer(ws);
  let fixture: Fixture;
  try {
    fixture = fixtureGiven ?? (await prepareFixture(ws));
  } catch (error) {
    await server.kill();
    throw error;
  }
  const load = new BidLoad(ws.baseUrl, fixture, record, {
    bidders,
    readers,
    deadline: Date.now() + 30_000,
    tolerateErrors: true,
    allow503: true,
  }).start();
  let exit: ExitStatus | undefined;
  let exitMs: number;
  const inFlightStatuses = new Map<number, number>();
  let inFlightCount: number;
  try {
    // Warm up, then wait for a moment with many requests in flight.
    await sleep(700);
    const until = Date.now() + 3000;
    while (load.inFlight().length < minInFlight && Date.now() < until) await sleep(1);
    // The requests in flight now, given a moment to reach their sockets (a fetch writes asynchronously):
    // each was sent before the signal, so each must get its whole answer.
    const inFlight = load.inFlight();
    inFlightCount = inFlight.length;
    await new Promise((done) => setImmediate(done));
    await new Promise((done) => setImmediate(done));
    await sleep(10);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), exitWithinMs + 5000);
    const outcomes = await Promise.all(inFlight.map(async (t) => ({ t, outcome: await t.settled })));
    await load.stop();
    exit = await server.exited;
    exitMs = Date.now() - signalledAt;
    clearTimeout(timer);
    for (const { t, outcome } of outcomes) {
      if (outcome.status === undefined || outcome.error !== undefined) {
        violations.push(
          `${t.label} sent ${signalledAt - t.startedAt} ms before SIGTERM got no complete answer ${(outcome.endedAt ?? signalledAt) - signalledAt} ms after it: ${outcome.error}`,
        );
      } else {
        inFlightStatuses.set(outcome.status, (inFlightStatuses.get(outcome.status) ?? 0) + 1);
        if (outcome.status >= 500) violations.push(`${t.label} in flight at SIGTERM answered ${outcome.status}`);
      }
    }
    if (inFlightCount < minInFlight) violations.push(`only ${inFlightCount} requests were in flight at SIGTERM (wanted ${minInFlight})`);
    if (exit.code !== 0)
      violations.push(`after SIGTERM the server exited with code ${exit.code} (signal ${exit.signal}):\n${server.output()}`);
    if (exitMs > exitWithinMs) violations.push(`after SIGTERM the server took ${exitMs} ms to exit (limit ${exitWithinMs} ms)`);
  } finally {
    await load.stop();
    await server.kill();
  }
  // Requests sent after the signal may be refused; that is not a broken promise.
  violations.push(...record.violations.filter((v) => !/no HTTP answer/.test(v)));
  const checked = await checkDatabase(ws, fixture, record.acked);
  violations.push(...checked.violations);
  return {
    inFlightAtSignal: inFlightCount,
    inFlightStatuses,
    exitCode: exit?.code ?? null,
    exitSignal: exit?.signal ?? null,
    exitMs,
    acked: record.acked.length,
    violations,
    figures: checked.figures,
  };
}

export const formatStatuses = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
