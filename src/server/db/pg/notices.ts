// Writes the notices a bid or a close owes, inside its transaction. (Being written.)
import type { Notice } from '../../domain/bidding';
import type { Queryable } from './transaction';

/** Inserts the notices (and their mails) on the transaction's connection; returns the users told. */
export type NoticeWriter = (client: Queryable, auctionId: number, notices: Notice[], at: Date) => Promise<number[]>;

export function noticeWriter(_options: { mail: boolean }): NoticeWriter {
  throw new Error('PostgreSQL notices: not built yet');
}
