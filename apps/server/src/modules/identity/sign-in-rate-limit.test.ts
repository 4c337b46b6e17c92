import { describe, expect, it } from 'vitest';
import { createSlidingWindowLimiter, SIGN_IN_FAILURE_LIMIT } from './sign-in-rate-limit.ts';

const WINDOW = 15 * 60_000;

describe('sign-in failure limiter', () => {
  it('allows the 10th failure and blocks after it, within 15 minutes', () => {
    const limiter = createSlidingWindowLimiter(SIGN_IN_FAILURE_LIMIT);
    for (let i = 0; i < 9; i++) limiter.recordFailure('ip:1', i * 1000);
    expect(limiter.isBlocked('ip:1', 9_000)).toBe(false);
    limiter.recordFailure('ip:1', 9_000);
    expect(limiter.isBlocked('ip:1', 9_000)).toBe(true);
  });

  it('forgets a failure exactly 15 minutes after it happened', () => {
    const limiter = createSlidingWindowLimiter({ maxFailures: 10, windowMs: WINDOW });
    for (let i = 0; i < 10; i++) limiter.recordFailure('e', 0);
    expect(limiter.isBlocked('e', WINDOW - 1)).toBe(true);
    expect(limiter.retryAfterMs('e', WINDOW - 1)).toBe(1);
    expect(limiter.isBlocked('e', WINDOW)).toBe(false);
    expect(limiter.retryAfterMs('e', WINDOW)).toBe(0);
  });

  it('slides: the window always covers the last 15 minutes', () => {
    const limiter = createSlidingWindowLimiter({ maxFailures: 3, windowMs: WINDOW });
    limiter.recordFailure('k', 0);
    limiter.recordFailure('k', 10 * 60_000);
    limiter.recordFailure('k', 14 * 60_000);
    expect(limiter.isBlocked('k', 14 * 60_000)).toBe(true);
    // the failure at 0 leaves the window at 15 min; two remain
    expect(limiter.isBlocked('k', WINDOW)).toBe(false);
    limiter.recordFailure('k', WINDOW);
    expect(limiter.isBlocked('k', WINDOW)).toBe(true);
    expect(limiter.retryAfterMs('k', WINDOW)).toBe(10 * 60_000);
  });

  it('counts keys separately and resets a key', () => {
    const limiter = createSlidingWindowLimiter({ maxFailures: 1, windowMs: WINDOW });
    limiter.recordFailure('a', 0);
    expect(limiter.isBlocked('a', 1)).toBe(true);
    expect(limiter.isBlocked('b', 1)).toBe(false);
    limiter.reset('a');
    expect(limiter.isBlocked('a', 1)).toBe(false);
  });
});
