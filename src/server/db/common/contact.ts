// Contact messages, the same on both databases (db/store.ts ContactStore).
import { and, count, desc, eq, gt, lt, min } from 'drizzle-orm';
import { idCursor, pageOf } from '../paging';
import type { ContactStore } from '../store';
import { anyId, rowLimit, TURN_SCOPES, type Dialect } from './dialect';
import { get, run } from './work';

export function contactQueries({ db, t, transaction, takeTurns }: Dialect): ContactStore {
  const { contactMessages } = t;
  return {
    insertUnderLimit(message, limit) {
      // Two messages of one address could both count four and both insert a fifth: they take turns.
      return transaction(function* (tx) {
        yield* takeTurns(tx, TURN_SCOPES.contactAddress, message.ipAddress);
        const recent = yield* get(
          tx
            .select({ n: count(), oldest: min(contactMessages.createdAt) })
            .from(contactMessages)
            .where(and(eq(contactMessages.ipAddress, message.ipAddress), gt(contactMessages.createdAt, limit.since))),
        );
        if (recent!.n >= limit.max) return { stored: false as const, oldest: recent!.oldest ?? message.createdAt };
        yield* run(tx.insert(contactMessages).values(message));
        return { stored: true as const };
      });
    },
    async page({ limit, cursor }) {
      const after = idCursor(cursor);
      const rows = await db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(after === null ? undefined : lt(contactMessages.id, anyId(after)))
        .orderBy(desc(contactMessages.id))
        .limit(rowLimit(limit + 1));
      return pageOf(rows, limit, (row) => String(row.id));
    },
    count() {
      return db.$count(contactMessages);
    },
  };
}
