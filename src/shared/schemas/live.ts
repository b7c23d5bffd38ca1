// What a browser's one live connection follows (docs/rules/live-updates.md#one-connection-per-browser).
import { z } from 'zod';
import { ID_PATTERN } from './common';

/** Auctions one live connection follows by name at most; a browser whose tabs show more follows every auction. */
export const LIVE_FOLLOW_MAX = 50;

export const liveEventsInput = z
  .object({
    auctionIds: z
      .array(z.string().regex(ID_PATTERN, 'Invalid auction id'))
      .max(LIVE_FOLLOW_MAX, `At most ${LIVE_FOLLOW_MAX} auctions can be followed by name: follow every auction instead.`)
      .default([]),
    everyAuction: z.boolean().default(false),
    lastEventId: z.string().regex(ID_PATTERN).nullish(),
  })
  .default({ auctionIds: [], everyAuction: false });
