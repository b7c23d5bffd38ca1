// The benchmark's data: the app's own migrations (openSqlite), then 1,000 users, one admin, 10,000 auctions
// and 100,000 bids written with raw prepared statements in one transaction, plus sessions for the load,
// reports and an audit log for the moderators' pages, and after the 10,000 the auctions of the bid
// scenarios that need a state of their own (two bidders taking turns, a standing automatic maximum) and
// of those that use an auction once per request (a bid reaching the reserve, Buy It Now).
// Every row keeps the invariants the app relies on: per auction the bids rise by 1..10 from the starting
// price, currentPrice and bidsCount match them, nobody bids on their own auction, bids fall inside [start, end),
// the last bidder leads with each bidder's highest bid as their maximum, and ended auctions are closed.
import { createHash, randomBytes } from 'node:crypto';
import { openSqlite } from '../../src/server/db/sqlite/open';
import { hashPassword } from '../../src/server/services/passwords';
import { BID_MAX_STEP, CATEGORIES, DAY_MS, HOUR_MS, SESSION_ABSOLUTE_MS } from '../../src/shared/constants';

export const USERS = 1000;
export const AUCTIONS = 10_000;
export const BIDS = 100_000;
/** Bidders that get a session (one per load connection); sellers of the bid targets are never among them. */
export const SESSION_USERS = 300;
/** Auctions reserved per bid scenario: one per connection, open for 30 days, no bids at the start. */
export const BID_SET_SIZE = 60;
export const BID_SETS = ['rest', 'trpc', 'ceiling', 'rate', 'open', 'cluster'] as const;
export type BidSet = (typeof BID_SETS)[number];
const BID_TARGETS_FIRST_ID = 9001;
/** The auction read by the detail scenarios: exactly this many bids, never bid on during the run. */
export const DETAIL_BIDS = 100;
const DETAIL_AUCTION_ID = 5000;
/** The user whose session reads the list, the detail, the stats, their orders and their conversation. */
const READER_ID = 1;
/** How long the reader's conversation about the detail auction is: a long one, read whole. */
const CONVERSATION_MESSAGES = 100;
const STARTING_PRICE_OF_TARGETS = 100;
/** Auctions per scenario of two bidders taking turns and of a standing automatic maximum: one per connection. */
const STATEFUL_SET_SIZE = BID_SET_SIZE;
/** A reserve the first bid reaches: one dollar above the start, the least bid allowed. */
export const RESERVE_OF_ONE_SHOTS = STARTING_PRICE_OF_TARGETS + 1;
const BUY_NOW_PRICE = 150;
/** Sellers with a session (the last users, never bidders): the REST-made auctions are theirs. */
const SELLER_SESSIONS = 10;
/** Reports of listings, a third of them resolved (each with its audit entry), and more audit entries besides. */
const REPORTS = 300;
const AUDIT_PAIRS = 150;

export interface Seeded {
  adminId: number;
  adminToken: string;
  /** tokens[i] belongs to user i + 1 (users 1..SESSION_USERS). */
  tokens: string[];
  /** Auction ids per bid scenario. */
  bidTargets: Record<BidSet, number[]>;
  /** Auctions for two bidders taking turns, and for a bidder against a standing automatic maximum: no bids yet. */
  turnTargets: number[];
  autoTargets: number[];
  /** Auctions each bought once (Buy It Now) or bid on once (the bid reaches the reserve), in the order they are used. */
  buyNowAuctions: number[];
  reserveAuctions: number[];
  /** Sessions of sellers who are never bidders. */
  sellerTokens: string[];
  /** A user with a public profile worth reading: the seller of the detail auction. */
  profileUserId: number;
  detailAuctionId: number;
  /** The user whose session reads the list, the detail and the stats. */
  readerToken: string;
  counts: { users: number; auctions: number; bids: number; sessions: number };
  ms: number;
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same shape of data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

const FIRST = [
  'Abigail',
  'Gabriel',
  'Mabel',
  'Fabian',
  'Sabrina',
  'Olivia',
  'Liam',
  'Noah',
  'Emma',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Lucas',
  'Ethan',
  'Zoé',
  'Chloe',
  'Élodie',
  'Amelia',
  'Harper',
];
const LAST = [
  'Abbott',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
];
const ADJECTIVES = ['Vintage', 'Rare', 'Handmade', 'Restored', 'Signed', 'Antique', 'Modern', 'Classic', 'Limited', 'Original'];
const NOUNS = ['camera', 'guitar', 'clock', 'vase', 'bicycle', 'lamp', 'painting', 'watch', 'record player', 'chair', 'map', 'telescope'];
const CITIES = [
  ['Lisbon', 'Lisbon', 'Portugal'],
  ['Lyon', 'Auvergne-Rhône-Alpes', 'France'],
  ['Austin', 'Texas', 'United States'],
  ['Osaka', 'Osaka', 'Japan'],
] as const;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** `oneShotAuctions`: how many auctions each of the two once-per-request scenarios gets (none unless it runs). */
export async function seedBenchDatabase(path: string, { oneShotAuctions = 0 } = {}): Promise<Seeded> {
  const started = Date.now();
  const rand = prng(20260614);
  const passwordHash = await hashPassword('bench-password-1');
  const db = openSqlite(path);
  const sqlite = db.$client;
  const now = Date.now();

  const insertUser = sqlite.prepare(
    `insert into users (id, name, email, password_hash, role, avatar, created_at, last_login_at, last_login_city, last_login_region, last_login_country)
     values (?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?)`,
  );
  const insertAuction = sqlite.prepare(
    `insert into auctions (id, seller_id, item_name, item_description, item_category, starting_price, current_price, bids_count, photo, starts_at, ends_at, created_at, leader_id, leader_max, closed_at, matched_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBid = sqlite.prepare(
    'insert into bids (auction_id, bidder_id, amount, seq, request_key, created_at, ends_at) values (?, ?, ?, ?, null, ?, ?)',
  );
  const insertSession = sqlite.prepare('insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)');
  const insertOrderRow = sqlite.prepare(
    `insert into orders (auction_id, buyer_id, seller_id, price, shipping_cost, status, created_at, due_at, paid_at, shipped_at,
       tracking_number, received_at, cancelled_at, cancel_reason, overdue_notified_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  /**
   * The order of an auction ended with a winner, somewhere along its life: most received, some on
   * the way, a few cancelled unpaid. Those past their due time were told already, so that the
   * server's overdue tick has nothing to do during a run.
   */
  const insertOrder = (auctionId: number, buyerId: number, sellerId: number, price: number, endedAt: number) => {
    const dueAt = endedAt + 48 * HOUR_MS;
    const roll = rand.next();
    const status =
      roll < 0.6 ? 'received' : roll < 0.75 ? 'shipped' : roll < 0.85 ? 'paid' : roll < 0.95 ? 'awaiting_payment' : 'cancelled';
    const step = (n: number) => Math.min(now, endedAt + n * HOUR_MS);
    const reached = (s: string) => ['paid', 'shipped', 'received'].indexOf(status) >= ['paid', 'shipped', 'received'].indexOf(s);
    insertOrderRow.run(
      auctionId,
      buyerId,
      sellerId,
      price,
      rand.next() < 0.8 ? rand.int(4, 30) : null,
      status,
      endedAt,
      dueAt,
      reached('paid') ? step(6) : null,
      reached('shipped') && status !== 'paid' ? step(30) : null,
      status === 'shipped' || status === 'received' ? `BN${auctionId}` : null,
      status === 'received' ? step(80) : null,
      status === 'cancelled' ? dueAt + HOUR_MS : null,
      status === 'cancelled' ? 'unpaid' : null,
      dueAt <= now ? dueAt : null,
    );
  };
  const insertMessage = sqlite.prepare(
    'insert into messages (auction_id, with_user_id, from_user_id, body, created_at, read_at) values (?, ?, ?, ?, ?, ?)',
  );

  const adminId = USERS + 1;
  const tokens: string[] = [];
  const sellerTokens: string[] = [];
  const turnTargets: number[] = [];
  const autoTargets: number[] = [];
  const buyNowAuctions: number[] = [];
  const reserveAuctions: number[] = [];
  let profileUserId = 0;
  let adminToken = '';
  const bidTargets = Object.fromEntries(BID_SETS.map((s) => [s, [] as number[]])) as Record<BidSet, number[]>;
  const reserved = new Set<number>();
  BID_SETS.forEach((set, s) => {
    for (let i = 0; i < BID_SET_SIZE; i++) {
      const id = BID_TARGETS_FIRST_ID + s * BID_SET_SIZE + i;
      bidTargets[set].push(id);
      reserved.add(id);
    }
  });
  reserved.add(DETAIL_AUCTION_ID);

  // How many bids each ordinary auction gets: about 10 on average, summing to exactly BIDS with the detail's 100.
  const bidCounts = new Map<number, number>();
  const ordinary: number[] = [];
  for (let id = 1; id <= AUCTIONS; id++) if (!reserved.has(id)) ordinary.push(id);
  let total = 0;
  for (const id of ordinary) {
    const n = rand.int(0, 20);
    bidCounts.set(id, n);
    total += n;
  }
  const wanted = BIDS - DETAIL_BIDS;
  while (total !== wanted) {
    const id = rand.pick(ordinary);
    const n = bidCounts.get(id)!;
    if (total < wanted) {
      bidCounts.set(id, n + 1);
      total += 1;
    } else if (n > 0) {
      bidCounts.set(id, n - 1);
      total -= 1;
    }
  }
  bidCounts.set(DETAIL_AUCTION_ID, DETAIL_BIDS);

  let bidRows = 0;
  sqlite.transaction(() => {
    for (let id = 1; id <= USERS; id++) {
      const first = rand.pick(FIRST);
      const last = rand.pick(LAST);
      const loggedIn = rand.next() < 0.7;
      const city = loggedIn && rand.next() < 0.8 ? rand.pick(CITIES) : null;
      insertUser.run(
        id,
        `${first} ${last}`,
        `${first.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${last.toLowerCase()}.${id}@bench.test`,
        passwordHash,
        'user',
        now - rand.int(1, 365) * DAY_MS - rand.int(0, DAY_MS),
        loggedIn ? now - rand.int(0, 30 * DAY_MS) : null,
        city?.[0] ?? null,
        city?.[1] ?? null,
        city?.[2] ?? null,
      );
    }
    insertUser.run(adminId, 'Bench Admin', 'admin@bench.test', passwordHash, 'admin', now - 400 * DAY_MS, now, null, null, null);

    // Auctions five minutes apart over the last ~35 days, each running 1..15 days: older ones have ended.
    for (let id = 1; id <= AUCTIONS; id++) {
      const createdAt = now - (AUCTIONS - id + 1) * 5 * 60_000;
      const startsAt = createdAt;
      const target = reserved.has(id);
      const endsAt = target ? now + 30 * DAY_MS : startsAt + rand.int(1, 15) * DAY_MS;
      // Targets are sold by users without a session, so no bench bidder is ever their seller.
      const sellerId = target ? rand.int(SESSION_USERS + 1, USERS) : rand.int(1, USERS);
      const startingPrice = target ? STARTING_PRICE_OF_TARGETS : rand.int(5, 2000);
      const n = bidCounts.get(id) ?? 0;
      let price = startingPrice;
      const bidTimes: number[] = [];
      const amounts: number[] = [];
      const bidders: number[] = [];
      const lastMoment = Math.min(endsAt, now) - 1;
      for (let b = 0; b < n; b++) {
        price += rand.int(1, BID_MAX_STEP);
        amounts.push(price);
        let bidder = rand.int(1, USERS);
        if (bidder === sellerId) bidder = (bidder % USERS) + 1;
        // The reader won one ended auction in forty: a buyer with a few pages of orders.
        if (b === n - 1 && endsAt <= now && id % 40 === 0 && sellerId !== READER_ID) bidder = READER_ID;
        bidders.push(bidder);
        bidTimes.push(startsAt + Math.floor(((b + 1) / (n + 1)) * (lastMoment - startsAt)));
      }
      const category = CATEGORIES[(id * 7 + rand.int(0, 2)) % CATEGORIES.length]!;
      insertAuction.run(
        id,
        sellerId,
        `${rand.pick(ADJECTIVES)} ${rand.pick(NOUNS)} #${id}`,
        `Lot ${id}: ${rand.pick(ADJECTIVES).toLowerCase()} ${rand.pick(NOUNS)} in good condition, described for the benchmark. Ships within three days; pick-up possible.`,
        category,
        startingPrice,
        price,
        n,
        startsAt,
        endsAt,
        createdAt,
        // Every bid was placed by hand, each higher: the last bidder leads, with that bid as the maximum.
        // Ended ones count as closed, so the server's close does not work through thousands of them;
        // those that opened count as matched against the saved searches, for the same reason.
        bidders.at(-1) ?? null,
        amounts.at(-1) ?? null,
        endsAt <= now ? endsAt : null,
        startsAt <= now ? startsAt : null,
      );
      for (let b = 0; b < n; b++) insertBid.run(id, bidders[b], amounts[b], b + 1, bidTimes[b], endsAt);
      bidRows += n;
      if (endsAt <= now && n > 0) insertOrder(id, bidders.at(-1)!, sellerId, price, endsAt);
    }
    // Every other bidder's standing maximum is their highest bid.
    sqlite.exec(`insert into max_bids (auction_id, bidder_id, amount)
      select b.auction_id, b.bidder_id, max(b.amount) from bids b join auctions a on a.id = b.auction_id
      where b.bidder_id <> a.leader_id group by b.auction_id, b.bidder_id`);

    // The reader's conversation with the seller of the auction the detail row reads: a long one.
    const detailSeller = (sqlite.prepare('select seller_id as id from auctions where id = ?').get(DETAIL_AUCTION_ID) as { id: number }).id;
    for (let m = 0; m < CONVERSATION_MESSAGES; m++) {
      const fromReader = m % 2 === 0;
      const at = now - (CONVERSATION_MESSAGES - m) * HOUR_MS;
      const body = fromReader
        ? `Question ${m / 2 + 1}: could you tell me more about the condition, the size and how it would be packed?`
        : `Answer ${(m + 1) / 2}: it is in good order, measures about forty centimetres, and goes out double-boxed.`;
      insertMessage.run(DETAIL_AUCTION_ID, READER_ID, fromReader ? READER_ID : detailSeller, body, at, at + 60_000);
    }

    const session = (userId: number) => {
      const token = randomBytes(32).toString('base64url');
      insertSession.run(tokenHash(token), userId, now, now, now + SESSION_ABSOLUTE_MS);
      return token;
    };
    for (let id = 1; id <= SESSION_USERS; id++) tokens.push(session(id));
    adminToken = session(adminId);
    for (let id = USERS - SELLER_SESSIONS + 1; id <= USERS; id++) sellerTokens.push(session(id));
    profileUserId = detailSeller;

    // Everything below comes after the data above, so that it stays what it was before these were added.
    seedReportsAndAudit(sqlite, rand, adminId, now);

    // Open auctions after the 10,000, sold by users without a session (never a bidder of the load):
    // fresh ones for the stateful scenarios, and one per request for the once-per-request ones.
    const insertOpen = sqlite.prepare(
      `insert into auctions (id, seller_id, item_name, item_description, item_category, starting_price, current_price, bids_count,
         starts_at, ends_at, created_at, reserve_price, buy_now_price, matched_at)
       values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    );
    let nextId = AUCTIONS + 1;
    const open = (list: number[], count: number, prices: { reserve: number | null; buyNow: number | null }, what: string) => {
      for (let i = 0; i < count; i++, nextId++) {
        const startsAt = now - 60 * 60_000;
        insertOpen.run(
          nextId,
          SESSION_USERS + 1 + (nextId % (USERS - SESSION_USERS - SELLER_SESSIONS)),
          `${what} #${nextId}`,
          `Lot ${nextId}: ${what.toLowerCase()}, described for the benchmark. Ships within three days.`,
          CATEGORIES[nextId % CATEGORIES.length]!,
          STARTING_PRICE_OF_TARGETS,
          STARTING_PRICE_OF_TARGETS,
          startsAt,
          now + 30 * DAY_MS,
          startsAt,
          prices.reserve,
          prices.buyNow,
          startsAt,
        );
        list.push(nextId);
      }
    };
    open(turnTargets, STATEFUL_SET_SIZE, { reserve: null, buyNow: null }, 'Contested clock');
    open(autoTargets, STATEFUL_SET_SIZE, { reserve: null, buyNow: null }, 'Defended lamp');
    open(reserveAuctions, oneShotAuctions, { reserve: RESERVE_OF_ONE_SHOTS, buyNow: null }, 'Reserved vase');
    open(buyNowAuctions, oneShotAuctions, { reserve: null, buyNow: BUY_NOW_PRICE }, 'Buy It Now watch');
  })();

  const counted = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const counts = { users: counted('users'), auctions: counted('auctions'), bids: counted('bids'), sessions: counted('sessions') };
  if (bidRows !== BIDS || counts.bids !== BIDS) throw new Error(`seeded ${counts.bids} bids, expected ${BIDS}`);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return {
    adminId,
    adminToken,
    tokens,
    bidTargets,
    turnTargets,
    autoTargets,
    buyNowAuctions,
    reserveAuctions,
    sellerTokens,
    profileUserId,
    detailAuctionId: DETAIL_AUCTION_ID,
    readerToken: tokens[READER_ID - 1]!,
    counts,
    ms: Date.now() - started,
  };
}

/**
 * Reports of ordinary listings by users who do not sell them (two thirds still open, the rest dismissed
 * by the admin, each with its audit entry), and suspensions each followed by its reinstatement, so that
 * nobody ends up suspended: what the moderators' two pages read.
 */
function seedReportsAndAudit(
  sqlite: ReturnType<typeof openSqlite>['$client'],
  rand: ReturnType<typeof prng>,
  adminId: number,
  now: number,
) {
  const sellerOf = sqlite.prepare<[number], { seller_id: number }>('select seller_id from auctions where id = ?');
  const insertReport = sqlite.prepare(
    `insert into reports (auction_id, reporter_id, reason, details, created_at, status, resolution, resolution_note, resolved_at, resolved_by_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const insertAudit = sqlite.prepare(
    'insert into audit_log (actor_id, action, target_type, target_id, reason, ip_address, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const reasons = ['counterfeit', 'prohibited', 'misleading', 'offensive', 'spam', 'other'] as const;
  const seen = new Set<string>();
  for (let r = 0; r < REPORTS; r++) {
    const auctionId = rand.int(1, AUCTIONS);
    let reporterId = rand.int(1, USERS);
    if (reporterId === sellerOf.get(auctionId)!.seller_id) reporterId = (reporterId % USERS) + 1;
    if (seen.has(`${auctionId}:${reporterId}`)) continue;
    seen.add(`${auctionId}:${reporterId}`);
    const at = now - (REPORTS - r) * HOUR_MS;
    const resolved = r % 3 === 0;
    const { id } = insertReport.get(
      auctionId,
      reporterId,
      rand.pick(reasons),
      'The photos do not match the description, and the price seems far too low for what is claimed.',
      at,
      resolved ? 'resolved' : 'open',
      resolved ? 'dismiss' : null,
      resolved ? 'Checked the listing: it keeps the rules.' : null,
      resolved ? at + HOUR_MS : null,
      resolved ? adminId : null,
    ) as { id: number };
    if (resolved)
      insertAudit.run(adminId, 'resolve_report', 'report', id, 'Checked the listing: it keeps the rules.', '127.0.0.1', at + HOUR_MS);
  }
  for (let p = 0; p < AUDIT_PAIRS; p++) {
    const userId = rand.int(1, USERS);
    const at = now - (AUDIT_PAIRS - p) * 2 * HOUR_MS;
    insertAudit.run(adminId, 'suspend_user', 'user', userId, 'Repeated unpaid orders.', '127.0.0.1', at);
    insertAudit.run(adminId, 'reinstate_user', 'user', userId, 'Paid what was owed.', '127.0.0.1', at + HOUR_MS);
  }
}
