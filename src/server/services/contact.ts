// Contact messages: validated, stored, limited per client address, and read by admins.
import { and, count, desc, eq, gt, lt, min } from 'drizzle-orm';
import { HOUR_MS } from '../../shared/constants';
import type { ContactInput } from '../../shared/schemas/contact';
import { contactMessages } from '../db/schema';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { tooManyRequests } from './errors';
import type { ClientInfo } from './login-history';

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/**
 * Stores a message. Only accepted messages count towards CONTACTS_PER_HOUR, so the limit is the
 * number of stored rows from this address in the last hour; the check and the insert share one
 * IMMEDIATE transaction so that a burst cannot slip past it.
 */
export function sendContactMessage(deps: AppDeps, input: ContactInput, client: ClientInfo, userId: number | null): void {
  const now = deps.now();
  const since = new Date(now - HOUR_MS);
  deps.db.transaction(
    (tx) => {
      const recent = tx
        .select({ n: count(), oldest: min(contactMessages.createdAt) })
        .from(contactMessages)
        .where(and(eq(contactMessages.ipAddress, client.ip), gt(contactMessages.createdAt, since)))
        .get()!;
      if (recent.n >= deps.settings.CONTACTS_PER_HOUR) {
        const oldest = recent.oldest?.getTime() ?? now;
        throw tooManyRequests('Too many messages from this address. Please try again later.', oldest + HOUR_MS - now);
      }
      tx.insert(contactMessages)
        .values({ ...input, ipAddress: client.ip, userId, createdAt: new Date(now) })
        .run();
    },
    { behavior: 'immediate' },
  );
}

/** Newest first, a page at a time by id. */
export function listContactMessages(db: Db, options: { limit: number; cursor?: string | null }) {
  const rows = db
    .select()
    .from(contactMessages)
    .where(options.cursor ? lt(contactMessages.id, Number(options.cursor)) : undefined)
    .orderBy(desc(contactMessages.id))
    .limit(options.limit + 1)
    .all();
  const items: ContactMessage[] = rows.slice(0, options.limit).map((r) => ({
    _id: String(r.id),
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
  const total = db.select({ n: count() }).from(contactMessages).get()!.n;
  return { items, total, nextCursor: rows.length > options.limit ? items[items.length - 1]!._id : null };
}
