// The range a new bid must fall in: the bid form shows it and checks it, the server enforces it.
// Apart from the zod schemas, so the auction page can show it without downloading zod.
import { BID_MAX_STEP, BID_MIN_STEP } from './constants';

export function bidBounds(currentPrice: number) {
  return { min: currentPrice + BID_MIN_STEP, max: currentPrice + BID_MAX_STEP };
}
