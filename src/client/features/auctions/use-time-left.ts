// Time left by the server's clock: the server says how long was left when it answered (timeLeft),
// and we count down from the moment the answer arrived, so a wrong clock in the browser does not matter.
import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

export function useTimeLeft(timeLeft: number, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (timeLeft <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [timeLeft]);
  return Math.max(0, timeLeft - Math.max(0, now - receivedAt));
}
