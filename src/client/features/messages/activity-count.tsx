// The count beside a menu entry: unread messages, or orders where it is the user's turn. Nothing while
// it loads or when there is nothing: the entry reads the same as before.
import { useActivity } from './api';

export type ActivityKind = 'messages' | 'orders';

const WORDS: Record<ActivityKind, string> = { messages: 'unread', orders: 'waiting for you' };

/** Counts above this show as "99+"; the accessible name still says the number. */
const BADGE_MAX = 99;

export function ActivityCount({ kind }: { kind: ActivityKind }) {
  const activity = useActivity();
  const count = kind === 'messages' ? activity.data?.unreadMessages : activity.data?.ordersOwed;
  if (!count) return null;
  return (
    <span
      data-testid={`menu-count-${kind}`}
      className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold tabular-nums text-white"
    >
      <span aria-hidden="true">{count > BADGE_MAX ? `${BADGE_MAX}+` : count}</span>
      <span className="sr-only">{`${count} ${WORDS[kind]}`}</span>
    </span>
  );
}
