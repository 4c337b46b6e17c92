// Readings of the Heat Stress card and modal, all through the domain rules (spec 02 §4 'Heat stress', §9).
import type { THeatStressMetric, TRiskLevel, TWorkRestProfile } from '@allclear/contracts';
import {
  adjustedHeatValue,
  matrixRowFor,
  riskLevelFor,
  workRestMinutes,
  type WorkRestMeaning,
} from '@allclear/domain';

/** The observation fields the profile's metric reads (spec 02 §3 'Observation'). */
export interface HeatObservation {
  wgbt: { value: number | null };
  ambientTemperature: { value: number | null };
  feelLike: { value: number | null };
}

/** The observed value of the profile's primary metric, °F. */
export function observedHeatValue(
  metric: THeatStressMetric,
  observation: HeatObservation | null | undefined,
): number | null {
  if (!observation) return null;
  if (metric === 'WBGT') return observation.wgbt.value;
  if (metric === 'Temperature') return observation.ambientTemperature.value;
  return observation.feelLike.value;
}

/** Work/rest of one intensity at a value: the matrix row's workPercent and its minutes (spec 02 §4, §9). */
export function workRestAt(profile: TWorkRestProfile, intensityId: number, value: number) {
  const rows = profile.matrices.filter((m) => m.workRestIntensityId === intensityId);
  const row = matrixRowFor(rows, value);
  if (!row) return null;
  return { workPercent: row.workPercent, ...workRestMinutes(row.workPercent) };
}

/** The readout text: custom stop/continuous text, else '{w} min work / {r} min rest' or '{w}% work / {r}% rest'. */
export function workRestText(
  profile: TWorkRestProfile,
  reading: { workPercent: number; workMinutes: number; restMinutes: number; meaning: WorkRestMeaning } | null,
  unit: 'minutes' | 'percent',
): string {
  if (!reading) return 'No work/rest guidance';
  if (reading.meaning === 'continuous') return profile.customContinuousText ?? 'Continuous work';
  if (reading.meaning === 'stop') return profile.customStopText ?? 'Stop work';
  return unit === 'minutes'
    ? `${Math.round(reading.workMinutes)} min work / ${Math.round(reading.restMinutes)} min rest`
    : `${reading.workPercent}% work / ${100 - reading.workPercent}% rest`;
}

/** Everything the card shows for a value and a selection. */
export function heatStressReadings(
  profile: TWorkRestProfile,
  levels: readonly TRiskLevel[],
  observed: number,
  modifierIds: readonly number[],
  intensityId: number,
) {
  const adjusted = adjustedHeatValue(observed, profile.modifiers, modifierIds);
  const level = profile.useRiskProfile ? riskLevelFor(levels, adjusted) : undefined;
  return { adjusted, level, workRest: workRestAt(profile, intensityId, adjusted) };
}

/** 'Understanding Heat Stress' texts per primary metric (spec 02 §2.4). */
export const UNDERSTANDING_HEAT_STRESS: Readonly<Record<THeatStressMetric, string>> = {
  WBGT: 'Wet Bulb Globe Temperature (WBGT) measures heat stress in direct sunlight. It combines air temperature, humidity, wind speed, sun angle and cloud cover, so it reflects how well the body can cool itself by sweating. Work/rest guidance based on WBGT comes from occupational heat-stress standards.',
  Temperature:
    'Air temperature is the reading of a shaded thermometer. It does not account for humidity, sunshine or wind, so the real strain on the body can be higher than the number suggests, especially in direct sun and with heavy clothing.',
  'Heat Index':
    'The Heat Index combines air temperature and relative humidity to estimate how hot it feels in the shade. High humidity slows the evaporation of sweat, so the body heats up faster. In direct sunlight the felt heat can be up to 15 °F higher.',
};
