// The ceiling for this design on this machine: the same bid and the same detail read as the app, as bare
// Fastify routes over raw better-sqlite3 prepared statements. No plugins, no tRPC, no zod, no Drizzle;
// but the same work that cannot be skipped: a session lookup (SHA-256 of the token, sessions joined to
// users), one IMMEDIATE transaction that reads the auction, checks seller, time and bounds, raises the
// price conditionally and inserts the bid. Run by scripts/bench/index.ts: DATABASE_PATH and PORT.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

const path = process.env.DATABASE_PATH;
const port = Number(process.env.PORT);
if (!path || !port) throw new Error('DATABASE_PATH and PORT are required');

const db = new Database(path);
// The app's pragmas (src/server/db/sqlite/open.ts).
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');

const sessionLookup = db.prepare<[string], { id: number; name: string; role: string; expires_at: number; last_seen_at: number }>(
  'select u.id, u.name, u.role, s.expires_at, s.last_seen_at from sessions s join users u on u.id = s.user_id where s.id = ?',
);
const auctionForBid = db.prepare<
  [number],
  { seller_id: number; current_price: number; bids_count: number; starts_at: number; ends_at: number }
>('select seller_id, current_price, bids_count, starts_at, ends_at from auctions where id = ?');
const raise = db.prepare<[number, number, number], { bids_count: number }>(
  'update auctions set current_price = ?, bids_count = bids_count + 1 where id = ? and current_price = ? returning bids_count',
);
const insertBid = db.prepare<[number, number, number, number], { id: number }>(
  'insert into bids (auction_id, bidder_id, amount, request_key, created_at) values (?, ?, ?, null, ?) returning id',
);
const auctionWithSeller = db.prepare<
  [number],
  Record<string, unknown> & { id: number; seller_id: number; seller_name: string; starts_at: number; ends_at: number; photo: string | null }
>('select a.*, u.name as seller_name from auctions a join users u on u.id = a.seller_id where a.id = ?');
const bidsOf = db.prepare<[number], { id: number; amount: number; created_at: number; bidder_id: number; bidder_name: string }>(
  'select b.id, b.amount, b.created_at, b.bidder_id, u.name as bidder_name from bids b join users u on u.id = b.bidder_id where b.auction_id = ? order by b.id desc limit 200',
);

const IDLE_MS = 7 * 24 * 60 * 60 * 1000;

function sessionUser(req: FastifyRequest) {
  const header = req.headers.authorization;
  let token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) token = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const row = sessionLookup.get(createHash('sha256').update(token).digest('hex'));
  const now = Date.now();
  if (!row || row.expires_at <= now || row.last_seen_at + IDLE_MS <= now) return null;
  return row;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const place = db.transaction((auctionId: number, bidderId: number, amount: number, now: number) => {
  const auction = auctionForBid.get(auctionId);
  if (!auction) throw new HttpError(404, 'Auction not found');
  if (auction.seller_id === bidderId) throw new HttpError(403, 'You cannot bid on your own auction.');
  if (now < auction.starts_at || now >= auction.ends_at) throw new HttpError(400, 'This auction is not open.');
  const min = auction.current_price + 1;
  const max = auction.current_price + 10;
  if (amount < min || amount > max) {
    throw new HttpError(400, `Your bid must be between $${min} and $${max}: the current price is $${auction.current_price}.`);
  }
  const raised = raise.get(amount, auctionId, auction.current_price);
  if (!raised) throw new HttpError(409, 'The price moved before your bid landed.');
  const { id } = insertBid.get(auctionId, bidderId, amount, now)!;
  return { id, bidsCount: raised.bids_count };
});

const fail = (reply: FastifyReply, error: unknown) => {
  if (!(error instanceof HttpError)) throw error;
  return reply.code(error.status).send({ error: error.message, message: error.message });
};

const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.post<{ Params: { id: string }; Body: { bidAmount?: unknown } }>('/bid/:id', (req, reply) => {
  const user = sessionUser(req);
  if (!user) return reply.code(401).send({ error: 'Please log in to continue.' });
  const raw = req.body?.bidAmount;
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(amount) || amount < 0) return reply.code(400).send({ error: 'Bid amount must be a whole number of dollars' });
  const auctionId = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
  const now = Date.now();
  try {
    const { id, bidsCount } = place.immediate(auctionId, user.id, amount, now);
    return reply.code(201).send({
      message: 'Bid placed successfully',
      bid: { _id: String(id), bidder: { _id: String(user.id), name: user.name }, bidAmount: amount, bidTime: new Date(now).toISOString() },
      auction: { _id: String(auctionId), currentPrice: amount, bidsCount },
    });
  } catch (error) {
    return fail(reply, error);
  }
});

/** The same answer as GET /api/auction/:id: the auction, its seller and its newest 200 bids. */
app.get<{ Params: { id: string } }>('/auction/:id', (req, reply) => {
  if (!sessionUser(req)) return reply.code(401).send({ error: 'Please log in to continue.' });
  const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
  const row = auctionWithSeller.get(id);
  if (!row) return reply.code(404).send({ error: 'Auction not found' });
  const now = Date.now();
  const photo = row.photo ? `/uploads/${row.photo}` : '/placeholder.svg';
  return reply.send({
    _id: String(row.id),
    itemName: row.item_name,
    itemDescription: row.item_description,
    itemCategory: row.item_category,
    startingPrice: row.starting_price,
    currentPrice: row.current_price,
    itemPhoto: photo,
    itemPhotoCard: photo,
    itemStartDate: new Date(row.starts_at).toISOString(),
    itemEndDate: new Date(row.ends_at).toISOString(),
    seller: { _id: String(row.seller_id), name: row.seller_name },
    sellerName: row.seller_name,
    bidsCount: row.bids_count,
    timeLeft: Math.max(0, row.ends_at - now),
    bids: bidsOf.all(id).map((b) => ({
      _id: String(b.id),
      bidder: { _id: String(b.bidder_id), name: b.bidder_name },
      bidAmount: b.amount,
      bidTime: new Date(b.created_at).toISOString(),
    })),
  });
});

const close = async () => {
  await app.close();
  db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ port, host: '127.0.0.1' });
