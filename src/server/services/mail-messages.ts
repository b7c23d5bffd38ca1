// What each mail says: a plain-text body and a simple HTML one, in which every text that a user
// wrote (names of people and auctions) is escaped.
import type { NotificationKind } from '../../shared/constants';
import type { MailMessage, NoticeMail } from '../db/store';
import { formatDollars } from '../domain/bidding';

const SUBJECTS: Record<NotificationKind, (item: string) => string> = {
  outbid: (item) => `You were outbid on “${item}”`,
  won: (item) => `You won “${item}”`,
  sold: (item) => `Your auction “${item}” sold`,
  unsold: (item) => `Your auction “${item}” ended without bids`,
  ending_soon: (item) => `“${item}” ends soon`,
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

/** The mail of one notice: what happened, the auction's name and price, a link to it. */
export function noticeMessage(notice: NoticeMail, publicUrl: string): MailMessage {
  return render(notice.to.email, SUBJECTS[notice.kind](notice.itemName), [
    { text: `Hello ${notice.to.name},` },
    { text: notice.message },
    { field: 'Auction', value: notice.itemName },
    { field: 'Price', value: formatDollars(notice.price) },
    { link: `${publicUrl}/auction/${notice.auctionId}`, label: 'See the auction' },
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
