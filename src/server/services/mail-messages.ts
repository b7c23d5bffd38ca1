// What each mail says: a plain-text body and a simple HTML one, in which every text that a user
// wrote (names of people and auctions) is escaped.
import type { NotificationKind } from '../../shared/constants';
import type { MailMessage, NoticeMail } from '../db/records';
import { formatDollars } from '../../shared/bids';

const SUBJECTS: Record<NotificationKind, (item: string) => string> = {
  outbid: (item) => `You were outbid on “${item}”`,
  won: (item) => `You won “${item}”`,
  sold: (item) => `Your auction “${item}” sold`,
  unsold: (item) => `Your auction “${item}” ended without a sale`,
  ending_soon: (item) => `“${item}” ends soon`,
  new_match: (item) => `New for your saved search: “${item}”`,
  reserve_not_met: (item) => `“${item}” ended below its reserve`,
  order_paid: (item) => `Your payment for “${item}” was confirmed`,
  order_shipped: (item) => `“${item}” was shipped`,
  order_received: (item) => `“${item}” was received`,
  order_cancelled: (item) => `Your order for “${item}” was cancelled`,
  payment_overdue: (item) => `The payment for “${item}” is overdue`,
  message: (item) => `A new message about “${item}”`,
  offer: (item) => `A second chance: “${item}” is offered to you`,
  cancelled: (item) => `“${item}” was cancelled`,
};

const SIGNATURE = 'Open Auction';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A block of the HTML body: paragraphs of escaped text, and links whose address is escaped too. */
type Part = { text: string } | { link: string; label: string } | { field: string; value: string };

function render(to: string, subject: string, parts: Part[]): MailMessage {
  const text = parts
    .map((part) => ('link' in part ? `${part.label}: ${part.link}` : 'field' in part ? `${part.field}: ${part.value}` : part.text))
    .join('\n\n');
  const html = parts
    .map((part) =>
      'link' in part
        ? `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`
        : 'field' in part
          ? `<p><strong>${escapeHtml(part.field)}:</strong> ${escapeHtml(part.value)}</p>`
          : `<p>${escapeHtml(part.text)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: `${text}\n\n— ${SIGNATURE}\n`,
    html: `<!doctype html>\n<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5">\n${html}\n<p style="color: #475569">— ${SIGNATURE}</p>\n</body></html>\n`,
  };
}

/** What a mail standing for several notices of one kind says first: how many came since the last mail. */
const FOLDED: Record<NotificationKind, (item: string, count: number) => { subject: string; summary: string }> = {
  outbid: (item, count) => ({
    subject: `You were outbid ${count} times on “${item}”`,
    summary: `Since our last mail about “${item}”, you were outbid ${count} times. The newest:`,
  }),
  // The others come once per auction; should one repeat, the mail still says how often.
  won: (item, count) => folded(SUBJECTS.won(item), item, count),
  sold: (item, count) => folded(SUBJECTS.sold(item), item, count),
  unsold: (item, count) => folded(SUBJECTS.unsold(item), item, count),
  ending_soon: (item, count) => folded(SUBJECTS.ending_soon(item), item, count),
  new_match: (item, count) => folded(SUBJECTS.new_match(item), item, count),
  reserve_not_met: (item, count) => folded(SUBJECTS.reserve_not_met(item), item, count),
  order_paid: (item, count) => folded(SUBJECTS.order_paid(item), item, count),
  order_shipped: (item, count) => folded(SUBJECTS.order_shipped(item), item, count),
  order_received: (item, count) => folded(SUBJECTS.order_received(item), item, count),
  order_cancelled: (item, count) => folded(SUBJECTS.order_cancelled(item), item, count),
  payment_overdue: (item, count) => folded(SUBJECTS.payment_overdue(item), item, count),
  message: (item, count) => folded(SUBJECTS.message(item), item, count),
  offer: (item, count) => folded(SUBJECTS.offer(item), item, count),
  cancelled: (item, count) => folded(SUBJECTS.cancelled(item), item, count),
};

function folded(subject: string, item: string, count: number) {
  return {
    subject: `${subject} (${count} notices)`,
    summary: `Since our last mail about “${item}”, ${count} notices like this one came. The newest:`,
  };
}

/**
 * The mail of one notice: what happened, the auction's name and price, a link to it. A mail that
 * stands for several (folded while the group waited out its ten minutes) says how many first.
 */
export function noticeMessage(notice: NoticeMail, publicUrl: string): MailMessage {
  const many = notice.count > 1 ? FOLDED[notice.kind](notice.itemName, notice.count) : null;
  return render(notice.to.email, many?.subject ?? SUBJECTS[notice.kind](notice.itemName), [
    { text: `Hello ${notice.to.name},` },
    ...(many ? [{ text: many.summary }] : []),
    { text: notice.message },
    { field: 'Auction', value: notice.itemName },
    { field: 'Price', value: formatDollars(notice.price) },
    { link: `${publicUrl}/auction/${notice.auctionId}`, label: 'See the auction' },
    ...(many
      ? [{ text: 'We send at most one mail about the same auction and news every ten minutes; what comes in between arrives together.' }]
      : []),
    {
      text: `You receive this because e-mail notifications are on for your account. You can turn them off on your profile: ${publicUrl}/profile`,
    },
  ]);
}

/** The mail with a password reset link. */
export function passwordResetMessage(to: { name: string; email: string }, link: string, validMinutes: number): MailMessage {
  return render(to.email, 'Reset your Open Auction password', [
    { text: `Hello ${to.name},` },
    {
      text: `Someone (we hope you) asked to reset the password of your account. The link below lets you choose a new one; it works once, within ${validMinutes} minutes.`,
    },
    { link, label: 'Choose a new password' },
    { text: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
  ]);
}

/** The mail with the link that confirms an account's address. */
export function emailConfirmationMessage(to: { name: string; email: string }, link: string, validHours: number): MailMessage {
  return render(to.email, 'Confirm your email address for Open Auction', [
    { text: `Hello ${to.name},` },
    {
      text: `Please confirm that this address is yours: we mail notices (outbid, won, sold, ending soon) only to a confirmed address. The link below works once, within ${validHours} hours.`,
    },
    { link, label: 'Confirm my email address' },
    { text: 'If you did not make an account at Open Auction, ignore this mail: unless the address is confirmed, we mail it no notices.' },
  ]);
}
