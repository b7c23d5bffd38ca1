// The time now, kept fresh: an order's due time passes while the page is open, and with it what its
// seller may do (cancel) and how the due time reads (overdue).
import { useEffect, useState } from 'react';

/** How often the time is read again: a due time is shown to the minute. */
const TICK_MS = 30_000;

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
