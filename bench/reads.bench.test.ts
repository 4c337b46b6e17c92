import { describe, expect, it } from 'vitest';
import { combineRounds } from './reads.bench.ts';

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
