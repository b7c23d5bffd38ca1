// An order as the orders page reads it, a message as a conversation's read does, and an entry of the
// audit log and an open report as the moderators' pages do, on SQLite: their rows read raw and mapped
// by hand, as the lists' auctions are (auctions.ts). Drizzle decodes each field of each row through
// its column, and for the orders page's twenty orders of twenty-five fields that cost about a fifth of
// the whole request.
import type { OrderStatus } from '../../../shared/constants';
import type { FeedbackRating } from '../../../shared/feedback';
import type { AuditRowRecord } from '../moderation-store';
import type { GivenFeedbackRecord, MessageRecord, OrderRecord } from '../records';
import type { ReportRecord } from '../report-store';

/** Milliseconds as SQLite stores a time. */
type Ms = number;

/** An order's row as common/orders.ts selects it, raw: one value per field in its order, each side's feedback three. */
export type OrderValues = [
  id: number,
  auctionId: number,
  itemName: string,
  photo: string | null,
  buyerId: number,
  buyerName: string,
  sellerId: number,
  sellerName: string,
  price: number,
  shippingCost: number | null,
  status: OrderStatus,
  createdAt: Ms,
  dueAt: Ms,
  paidAt: Ms | null,
  shippedAt: Ms | null,
  trackingNumber: string | null,
  receivedAt: Ms | null,
  cancelledAt: Ms | null,
  cancelReason: string | null,
  buyerRating: FeedbackRating | null,
  buyerComment: string | null,
  buyerSaidAt: Ms | null,
  sellerRating: FeedbackRating | null,
  sellerComment: string | null,
  sellerSaidAt: Ms | null,
];

const timeOf = (ms: Ms | null) => (ms === null ? null : new Date(ms));

/** One side's feedback, or null when the left join found none (a rating is never null in a row). */
const givenOf = (rating: FeedbackRating | null, comment: string | null, at: Ms | null): GivenFeedbackRecord | null =>
  rating === null ? null : { rating, comment: comment!, createdAt: new Date(at!) };

export function orderOfValues([
  id,
  auctionId,
  itemName,
  photo,
  buyerId,
  buyerName,
  sellerId,
  sellerName,
  price,
  shippingCost,
  status,
  createdAt,
  dueAt,
  paidAt,
  shippedAt,
  trackingNumber,
  receivedAt,
  cancelledAt,
  cancelReason,
  buyerRating,
  buyerComment,
  buyerSaidAt,
  sellerRating,
  sellerComment,
  sellerSaidAt,
]: OrderValues): OrderRecord {
  return {
    id,
    auctionId,
    itemName,
    photo,
    buyerId,
    buyerName,
    sellerId,
    sellerName,
    price,
    shippingCost,
    status,
    createdAt: new Date(createdAt),
    dueAt: new Date(dueAt),
    paidAt: timeOf(paidAt),
    shippedAt: timeOf(shippedAt),
    trackingNumber,
    receivedAt: timeOf(receivedAt),
    cancelledAt: timeOf(cancelledAt),
    cancelReason,
    fromBuyer: givenOf(buyerRating, buyerComment, buyerSaidAt),
    fromSeller: givenOf(sellerRating, sellerComment, sellerSaidAt),
  };
}

/** A message's row as common/messages.ts selects it (withWriter), raw. */
export type MessageValues = [
  id: number,
  auctionId: number,
  withUserId: number,
  fromUserId: number,
  fromName: string,
  body: string,
  createdAt: Ms,
];

export function messageOfValues([id, auctionId, withUserId, fromUserId, fromName, body, createdAt]: MessageValues): MessageRecord {
  return { id, auctionId, withUserId, fromUserId, fromName, body, createdAt: new Date(createdAt) };
}

/** An audit entry's row as common/moderation.ts selects it for the audit page, raw. */
export type AuditValues = [
  id: number,
  actorId: number | null,
  actorName: string | null,
  action: AuditRowRecord['action'],
  targetType: AuditRowRecord['targetType'],
  targetId: number,
  userName: string | null,
  itemName: string | null,
  reportedItemName: string | null,
  reason: string | null,
  ipAddress: string | null,
  createdAt: Ms,
];

export function auditOfValues([
  id,
  actorId,
  actorName,
  action,
  targetType,
  targetId,
  userName,
  itemName,
  reportedItemName,
  reason,
  ipAddress,
  createdAt,
]: AuditValues): AuditRowRecord {
  return {
    id,
    actorId,
    actorName,
    action,
    targetType,
    targetId,
    userName,
    itemName,
    reportedItemName,
    reason,
    ipAddress,
    createdAt: new Date(createdAt),
  };
}

/** A report's row as common/reports.ts selects it (reportRead), raw. */
export type ReportValues = [
  id: number,
  auctionId: number,
  itemName: string,
  reporterId: number,
  reporterName: string,
  reason: ReportRecord['reason'],
  details: string,
  createdAt: Ms,
  status: ReportRecord['status'],
  resolution: ReportRecord['resolution'],
  resolutionNote: string | null,
  resolvedAt: Ms | null,
  resolvedById: number | null,
  resolvedByName: string | null,
];

export function reportOfValues([
  id,
  auctionId,
  itemName,
  reporterId,
  reporterName,
  reason,
  details,
  createdAt,
  status,
  resolution,
  resolutionNote,
  resolvedAt,
  resolvedById,
  resolvedByName,
]: ReportValues): ReportRecord {
  return {
    id,
    auctionId,
    itemName,
    reporterId,
    reporterName,
    reason,
    details,
    createdAt: new Date(createdAt),
    status,
    resolution,
    resolutionNote,
    resolvedAt: timeOf(resolvedAt),
    resolvedById,
    resolvedByName,
  };
}
