// The current time, re-read on an interval (the page's 'Updated … ago' and its ranges ending now).
import { useEffect, useState } from 'react';

/** Epoch ms, refreshed every `intervalMs`. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
