// The bell's panel: the newest notices, unread ones marked, each a link to its auction, and "Mark all
// as read". Skeleton rows while the list loads, a message with a retry when it cannot.
import {
  Ban,
  BadgeDollarSign,
  BellOff,
  CheckCheck,
  CircleCheck,
  CircleSlash,
  CircleX,
  Clock,
  HandCoins,
  Hourglass,
  MessageSquare,
  PackageCheck,
  Search,
  ShieldAlert,
  Trophy,
  TrendingUp,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import type { NotificationKind } from '../../../shared/constants';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { formatDateTime, formatTimeAgo } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useNotificationList, type Notification } from './api';

/**
 * What happened, at a glance: the message says it in words, so the icon is for the eye only.
 */
const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  outbid: TrendingUp,
  won: Trophy,
  sold: BadgeDollarSign,
  unsold: CircleSlash,
  ending_soon: Hourglass,
  new_match: Search,
  reserve_not_met: ShieldAlert,
  order_paid: CircleCheck,
  order_shipped: Truck,
  order_received: PackageCheck,
  order_cancelled: CircleX,
  payment_overdue: Clock,
  message: MessageSquare,
  offer: HandCoins,
  cancelled: Ban,
};

interface NotificationPanelProps {
  unread: number;
  marking: boolean;
  onMarkAll: () => void;
  /** A notice's link was followed: it counts as read. */
  onOpenNotice: (notice: Notification) => void;
}

export function NotificationPanel({ unread, marking, onMarkAll, onOpenNotice }: NotificationPanelProps) {
  const list = useNotificationList();
  return (
    <section aria-labelledby="notifications-heading">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="notifications-heading" className="text-sm font-semibold text-slate-900">
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2"
          icon={<CheckCheck aria-hidden="true" className="size-4" />}
          loading={marking}
          disabled={unread === 0}
          onClick={onMarkAll}
        >
          Mark all as read
        </Button>
      </div>
      <div className="max-h-[min(28rem,calc(100dvh-8rem))] overflow-y-auto overscroll-contain">
        {list.isPending ? (
          <LoadingRows />
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-slate-700">
            <p>Your notifications could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.notifications.length === 0 ? (
          <EmptyState
            icon={BellOff}
            title="No notifications yet"
            description="You will hear here when you are outbid, win, or sell, and when a saved search finds a new auction."
            className="m-3 border-none py-8"
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.notifications.map((notice) => (
              <li key={notice._id}>
                <NoticeLink notice={notice} onOpen={() => onOpenNotice(notice)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Where a notice leads: the order it is about, the conversation it tells of, or else its auction. */
function noticeTarget(notice: Notification): string {
  if (notice.orderId) return paths.order(notice.orderId);
  if (notice.kind === 'message' && notice.withUserId) return paths.conversation(notice.auctionId, notice.withUserId);
  return paths.auction(notice.auctionId);
}

/** A message as a sentence: with its full stop, so a screen reader pauses before what follows. */
const asSentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * One notice. A screen reader hears it as sentences, "Unread. You won “Vintage camera” for $50. 2
 * minutes ago.", from the link's name: joined from the lines on screen, the time would run on from
 * the message without a pause. The name holds every word on screen, for those who also see it.
 */
function NoticeLink({ notice, onOpen }: { notice: Notification; onOpen: () => void }) {
  const unread = !notice.read;
  const message = asSentence(notice.message);
  const ago = formatTimeAgo(notice.createdAt);
  const Icon = KIND_ICONS[notice.kind];
  return (
    <Link
      to={noticeTarget(notice)}
      onClick={onOpen}
      aria-label={`${unread ? 'Unread. ' : ''}${message} ${asSentence(ago)}`}
      className={cn(
        'flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600',
        unread && 'bg-accent-50 hover:bg-accent-100',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative flex size-8 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-accent-100 text-accent-800' : 'bg-slate-100 text-slate-500',
        )}
      >
        <Icon className="size-4" />
        {/* Unread: a dot on the icon, as well as the tint. */}
        {unread && <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-accent-700 ring-2 ring-white" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm break-words', unread ? 'font-medium text-slate-900' : 'text-slate-700')}>{message}</span>
        <time dateTime={notice.createdAt} title={formatDateTime(notice.createdAt)} className="mt-1 block text-xs text-slate-600">
          {ago}
        </time>
      </span>
    </Link>
  );
}

function LoadingRows() {
  return (
    <div className="space-y-4 px-4 py-4">
      <span role="status" className="sr-only">
        Loading notifications…
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}
