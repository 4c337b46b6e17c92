// Lightning strike age colours and legend buckets (spec 01 §9 'Map').

export type StrikeAgeColour = 'red' | 'yellow' | 'green';

/** Strike age bands in seconds, lower bound inclusive, upper exclusive (spec 01 §9). */
export const STRIKE_AGE_BANDS: readonly {
  fromSeconds: number;
  toSeconds: number;
  colour: StrikeAgeColour;
}[] = [
  { fromSeconds: 0, toSeconds: 300, colour: 'red' },
  { fromSeconds: 300, toSeconds: 900, colour: 'yellow' },
  { fromSeconds: 900, toSeconds: 1800, colour: 'green' },
];

/** Legend buckets of the lightning layer (spec 01 §9 'Legend time buckets'). */
export const LIGHTNING_LEGEND_BUCKETS: readonly {
  label: string;
  fromMinutes: number;
  toMinutes: number;
  colour: StrikeAgeColour;
}[] = [
  { label: '0-5 min', fromMinutes: 0, toMinutes: 5, colour: 'red' },
  { label: '5-15 min', fromMinutes: 5, toMinutes: 15, colour: 'yellow' },
  { label: '15-30 min', fromMinutes: 15, toMinutes: 30, colour: 'green' },
];

/** Colour of a strike by age in seconds: under 300 red, 300 to under 900 yellow, 900 to under 1800 green, else null (spec 01 §9). */
export function strikeAgeColour(ageSeconds: number): StrikeAgeColour | null {
  // A strike stamped slightly in the future (clock skew) counts as brand new.
  const age = Math.max(0, ageSeconds);
  return STRIKE_AGE_BANDS.find((b) => age >= b.fromSeconds && age < b.toSeconds)?.colour ?? null;
}

/** The legend bucket label of an age in minutes (0-5, 5-15, 15-30; upper exclusive); null at 30 or more (spec 01 §9). */
export function lightningLegendBucket(ageMinutes: number): string | null {
  const m = Math.max(0, ageMinutes);
  return LIGHTNING_LEGEND_BUCKETS.find((b) => m >= b.fromMinutes && m < b.toMinutes)?.label ?? null;
}
