// Compass text for wind directions (spec 01 §9, spec 03 §9).

/** The 16 compass points clockwise from north, 22.5° apart (spec 01 §9). */
export const COMPASS_16 = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
/** The 8 compass points clockwise from north, 45° apart (spec 03 §9). */
export const COMPASS_8 = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

export type Compass16 = (typeof COMPASS_16)[number];
export type Compass8 = (typeof COMPASS_8)[number];

function sector(degrees: number, count: number): number {
  const normalised = ((degrees % 360) + 360) % 360;
  return Math.round(normalised / (360 / count)) % count;
}

/** 16-point compass text for a direction in degrees, each point covering ±11.25° (spec 01 §9). */
export function compass16(degrees: number): Compass16 {
  return COMPASS_16[sector(degrees, 16)]!;
}

/** 8-point compass text for a direction in degrees, each point covering ±22.5° (spec 03 §9). */
export function compass8(degrees: number): Compass8 {
  return COMPASS_8[sector(degrees, 8)]!;
}

/** Degrees of a 16-point compass text in 22.5° steps (case-insensitive); null if unknown (spec 01 §9). */
export function compassToDegrees(text: string | null | undefined): number | null {
  if (!text) return null;
  const index = (COMPASS_16 as readonly string[]).indexOf(text.trim().toUpperCase());
  return index < 0 ? null : index * 22.5;
}
