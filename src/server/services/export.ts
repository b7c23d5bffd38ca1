// The download of everything kept about the caller (docs/rules/accounts.md#your-data): their account,
// login history, auctions, bids and maxima, watchlist, saved searches, notices, orders, messages,
// feedback, offers and the reports they made. The other side of a trade appears by id and public name alone.
import { EXPORTS_PER_HOUR, NOT_SIGNED_IN_MESSAGE } from '../../shared/constants';
import type { AppDeps } from '../deps';
import { unauthorized } from '../domain/errors';
import type { ExportedFeedback, PartyRecord } from '../db/export-store';
import { avatarUrl } from './avatars';
import { photoUrls } from './photos';
import { spendOrRefuse } from './rate-limit';

const TOO_MANY_EXPORTS = `You can download your data ${EXPORTS_PER_HOUR} times an hour. Please try again later.`;

/** Ids are strings in every answer of the API; dates become ISO strings as JSON writes them. */
const party = ({ id, name }: PartyRecord) => ({ _id: String(id), name });

export async function exportUserData(deps: AppDeps, userId: number) {
  await spendOrRefuse([[deps.limits.exportsPerAccount, String(userId)]], TOO_MANY_EXPORTS);
  const [user, data] = await Promise.all([deps.store.users.byId(userId), deps.store.exports.userData(userId)]);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  const publicUrl = deps.settings.PUBLIC_URL;
  return {
    exportedAt: new Date(deps.now()).toISOString(),
    account: {
      _id: String(user.id),
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      avatar: user.avatar ? avatarUrl(user, publicUrl) : null,
      emailConfirmedAt: user.emailVerifiedAt,
      emailNotifications: user.emailNotifications,
      lastLogin: user.lastLoginAt,
      lastLoginLocation: { city: user.lastLoginCity, region: user.lastLoginRegion, country: user.lastLoginCountry },
    },
    loginHistory: data.logins,
    auctions: data.auctions.map(({ id, photo, morePhotos, relistedFrom, ...auction }) => ({
      _id: String(id),
      ...auction,
      photos: photo ? photoUrls(photo, morePhotos, publicUrl).photos : [],
      relistedFrom: relistedFrom === null ? null : String(relistedFrom),
    })),
    bids: data.bids.map(({ id, auctionId, ...bid }) => ({ _id: String(id), auctionId: String(auctionId), ...bid })),
    maximumBids: data.maxima.map(({ auctionId, ...max }) => ({ auctionId: String(auctionId), ...max })),
    watchlist: data.watches.map(({ auctionId, ...watch }) => ({ auctionId: String(auctionId), ...watch })),
    savedSearches: data.savedSearches.map(({ id, q, category, maxPrice, createdAt }) => ({
      _id: String(id),
      q,
      category,
      maxPrice,
      createdAt,
    })),
    notifications: data.notifications.map(({ id, auctionId, ...notice }) => ({ _id: String(id), auctionId: String(auctionId), ...notice })),
    orders: data.orders.map(({ id, auctionId, buyer, seller, ...order }) => ({
      _id: String(id),
      auctionId: String(auctionId),
      buyer: party(buyer),
      seller: party(seller),
      ...order,
    })),
    messages: data.messages.map(({ id, auctionId, from, to, ...message }) => ({
      _id: String(id),
      auctionId: String(auctionId),
      from: party(from),
      to: party(to),
      ...message,
    })),
    feedback: {
      given: data.feedback.filter((f) => f.from.id === userId).map(toFeedback),
      received: data.feedback.filter((f) => f.about.id === userId).map(toFeedback),
    },
    offers: data.offers.map(({ id, auctionId, from, to, ...offer }) => ({
      _id: String(id),
      auctionId: String(auctionId),
      from: party(from),
      to: party(to),
      ...offer,
    })),
    reports: data.reports.map(({ id, auctionId, ...report }) => ({ _id: String(id), auctionId: String(auctionId), ...report })),
  };
}

function toFeedback({ id, orderId, from, about, ...feedback }: ExportedFeedback) {
  return { _id: String(id), orderId: String(orderId), from: party(from), about: party(about), ...feedback };
}
