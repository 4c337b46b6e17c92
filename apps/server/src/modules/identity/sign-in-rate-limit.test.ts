import { describe, expect, it } from 'vitest';
import {
  accountKey,
  addressKey,
  backoffMs,
  createSlidingWindowLimiter,
  MAX_LOCKOUT_MS,
  SIGN_IN_FAILURE_LIMIT,
} from './sign-in-rate-limit.ts';

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
    // reaching the limit again within a day is the second lockout: the back-off's 30 minutes, more than the window's 10
    limiter.recordFailure('k', WINDOW);
    expect(limiter.isBlocked('k', WINDOW)).toBe(true);
    expect(limiter.retryAfterMs('k', WINDOW)).toBe(2 * WINDOW);
  });

  it('backs off: each lockout within a day lasts twice the one before, at most a day', () => {
    expect(backoffMs(0, WINDOW)).toBe(0);
    expect(backoffMs(1, WINDOW)).toBe(30 * 60_000);
    expect(backoffMs(2, WINDOW)).toBe(60 * 60_000);
    expect(backoffMs(10, WINDOW)).toBe(MAX_LOCKOUT_MS);
    const limiter = createSlidingWindowLimiter({ maxFailures: 2, windowMs: WINDOW });
    let now = 0;
    const lockOut = () => {
      limiter.recordFailure('k', now);
      limiter.recordFailure('k', now);
      const wait = limiter.retryAfterMs('k', now);
      now += wait;
      expect(limiter.isBlocked('k', now)).toBe(false);
      return wait;
    };
    expect([lockOut(), lockOut(), lockOut()]).toEqual([WINDOW, 2 * WINDOW, 4 * WINDOW]);
  });

  it('forgets the back-off a day after the last lockout', () => {
    const limiter = createSlidingWindowLimiter({ maxFailures: 1, windowMs: WINDOW });
    limiter.recordFailure('k', 0);
    const dayLater = 24 * 3600_000;
    expect(limiter.isBlocked('k', dayLater)).toBe(false);
    limiter.recordFailure('k', dayLater);
    expect(limiter.retryAfterMs('k', dayLater)).toBe(WINDOW);
  });

  it('keeps the back-off of a key whose failures a successful sign-in reset', () => {
    const limiter = createSlidingWindowLimiter({ maxFailures: 1, windowMs: WINDOW });
    limiter.recordFailure('k', 0);
    limiter.reset('k');
    expect(limiter.isBlocked('k', 1)).toBe(false);
    limiter.recordFailure('k', 2);
    expect(limiter.retryAfterMs('k', 2)).toBe(2 * WINDOW);
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

describe('keys of the sign-in limiter', () => {
  it('counts an IPv4 address as it is, also when IPv6-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('ip6:2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('ip6:2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('ip6:0:0:0:0::/64');
  });

  it('counts an account by what was typed, case and spaces aside', () => {
    expect(accountKey(' Admin@Demo.AllClear.test ')).toBe('email:admin@demo.allclear.test');
  });
});
