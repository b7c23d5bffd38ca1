// What a screen reader hears while the auction page is open: two live regions, always in the page
// (a region added together with its text is often not read). Polite for news (a new price, a minute
// left, the end), assertive only for "you have been outbid". The countdown itself is never one: a
// region that changes every second would talk over everything else.
import { useCallback, useState } from 'react';

type Politeness = 'polite' | 'assertive';

interface Message {
  /** Changes with each message, so the same words said twice are read twice. */
  id: number;
  text: string;
}

export type Announce = (text: string, politeness?: Politeness) => void;

export function useAnnouncer(): { messages: Record<Politeness, Message>; announce: Announce } {
  const [messages, setMessages] = useState<Record<Politeness, Message>>({
    polite: { id: 0, text: '' },
    assertive: { id: 0, text: '' },
  });
  const announce = useCallback<Announce>(
    (text, politeness = 'polite') => setMessages((m) => ({ ...m, [politeness]: { id: m[politeness].id + 1, text } })),
    [],
  );
  return { messages, announce };
}

/**
 * `muted`: the regions stay in the page but are not live. A modal dialog makes the page behind it
 * inert, and an inert region is not read: the bid sheet carries a second announcer, live while the
 * sheet is open and muted while it is closed, as the page's is the other way round.
 */
export function LiveAnnouncer({ messages, muted = false }: { messages: Record<Politeness, Message>; muted?: boolean }) {
  return (
    <>
      <div aria-live={muted ? undefined : 'polite'} aria-atomic="true" className="sr-only">
        <span key={messages.polite.id}>{messages.polite.text}</span>
      </div>
      <div aria-live={muted ? undefined : 'assertive'} aria-atomic="true" className="sr-only">
        <span key={messages.assertive.id}>{messages.assertive.text}</span>
      </div>
    </>
  );
}
