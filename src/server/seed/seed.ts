// Demo data: a few accounts, auctions across the categories, and bids that keep the product's rules.
// `seed` adds only what is missing (users by email, auctions by seller and item name), so it can run
// any number of times; `seedDemoData` loads it only into a database without users.
import { BID_MAX_STEP, BID_MIN_STEP, DAY_MS, HOUR_MS, type Role } from '../../shared/constants';
import type { AppDeps } from '../deps';
import { hashPassword } from '../services/passwords';
import { deletePhoto, storePhoto } from '../services/photos';
import { DEMO_AUCTIONS, reserveOf } from './demo-auctions';
import { renderDemoView } from './demo-images';
import { seedTrades } from './demo-trades';
import { seededRandom } from './seeded-random';

export interface DemoAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** When the account signed up, in days before now. */
  joinedDaysAgo: number;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { name: 'Demo Admin', email: 'admin@demo.test', password: 'admin-demo-2026', role: 'admin', joinedDaysAgo: 60 },
  { name: 'Maya Thompson', email: 'maya@demo.test', password: 'maya-demo-2026', role: 'user', joinedDaysAgo: 45 },
  { name: 'Daniel Okafor', email: 'daniel@demo.test', password: 'daniel-demo-2026', role: 'user', joinedDaysAgo: 32 },
  { name: 'Sofia Marquez', email: 'sofia@demo.test', password: 'sofia-demo-2026', role: 'user', joinedDaysAgo: 21 },
  { name: 'Henrik Larsen', email: 'henrik@demo.test', password: 'henrik-demo-2026', role: 'user', joinedDaysAgo: 5 },
];

export interface SeedResult {
  users: number;
  auctions: number;
  bids: number;
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

interface Bidder {
  id: number;
  joinedAt: number;
}

/**
 * Bids that follow the product's rules: each one 1 to 10 above the price before it, from someone
 * other than the seller who had joined by then, at increasing times in [start, min(end, now)).
 */
export function planBids(
  auction: { itemName: string; startingPrice: number; startsAt: number; endsAt: number; sellerId: number },
  count: number,
  bidders: readonly Bidder[],
  now: number,
): Array<{ bidderId: number; amount: number; at: number }> {
  const until = Math.min(auction.endsAt, now);
  if (count <= 0 || until <= auction.startsAt) return [];
  const random = seededRandom(hashString(auction.itemName));
  const span = until - auction.startsAt;
  const planned: Array<{ bidderId: number; amount: number; at: number }> = [];
  let price = auction.startingPrice;
  let previous = -1;
  for (let i = 0; i < count; i += 1) {
    // Slot i of `count` equal slots, somewhere in its middle: strictly increasing, never at `until`.
    const at = Math.floor(auction.startsAt + (span * (i + 0.15 + 0.7 * random())) / count);
    const eligible = bidders.filter((b) => b.id !== auction.sellerId && b.joinedAt <= at);
    if (eligible.length === 0) continue;
    const others = eligible.filter((b) => b.id !== previous);
    const pool = others.length > 0 ? others : eligible;
    const bidder = pool[Math.floor(random() * pool.length)]!;
    price += BID_MIN_STEP + Math.floor(random() * (BID_MAX_STEP - BID_MIN_STEP + 1));
    planned.push({ bidderId: bidder.id, amount: price, at });
    previous = bidder.id;
  }
  return planned;
}

/** Adds the demo accounts and auctions that are missing; returns how many rows it added. */
export async function seed(deps: AppDeps): Promise<SeedResult> {
  const { users, auctions } = deps.store;
  const now = deps.now();
  const added: SeedResult = { users: 0, auctions: 0, bids: 0 };

  for (const account of DEMO_ACCOUNTS) {
    if (await users.byEmail(account.email)) continue;
    const joinedAt = new Date(now - account.joinedDaysAgo * DAY_MS);
    const created = await users.insert({
      name: account.name,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      createdAt: joinedAt,
      // Confirmed, so that their notices are mailed (or printed, in development) as a real account's are.
      emailVerifiedAt: joinedAt,
    });
    // Null: another run inserted it meanwhile.
    if (created) added.users += 1;
  }
  const demoUsers = new Map<string, { id: number; createdAt: Date }>();
  for (const account of DEMO_ACCOUNTS) {
    const row = await users.byEmail(account.email);
    if (row) demoUsers.set(account.email, row);
  }
  const bidders: Bidder[] = DEMO_ACCOUNTS.filter((a) => a.role === 'user').flatMap((a) => {
    const row = demoUsers.get(a.email);
    return row ? [{ id: row.id, joinedAt: row.createdAt.getTime() }] : [];
  });

  // Oldest first, so that ids follow the listing times.
  const listings = DEMO_AUCTIONS.map((demo) => {
    const startsAt = now + demo.startsInHours * HOUR_MS;
    return { demo, startsAt, endsAt: now + demo.endsInHours * HOUR_MS, createdAt: Math.min(startsAt, now - 2 * HOUR_MS) - HOUR_MS };
  }).sort((x, y) => x.createdAt - y.createdAt);

  // The auctions this run listed, for the trades that follow their end.
  const listed = new Map<string, { id: number; sellerId: number; endsAt: number }>();
  for (const { demo, startsAt, endsAt, createdAt } of listings) {
    const seller = demoUsers.get(demo.seller);
    if (!seller) throw new Error(`Demo seller ${demo.seller} is missing`);
    if ((await auctions.idByName(seller.id, demo.itemName)) !== undefined) continue;
    const planned = planBids(
      { itemName: demo.itemName, startingPrice: demo.startingPrice, startsAt, endsAt, sellerId: seller.id },
      demo.bids,
      bidders,
      now,
    );
    const photos: string[] = [];
    let inserted = false;
    try {
      for (let view = 0; view < demo.photos; view += 1)
        photos.push(await storePhoto(deps, await renderDemoView(demo.itemCategory, demo.photoVariant ?? 0, view)));
      const [photo, ...morePhotos] = photos;
      inserted = await auctions.insertIfNew(
        {
          sellerId: seller.id,
          itemName: demo.itemName,
          itemDescription: demo.itemDescription,
          itemCategory: demo.itemCategory,
          startingPrice: demo.startingPrice,
          currentPrice: planned.at(-1)?.amount ?? demo.startingPrice,
          bidsCount: planned.length,
          photo: photo!,
          morePhotos,
          itemCondition: demo.condition,
          shippingCost: demo.shipping,
          itemLocation: demo.location,
          reservePrice: reserveOf(demo),
          buyNowPrice: demo.buyNow ?? null,
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          createdAt: new Date(Math.max(createdAt, seller.createdAt.getTime())),
          // A demo auction that opened days ago is not news to anyone's saved search.
          matchedAt: startsAt <= now ? new Date(now) : null,
        },
        planned.map((b) => ({ bidderId: b.bidderId, amount: b.amount, createdAt: new Date(b.at) })),
      );
    } finally {
      // Another run got there first (or the insert failed): its pictures are not needed.
      if (!inserted) await Promise.all(photos.map((photo) => deletePhoto(deps.settings.UPLOAD_DIR, photo)));
    }
    if (inserted) {
      added.auctions += 1;
      added.bids += planned.length;
      listed.set(demo.itemName, { id: (await auctions.idByName(seller.id, demo.itemName))!, sellerId: seller.id, endsAt });
    }
  }
  await seedTrades(deps, listed);
  return added;
}

export interface SeededDemo {
  auctions: number;
  accounts: Array<{ role: Role; name: string; email: string; password: string }>;
}

/** Loads the demo data into a database without users; null (and nothing done) otherwise. */
export async function seedDemoData(deps: AppDeps): Promise<SeededDemo | null> {
  if ((await deps.store.users.count()) > 0) return null;
  const added = await seed(deps);
  return {
    auctions: added.auctions,
    accounts: DEMO_ACCOUNTS.map(({ role, name, email, password }) => ({ role, name, email, password })),
  };
}
