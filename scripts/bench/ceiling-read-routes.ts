// The ceiling's routes for five of the app's reads (ceiling-reads.ts has their statements): each takes
// the session, checks who may read (the moderators' two pages: administrators only, by the role the
// session lookup reads afresh, as the app's admin procedures do), reads the app's rows and answers the
// app's JSON, field for field, as its services map them (services/orders.ts, messages.ts, feedback.ts,
// auctions.ts, reports.ts, moderation.ts). Each serves the first page with the limit the bench names;
// the filters and cursors of later pages are not served (400), nor published events.
// `npx tsx scripts/bench/ceiling-check.ts` compares these answers with the app's on the bench's data.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auctionStatus } from '../../src/shared/auction-status';
import { PROFILE_OPEN_AUCTIONS, PROFILE_RECENT_FEEDBACK, PROFILE_WINDOW_MS } from '../../src/shared/feedback';
import { MESSAGES_PER_PAGE } from '../../src/shared/messages';
import { buyerOf, reserveMet as reserveMetBy } from '../../src/server/domain/bidding';
import { buyNowAvailable } from '../../src/server/domain/buying';
import { feedbackScore } from '../../src/server/domain/feedback';
import type { CeilingReads, ListedValues } from './ceiling-reads';
import type { SessionRow } from './ceiling-store';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const idOf = (text: unknown) => (typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : null);
type Query = Record<string, string | undefined>;

/** The page's limit as the app's inputs read it (1 to 100, or the page's default); null when it is not one. */
function limitOf(query: Query, fallback: number): number | null {
  if (query.limit === undefined) return fallback;
  const limit = /^\d{1,3}$/.test(query.limit) ? Number(query.limit) : 0;
  return limit >= 1 && limit <= 100 ? limit : null;
}

/** The rest of the query names a filter or a page after the first, which these routes do not serve. */
const onlyFirstPage = (query: Query, allowed: string[]) => Object.keys(query).every((key) => allowed.includes(key));

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The drawn avatar's initial as services/avatars.ts makes it: the first visible character, in capitals. */
function initialOf(name: string): string {
  for (const { segment } of graphemes.segment(name)) {
    if (!/[^\p{C}\p{Z}]/u.test(segment)) continue;
    const upper = segment.toUpperCase();
    const initial = [...graphemes.segment(upper)].length === 1 ? upper : segment;
    return initial.length <= 16 ? initial : '?';
  }
  return '?';
}

/** An auction of a list as services/auctions.ts's toAuction answers it (no bids). */
function listedAuction(row: ListedValues, now: number, viewerId: number, publicUrl: string) {
  const [
    id,
    sellerId,
    sellerName,
    itemName,
    itemDescription,
    itemCategory,
    startingPrice,
    currentPrice,
    bidsCount,
    photo,
    startsAt,
    endsAt,
    ,
    leaderId,
    leaderName,
    ,
    ,
    morePhotosJson,
    itemCondition,
    shippingCost,
    itemLocation,
    reservePrice,
    buyNowPrice,
    cancelledAt,
    relistedFrom,
    secondChanceAt,
    viewerMax,
    viewerWatches,
  ] = row;
  const status = cancelledAt ? 'cancelled' : auctionStatus(startsAt, endsAt, now);
  const morePhotos = morePhotosJson === '[]' ? [] : (JSON.parse(morePhotosJson) as string[]);
  const uploads = `${publicUrl}/uploads/`;
  const card = (name: string) => uploads + name.replace(/\.[a-z]+$/, '.card.webp');
  const placeholder = `${publicUrl}/placeholder.svg`;
  const photos = photo ? [uploads + photo, ...morePhotos.map((name) => uploads + name)] : [placeholder];
  const photoCards = photo ? [card(photo), ...morePhotos.map(card)] : [placeholder];
  const reserveMet = reserveMetBy({ currentPrice, reservePrice });
  const won =
    status === 'ended' &&
    buyerOf({ leaderId, currentPrice, reservePrice, secondChanceAt: secondChanceAt === null ? null : new Date(secondChanceAt) }) !== null;
  const auction: Record<string, unknown> = {
    _id: String(id),
    itemName,
    itemDescription,
    itemCategory,
    startingPrice,
    currentPrice,
    itemPhoto: photos[0],
    itemPhotoCard: photoCards[0],
    photos,
    photoCards,
    itemCondition,
    shippingCost,
    itemLocation,
    itemStartDate: iso(startsAt),
    itemEndDate: iso(endsAt),
    seller: { _id: String(sellerId), name: sellerName },
    sellerName,
    bidsCount,
    status,
    timeLeft: status === 'cancelled' ? 0 : Math.max(0, endsAt - now),
    winner: won ? { _id: String(leaderId), name: leaderName ?? '' } : null,
    reserveMet,
    buyNowPrice,
    buyNowAvailable: status === 'open' && buyNowAvailable({ buyNowPrice, bidsCount }, reserveMet),
    relistedFrom: relistedFrom === null ? null : String(relistedFrom),
    myMaxBid: viewerMax,
    watching: viewerWatches === 1,
    bids: [],
  };
  if (viewerId === sellerId) auction.reservePrice = reservePrice;
  return auction;
}

export function ceilingReadRoutes(
  app: FastifyInstance,
  reads: CeilingReads,
  sessionUser: (req: FastifyRequest) => Promise<SessionRow | null>,
  publicUrl: string,
) {
  const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = await sessionUser(req);
    if (!user) void reply.code(401).send({ error: 'Please log in to continue.' });
    return user;
  };
  const admin = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = await signedIn(req, reply);
    if (user && user.role !== 'admin') void reply.code(403).send({ error: 'Administrators only.', message: 'Administrators only.' });
    return user?.role === 'admin' ? user : null;
  };
  const notServed = (reply: FastifyReply) => reply.code(400).send({ error: 'Only the first page, unfiltered, is served here.' });
  const photoUrl = (photo: string | null) => (photo ? `${publicUrl}/uploads/${photo}` : `${publicUrl}/placeholder.svg`);

  /** The same answer as GET /api/orders: the caller's orders as buyer or seller, newest first. */
  app.get<{ Querystring: Query }>('/orders', async (req, reply) => {
    const user = await signedIn(req, reply);
    if (!user) return reply;
    const limit = limitOf(req.query, 20);
    if (limit === null || !onlyFirstPage(req.query, ['limit'])) return notServed(reply);
    const rows = reads.orders(user.id, limit + 1);
    const orders = rows.slice(0, limit).map((o) => {
      const [
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
        buyerAt,
        sellerRating,
        sellerComment,
        sellerAt,
      ] = o;
      const buyer = { _id: String(buyerId), name: buyerName };
      const seller = { _id: String(sellerId), name: sellerName };
      return {
        _id: String(id),
        auction: { _id: String(auctionId), itemName, itemPhoto: photoUrl(photo) },
        buyer,
        seller,
        price,
        shippingCost,
        total: price + (shippingCost ?? 0),
        status,
        createdAt: iso(createdAt),
        dueAt: iso(dueAt),
        paidAt: iso(paidAt),
        shippedAt: iso(shippedAt),
        trackingNumber,
        receivedAt: iso(receivedAt),
        cancelledAt: iso(cancelledAt),
        cancelReason,
        feedback: {
          fromBuyer:
            buyerRating === null
              ? null
              : { rating: buyerRating, comment: buyerComment, from: buyer, role: 'buyer', createdAt: iso(buyerAt) },
          fromSeller:
            sellerRating === null
              ? null
              : { rating: sellerRating, comment: sellerComment, from: seller, role: 'seller', createdAt: iso(sellerAt) },
        },
      };
    });
    return reply.send({ orders, nextCursor: rows.length > limit ? orders.at(-1)!._id : null });
  });

  /** The same answer as GET /api/auction/:id/messages: the conversation, oldest first, marked read for the caller. */
  app.get<{ Params: { id: string }; Querystring: Query }>('/auction/:id/messages', async (req, reply) => {
    const user = await signedIn(req, reply);
    if (!user) return reply;
    const auctionId = idOf(req.params.id);
    const auction = auctionId === null ? undefined : reads.auction(auctionId);
    if (!auction) return reply.code(404).send({ error: 'Auction not found' });
    const named = req.query.with || null;
    let withUserId = user.id;
    if (user.id === auction[1]) {
      // The seller names the other party, who must have begun the conversation or bought the item.
      const other = idOf(named);
      if (named === null) return reply.code(400).send({ error: 'with is required' });
      if (other === null || other === user.id || !reads.hasConversation(auction[0], other)) {
        return reply.code(404).send({ error: 'Conversation not found' });
      }
      withUserId = other;
    } else if (named !== null && idOf(named) !== user.id) {
      return reply.code(404).send({ error: 'Conversation not found' });
    }
    const rows = reads.readConversation(auction[0], withUserId, user.id, MESSAGES_PER_PAGE, Date.now());
    const messages = rows.reverse().map(([id, , , fromId, fromName, body, createdAt]) => ({
      _id: String(id),
      from: { _id: String(fromId), name: fromName },
      body,
      createdAt: iso(createdAt),
    }));
    return reply.send({ messages });
  });

  /** The same answer as GET /api/users/:id: a public profile with its counts, recent feedback and open auctions. */
  app.get<{ Params: { id: string } }>('/users/:id', async (req, reply) => {
    const viewer = await signedIn(req, reply);
    if (!viewer) return reply;
    const userId = idOf(req.params.id);
    const user = userId === null ? undefined : reads.publicUser(userId);
    if (!user) return reply.code(404).send({ error: 'User not found' });
    const [id, name, avatar, createdAt, unpaidStrikes] = user;
    const now = Date.now();
    const counts = { positive: 0, neutral: 0, negative: 0 };
    for (const [rating, n] of reads.feedbackCounts(id, now - PROFILE_WINDOW_MS)) counts[rating as keyof typeof counts] = n;
    const recent = reads.recentFeedback(id, PROFILE_RECENT_FEEDBACK);
    const open = reads.openAuctionsOf(id, viewer.id, now, PROFILE_OPEN_AUCTIONS + 1).slice(0, PROFILE_OPEN_AUCTIONS);
    return reply.send({
      user: {
        _id: String(id),
        name,
        avatar: avatar ? `${publicUrl}/uploads/${avatar}` : `${publicUrl}/avatars/${id}/${encodeURIComponent(initialOf(name))}.svg`,
        memberSince: iso(createdAt),
      },
      feedback: { ...counts, score: feedbackScore(counts) },
      unpaidStrikes,
      recentFeedback: recent.map(([rating, comment, at, role, fromId, fromName]) => ({
        rating,
        comment,
        from: { _id: String(fromId), name: fromName },
        role,
        createdAt: iso(at),
      })),
      openAuctions: open.map((row) => listedAuction(row, now, viewer.id, publicUrl)),
    });
  });

  /** The same answer as GET /api/admin/reports?status=open: open reports, the longest waiting first. */
  app.get<{ Querystring: Query }>('/admin/reports', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    const limit = limitOf(req.query, 20);
    if (limit === null || (req.query.status ?? 'open') !== 'open' || !onlyFirstPage(req.query, ['limit', 'status']))
      return notServed(reply);
    const rows = reads.openReports(limit + 1);
    const reports = rows.slice(0, limit).map((r) => {
      const [
        id,
        auctionId,
        itemName,
        reporterId,
        reporterName,
        reason,
        details,
        createdAt,
        status,
        action,
        resolutionNote,
        resolvedAt,
        resolvedById,
        resolvedByName,
      ] = r;
      return {
        _id: String(id),
        auction: { _id: String(auctionId), itemName },
        reporter: { _id: String(reporterId), name: reporterName },
        reason,
        details,
        createdAt: iso(createdAt),
        status,
        resolution:
          status === 'resolved' && action !== null && resolvedAt !== null
            ? {
                action,
                note: resolutionNote ?? '',
                resolvedAt: iso(resolvedAt),
                resolvedBy: resolvedById === null ? null : { _id: String(resolvedById), name: resolvedByName ?? '' },
              }
            : null,
      };
    });
    return reply.send({ reports, nextCursor: rows.length > limit ? reports.at(-1)!._id : null });
  });

  /** The same answer as GET /api/admin/audit: the log, newest first. */
  app.get<{ Querystring: Query }>('/admin/audit', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    const limit = limitOf(req.query, 50);
    if (limit === null || !onlyFirstPage(req.query, ['limit'])) return notServed(reply);
    const rows = reads.audit(limit + 1);
    const entries = rows
      .slice(0, limit)
      .map(
        ([id, actorId, actorName, action, targetType, targetId, userName, itemName, reportedItemName, reason, ipAddress, createdAt]) => ({
          _id: String(id),
          actor: actorId === null ? null : { _id: String(actorId), name: actorName ?? 'Deleted account' },
          action,
          target: { type: targetType, _id: String(targetId), name: userName ?? itemName ?? reportedItemName },
          reason,
          createdAt: iso(createdAt),
          ipAddress,
        }),
      );
    return reply.send({ entries, nextCursor: rows.length > limit ? entries.at(-1)!._id : null });
  });
}
