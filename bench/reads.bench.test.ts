import { describe, expect, it } from 'vitest';
import { combineRounds, mergedPercentile, QUANTILE_GRID } from './reads.bench.ts';

const load = (perSecond: number, extra: { p99?: number; errors?: number; cpu?: number } = {}) => ({
  perSecond,
  p50: 2,
  p99: extra.p99 ?? 5,
  max: 10,
  requests: perSecond * 3,
  errors: extra.errors ?? 0,
  cpuPerRequestUs: extra.cpu ?? 20,
});

describe('reads bench: a call beside hello world of the same minute', () => {
  it("takes each round's share against the hello world measured just before it", () => {
    // the machine slowed down by half in the second round: hello world and the call alike
    const result = combineRounds([
      { hello: load(50_000), call: load(30_000) },
      { hello: load(25_000), call: load(15_000) },
      { hello: load(48_000), call: load(28_800) },
    ]);
    expect(result.shares).toEqual([0.6, 0.6, 0.6]);
    expect(result.share).toBeCloseTo(0.6);
    // a baseline of 48,000 req/s taken once would have put the slow round at 31 %
    expect(result.call.perSecond).toBe(28_800);
    expect(result.hello.perSecond).toBe(48_000);
  });

  it('reports the median share, the worst p99 and every error', () => {
    const result = combineRounds([
      { hello: load(40_000), call: load(10_000, { p99: 12 }) },
      { hello: load(40_000), call: load(30_000, { p99: 61, errors: 2 }) },
      { hello: load(40_000), call: load(20_000, { p99: 9, cpu: 44 }) },
      { hello: load(40_000), call: load(22_000) },
    ]);
    expect(result.share).toBeCloseTo((0.5 + 0.55) / 2);
    expect(result.call.p99).toBe(61);
    expect(result.call.errors).toBe(2);
    expect(result.call.cpuPerRequestUs).toBe(20);
    expect(result.call.requests).toBe((10_000 + 30_000 + 20_000 + 22_000) * 3);
  });
});

/** A slice of `count` requests at `ms`, but `slow` of them at `slowMs`, with its quantiles as wrk's histogram gives them. */
const slice = (count: number, ms: number, slow = 0, slowMs = 0) => {
  const sorted = [...Array<number>(count - slow).fill(ms), ...Array<number>(slow).fill(slowMs)];
  const quantiles = QUANTILE_GRID.map((p) => sorted[Math.max(0, Math.ceil((p / 100) * count) - 1)]!);
  return { requests: count, quantiles };
};

describe("reads bench: the p99 of all of a call's slices", () => {
  it("is the p99 of their requests together, not the worst slice's", () => {
    // 2 % of the first slice waited (one stall of every connection): that slice's p99 is the stall, but only 0.87 %
    // of the call's 30,000 requests waited
    const stalled = slice(10_000, 2, 200, 80);
    expect(stalled.quantiles[QUANTILE_GRID.indexOf(99)]).toBe(80);
    expect(mergedPercentile([stalled, slice(10_000, 3), slice(10_000, 4, 60, 70)], 99)).toBe(4);
    // with a second slice as slow, 1.33 % waited: the p99 is the stall's
    expect(mergedPercentile([stalled, slice(10_000, 3), slice(10_000, 4, 200, 70)], 99)).toBe(70);
    // one slice alone is its own p99; slices of different sizes weigh by their requests
    expect(mergedPercentile([stalled], 99)).toBe(80);
    expect(mergedPercentile([slice(1_000, 2, 50, 90), slice(20_000, 3)], 99)).toBe(3);
  });

  it("combines the rounds by it, and keeps the worst round's beside it", () => {
    const withQuantiles = (perSecond: number, s: ReturnType<typeof slice>) => ({
      ...load(perSecond, { p99: s.quantiles[QUANTILE_GRID.indexOf(99)] }),
      requests: s.requests,
      quantiles: s.quantiles,
    });
    const result = combineRounds([
      { hello: load(40_000), call: withQuantiles(20_000, slice(10_000, 2, 200, 80)) },
      { hello: load(40_000), call: withQuantiles(20_000, slice(10_000, 3)) },
      { hello: load(40_000), call: withQuantiles(20_000, slice(10_000, 4)) },
    ]);
    expect(result.call.p99).toBe(4);
    expect(result.worstP99).toBe(80);
    // without wrk's quantiles (an older wrk script), the worst round's
    expect(
      combineRounds([
        { hello: load(1), call: load(1, { p99: 7 }) },
        { hello: load(1), call: load(1, { p99: 9 }) },
      ]).call.p99,
    ).toBe(9);
  });
});
