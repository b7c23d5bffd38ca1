import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_CLEAR_MS } from '../../shared/constants';

/** A message that clears itself after 10 seconds (docs/rules/screens.md#forms-and-messages); showing a new one restarts the clock. */
export function useTimedMessage(durationMs = MESSAGE_CLEAR_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
