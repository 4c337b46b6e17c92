// Lightning alert zones of a location: bounds, spacing, slider moves, enablement, validation (spec 01 §4, §5).
import { CustomerFeature } from '../enums.ts';

/** Radii r1..r4 in miles; 0 means the zone is off. */
export type ZoneRadii = readonly [number, number, number, number];

/** Largest zone radius, miles (spec 01 §5 'Location zones', §9). */
export const MAX_ZONE_RADIUS_MILES = 50;
/** Each enabled zone stays at least this far above the previous one, miles (spec 01 §5). */
export const ZONE_SPACING_MILES = 1;
/** Soft slider bounds per zone, miles (spec 01 §5 'Location zones'). */
export const ZONE_SOFT_BOUNDS: readonly { min: number; max: number }[] = [
  { min: 2, max: 47 },
  { min: 4, max: 48 },
  { min: 6, max: 49 },
  { min: 8, max: 50 },
];
/** Zone ring colours in zone order (spec 01 §9). */
export const ZONE_COLOURS = ['red', 'amber', 'green', 'blue'] as const;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function boundsOf(index: number): { min: number; max: number } {
  const bounds = ZONE_SOFT_BOUNDS[index];
  if (!bounds) throw new RangeError(`zone index ${index} is outside 0..3`);
  return bounds;
}

/** Slider move of zone `index` (0-based) to `value` miles, clamped to its soft bounds (as are the other enabled zones); enabled neighbours are pushed to keep 1-mile spacing; a disabled zone is left as is (spec 01 §5). */
export function moveZone(zones: ZoneRadii, index: number, value: number): ZoneRadii {
  const { min, max } = boundsOf(index);
  if (zones[index] === 0 && index > 0) return zones;
  // Saved data may break the bounds; bring enabled zones inside them first so pushing cannot pass 50.
  const next = zones.map((r, j) => (r === 0 ? 0 : clamp(r, boundsOf(j).min, boundsOf(j).max))) as [
    number,
    number,
    number,
    number,
  ];
  next[index] = clamp(value, min, max);
  for (let j = index + 1; j < 4; j++) {
    if (next[j] === 0) break;
    next[j] = Math.max(next[j]!, next[j - 1]! + ZONE_SPACING_MILES);
  }
  for (let j = index - 1; j >= 0; j--) next[j] = Math.min(next[j]!, next[j + 1]! - ZONE_SPACING_MILES);
  return next;
}

/** True when every enabled zone (a prefix of r1..r4) is at least 1 mile above the previous one (spec 01 §5). */
export function hasZoneSpacing(zones: ZoneRadii): boolean {
  for (let j = 1; j < 4; j++) {
    if (zones[j] === 0) return true;
    if (zones[j]! < zones[j - 1]! + ZONE_SPACING_MILES) return false;
  }
  return true;
}

/** Enable zone `index` (1..3): it takes the prior zone + 1 mile (at least its soft minimum); zone 1 is always on; a zone after a disabled one stays off (spec 01 §4 'Zone enablement'). */
export function enableZone(zones: ZoneRadii, index: number): ZoneRadii {
  const { min } = boundsOf(index);
  if (index === 0 || zones[index] !== 0) return zones;
  const prior = zones[index - 1]!;
  if (prior === 0) return zones;
  const next = [...zones] as [number, number, number, number];
  next[index] = Math.max(prior + ZONE_SPACING_MILES, min);
  return next;
}

/** Disable zone `index` (1..3): it and every higher zone become 0; zone 1 cannot be disabled (spec 01 §4 'Zone enablement'). */
export function disableZone(zones: ZoneRadii, index: number): ZoneRadii {
  boundsOf(index);
  if (index === 0) return zones;
  return zones.map((r, j) => (j >= index ? 0 : r)) as unknown as ZoneRadii;
}

/** Zone 4 is shown with the FOURTH_LIGHTNING_ZONE_SUPPORT entitlement or an existing radius4 above 0 miles (spec 01 §5). */
export function isFourthZoneVisible(
  customerFeatures: readonly number[],
  radius4: number | null | undefined,
): boolean {
  return customerFeatures.includes(CustomerFeature.FOURTH_LIGHTNING_ZONE_SUPPORT) || (radius4 ?? 0) > 0;
}

/** The radius fields of a location as the server receives them, miles. */
export interface LocationRadii {
  radius1: number;
  radius2: number;
  radius3: number;
  radius4?: number | null;
}

export type ZoneFieldName = 'Radius1' | 'Radius2' | 'Radius3' | 'Radius4';

/** The text when zone `zone` (1..4) is outside its bounds of spec 01 §5; zone 1 is always on (spec 01 §4). */
export function zoneBoundsMessage(zone: number): string {
  const { min, max } = boundsOf(zone - 1);
  return zone === 1
    ? `Zone 1 is always on: its radius must be between ${min} and ${max} miles.`
    : `Zone ${zone} radius must be 0 (off) or between ${min} and ${max} miles.`;
}

/**
 * The zone rule of every location write (spec 01 §4 'Zone enablement', §5 'Location zones'): zone 1
 * is always on, within 2..47 miles; zones 2..4 are 0 (off) or within their bounds (4..48, 6..49,
 * 8..50), a zone after a disabled one is 0, and each enabled zone is at least 1 mile above the
 * previous. Errors keyed by the server's field names; texts ours (the spec gives none).
 */
export function validateZones(radii: LocationRadii): Partial<Record<ZoneFieldName, string>> {
  const values = [radii.radius1, radii.radius2, radii.radius3, radii.radius4 ?? 0];
  const errors: Partial<Record<ZoneFieldName, string>> = {};
  values.forEach((r, i) => {
    const field = `Radius${i + 1}` as ZoneFieldName;
    if (i > 0 && r === 0) return;
    const prev = i > 0 ? values[i - 1]! : undefined;
    const { min, max } = boundsOf(i);
    if (prev === 0) errors[field] = `Zone ${i + 1} must be 0 while zone ${i} is disabled.`;
    else if (!Number.isFinite(r) || r < min || r > max) errors[field] = zoneBoundsMessage(i + 1);
    else if (prev !== undefined && r < prev + ZONE_SPACING_MILES)
      errors[field] = `Zone ${i + 1} must be at least ${ZONE_SPACING_MILES} mile above zone ${i}.`;
  });
  return errors;
}
