import { describe, it, expect } from 'vitest';
import { adjustedHeatValue, riskLevelFor, matrixRowFor, workRestMinutes } from './heat-stress.ts';

const levels = [
  { id: 3, name: 'High', max: 90 },
  { id: 1, name: 'Low', max: 80 },
  { id: 2, name: 'Moderate', max: 85 },
];
const rows = [
  { workRestIntensityId: 1, max: null, workPercent: 0 },
  { workRestIntensityId: 1, max: 85, workPercent: 75 },
  { workRestIntensityId: 1, max: 80, workPercent: 100 },
];

describe('heat stress (spec 02 §4, §9)', () => {
  it('adds only the chosen modifier adjustments to the observed value', () => {
    const mods = [
      { id: 1, adjustment: 5 },
      { id: 2, adjustment: -2 },
      { id: 3, adjustment: 10 },
    ];
    expect(adjustedHeatValue(82, mods, [1, 2])).toBe(85);
    expect(adjustedHeatValue(82, mods, [])).toBe(82);
  });

  it('picks the first risk level by max at or above the value, else the last', () => {
    expect(riskLevelFor(levels, 80)?.name).toBe('Low');
    expect(riskLevelFor(levels, 80.1)?.name).toBe('Moderate');
    expect(riskLevelFor(levels, 95)?.name).toBe('High');
    expect(riskLevelFor([], 95)).toBeUndefined();
  });

  it('picks the first matrix row by max at or above the value, the unbounded row beyond', () => {
    expect(matrixRowFor(rows, 80)?.workPercent).toBe(100);
    expect(matrixRowFor(rows, 85)?.workPercent).toBe(75);
    expect(matrixRowFor(rows, 85.1)?.workPercent).toBe(0);
    expect(matrixRowFor(rows.slice(1), 99)).toBeUndefined();
  });

  it('reads workPercent of 60 minutes, 100 as continuous and 0 as stop', () => {
    expect(workRestMinutes(75)).toEqual({ workMinutes: 45, restMinutes: 15, meaning: 'cycle' });
    expect(workRestMinutes(100)).toEqual({ workMinutes: 60, restMinutes: 0, meaning: 'continuous' });
    expect(workRestMinutes(0)).toEqual({ workMinutes: 0, restMinutes: 60, meaning: 'stop' });
  });
});
