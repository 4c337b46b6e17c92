// Gap filling of the conditions timeline (spec 01 §5): gaps over 30 minutes get empty points every 15 minutes.
import { describe, expect, it } from 'vitest';
import { fillTimelineGaps } from './timeline-gaps.ts';

const MIN = 60_000;
const times = (points: { time: number }[]) => points.map((p) => p.time / MIN);

describe('fillTimelineGaps', () => {
  it('leaves a gap of exactly 30 minutes alone', () => {
    expect(
      times(
        fillTimelineGaps([
          { time: 0, value: 1 },
          { time: 30 * MIN, value: 2 },
        ]),
      ),
    ).toEqual([0, 30]);
  });

  it('fills a gap just over 30 minutes at +15 and +30 minutes', () => {
    const out = fillTimelineGaps([
      { time: 0, value: 1 },
      { time: 30 * MIN + 1, value: 2 },
    ]);
    expect(times(out)).toEqual([0, 15, 30, 30 + 1 / MIN]);
    expect(out.map((p) => p.value)).toEqual([1, null, null, 2]);
  });

  it('fills a 60-minute gap with points strictly before the next reading', () => {
    expect(
      times(
        fillTimelineGaps([
          { time: 0, value: 1 },
          { time: 60 * MIN, value: 2 },
        ]),
      ),
    ).toEqual([0, 15, 30, 45, 60]);
  });

  it('sorts unsorted input before filling', () => {
    expect(
      times(
        fillTimelineGaps([
          { time: 45 * MIN, value: 2 },
          { time: 0, value: 1 },
        ]),
      ),
    ).toEqual([0, 15, 30, 45]);
  });

  it('returns nothing for nothing and a single point unchanged', () => {
    expect(fillTimelineGaps([])).toEqual([]);
    expect(fillTimelineGaps([{ time: 5 * MIN, value: 3 }])).toEqual([{ time: 5 * MIN, value: 3 }]);
  });

  it('keeps every reading with its value, including empty ones, and does not touch the input', () => {
    const input = [
      { time: 2 * 60 * MIN, value: null },
      { time: 0, value: 1.5 },
    ];
    const out = fillTimelineGaps(input);
    expect(out.filter((p) => p.time === 0 || p.time === 120 * MIN)).toEqual([
      { time: 0, value: 1.5 },
      { time: 120 * MIN, value: null },
    ]);
    expect(input[0]!.time).toBe(120 * MIN);
  });

  it('fills a 12-hour gap at every 15 minutes between the readings', () => {
    const out = fillTimelineGaps([
      { time: 0, value: 1 },
      { time: 12 * 60 * MIN, value: 2 },
    ]);
    expect(out).toHaveLength(12 * 4 + 1);
    expect(out.slice(1, -1).every((p) => p.value === null)).toBe(true);
    expect(times(out).slice(0, 3)).toEqual([0, 15, 30]);
  });

  it('does not fill between readings at the same time', () => {
    expect(
      times(
        fillTimelineGaps([
          { time: 0, value: 1 },
          { time: 0, value: 2 },
          { time: 15 * MIN, value: 3 },
        ]),
      ),
    ).toEqual([0, 0, 15]);
  });
});
