// The quick check of a message before it goes, from the shared limit (the server checks it again,
// with the characters a message may not hold), the counter that shows as the limit nears, and the
// box a message is written in, shared by a conversation and the question to a seller.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { TextAreaField } from '../../components/text-area-field';
import { cn } from '../../lib/cn';
import { MESSAGE_MAX } from '../../../shared/messages';

/** From this many characters on, the counter shows how many are left. */
const COUNTER_FROM = MESSAGE_MAX - 200;

const lengthOf = (body: string) => body.trim().length;

/** What is wrong with the message, or null when it may go. */
function messageProblem(body: string): string | null {
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

/** A message being written: its text, what the quick check found, and how it is sent. */
export interface MessageDraft {
  body: string;
  checkError: string | undefined;
  setBody: (body: string) => void;
  /** Checks the text and, when it may go, hands it to `send`; a form's submit event is stopped. */
  submit: (event?: FormEvent) => void;
}

/** A draft that `send` takes once it passes the quick check; nothing goes while `busy`. */
export function useMessageDraft(send: (body: string, sent: () => void) => void, busy: boolean): MessageDraft {
  const [body, setBody] = useState('');
  const [checkError, setCheckError] = useState<string | undefined>(undefined);
  return {
    body,
    checkError,
    setBody: (next) => {
      setBody(next);
      // The error was about the text before: it goes as the text changes, and the next send checks again.
      if (checkError) setCheckError(undefined);
    },
    submit: (event) => {
      event?.preventDefault();
      if (busy) return;
      const problem = messageProblem(body);
      setCheckError(problem ?? undefined);
      if (!problem) send(body, () => setBody(''));
    },
  };
}

/** The labelled box a message is written in: Enter starts a new line, Ctrl+Enter (Cmd+Enter) sends. */
export function MessageField({ draft, label, rows }: { draft: MessageDraft; label: string; rows: number }) {
  return (
    <TextAreaField
      label={label}
      hint="Enter starts a new line; Ctrl+Enter (⌘+Enter on a Mac) sends."
      error={draft.checkError}
      rows={rows}
      value={draft.body}
      // Room past the limit, so an over-long paste shows the counter and the check's words rather than being cut.
      maxLength={MESSAGE_MAX + 500}
      onChange={(event) => draft.setBody(event.target.value)}
      onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) draft.submit();
      }}
    />
  );
}
