// Feedback on a trade and public profiles (docs/rules/trust.md): leaving one (the rule in
// domain/feedback.ts inside the store's one insert), and a user's public profile.
import {
  FEEDBACK_WORDS,
  PROFILE_OPEN_AUCTIONS,
  PROFILE_RECENT_FEEDBACK,
  PROFILE_WINDOW_MS,
  type FeedbackInput,
  type FeedbackRating,
  type FeedbackRole,
} from '../../shared/feedback';
import { ORDER_WORDS } from '../../shared/orders';
import type { GivenFeedbackRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../domain/errors';
import { decideFeedback, feedbackScore } from '../domain/feedback';
import type { Auction } from '../wire';
import { parseId, toListedAuctions, viewOf } from './auctions';
import { avatarUrl } from './avatars';

/** A feedback as both doors answer it. */
export interface Feedback {
  rating: FeedbackRating;
  comment: string;
  from: { _id: string; name: string };
  role: FeedbackRole;
  createdAt: string;
}

export function toFeedback(row: GivenFeedbackRecord, role: FeedbackRole, from: { id: number; name: string }): Feedback {
  return {
    rating: row.rating,
    comment: row.comment,
    from: { _id: String(from.id), name: from.name },
    role,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's feedback on their order, about the other side: 201 with it, or refused (404, 409). */
export async function leaveFeedback(deps: AppDeps, user: { id: number }, input: FeedbackInput): Promise<Feedback> {
  const orderId = parseId(input.id);
  if (orderId === null) throw notFound(ORDER_WORDS.notFound);
  let role: FeedbackRole = 'buyer';
  // The clock is read once the transaction holds the order: the window is judged at the feedback.
  const order = await deps.store.feedback.leave(orderId, (row) => {
    const now = deps.now();
    const decided = decideFeedback(row, user.id, now);
    role = decided.role;
    return { ...decided, rating: input.rating, comment: input.comment, at: new Date(now) };
  });
  // The same side's feedback sent at the same instant came first: it stands.
  if (order === false) throw conflict(FEEDBACK_WORDS.alreadyGiven);
  const given = role === 'buyer' ? order.fromBuyer : order.fromSeller;
  const from = role === 'buyer' ? { id: order.buyerId, name: order.buyerName } : { id: order.sellerId, name: order.sellerName };
  return toFeedback(given!, role, from);
}

export interface PublicProfile {
  user: { _id: string; name: string; avatar: string; memberSince: string };
  feedback: Record<FeedbackRating, number> & { score: number | null };
  unpaidStrikes: number;
  recentFeedback: Feedback[];
  openAuctions: Auction[];
}

/** What anyone signed in may see of a user: never their address, nor anything of their logins. */
export async function publicProfile(deps: AppDeps, viewer: { id: number }, id: string): Promise<PublicProfile> {
  const userId = parseId(id);
  const user = userId === null ? undefined : await deps.store.feedback.publicUser(userId);
  if (!user) throw notFound(FEEDBACK_WORDS.userNotFound);
  const view = viewOf(deps, viewer);
  const [counts, recent, open] = await Promise.all([
    deps.store.feedback.counts(user.id, new Date(view.now - PROFILE_WINDOW_MS)),
    deps.store.feedback.recent(user.id, PROFILE_RECENT_FEEDBACK),
    deps.store.auctions.page(
      { now: view.now, status: 'open', sellerId: user.id, withCancelled: false },
      { limit: PROFILE_OPEN_AUCTIONS, viewerId: viewer.id },
    ),
  ]);
  return {
    user: { _id: String(user.id), name: user.name, avatar: avatarUrl(user, view.publicUrl), memberSince: user.createdAt.toISOString() },
    feedback: { ...counts, score: feedbackScore(counts) },
    unpaidStrikes: user.unpaidStrikes,
    recentFeedback: recent.map((row) => toFeedback(row, row.role, { id: row.fromId, name: row.fromName })),
    openAuctions: toListedAuctions(open.items, view),
  };
}
