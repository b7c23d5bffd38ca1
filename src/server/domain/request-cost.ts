// What one request may cost the server. Each call that reads a list is charged, before it runs, the
// rows it may read (its page's limit, and more for each word it searches for) against one budget per
// request, so that a tRPC batch is bounded by what its calls cost, not only by their number; the calls
// past the budget are refused (docs/rules/limits.md#what-a-request-may-cost).
import { badRequest } from './errors';
import { searchWords } from './search';

/** The rows the calls of one request may read together: ten full pages of 100, or fifty of our client's. */
export const REQUEST_ROW_BUDGET = 1000;

/**
 * What each word of a search costs, in rows: finding the auctions a word starts a word of costs about
 * what reading a page of 100 auctions does. Eight words and a page of 100 still fit one request.
 */
export const SEARCH_WORD_ROWS = 100;

/** The rows a list read may cost: its page, and the words it searches for. */
export function listCost({ limit, q }: { limit: number; q?: string }): number {
  return limit + searchWords(q).length * SEARCH_WORD_ROWS;
}

export const overBudget = (rows: number, left: number) =>
  badRequest(
    `This request asks for too much at once: its calls may read ${REQUEST_ROW_BUDGET.toLocaleString('en-US')} rows together, ` +
      `and this one would read ${rows.toLocaleString('en-US')} with ${left.toLocaleString('en-US')} left. ` +
      'Send it again in a request of its own, or ask for a smaller page.',
  );

/** The rows left to one request's calls. */
export class RowBudget {
  private left: number;

  constructor(rows = REQUEST_ROW_BUDGET) {
    this.left = rows;
  }

  /** Takes the rows a call may read, or refuses the call when fewer are left; a refused call takes nothing. */
  charge(rows: number): void {
    if (rows > this.left) throw overBudget(rows, this.left);
    this.left -= rows;
  }
}
