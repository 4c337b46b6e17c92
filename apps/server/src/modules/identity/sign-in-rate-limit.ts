// Failed sign-in attempts, counted in a sliding window per key (an address, an account), with back-off for a key
// that reaches the limit again and again (OWASP ASVS 5.0 6.3.1; issue 15). In memory: enough for one process; each
// process of a split deployment keeps its own count.

/** The default sign-in limit: 10 failures per 15 minutes per address and per account (OWASP ASVS 6.3.1). */
export const SIGN_IN_FAILURE_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;
/** How long a key's lockouts are remembered for its back-off, ms. */
export const BACKOFF_MEMORY_MS = 24 * 3600_000;
/** The longest a key is locked out, ms. */
export const MAX_LOCKOUT_MS = 24 * 3600_000;

export interface SlidingWindowLimiter {
  /** True when the key may not try now (see retryAfterMs). */
  isBlocked(key: string, nowMs: number): boolean;
  /** Records one failure for the key at nowMs (ms since epoch). */
  recordFailure(key: string, nowMs: number): void;
  /** Forgets the key's failures (after a successful sign-in); its back-off is kept. */
  reset(key: string): void;
  /** Milliseconds until the key is allowed again (0 when it is not blocked). */
  retryAfterMs(key: string, nowMs: number): number;
}

export interface LimiterOptions {
  maxFailures: number;
  windowMs: number;
}

interface KeyState {
  /** Failure times within the window, oldest first. */
  failures: number[];
  /** When each lockout of the last BACKOFF_MEMORY_MS began. */
  lockouts: number[];
  /** The end of the current back-off lockout (0 when none). */
  lockedUntil: number;
}

/**
 * The lockout a key reaching the limit gets: the first within BACKOFF_MEMORY_MS lasts as the sliding window says
 * (until its oldest counted failure is windowMs old); the n-th lasts windowMs × 2^(n-1) from the failure that
 * reached the limit (30 minutes, 1 hour, 2 hours ... for the default), at most MAX_LOCKOUT_MS.
 */
export function backoffMs(earlierLockouts: number, windowMs: number): number {
  if (earlierLockouts <= 0) return 0;
  return Math.min(MAX_LOCKOUT_MS, windowMs * 2 ** earlierLockouts);
}

/**
 * A sliding-window failure counter: a key is blocked while maxFailures failures lie within the last windowMs, and
 * after a repeated lockout for the back-off's time (backoffMs).
 */
export function createSlidingWindowLimiter(
  opts: LimiterOptions = SIGN_IN_FAILURE_LIMIT,
): SlidingWindowLimiter {
  const keys = new Map<string, KeyState>();
  // Keys whose failures and lockouts all expired are dropped now and then so memory stays bounded.
  let lastSweep = 0;

  const live = (key: string, nowMs: number): KeyState | undefined => {
    const state = keys.get(key);
    if (!state) return undefined;
    state.failures = state.failures.filter((t) => nowMs - t < opts.windowMs);
    state.lockouts = state.lockouts.filter((t) => nowMs - t < BACKOFF_MEMORY_MS);
    if (state.lockedUntil <= nowMs) state.lockedUntil = 0;
    if (state.failures.length === 0 && state.lockouts.length === 0 && state.lockedUntil === 0) {
      keys.delete(key);
      return undefined;
    }
    return state;
  };

  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < opts.windowMs) return;
    lastSweep = nowMs;
    for (const key of [...keys.keys()]) live(key, nowMs);
  };

  const retryAfterMs = (key: string, nowMs: number): number => {
    const state = live(key, nowMs);
    if (!state) return 0;
    const byBackoff = Math.max(0, state.lockedUntil - nowMs);
    if (state.failures.length < opts.maxFailures) return byBackoff;
    // allowed again when the oldest failure that keeps the count at the limit leaves the window
    const oldest = state.failures[state.failures.length - opts.maxFailures]!;
    return Math.max(byBackoff, oldest + opts.windowMs - nowMs);
  };

  return {
    isBlocked: (key, nowMs) => retryAfterMs(key, nowMs) > 0,
    recordFailure(key, nowMs) {
      sweep(nowMs);
      const state = live(key, nowMs) ?? { failures: [], lockouts: [], lockedUntil: 0 };
      state.failures.push(nowMs);
      if (state.failures.length === opts.maxFailures) {
        state.lockedUntil = Math.max(
          state.lockedUntil,
          nowMs + backoffMs(state.lockouts.length, opts.windowMs),
        );
        state.lockouts.push(nowMs);
      }
      keys.set(key, state);
    },
    reset(key) {
      const state = keys.get(key);
      if (state) state.failures = [];
    },
    retryAfterMs,
  };
}

/**
 * The address key of a caller: an IPv4 address as it is, an IPv6 address by its /64 (one customer line holds a whole
 * /64, so counting single IPv6 addresses would let one caller rotate through billions of them).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!ip.includes(':')) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `ip6:${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The account key of what was typed at sign-in (the same for an account that does not exist). */
export function accountKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}
