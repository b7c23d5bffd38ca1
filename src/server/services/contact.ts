// Contact messages: validated, stored, limited per client address, and read by admins.
import { HOUR_MS } from '../../shared/constants';
import type { ContactInput } from '../../shared/schemas/contact';
import type { AppDeps } from '../deps';
import { tooManyRequests } from '../domain/errors';
import type { ClientInfo } from './login-history';

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/** Stores a message. Only accepted messages count towards CONTACTS_PER_HOUR: the limit is the number stored from this address in the last hour. */
export async function sendContactMessage(deps: AppDeps, input: ContactInput, client: ClientInfo, userId: number | null): Promise<void> {
  const now = deps.now();
  const result = await deps.store.contact.insertUnderLimit(
    { ...input, ipAddress: client.ip, userId, createdAt: new Date(now) },
    { since: new Date(now - HOUR_MS), max: deps.settings.CONTACTS_PER_HOUR },
  );
  if (!result.stored) {
    throw tooManyRequests('Too many messages from this address. Please try again later.', result.oldest.getTime() + HOUR_MS - now);
  }
}

/** Newest first, a page at a time, with the total. */
export async function listContactMessages(deps: AppDeps, options: { limit: number; cursor?: string | null }) {
  const [page, total] = await Promise.all([deps.store.contact.page(options), deps.store.contact.count()]);
  const items: ContactMessage[] = page.items.map((r) => ({
    _id: String(r.id),
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total, nextCursor: page.nextCursor };
}
