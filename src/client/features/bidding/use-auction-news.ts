// What changed on the auction page since it was last drawn, said once to a screen reader: a new
// price (politely), being outbid (assertively), a minute left and the outcome (politely). Never the
// countdown's every second.
import { formatMoney } from '../../lib/format';
import type { Announce } from './announcer';
import { useState } from 'react';

export interface AuctionNews {
  price: number;
  /** The viewer leads (as settled by useLeader). */
  leading: boolean;
  /** Open with a minute or less to go. */
  lastMinute: boolean;
  /** How it ended, in words, once the server says it has; null before. */
  outcome: string | null;
}

export function useAuctionNews(news: AuctionNews, announce: Announce) {
  const [seen, setSeen] = useState(news);
  if (seen.price === news.price && seen.leading === news.leading && seen.lastMinute === news.lastMinute && seen.outcome === news.outcome)
    return;
  // Compared while drawing, so the words go out with the change itself (React's way of following a prop).
  setSeen(news);
  if (seen.leading && !news.leading) {
    announce(`You have been outbid. The price is now ${formatMoney(news.price)}.`, 'assertive');
    return;
  }
  const said: string[] = [];
  if (news.price !== seen.price) said.push(`New price: ${formatMoney(news.price)}.`);
  if (news.outcome !== null && seen.outcome === null) said.push(news.outcome);
  else if (news.lastMinute && !seen.lastMinute) said.push('1 minute left.');
  if (said.length > 0) announce(said.join(' '));
}
