// Ending soon: every server process looks once a second for open auctions that have entered their
// last ENDING_SOON_SECONDS and tells each of their watchers, once. The store claims each auction
// with a conditional update (its `ending_soon_at`, set only where still empty) and writes the
// notices in the same transaction, so however many processes look, and whatever a soft close does
// to the end afterwards, the watchers of an auction are told exactly once (docs/rules/notifications.md).
import type { AuctionRecord } from '../db/records';
import type { AppDeps } from '../deps';
import type { Notice } from '../domain/bidding';

/** Auctions claimed per batch; a backlog is worked through batch after batch, letting requests run between. */
const ENDING_SOON_BATCH = 100;

const UNITS: Array<[seconds: number, one: string, many: string]> = [
  [86_400, 'a day', 'days'],
  [3600, 'an hour', 'hours'],
  [60, 'a minute', 'minutes'],
  [1, 'a second', 'seconds'],
];

/** A whole number of seconds in words, in the largest unit that divides it: 3600 → "an hour", 5400 → "90 minutes". */
export function durationInWords(seconds: number): string {
  const [size, one, many] = UNITS.find(([size]) => seconds % size === 0)!;
  const count = seconds / size;
  return count === 1 ? one : `${count} ${many}`;
}

/** The notice each watcher gets. */
export function endingSoonNotices(auction: Pick<AuctionRecord, 'itemName'>, watcherIds: number[], withinSeconds: number): Notice[] {
  const message = `Ending soon: “${auction.itemName}” ends in less than ${durationInWords(withinSeconds)}.`;
  return watcherIds.map((userId) => ({ userId, kind: 'ending_soon', message }));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Tells the watchers of every auction that entered its last stretch; returns whom it told (once per notice). */
export async function tellEndingSoon(deps: AppDeps): Promise<number[]> {
  const seconds = deps.settings.ENDING_SOON_SECONDS;
  if (seconds === 0) return [];
  const told: number[] = [];
  for (;;) {
    const { due, userIds } = await deps.store.auctions.tellEndingSoon(
      deps.now(),
      seconds * 1000,
      ENDING_SOON_BATCH,
      (auction, watcherIds) => endingSoonNotices(auction, watcherIds, seconds),
    );
    told.push(...userIds);
    // After the commit, so a bell never counts a notice that could still roll back.
    deps.notices.publish(userIds);
    if (due < ENDING_SOON_BATCH) return told;
    await nextTurn();
  }
}
