// The quick check of a message before it goes, from the shared limit (the server checks it again,
// with the characters a message may not hold), and the counter that shows as the limit nears.
import { cn } from '../../lib/cn';
import { MESSAGE_MAX } from '../../../shared/messages';

/** From this many characters on, the counter shows how many are left. */
const COUNTER_FROM = MESSAGE_MAX - 200;

const lengthOf = (body: string) => body.trim().length;

/** What is wrong with the message, or null when it may go. */
export function messageProblem(body: string): string | null {
  const length = lengthOf(body);
  if (length === 0) return 'Write a message first.';
  if (length > MESSAGE_MAX)
    return `A message can be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters; this one has ${length.toLocaleString('en-US')}.`;
  return null;
}

/** "150 characters left", "12 characters too many": only near the limit, so it does not distract before. */
export function MessageCounter({ body }: { body: string }) {
  const length = lengthOf(body);
  if (length < COUNTER_FROM) return null;
  const left = MESSAGE_MAX - length;
  return (
    <p className={cn('text-sm tabular-nums', left < 0 ? 'font-medium text-red-700' : 'text-slate-600')}>
      {left >= 0
        ? `${left.toLocaleString('en-US')} ${left === 1 ? 'character' : 'characters'} left`
        : `${(-left).toLocaleString('en-US')} too many characters`}
    </p>
  );
}
