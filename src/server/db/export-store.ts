// What the store reads for a user's download of their data (db/common/export.ts, the same on both
// databases): every row kept about them, each with the names the other side of it goes by, and never
// another user's e-mail, maximum or login data (docs/rules/accounts.md#your-data).
import type { FeedbackRating, FeedbackRole } from '../../shared/feedback';
import type { ReportReason, ReportStatus } from '../../shared/reports';
import type { OfferStatus } from '../../shared/offers';
import type { Category, NotificationKind, OrderStatus } from '../../shared/constants';
import type { ItemCondition } from '../../shared/listing';
import type { SavedSearchRecord } from './records';

/** Someone on the other side of a row: their id and public name alone. */
export interface PartyRecord {
  id: number;
  name: string;
}

export interface ExportedAuction {
  id: number;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  itemCondition: ItemCondition | null;
  shippingCost: number | null;
  itemLocation: string | null;
  startingPrice: number;
  reservePrice: number | null;
  buyNowPrice: number | null;
  currentPrice: number;
  bidsCount: number;
  photo: string | null;
  morePhotos: string[];
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  cancelledAt: Date | null;
  relistedFrom: number | null;
}

export interface ExportedBid {
  id: number;
  auctionId: number;
  itemName: string;
  amount: number;
  auto: boolean;
  buyNow: boolean;
  createdAt: Date;
}

export interface ExportedOrder {
  id: number;
  auctionId: number;
  itemName: string;
  buyer: PartyRecord;
  seller: PartyRecord;
  price: number;
  shippingCost: number | null;
  status: OrderStatus;
  createdAt: Date;
  dueAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  trackingNumber: string | null;
  receivedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
}

export interface ExportedMessage {
  id: number;
  auctionId: number;
  itemName: string;
  from: PartyRecord;
  to: PartyRecord;
  body: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface ExportedFeedback {
  id: number;
  orderId: number;
  role: FeedbackRole;
  from: PartyRecord;
  about: PartyRecord;
  rating: FeedbackRating;
  comment: string;
  createdAt: Date;
}

export interface ExportedOffer {
  id: number;
  auctionId: number;
  itemName: string;
  from: PartyRecord;
  to: PartyRecord;
  price: number;
  status: OfferStatus;
  createdAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
}

/** The rows about a user beside their account's own (users.byId). */
export interface UserDataRecord {
  logins: Array<{
    kind: 'login' | 'signup';
    createdAt: Date;
    ipAddress: string;
    userAgent: string;
    device: string;
    location: string;
    isp: string;
  }>;
  auctions: ExportedAuction[];
  bids: ExportedBid[];
  /** The user's own standing maxima: where they lead (on the auction's row) and where they do not. */
  maxima: Array<{ auctionId: number; itemName: string; amount: number }>;
  watches: Array<{ auctionId: number; itemName: string; createdAt: Date }>;
  savedSearches: SavedSearchRecord[];
  notifications: Array<{ id: number; kind: NotificationKind; auctionId: number; message: string; createdAt: Date; readAt: Date | null }>;
  orders: ExportedOrder[];
  messages: ExportedMessage[];
  feedback: ExportedFeedback[];
  offers: ExportedOffer[];
  reports: Array<{
    id: number;
    auctionId: number;
    itemName: string;
    reason: ReportReason;
    details: string;
    createdAt: Date;
    status: ReportStatus;
  }>;
}

export interface ExportStore {
  /** Every row about the user beyond their account's, oldest first in each part. */
  userData(userId: number): Promise<UserDataRecord>;
}
