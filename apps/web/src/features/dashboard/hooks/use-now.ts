// The current time, re-read on an interval (the countdowns tick once per second, spec 01 §4).
import { useEffect, useState } from 'react';

/** Epoch ms, refreshed every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
