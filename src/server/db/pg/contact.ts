// Contact messages on PostgreSQL.
import { and, count, desc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { idCursor, pageOf } from '../paging';
import type { ContactStore } from '../store';
import type { PgDb } from './open';
import { contactMessages } from './schema';
import { builderOn, transaction } from './transaction';

/**
 * First key of the advisory locks that serialize one address's messages (the second is the
 * address's hash). Two-key locks never meet the one-key migration lock of open.ts.
 */
const CONTACT_LOCK = 2;

export function pgContact(db: PgDb): ContactStore {
  return {
    async insertUnderLimit(message, limit) {
      // Under READ COMMITTED two messages could both count four and both insert a fifth. A row lock
      // cannot prevent it: an address's first message has no row to lock, and SERIALIZABLE would
      // fail one of them instead of queueing it. So one address's messages take turns on a
      // transaction-scoped advisory lock on its hash, released at commit; other addresses do not wait
      // (unless their hash collides, which only makes them take turns too).
      return transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK}, hashtext(${message.ipAddress}))`);
        const [recent] = await tx
          .select({ n: count(), oldest: min(contactMessages.createdAt) })
          .from(contactMessages)
          .where(and(eq(contactMessages.ipAddress, message.ipAddress), gt(contactMessages.createdAt, limit.since)));
        if (recent!.n >= limit.max) return { stored: false as const, oldest: recent!.oldest ?? message.createdAt };
        await tx.insert(contactMessages).values(message);
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
        .where(after === null ? undefined : lt(contactMessages.id, sql`${after}::bigint`))
        .orderBy(desc(contactMessages.id))
        .limit(limit + 1);
      return pageOf(rows, limit, (row) => String(row.id));
    },
    async count() {
      return db.$count(contactMessages);
    },
  };
}
