import { describe, expect, it } from 'vitest';
import { ON_DISK_MAX_WAL_MB } from '../apps/server/src/db/client.ts';
import { judge, slope } from './soak.bench.ts';

/** Samples every 10 s for `minutes`, RSS and data folder given by functions of the second. */
const run = (
  minutes: number,
  rss: (t: number) => number,
  data: (t: number) => number = () => 100,
  wal: (t: number) => number = () => 20,
) =>
  Array.from({ length: (minutes * 60) / 10 }, (_, i) => {
    const t = (i + 1) * 10;
    return {
      t,
      rssMb: rss(t),
      heapUsedMb: 0,
      externalMb: 0,
      arrayBuffersMb: 0,
      dataMb: data(t) + wal(t),
      walMb: wal(t),
    };
  });

describe('soak bench: the targets from the samples', () => {
  it('fits the least-squares slope', () => {
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeCloseTo(2);
    expect(slope([{ x: 0, y: 1 }])).toBe(0);
  });

  it('holds RSS to 400 MB only after the warm-up', () => {
    const peakAtStart = judge(
      run(60, (t) => (t < 180 ? 1000 : 350)),
      60,
      10,
      180,
    );
    expect(peakAtStart.rssOk).toBe(true);
    expect(peakAtStart.maxRssAfterWarmUpMb).toBe(350);
    const overAfter = judge(
      run(60, (t) => (t === 3000 ? 401 : 350)),
      60,
      10,
      180,
    );
    expect(overAfter.rssOk).toBe(false);
  });

  it('measures the slope over the last half, per simulated hour', () => {
    // 0.5 MB per simulated hour at 10×: 5 MB per wall hour, rising only in the last half
    const slow = judge(
      run(60, (t) => 350 + Math.max(0, t - 1800) * (5 / 3600)),
      60,
      10,
      180,
    );
    expect(slow.rssSlope).toBeCloseTo(0.5, 1);
    expect(slow.slopeOk).toBe(true);
    // 1.2 MB per simulated hour fails, and so does the same slope over a 10-minute run
    const rising = (t: number) => 350 + t * (12 / 3600);
    expect(judge(run(60, rising), 60, 10, 180).slopeOk).toBe(false);
    expect(judge(run(10, rising), 10, 10, 180).slopeOk).toBe(false);
    // a rise during the first half only (the warm-up's) does not count against flatness
    expect(
      judge(
        run(60, (t) => Math.min(350, 200 + t / 10)),
        60,
        10,
        180,
      ).slopeOk,
    ).toBe(true);
  });

  it("projects the data folder's growth to the retention horizon against the budget", () => {
    // tables growing 10 MB per simulated day: about 104 MB after ten simulated hours, + 35 × 10, + the log's bound
    const ok = judge(
      run(
        60,
        () => 300,
        (t) => 100 + (t / 3600) * 10 * (10 / 24),
      ),
      60,
      10,
      180,
    );
    expect(ok.dataPerSimDayMb).toBeCloseTo(10, 1);
    expect(ok.dataProjectedMb).toBeCloseTo(100 + 10 * (10 / 24) + 350 + ON_DISK_MAX_WAL_MB, 0);
    expect(ok.dataOk).toBe(true);
    // a write-ahead log filling up to its bound is not growth: it is recycled at each checkpoint
    const logFilling = judge(
      run(
        60,
        () => 300,
        () => 100,
        (t) => (t / 3600) * ON_DISK_MAX_WAL_MB,
      ),
      60,
      10,
      180,
    );
    expect(logFilling.dataPerSimDayMb).toBeCloseTo(0, 5);
    expect(logFilling.dataProjectedMb).toBeCloseTo(100 + ON_DISK_MAX_WAL_MB, 0);
    // 100 MB per simulated day: 3.5 GB at 35 days, over 2 GB
    expect(
      judge(
        run(
          60,
          () => 300,
          (t) => 100 + (t / 3600) * 100 * (10 / 24),
        ),
        60,
        10,
        180,
      ).dataOk,
    ).toBe(false);
  });
});
