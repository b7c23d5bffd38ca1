// Feedback and public profiles, the same on both databases (db/feedback-store.ts). A feedback is one
// insert, in the transaction that read the order it judges; the unique (order, side) key makes a
// second one by the same side write nothing, whichever of two at the same instant comes first.
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { FeedbackRating } from '../../../shared/feedback';
import type { FeedbackStore } from '../feedback-store';
import type { OrderRecord } from '../records';
import { rowLimit, type Dialect } from './dialect';
import { columnPlaceholder, idPlaceholder } from './prepared';
import { orderById } from './orders';
import { get } from './work';

export function feedbackQueries({ db, t, transaction }: Dialect): FeedbackStore {
  const { feedback, users } = t;
  // The three reads of a public profile, built once (prepared.ts).
  const publicUser = db
    .select({ id: users.id, name: users.name, avatar: users.avatar, createdAt: users.createdAt, unpaidStrikes: users.unpaidStrikes })
    .from(users)
    .where(eq(users.id, idPlaceholder('id')))
    .prepare('profile-user');
  const countsSince = db
    .select({ rating: feedback.rating, n: count() })
    .from(feedback)
    .where(and(eq(feedback.aboutId, sql.placeholder('aboutId')), gte(feedback.createdAt, columnPlaceholder('since', feedback.createdAt))))
    .groupBy(feedback.rating)
    .prepare('profile-counts');
  const newest = db
    .select({
      rating: feedback.rating,
      comment: feedback.comment,
      createdAt: feedback.createdAt,
      role: feedback.role,
      fromId: feedback.fromId,
      fromName: users.name,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.fromId))
    .where(eq(feedback.aboutId, sql.placeholder('aboutId')))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(rowLimit(sql.placeholder('limit')))
    .prepare('profile-recent');
  return {
    leave(orderId, decide) {
      return transaction(function* (tx) {
        const given = decide(yield* orderById(t, tx, orderId));
        const written = yield* get(
          tx
            .insert(feedback)
            .values({
              orderId,
              role: given.role,
              fromId: given.fromId,
              aboutId: given.aboutId,
              rating: given.rating,
              comment: given.comment,
              createdAt: given.at,
            })
            .onConflictDoNothing({ target: [feedback.orderId, feedback.role] })
            .returning({ id: feedback.id }),
        );
        if (!written) return false as const;
        return (yield* orderById(t, tx, orderId)) as OrderRecord;
      });
    },
    async publicUser(id) {
      return (await publicUser.execute({ id }))[0];
    },
    async counts(aboutId, since) {
      const rows = await countsSince.execute({ aboutId, since });
      const counts: Record<FeedbackRating, number> = { positive: 0, neutral: 0, negative: 0 };
      for (const row of rows) counts[row.rating] = Number(row.n);
      return counts;
    },
    async recent(aboutId, limit) {
      return newest.execute({ aboutId, limit });
    },
  };
}
