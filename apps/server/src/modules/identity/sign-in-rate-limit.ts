// Failed sign-in attempts, counted in a sliding window per key (an IP address, an e-mail), in
// memory: enough for one process; each process of a split deployment keeps its own count.

/** The default sign-in limit: 10 failures per 15 minutes per IP and per e-mail (OWASP ASVS 6.3.1). */
export const SIGN_IN_FAILURE_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;

export interface SlidingWindowLimiter {
  /** True when the key has reached the limit within the window ending at nowMs. */
  isBlocked(key: string, nowMs: number): boolean;
  /** Records one failure for the key at nowMs (ms since epoch). */
  recordFailure(key: string, nowMs: number): void;
  /** Forgets the key (after a successful sign-in). */
  reset(key: string): void;
  /** Milliseconds until the key is allowed again (0 when it is not blocked). */
  retryAfterMs(key: string, nowMs: number): number;
}

/** A sliding-window failure counter: a key is blocked while maxFailures failures lie within the last windowMs. */
export function createSlidingWindowLimiter(
  opts: { maxFailures: number; windowMs: number } = SIGN_IN_FAILURE_LIMIT,
): SlidingWindowLimiter {
  const failures = new Map<string, number[]>();
  // Keys whose failures all expired are dropped now and then so memory stays bounded.
  let lastSweep = 0;

  const recent = (key: string, nowMs: number): number[] => {
    const times = failures.get(key);
    if (!times) return [];
    const live = times.filter((t) => nowMs - t < opts.windowMs);
    if (live.length === 0) failures.delete(key);
    else if (live.length !== times.length) failures.set(key, live);
    return live;
  };

  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < opts.windowMs) return;
    lastSweep = nowMs;
    for (const key of [...failures.keys()]) recent(key, nowMs);
  };

  return {
    isBlocked(key, nowMs) {
      return recent(key, nowMs).length >= opts.maxFailures;
    },
    recordFailure(key, nowMs) {
      sweep(nowMs);
      const live = recent(key, nowMs);
      live.push(nowMs);
      failures.set(key, live);
    },
    reset(key) {
      failures.delete(key);
    },
    retryAfterMs(key, nowMs) {
      const live = recent(key, nowMs);
      if (live.length < opts.maxFailures) return 0;
      // Allowed again when the oldest failure that keeps the count at the limit leaves the window.
      const oldest = live[live.length - opts.maxFailures]!;
      return oldest + opts.windowMs - nowMs;
    },
  };
}
