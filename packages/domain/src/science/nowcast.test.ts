import { describe, expect, it } from 'vitest';
import { nowcast } from './nowcast.ts';

describe('nowcast (EPA PM NowCast)', () => {
  it("reproduces EPA's worked example: 17.4 µg/m³", () => {
    // EPA "Computing the NowCast" example: hours oldest → newest 50 80 75 90 82 53 64 74 21 10 16 13;
    // range 90 − 10 = 80, weight 1 − 80/90 = 0.11 < 0.5 → 0.5, NowCast = 17.4 µg/m³.
    const newestFirst = [13, 16, 10, 21, 74, 64, 53, 82, 90, 75, 80, 50];
    const result = nowcast('PM2.5', newestFirst)!;
    expect(result.concentration).toBe(17.4);
    // 2024 PM2.5 row 9.1–35.4 → 51–100: 49/26.3 × (17.4 − 9.1) + 51 = 66.46 → 66
    expect(result.aqi).toBe(66);
  });

  it('is the plain average when the hours do not change (w = 1)', () => {
    expect(nowcast('PM2.5', Array(12).fill(20))!.concentration).toBe(20);
    expect(nowcast('PM2.5', Array(12).fill(0))).toEqual({ concentration: 0, aqi: 0 });
  });

  it('uses w = min/max when it is above 0.5', () => {
    // 12 hours alternating 30 and 20: w = 20/30.
    const hours = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 30 : 20));
    const w = 2 / 3;
    let num = 0;
    let den = 0;
    hours.forEach((c, i) => {
      num += c * w ** i;
      den += w ** i;
    });
    expect(nowcast('PM2.5', hours)!.concentration).toBe(Math.floor((num / den) * 10) / 10);
  });

  it('needs two of the three most recent hours', () => {
    const rest = [10, 10, 10, 10, 10, 10, 10, 10, 10];
    expect(nowcast('PM2.5', [null, 12, 11, ...rest])).not.toBeNull();
    expect(nowcast('PM2.5', [12, null, 11, ...rest])).not.toBeNull();
    expect(nowcast('PM2.5', [null, null, 11, ...rest])).toBeNull();
    expect(nowcast('PM2.5', [12, null, null, ...rest])).toBeNull();
    expect(nowcast('PM2.5', [12, 11])).not.toBeNull();
    expect(nowcast('PM2.5', [12])).toBeNull();
  });

  it("skips missing older hours without shifting the others' weights", () => {
    // Newest 40, 20, hour 2 missing, hour 3 = 30; w = 20/40 = 0.5:
    // (40 + 20 × 0.5 + 30 × 0.5³)/(1 + 0.5 + 0.5³) = 53.75/1.625 = 33.07 → 33.0
    expect(nowcast('PM2.5', [40, 20, null, 30])!.concentration).toBe(33.0);
  });

  it('truncates PM10 to whole µg/m³ and uses the PM10 table', () => {
    const result = nowcast('PM10', [60.9, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60])!;
    expect(Number.isInteger(result.concentration)).toBe(true);
    expect(result.concentration).toBe(60);
    expect(result.aqi).toBe(53); // 49/99 × (60 − 55) + 51 = 53.47 → 53
  });

  it('ignores hours beyond the twelfth', () => {
    const twelve = Array(12).fill(10);
    expect(nowcast('PM2.5', [...twelve, 500])).toEqual(nowcast('PM2.5', twelve));
  });
});
