// Display formats of numbers: K/M/B counts, temperatures and missing values (spec 01 §8, §9; spec 02 §9).

/** Shown for a missing value (spec 01 §8). */
export const MISSING_VALUE = '--';

function isMissing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value);
}

/** A count abbreviated with K, M or B and one decimal truncated, '.0' dropped: 999, 1.5K, 2M, 1B (spec 01 §9 'counts abbreviated K/M/B'). */
export function abbreviateCount(count: number): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  const sign = count < 0 ? '-' : '';
  const abs = Math.abs(count);
  for (const [size, suffix] of units) {
    // Truncated, not rounded, so 999,999 reads 999.9K and never 1000K.
    if (abs >= size) return `${sign}${String(Math.floor((abs / size) * 10) / 10)}${suffix}`;
  }
  return `${sign}${String(Math.floor(abs))}`;
}

/** A temperature with one decimal, dropped when whole ('72', '72.5'); '--' when missing (spec 02 §9). */
export function formatTemperature(value: number | null | undefined): string {
  if (isMissing(value)) return MISSING_VALUE;
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** A value with a fixed number of decimals, or '--' when missing (spec 01 §8, §9). */
export function formatValue(value: number | null | undefined, decimals: number): string {
  return isMissing(value) ? MISSING_VALUE : value.toFixed(decimals);
}
