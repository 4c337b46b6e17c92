// Heat stress: adjusted value, risk level, work/rest matrix row and minutes (spec 02 §4 'Heat stress', §9).

/** A clothing/PPE modifier; adjustment in °F (spec 02 §3 'Work/rest profile'). */
export interface HeatStressModifier {
  id: number;
  name?: string;
  adjustment: number;
}

/** A risk level; max in the profile's metric unit (spec 02 §3 'Risk profile'). */
export interface RiskLevel {
  id: number;
  name: string;
  max: number;
}

/** A work/rest matrix row for one intensity; max null means unbounded; workPercent of 60 minutes (spec 02 §3). */
export interface WorkRestMatrixRow {
  workRestIntensityId: number;
  max: number | null;
  workPercent: number;
}

/** Minutes of an hour worked (spec 02 §9 'workPercent is of 60 minutes'). */
export const WORK_REST_CYCLE_MINUTES = 60;

/** Adjusted value (°F) = observed + the sum of the chosen modifiers' adjustments (spec 02 §4). */
export function adjustedHeatValue(
  observed: number,
  modifiers: readonly HeatStressModifier[],
  chosenIds: readonly number[],
): number {
  return modifiers.filter((m) => chosenIds.includes(m.id)).reduce((sum, m) => sum + m.adjustment, observed);
}

/** The first risk level by max whose max is at or above the value, else the last; undefined for none (spec 02 §4). */
export function riskLevelFor<T extends RiskLevel>(levels: readonly T[], value: number): T | undefined {
  const sorted = [...levels].sort((a, b) => a.max - b.max);
  return sorted.find((l) => l.max >= value) ?? sorted[sorted.length - 1];
}

/** The first matrix row by max (null last) with max null or at or above the value; undefined for none (spec 02 §4). */
export function matrixRowFor<T extends WorkRestMatrixRow>(rows: readonly T[], value: number): T | undefined {
  const sorted = [...rows].sort((a, b) => (a.max ?? Infinity) - (b.max ?? Infinity));
  return sorted.find((r) => r.max === null || r.max >= value);
}

/** What a work percent means: 100 continuous (no limits), 0 stop (critical only), else a work/rest cycle (spec 02 §9). */
export type WorkRestMeaning = 'continuous' | 'stop' | 'cycle';

/** Work and rest minutes per hour from workPercent, with its meaning (spec 02 §9). */
export function workRestMinutes(workPercent: number): {
  workMinutes: number;
  restMinutes: number;
  meaning: WorkRestMeaning;
} {
  const percent = Math.min(100, Math.max(0, workPercent));
  const workMinutes = (WORK_REST_CYCLE_MINUTES * percent) / 100;
  const meaning: WorkRestMeaning = percent >= 100 ? 'continuous' : percent <= 0 ? 'stop' : 'cycle';
  return { workMinutes, restMinutes: WORK_REST_CYCLE_MINUTES - workMinutes, meaning };
}
