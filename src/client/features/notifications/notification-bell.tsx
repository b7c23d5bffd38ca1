// The header's bell: the unread count, live, and a panel of the newest notices, each a link to its
// auction. A disclosure rather than a modal: the page stays usable; Escape, a click outside and any
// navigation close it, and Escape gives focus back to the bell.
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { useMarkNotificationsRead, useNoticeSummary } from './api';
import { NotificationPanel } from './notification-panel';

/** Counts above this show as "99+" on the badge; the label still says the number. */
const BADGE_MAX = 99;

function bellLabel(unread: number | null): string {
  if (unread === null) return 'Notifications';
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

export function NotificationBell() {
  const { summary, setUnread } = useNoticeSummary();
  const markRead = useMarkNotificationsRead(setUnread);
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a notice's link (or any navigation) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const announcement = useNewNoticeAnnouncement(summary);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const unread = summary?.unread ?? null;
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpenOn(open ? null : pathname)}
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        className="relative inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread !== null && unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold tabular-nums text-white ring-2 ring-white"
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </button>
      {/* Always in the page: a live region added together with its words is often not read. A status
          region is polite and read whole. */}
      <span role="status" className="sr-only">
        <span key={announcement.id}>{announcement.text}</span>
      </span>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'z-40 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg',
          // On a phone the panel spans the screen below the header; from sm up it hangs from the bell.
          'fixed inset-x-3 top-[4.25rem] sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96',
        )}
      >
        {open && (
          <NotificationPanel
            unread={unread ?? 0}
            marking={markRead.isPending}
            onMarkAll={() => markRead.mutate({})}
            onOpenNotice={(notice) => {
              // Closed here too: the link may lead to the page already open, which is no navigation.
              setOpenOn(null);
              if (!notice.read) markRead.mutate({ ids: [notice._id] });
            }}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Words for the polite live region when a new notice arrives: its message, once. Not when the stream
 * opens, nor when the count only goes down (marked read here or in another tab), so a screen reader
 * hears of news and nothing else; a burst of notices says only the newest.
 */
function useNewNoticeAnnouncement(summary: ReturnType<typeof useNoticeSummary>['summary']) {
  const [seen, setSeen] = useState(summary);
  const [announcement, setAnnouncement] = useState({ id: 0, text: '' });
  if (seen !== summary) {
    // Compared while drawing, so the words go out with the change itself (React's way of following a prop).
    setSeen(summary);
    const newest = summary?.newest;
    if (seen && newest && newest._id !== seen.newest?._id && !newest.read) {
      setAnnouncement((a) => ({ id: a.id + 1, text: `New notification: ${newest.message} ${summary.unread} unread.` }));
    }
  }
  return announcement;
}
