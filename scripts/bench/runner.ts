// The load generator, in its own process so that it never shares an event loop with the orchestrator or
// a server: forked once by scripts/bench/index.ts, it takes one job per IPC message and answers with the
// result; `node --import tsx scripts/bench/runner.ts '<job JSON>'` runs one job and prints its result.
//
// Jobs:
//  - kind 'read': autocannon GETs of one path with one session.
//  - kind 'bid': autocannon, one auction and one bidder per connection (or two taking turns). autocannon
//    sends fixed requests, so each connection keeps its auction's price and builds its next request after
//    every answer: a success sets the price the answer names (one more, or two where an automatic bid
//    answered); a 400 naming the current price resynchronises it. Non-success answers are counted.
//  - kind 'once': autocannon, each request on an auction of its own (a purchase, a bid that reaches the
//    reserve), taken in turn from one list by whichever connection is free; a fixed number of requests.
//  - kind 'open': an open-loop generator (not autocannon) for a fixed offered rate: sends are scheduled
//    evenly at `rate` per second whatever the answers do, and latency counts from the scheduled moment
//    (so a stalled server cannot hide its queue: no coordinated omission). Bids on one auction are sent
//    one at a time (queued behind each other), as with autocannon.
import http from 'node:http';
import autocannon from 'autocannon';

export type BidFormat = 'rest' | 'trpc' | 'ceiling';

/**
 * BENCH_ACCEPT_ENCODING: sent with every request, as browsers and most HTTP clients send one (autocannon
 * sends none, so by default no answer is compressed); the app compresses JSON answers over 1 kB.
 */
const acceptEncoding: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING
  ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING }
  : {};

export interface BidTarget {
  auctionId: number;
  price: number;
  token: string;
  /** Two bidders taking turns: the other one's session. `token` bids first, and each bid outbids the other's. */
  rivalToken?: string;
}

/** What a 'once' job does to each auction: bid one dollar above `price` on it, or buy it at its Buy It Now price. */
export type OnceAction = 'bid' | 'buy';

export type Job =
  | { kind: 'read'; url: string; path: string; token: string; connections: number; duration: number }
  | {
      kind: 'bid';
      url: string;
      format: BidFormat;
      targets: BidTarget[];
      connections: number;
      duration: number;
      overallRate?: number;
      /** Sent as Accept-Encoding with every bid (BENCH_ACCEPT_ENCODING otherwise). */
      acceptEncoding?: string;
    }
  | { kind: 'open'; url: string; format: BidFormat; targets: BidTarget[]; rate: number; duration: number }
  | {
      kind: 'once';
      url: string;
      action: OnceAction;
      /** One auction per request, and one more per connection (each connection builds its next request ahead). */
      auctionIds: number[];
      price: number;
      /** One session per connection, in turn. */
      tokens: string[];
      connections: number;
      /** Requests sent in all. */
      requests: number;
    };

export interface RunResult {
  /** Successful answers per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  errors: number;
  /** Up to three bodies of failed answers, to say why. */
  samples: string[];
  durationS: number;
  /** Bids: achieved requests per second offered (open loop) or sent. */
  sent?: number;
}

function bidRequest(format: BidFormat, target: BidTarget, amount: number) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${target.token}`, ...acceptEncoding };
  switch (format) {
    case 'rest':
      return { method: 'POST' as const, path: `/api/auction/${target.auctionId}`, headers, body: JSON.stringify({ bidAmount: amount }) };
    case 'trpc':
      // A non-batched tRPC mutation: POST /trpc/<path>, the body is the input itself (no transformer).
      return {
        method: 'POST' as const,
        path: '/trpc/auction.placeBid',
        headers,
        body: JSON.stringify({ auctionId: String(target.auctionId), bidAmount: amount }),
      };
    case 'ceiling':
      return { method: 'POST' as const, path: `/bid/${target.auctionId}`, headers, body: JSON.stringify({ bidAmount: amount }) };
  }
}

const successStatus = (format: BidFormat) => (format === 'trpc' ? 200 : 201);
const CURRENT_PRICE = /current price is \$([\d,]+)/;
/** The auction's price in a successful answer (REST, tRPC and the ceiling all name it so). */
const ANSWERED_PRICE = /"currentPrice":(\d+)/;

/** A purchase or a bid by hand on one auction, through REST. */
function onceRequest(action: OnceAction, auctionId: number, price: number, token: string) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...acceptEncoding };
  return action === 'buy'
    ? { method: 'POST' as const, path: `/api/auction/${auctionId}/buy`, headers, body: '{}' }
    : { method: 'POST' as const, path: `/api/auction/${auctionId}`, headers, body: JSON.stringify({ bidAmount: price + 1 }) };
}

function resync(target: BidTarget, body: string): void {
  const match = CURRENT_PRICE.exec(body);
  if (match) target.price = Number(match[1]!.replace(/,/g, ''));
}

async function runAutocannon(job: Extract<Job, { kind: 'read' | 'bid' | 'once' }>): Promise<RunResult> {
  const samples: string[] = [];
  let ok = 0;
  let failed = 0;
  const options: autocannon.Options = {
    url: job.url,
    connections: job.connections,
    // A 'once' job runs until its requests are answered (options.amount, below).
    ...(job.kind === 'once' ? {} : { duration: job.duration }),
    pipelining: 1,
    timeout: 20,
  };
  if (job.kind === 'read') {
    options.headers = { authorization: `Bearer ${job.token}`, ...acceptEncoding };
    options.requests = [
      {
        method: 'GET',
        path: job.path,
        onResponse: (status: number, body: string) => {
          if (status === 200) ok += 1;
          else {
            failed += 1;
            if (samples.length < 3) samples.push(`${status} ${body.slice(0, 200)}`);
          }
        },
      },
    ];
  } else if (job.kind === 'once') {
    if (job.auctionIds.length < job.requests + job.connections)
      throw new Error(`${job.requests} requests on ${job.connections} connections need ${job.requests + job.connections} auctions`);
    options.amount = job.requests;
    let taken = 0;
    let clients = 0;
    // autocannon needs a valid first request to start from; each connection then builds its own.
    options.requests = [onceRequest(job.action, job.auctionIds[0]!, job.price, job.tokens[0]!)];
    options.setupClient = (client: autocannon.Client) => {
      const token = job.tokens[clients++ % job.tokens.length]!;
      // Built when the connection is set up and after every answer: the next auction of the list.
      const request = {
        method: 'POST',
        setupRequest: (req: object) => ({
          ...req,
          ...onceRequest(job.action, job.auctionIds[Math.min(taken++, job.auctionIds.length - 1)]!, job.price, token),
        }),
        onResponse: (status: number, body: string) => {
          if (status === 201) ok += 1;
          else {
            failed += 1;
            if (samples.length < 3) samples.push(`${status} ${body.slice(0, 200)}`);
          }
        },
      };
      (client as unknown as { setRequests(requests: unknown[]): void }).setRequests([request]);
    };
  } else {
    if (job.targets.length < job.connections)
      throw new Error(`${job.connections} connections need as many targets, got ${job.targets.length}`);
    let next = 0;
    const success = successStatus(job.format);
    // Overwritten per connection in setupClient; autocannon needs a valid first request to start from.
    options.requests = [bidRequest(job.format, job.targets[0]!, job.targets[0]!.price + 1)];
    if (job.overallRate) options.overallRate = job.overallRate;
    options.setupClient = (client: autocannon.Client) => {
      const target = job.targets[next++]!;
      // With a rival, the two take turns: the bidder of the next request flips after every success.
      let rivalsTurn = false;
      const encoding = job.acceptEncoding ? { 'accept-encoding': job.acceptEncoding } : {};
      const current = () => {
        const request = bidRequest(job.format, rivalsTurn ? { ...target, token: target.rivalToken! } : target, target.price + 1);
        return { ...request, headers: { ...request.headers, ...encoding } };
      };
      // setRequests (not setRequest): with a single request autocannon goes back to requests[0] every time.
      // setupRequest builds every request afresh from the connection's state, after onResponse updated it.
      const request = {
        ...current(),
        setupRequest: (req: object) => ({ ...req, ...current() }),
        onResponse: (status: number, body: string) => {
          if (status === success) {
            ok += 1;
            // A compressed answer cannot be read here: the price then goes up by the one dollar bid.
            const answered = ANSWERED_PRICE.exec(body);
            target.price = answered ? Number(answered[1]) : target.price + 1;
            if (target.rivalToken) rivalsTurn = !rivalsTurn;
          } else {
            failed += 1;
            if (samples.length < 3) samples.push(`${status} ${body.slice(0, 200)}`);
            resync(target, body);
          }
        },
      };
      (client as unknown as { setRequests(requests: unknown[]): void }).setRequests([request]);
    };
  }
  const result = await autocannon(options);
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failed,
    errors: result.errors + result.timeouts,
    samples,
    durationS: result.duration,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function runOpenLoop(job: Extract<Job, { kind: 'open' }>): Promise<RunResult> {
  const base = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const success = successStatus(job.format);
  const latencies: number[] = [];
  const samples: string[] = [];
  let ok = 0;
  let failed = 0;
  let errors = 0;
  let sent = 0;
  const queues = job.targets.map((target) => ({ target, busy: false, waiting: [] as number[] }));

  const send = (q: (typeof queues)[number], scheduledAt: number): Promise<void> =>
    new Promise<void>((done) => {
      q.busy = true;
      const r = bidRequest(job.format, q.target, q.target.price + 1);
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: r.method,
          path: r.path,
          headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
          agent,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            latencies.push(performance.now() - scheduledAt);
            if (res.statusCode === success) {
              ok += 1;
              q.target.price += 1;
            } else {
              failed += 1;
              if (samples.length < 3) samples.push(`${res.statusCode} ${body.slice(0, 200)}`);
              resync(q.target, body);
            }
            done();
          });
        },
      );
      req.on('error', (error) => {
        errors += 1;
        if (samples.length < 3) samples.push(String(error));
        done();
      });
      req.end(r.body);
    }).then(() => {
      q.busy = false;
      const nextAt = q.waiting.shift();
      if (nextAt !== undefined) return send(q, nextAt);
    });

  const interval = 1000 / job.rate;
  const total = Math.round(job.rate * job.duration);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  await new Promise<void>((finish) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < total && started + i * interval <= now) {
        const q = queues[i % queues.length]!;
        const scheduledAt = started + i * interval;
        sent += 1;
        if (q.busy) q.waiting.push(scheduledAt);
        else inFlight.push(send(q, scheduledAt));
        i += 1;
      }
      if (i >= total) return finish();
      setTimeout(tick, Math.max(0, started + i * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  // A queue drains itself: wait until every one is idle.
  while (queues.some((q) => q.busy || q.waiting.length > 0)) await new Promise((r) => setTimeout(r, 5));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: ok / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok,
    failed,
    errors,
    samples,
    durationS: elapsed,
    sent,
  };
}

const run = (job: Job) => (job.kind === 'open' ? runOpenLoop(job) : runAutocannon(job));

if (process.send) {
  // Forked by the orchestrator: one job per message, one at a time, until it disconnects.
  process.on('message', (job: Job) => {
    run(job).then(
      (result) => process.send!({ ok: true, result }),
      (error: unknown) => process.send!({ ok: false, error: String((error as Error)?.stack ?? error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
} else {
  const result = await run(JSON.parse(process.argv[2] ?? '{}') as Job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
