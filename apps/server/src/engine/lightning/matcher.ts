// Strike matching: the spatial index (spatial-index.ts forEachMatch) proposes candidates by bounding box and
// applies the exact test, the great-circle distance against each effective zone radius (the domain's
// greatCircleMiles and zoneMaskContainingStrike rule: d ≤ r, r > 0), after the location's cloud-to-ground-only
// filter.
import {
  outermostRadius,
  StrikeType,
  timeZoneAt,
  zonesInForce,
  type LightningPolicy,
} from '@allclear/domain';
import type { LocationRow, SirenRow } from './lightning.repository.ts';
import type { CircleIndex, IndexedCircle } from './spatial-index.ts';

/** A location as the matcher holds it; radius (the index circle) is the outermost effective zone. */
export interface LocationEntry extends IndexedCircle {
  customerId: number;
  label: string;
  /** Effective radii r1..r4 (after the policy lock), miles; 0 = off. */
  radii: [number, number, number, number];
  allClearMinutes: number;
  countCloudToGroundOnly: boolean;
  /** The IANA zone its alerts' texts are read in (entries are replaced when a location moves). */
  timeZone: string;
}

/** A siren (OWS) as the matcher holds it: one zone of its own radius. */
export interface SirenEntry extends IndexedCircle {
  customerId: number;
  name: string;
  enabled: boolean;
  timeZoneId: string;
  allClearMinutes: number;
  duration: number;
  frequency: number;
  allClearDuration: number;
  allClearFrequency: number;
}

/** A stored location as the matcher holds it: the zones in force after its customer's LR1..LR4 policies (spec 01 §4 'Policy lock'). */
export function toLocationEntry(row: LocationRow, policies: readonly LightningPolicy[]): LocationEntry {
  const zones = zonesInForce(row, policies);
  return {
    key: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    radiusMiles: outermostRadius(zones.radii),
    customerId: row.customerId,
    label: row.label,
    radii: zones.radii,
    allClearMinutes: zones.allClearMinutes,
    countCloudToGroundOnly: row.countCloudToGroundOnly,
    timeZone: timeZoneAt(row.latitude, row.longitude),
  };
}

/** A stored siren as the matcher holds it; a radius of 0 or less matches no strike. */
export function toSirenEntry(row: SirenRow): SirenEntry {
  return {
    key: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    radiusMiles: row.radius > 0 ? row.radius : 0,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    timeZoneId: row.timeZoneId,
    allClearMinutes: row.allClearMinutes,
    duration: row.duration,
    frequency: row.frequency,
    allClearDuration: row.allClearDuration,
    allClearFrequency: row.allClearFrequency,
  };
}

/** What the matcher needs of a strike. */
export interface StrikePoint {
  latitude: number;
  longitude: number;
  type: number;
}

export interface LocationMatch {
  entry: LocationEntry;
  distanceMiles: number;
  /** 0-based zone indexes containing the strike (nested: the innermost and every enabled outer zone); shared, read-only. */
  zones: readonly number[];
}

/** The 0-based zone lists of every 4-bit set of zones, shared by every hit (a storm's backlog has millions of hits). */
const ZONE_LISTS: readonly (readonly number[])[] = Array.from({ length: 16 }, (_, mask) =>
  Object.freeze([0, 1, 2, 3].filter((i) => mask & (1 << i))),
);

export interface SirenMatch {
  entry: SirenEntry;
  distanceMiles: number;
}

/** Ground strikes (types 1 Ground General and 3 Cloud to Ground) are the ones a cloud-to-ground-only location counts (spec 01 §3 'Strike types'). */
export function isGroundStrike(type: number): boolean {
  return type === StrikeType.GroundGeneral || type === StrikeType.CloudToGround;
}

/** Every location zone containing the strike (great-circle miles, d ≤ r). */
export function matchLocations(index: CircleIndex<LocationEntry>, strike: StrikePoint): LocationMatch[] {
  const out: LocationMatch[] = [];
  forEachLocationMatch(index, strike, (entry, distanceMiles, zones) =>
    out.push({ entry, distanceMiles, zones }),
  );
  return out;
}

/** As matchLocations, handing each match to `visit` without making an object of it (the engine's hot path). */
export function forEachLocationMatch(
  index: CircleIndex<LocationEntry>,
  strike: StrikePoint,
  visit: (entry: LocationEntry, distanceMiles: number, zones: readonly number[]) => void,
): void {
  index.forEachMatch(
    strike.latitude,
    strike.longitude,
    isGroundStrike(strike.type),
    (entry, distanceMiles, mask) => visit(entry, distanceMiles, ZONE_LISTS[mask]!),
  );
}

/** Every siren whose radius contains the strike (great-circle miles, d ≤ r); sirens count all lightning. */
export function matchSirens(index: CircleIndex<SirenEntry>, strike: StrikePoint): SirenMatch[] {
  const out: SirenMatch[] = [];
  index.forEachMatch(strike.latitude, strike.longitude, true, (entry, distanceMiles) =>
    out.push({ entry, distanceMiles }),
  );
  return out;
}
