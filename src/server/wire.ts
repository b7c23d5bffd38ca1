// The shapes the answers and the live events carry (what clients read), and how stored bids become
// them. Services and the live streams both speak these, so they live here, apart from either: the live
// streams never import a service, and nothing here imports the server's other parts but the store's records.
import type { AuctionStatus, Category } from '../shared/constants';
import type { ItemCondition } from '../shared/listing';
import type { BidRecord, HistoryBidRecord } from './db/records';

export interface Bid {
  _id: string;
  bidder: { _id: string; name: string };
  bidAmount: number;
  bidTime: string;
  /** Placed automatically for the bidder, by their maximum. */
  auto: boolean;
  /** The purchase at the Buy It Now price that ended the auction. */
  buyNow: boolean;
}

export interface Auction {
  _id: string;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  startingPrice: number;
  currentPrice: number;
  itemPhoto: string;
  /** A 640×480 WebP copy for cards and lists. */
  itemPhotoCard: string;
  /** Every photo in the seller's order; the first is itemPhoto. */
  photos: string[];
  /** The card copy of each photo, in the same order (thumbnails). */
  photoCards: string[];
  itemCondition: ItemCondition | null;
  /** Whole dollars; null: pickup only. */
  shippingCost: number | null;
  itemLocation: string | null;
  itemStartDate: string;
  itemEndDate: string;
  seller: { _id: string; name: string };
  sellerName: string;
  bidsCount: number;
  /** Where the auction stands by the server's clock (docs/rules/auctions.md). */
  status: AuctionStatus;
  /** Milliseconds until the end by the server's clock; 0 once ended. */
  timeLeft: number;
  /** Who won, once the auction has ended with at least one bid; otherwise null. */
  winner: { _id: string; name: string } | null;
  /** Null without a reserve; otherwise whether the current price has reached it. */
  reserveMet: boolean | null;
  /** The id of the order the sale made: present, once it exists, in its buyer's and its seller's answers only. */
  orderId?: string;
  /** The reserve itself: present in its seller's answers only. */
  reservePrice?: number | null;
  buyNowPrice: number | null;
  /** Whether the item can be bought now at buyNowPrice. */
  buyNowAvailable: boolean;
  /** The auction this one relists, or null. */
  relistedFrom: string | null;
  /** The caller's own standing maximum on this auction, or null (nobody sees another's). */
  myMaxBid: number | null;
  /** Whether the caller has it on their watchlist; false for guests. */
  watching: boolean;
  bids: Bid[];
}

/** An accepted bid, with the auction as it stood right after it. */
export interface BidEvent {
  auctionId: string;
  currentPrice: number;
  bidsCount: number;
  /** The auction's end right after the bid: a late bid moves it (soft close). */
  itemEndDate: string;
  bid: Bid;
}

/**
 * An auction's bids were rewritten (a bidder removed by an administrator): whoever shows it reads it
 * afresh. Its bids are numbered again from 1; `bidsCount` is the count the numbering goes on from.
 */
export interface AuctionReloadEvent {
  auctionId: string;
  reload: true;
  bidsCount: number;
}

/** What the live bus carries: an accepted bid, or an auction to read afresh. */
export type LiveBidEvent = BidEvent | AuctionReloadEvent;

export function toBid(row: HistoryBidRecord): Bid {
  return {
    _id: String(row.id),
    bidder: { _id: String(row.bidderId), name: row.bidderName },
    bidAmount: row.amount,
    bidTime: row.createdAt.toISOString(),
    auto: row.auto,
    buyNow: row.buyNow,
  };
}

/** The live event of a bid: the auction as it stood right after it (its price is the bid, its count the bid's number). */
export function toBidEvent(bid: BidRecord): BidEvent {
  return {
    auctionId: String(bid.auctionId),
    currentPrice: bid.amount,
    bidsCount: bid.seq,
    itemEndDate: bid.endsAt.toISOString(),
    bid: toBid(bid),
  };
}
