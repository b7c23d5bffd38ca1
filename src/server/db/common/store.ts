// A Store made of the queries written once and what a database does its own way: each dialect's
// store.ts hands over its own parts, and this is the one place that says which part is which.
import type { AuctionStore, BidStore, SessionStore, Store } from '../store';
import { loginQueries, sessionQueries, userQueries, type UserSearch } from './accounts';
import { deletionQueries } from './account-deletion';
import { activityQueries } from './activity';
import { removalQueries } from './bidder-removal';
import { bidReads } from './bid-reads';
import { closeQueries, type AuctionReader } from './close';
import { contactQueries } from './contact';
import type { Dialect } from './dialect';
import { endingEarlyQueries } from './ending-early';
import { exportQueries } from './export';
import { feedbackQueries } from './feedback';
import { auctionListQueries, bidListQueries, type AuctionSearch } from './lists';
import { liveStreamQueries } from './live-streams';
import { messageQueries } from './messages';
import { moderationQueries } from './moderation';
import { emailConfirmationQueries, mailQueries, passwordResetQueries } from './mail';
import { newAuctionQueries } from './new-auctions';
import { notificationQueries } from './notifications';
import { offerQueries } from './offers';
import { orderQueries } from './orders';
import { reportQueries } from './reports';
import { savedSearchQueries } from './saved-searches';
import { twoFactorQueries } from './two-factor';
import { watchQueries } from './watches';

/** What a database does its own way: its search, and the hot paths tuned for its driver. */
export interface OwnParts {
  search: AuctionSearch;
  /** One auction as every transaction reads it (the auction page's statement, on the unit's connection). */
  readAuction: AuctionReader;
  userSearch: UserSearch;
  sessions: Pick<SessionStore, 'lookup'>;
  /**
   * The auction page's reads, the dashboards' counts and short lists, and the purchase at the Buy It Now
   * price (a write the benchmark measures).
   */
  auctions: Pick<AuctionStore, 'byId' | 'viewedBy' | 'counts' | 'dashboard' | 'buyNow'>;
  bids: Pick<BidStore, 'place' | 'newestOf'>;
  ping: Store['ping'];
  close: Store['close'];
}

export function composeStore(dialect: Dialect, own: OwnParts): Store {
  return {
    users: userQueries(dialect, own.userSearch),
    sessions: { ...sessionQueries(dialect), ...own.sessions },
    logins: loginQueries(dialect),
    contact: contactQueries(dialect),
    auctions: {
      ...auctionListQueries(dialect, own.search, own.auctions.counts),
      ...newAuctionQueries(dialect, own.readAuction),
      ...closeQueries(dialect, own.readAuction),
      ...endingEarlyQueries(dialect, own.readAuction),
      ...own.auctions,
    },
    bids: { ...bidListQueries(dialect), ...bidReads(dialect), ...own.bids },
    watches: watchQueries(dialect),
    searches: savedSearchQueries(dialect, own.readAuction),
    messages: messageQueries(dialect),
    notifications: notificationQueries(dialect),
    orders: orderQueries(dialect),
    offers: offerQueries(dialect),
    removals: removalQueries(dialect, own.readAuction),
    moderation: moderationQueries(dialect, own.readAuction),
    deletions: deletionQueries(dialect, own.readAuction),
    feedback: feedbackQueries(dialect),
    reports: reportQueries(dialect, own.readAuction),
    activity: activityQueries(dialect),
    exports: exportQueries(dialect),
    mail: mailQueries(dialect),
    liveStreams: liveStreamQueries(dialect),
    passwordResets: passwordResetQueries(dialect),
    emailConfirmations: emailConfirmationQueries(dialect),
    twoFactor: twoFactorQueries(dialect),
    ping: own.ping,
    close: own.close,
  };
}
