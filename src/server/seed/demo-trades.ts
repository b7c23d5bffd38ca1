// What happened after the hammer, in the demo: the ended demo auctions close at their end time, and
// their buyers and sellers then talk, pay, ship, receive and rate each other as people would have,
// through the same services as on the site, so that a newcomer's orders, messages and profiles are
// filled and keep every rule. Each step runs on a clock set to its own time, so dates read naturally.
import { HOUR_MS, DAY_MS } from '../../shared/constants';
import type { FeedbackRating } from '../../shared/feedback';
import type { AppDeps } from '../deps';
import { AppError } from '../domain/errors';
import { leaveFeedback } from '../services/feedback';
import { sendMessage } from '../services/messages';
import { listOrders, moveOrder, tellOverdueOrders } from '../services/orders';
import { closeDueAuctions } from '../services/closing';

type Side = 'buyer' | 'seller';

/** One thing a side does, `after` ms past the auction's end (negative: before it, a question). */
type Step =
  | { after: number; say: string; by: Side }
  | { after: number; move: 'paid' | 'shipped' | 'received' | 'cancel'; trackingNumber?: string }
  | { after: number; overdue: true }
  | { after: number; rate: FeedbackRating; comment: string; by: Side };

interface DemoTrade {
  itemName: string;
  steps: Step[];
}

/** One trade per state an order can be in, each with what its two sides said. */
const DEMO_TRADES: readonly DemoTrade[] = [
  {
    itemName: 'Original Watercolour "Harbour at Dawn", Framed',
    steps: [
      { after: -DAY_MS, by: 'buyer', say: 'Hello! Is the frame glazed with glass or acrylic?' },
      { after: -20 * HOUR_MS, by: 'seller', say: 'Glass, with a museum-grade mount behind it. I will pack it with corner guards.' },
      { after: 5 * HOUR_MS, move: 'paid' },
      { after: 22 * HOUR_MS, move: 'shipped', trackingNumber: 'RR 5520 1874 3 GB' },
      { after: 2 * DAY_MS, move: 'received' },
      { after: 2 * DAY_MS + HOUR_MS, by: 'buyer', rate: 'positive', comment: 'Beautifully packed, and even lovelier in person.' },
      { after: 2 * DAY_MS + 3 * HOUR_MS, by: 'seller', rate: 'positive', comment: 'Paid at once and kind words. Thank you!' },
    ],
  },
  {
    itemName: 'Stationery Gift Box with Fountain Pen',
    steps: [
      { after: 8 * HOUR_MS, move: 'paid' },
      { after: DAY_MS, move: 'shipped', trackingNumber: 'LX 4821 0093 6 FR' },
    ],
  },
  {
    itemName: 'Wooden Tennis Racket in Its Original Press',
    steps: [
      { after: 3 * HOUR_MS, by: 'buyer', say: 'Could I collect it on Saturday morning? I will bring cash.' },
      { after: 5 * HOUR_MS, by: 'seller', say: 'Saturday at 10 works. Cash is fine: see you then!' },
      { after: DAY_MS, move: 'paid' },
    ],
  },
  {
    itemName: 'Wooden Toy Train Set, 24 Pieces',
    steps: [{ after: 2 * HOUR_MS, by: 'buyer', say: 'Hi! I sent the transfer this morning, with the item name as its reference.' }],
  },
  {
    itemName: 'Wool Fisherman Sweater, Sage Green, Size L',
    steps: [
      { after: 48 * HOUR_MS + 30_000, overdue: true },
      { after: 3 * DAY_MS, move: 'cancel' },
    ],
  },
];

/** The deps with their clock stopped at `at`: what a service does then, it does as of that time. */
const at = (deps: AppDeps, time: number): AppDeps => ({ ...deps, now: () => time });

/**
 * Plays the demo trades of the auctions just listed (`listed`: their ids by item name), all steps
 * in the order of their times; each auction closes at its end time first. Trades of auctions listed
 * by an earlier run are left as they are.
 */
export async function seedTrades(deps: AppDeps, listed: ReadonlyMap<string, { id: number; sellerId: number; endsAt: number }>) {
  const now = deps.now();
  const timeline: Array<{ time: number; run: () => Promise<unknown> }> = [];
  for (const trade of DEMO_TRADES) {
    const auction = listed.get(trade.itemName);
    if (!auction) continue;
    const seller = await deps.store.users.byId(auction.sellerId);
    // Who won is known once it closed: looked up when a step needs it.
    const order = async (time: number) => {
      const { orders } = await listOrders(at(deps, time), { id: auction.sellerId }, { role: 'seller', limit: 100 });
      return orders.find((o) => o.auction._id === String(auction.id));
    };
    const sideOf = async (time: number, by: Side) => {
      if (by === 'seller') return seller!;
      const buyerId = Number((await order(time))?.buyer._id ?? (await leaderOf(deps, auction.id)));
      return (await deps.store.users.byId(buyerId))!;
    };
    timeline.push({ time: auction.endsAt + 1000, run: () => closeDueAuctions(at(deps, auction.endsAt + 1000)) });
    for (const step of trade.steps) {
      const time = auction.endsAt + step.after;
      if (time > now) continue;
      const when = at(deps, time);
      timeline.push({
        time,
        run: async () => {
          if ('say' in step) {
            const from = await sideOf(time, step.by);
            const buyer = step.by === 'seller' ? await sideOf(time, 'buyer') : undefined;
            return sendMessage(when, from, { auctionId: String(auction.id), body: step.say, to: buyer ? String(buyer.id) : null });
          }
          if ('overdue' in step) return tellOverdueOrders(when);
          const id = (await order(time))!._id;
          if ('move' in step) {
            const who = step.move === 'received' ? await sideOf(time, 'buyer') : seller!;
            return moveOrder(when, who, id, step.move, step.trackingNumber ?? null);
          }
          return leaveFeedback(when, await sideOf(time, step.by), { id, rating: step.rate, comment: step.comment });
        },
      });
    }
  }
  timeline.sort((x, y) => x.time - y.time);
  for (const { run } of timeline) {
    try {
      await run();
    } catch (error) {
      // A step the rules refuse (another process closed or moved that order first) is left out: the
      // demo is an illustration, and never a reason for the server not to start.
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** The leading bidder of an auction still open (a question before the end comes from them). */
async function leaderOf(deps: AppDeps, auctionId: number): Promise<number> {
  const auction = await deps.store.auctions.byId(auctionId);
  return auction!.leaderId!;
}
