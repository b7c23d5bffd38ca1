// The signed-in user's notices: the live unread count, the newest page, and marking them read. See
// docs/rules/notifications.md and docs/rules/live-updates.md#notices.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useSyncExternalStore } from 'react';
import type { AppRouter } from '../../../server/trpc/router';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/schemas/notifications';
import { useLiveEvents, useLiveHub } from '../../lib/live/use-live';
import { useTRPC } from '../../lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>['user'];
export type Notification = Outputs['notifications']['notifications'][number];
type NoticeSummary = Outputs['onNotifications'] extends AsyncIterable<infer S> ? S : never;
interface NoticesEvent {
  notices: NoticeSummary;
}

/**
 * The unread count and the newest notice, kept live by the browser's one live connection (lib/live):
 * sent when it opens and after each change (a bid outbid the user, an auction closed, another tab
 * marked some read). Null until the first word.
 */
export function useNoticeSummary() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hub = useLiveHub();
  useEffect(() => hub.watchNotices(), [hub]);
  // Each change also marks the cached list stale, so the open list reads afresh and a closed one on opening.
  useLiveEvents((data) => {
    if (typeof data === 'object' && data !== null && 'notices' in data) {
      void queryClient.invalidateQueries({ queryKey: trpc.user.notifications.pathKey() });
    }
  });
  const event = useSyncExternalStore(hub.notices.subscribe, hub.notices.get) as NoticesEvent | null;
  const summary = event?.notices ?? null;
  return {
    summary,
    setUnread: (unread: number) => {
      if (summary) hub.notices.replace({ notices: { ...summary, unread } } satisfies NoticesEvent);
    },
  };
}

/** The newest notices (the panel reads them while it is open). */
export function useNotificationList() {
  const trpc = useTRPC();
  return useQuery(trpc.user.notifications.queryOptions({ limit: NOTIFICATIONS_PAGE_SIZE }));
}

/**
 * Marks notices read: the named ones, or all without ids. The list shows them read at once; the
 * answer's count replaces the shown one (the live stream says the same to the user's other tabs).
 */
export function useMarkNotificationsRead(onUnread: (unread: number) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.user.notifications.queryKey({ limit: NOTIFICATIONS_PAGE_SIZE });
  return useMutation(
    trpc.user.markNotificationsRead.mutationOptions({
      onMutate: (input) => {
        const ids = input?.ids;
        queryClient.setQueryData(listKey, (old) =>
          old
            ? {
                ...old,
                notifications: old.notifications.map((n) => (ids === undefined || ids.includes(n._id) ? { ...n, read: true } : n)),
              }
            : old,
        );
      },
      onSuccess: ({ unread }) => onUnread(unread),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.user.notifications.pathKey() }),
    }),
  );
}
