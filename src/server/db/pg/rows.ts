// Auctions as PostgreSQL's plain statements read them (the auction page, the bid, the close): the
// one column list (common/auction-rows.ts) as SQL text, named as an AuctionRecord's fields.
import { auctionColumnsText } from '../common/auction-rows';
import { auctions, users } from './schema';

/**
 * Every column of an auction with its seller's and leader's names, named as an AuctionRecord's
 * fields, for the plain statements (the driver maps PostgreSQL's integers, booleans and times).
 */
export const AUCTION_COLUMNS = auctionColumnsText({ auctions, users }, { auction: 'a', seller: 's', leader: 'l' }, { named: true });

/** An auction with its seller and its leader, as AUCTION_COLUMNS names them. */
export const AUCTION_WITH_NAMES = 'auctions a join users s on s.id = a.seller_id left join users l on l.id = a.leader_id';
