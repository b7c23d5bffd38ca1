// Contact messages on SQLite.
import { and, count, desc, eq, gt, lt, min } from 'drizzle-orm';
import { idCursor, pageOf } from '../paging';
import type { ContactStore } from '../store';
import type { SqliteDb } from './open';
import { contactMessages } from './schema';

export function sqliteContact(db: SqliteDb): ContactStore {
  return {
    async insertUnderLimit(message, limit) {
      // IMMEDIATE: the write lock is taken before the count, so two messages cannot both see room for one.
      return db.transaction(
        (tx) => {
          const recent = tx
            .select({ n: count(), oldest: min(contactMessages.createdAt) })
            .from(contactMessages)
            .where(and(eq(contactMessages.ipAddress, message.ipAddress), gt(contactMessages.createdAt, limit.since)))
            .get()!;
          if (recent.n >= limit.max) return { stored: false as const, oldest: recent.oldest ?? message.createdAt };
          tx.insert(contactMessages).values(message).run();
          return { stored: true as const };
        },
        { behavior: 'immediate' },
      );
    },
    async page({ limit, cursor }) {
      const after = idCursor(cursor);
      const rows = db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(after === null ? undefined : lt(contactMessages.id, after))
        .orderBy(desc(contactMessages.id))
        .limit(limit + 1)
        .all();
      return pageOf(rows, limit, (row) => String(row.id));
    },
    async count() {
      return db.select({ n: count() }).from(contactMessages).get()!.n;
    },
  };
}
