// The ceiling for this design on this machine: the same bid and the same reads as the app, as bare
// Fastify routes over raw SQL, on SQLite (DATABASE_PATH) or PostgreSQL (DATABASE_URL): see ceiling-sqlite.ts
// and ceiling-postgres.ts. No plugins, no tRPC, no zod, no Drizzle; but the same work that cannot be
// skipped: a session lookup (SHA-256 of the token, sessions joined to users), one transaction that reads
// the auction, checks seller, time and bounds, raises the price and inserts the bid. The auction page's
// read is here; on SQLite also the twins of the orders page, a conversation (marked read in its
// transaction), a public profile and the moderators' open reports and audit log (admins only), each the
// app's own statements and answer (ceiling-read-routes.ts). Run by scripts/bench/index.ts with PORT and
// one of the two database settings; PUBLIC_URL, as the app's, is http://localhost:PORT unless set.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { postgresCeilingStore } from './ceiling-postgres';
import { ceilingReadRoutes } from './ceiling-read-routes';
import { sqliteCeilingStore } from './ceiling-sqlite';
import { HttpError } from './ceiling-store';

const url = process.env.DATABASE_URL;
const path = process.env.DATABASE_PATH;
const port = Number(process.env.PORT);
if (!(url || path) || !port) throw new Error('PORT and DATABASE_URL or DATABASE_PATH are required');

const store = url ? postgresCeilingStore(url) : sqliteCeilingStore(path!);
// The photo and avatar URLs of the answers stand on it: as long as the app's, for answers of the same size.
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;

const IDLE_MS = 7 * 24 * 60 * 60 * 1000;

async function sessionUser(req: FastifyRequest) {
  const header = req.headers.authorization;
  let token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) token = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const row = await store.sessionUser(createHash('sha256').update(token).digest('hex'));
  const now = Date.now();
  if (!row || row.expires_at <= now || row.last_seen_at + IDLE_MS <= now) return null;
  return row;
}

const fail = (reply: FastifyReply, error: unknown) => {
  if (!(error instanceof HttpError)) throw error;
  return reply.code(error.status).send({ error: error.message, message: error.message });
};

const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.post<{ Params: { id: string }; Body: { bidAmount?: unknown } }>('/bid/:id', async (req, reply) => {
  const user = await sessionUser(req);
  if (!user) return reply.code(401).send({ error: 'Please log in to continue.' });
  const raw = req.body?.bidAmount;
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(amount) || amount < 0) return reply.code(400).send({ error: 'Bid amount must be a whole number of dollars' });
  const auctionId = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
  const now = Date.now();
  try {
    const { id, bidsCount } = await store.placeBid(auctionId, user.id, amount, now);
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
app.get<{ Params: { id: string } }>('/auction/:id', async (req, reply) => {
  if (!(await sessionUser(req))) return reply.code(401).send({ error: 'Please log in to continue.' });
  const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
  const [row, bids] = await Promise.all([store.auctionWithSeller(id), store.bidsOf(id)]);
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
    bids: bids.map((b) => ({
      _id: String(b.id),
      bidder: { _id: String(b.bidder_id), name: b.bidder_name },
      bidAmount: b.amount,
      bidTime: new Date(b.created_at).toISOString(),
    })),
  });
});

if (store.reads) ceilingReadRoutes(app, store.reads, sessionUser, publicUrl);

const close = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ port, host: '127.0.0.1' });
