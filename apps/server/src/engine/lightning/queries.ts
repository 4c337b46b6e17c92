// Read side of the lightning engine, for the API and the other engine parts (Threats, dashboard):
// the delay items of spec 01 §3 and a location's lightning threat, computed from the stored zone
// states with the domain's delay rules. Callers check the caller's customer scope first.
import {
  delayItems,
  formatDelay,
  greatCircleMiles,
  initialBearingDeg,
  outermostRadius,
  remainingSeconds,
  zonesInForce,
} from '@allclear/domain';
import type { Database } from '../../db/client.ts';
import { circleBoundingBoxes } from './geometry.ts';
import {
  loadLightningPolicies,
  loadLocations,
  loadZoneStates,
  recentStrikesInBox,
  type ZoneStateRow,
} from './lightning.repository.ts';

/** The delay call's body (spec 01 §3 'Lightning delay'): 'hh:mm:ss' per zone. */
export interface DelayItems {
  item1: string;
  item2: string;
  item3: string;
  item4: string;
}

/** One zone of a location as the dashboard sees it. */
export interface ZoneThreat {
  /** 1..4 */
  zone: number;
  /** Effective radius (after the policy lock), miles; 0 = off. */
  radiusMiles: number;
  inDelay: boolean;
  remainingSeconds: number;
  /** remainingSeconds as 'hh:mm:ss'. */
  delay: string;
  lastStrikeAt: Date | null;
  lastStrikeDistanceMiles: number | null;
  allClearAt: Date | null;
}

/** A strike seen from a location. */
export interface StrikeFromLocation {
  time: Date;
  distanceMiles: number;
  /** Initial bearing from the location to the strike, degrees clockwise from north. */
  bearingDeg: number;
}

/** A location's lightning threat. */
export interface LightningThreat {
  /** True when any zone's countdown is above zero (spec 01 §4 'Lightning in delay'). */
  inDelay: boolean;
  zones: ZoneThreat[];
  /** Effective all-clear minutes (after the policy lock). */
  allClearMinutes: number;
  policyLocked: boolean;
  countCloudToGroundOnly: boolean;
  /** The most recent strike that fell in any of the location's zones. */
  lastStrike?: StrikeFromLocation;
  /** The nearest counted strike within the outermost zone during the last allClearMinutes. */
  nearestStrike?: StrikeFromLocation;
}

const CLEAR: DelayItems = { item1: '00:00:00', item2: '00:00:00', item3: '00:00:00', item4: '00:00:00' };

async function loadOne(db: Database, locationId: number) {
  const [location] = await loadLocations(db, { ids: [locationId] });
  if (!location) return null;
  const policies = (await loadLightningPolicies(db, [location.customerId])).get(location.customerId) ?? [];
  const zones = zonesInForce(location, policies);
  const states = await loadZoneStates(db, [locationId]);
  return { location, zones, states };
}

/** What the threat reads of a zone's state: the engine's row, or its 'lightning-changed' event. */
export type ZoneStateView = Pick<
  ZoneStateRow,
  'zone' | 'lastStrikeAt' | 'lastStrikeDistanceMiles' | 'lastStrikeBearingDeg'
>;

/** A stored strike as the nearest-strike search reads it. */
export interface NearStrike {
  time: Date;
  latitude: number;
  longitude: number;
  type: number;
}

/** Each zone's countdown at `now` under the radii in force; a zone switched off shows none. */
export function zoneThreats(
  radii: readonly number[],
  allClearMinutes: number,
  states: readonly ZoneStateView[],
  now: Date,
): ZoneThreat[] {
  return radii.map((radiusMiles, i) => {
    const state = states.find((s) => s.zone === i + 1);
    const lastStrikeAt = state?.lastStrikeAt ?? null;
    // a zone switched off shows no countdown, whatever its past strikes
    const remaining =
      radiusMiles > 0 ? remainingSeconds(lastStrikeAt?.getTime() ?? null, allClearMinutes, now.getTime()) : 0;
    return {
      zone: i + 1,
      radiusMiles,
      inDelay: remaining > 0,
      remainingSeconds: remaining,
      delay: formatDelay(remaining),
      lastStrikeAt,
      lastStrikeDistanceMiles: state?.lastStrikeDistanceMiles ?? null,
      allClearAt:
        remaining > 0 && lastStrikeAt ? new Date(lastStrikeAt.getTime() + allClearMinutes * 60_000) : null,
    };
  });
}

/** item1..item4 of `GET location/Delay/{id}`: each zone's remaining delay as 'hh:mm:ss', '00:00:00' when clear or unknown (spec 01 §3). */
export async function getDelayItems(db: Database, locationId: number, now: Date): Promise<DelayItems> {
  const loaded = await loadOne(db, locationId);
  if (!loaded) return { ...CLEAR };
  const { zones, states } = loaded;
  const last = [1, 2, 3, 4].map((zone, i) => {
    if (zones.radii[i]! <= 0) return null;
    return states.find((s) => s.zone === zone)?.lastStrikeAt?.getTime() ?? null;
  }) as [number | null, number | null, number | null, number | null];
  return delayItems(last, zones.allClearMinutes, now.getTime());
}

/** The stored strikes since `from` in the boxes around a location's outermost zone (its nearest-strike candidates). */
export async function strikesNear(
  db: Database,
  location: { latitude: number; longitude: number },
  radiusMiles: number,
  from: Date,
): Promise<NearStrike[]> {
  if (radiusMiles <= 0) return [];
  const found: NearStrike[] = [];
  for (const box of circleBoundingBoxes(location.latitude, location.longitude, radiusMiles)) {
    found.push(
      ...(await recentStrikesInBox(db, from, {
        south: box.minLat,
        north: box.maxLat,
        west: box.minLon,
        east: box.maxLon,
      })),
    );
  }
  return found;
}

/**
 * The counted strikes of `candidates` within `radiusMiles` of a location (cloud strikes only where it counts them), with
 * their distance and bearing, nearest first (equal distances in the candidates' order).
 */
export function strikesByDistance(
  location: { latitude: number; longitude: number; countCloudToGroundOnly: boolean },
  radiusMiles: number,
  candidates: readonly NearStrike[],
): StrikeFromLocation[] {
  if (radiusMiles <= 0) return [];
  const near: StrikeFromLocation[] = [];
  for (const row of candidates) {
    if (location.countCloudToGroundOnly && row.type !== 1 && row.type !== 3) continue;
    const distanceMiles = greatCircleMiles(location, row);
    if (distanceMiles > radiusMiles) continue;
    near.push({ time: row.time, distanceMiles, bearingDeg: initialBearingDeg(location, row) });
  }
  return near.sort((a, b) => a.distanceMiles - b.distanceMiles);
}

/** The nearest of strikes sorted by strikesByDistance that fell during the last `allClearMinutes` before `now`. */
export function nearestInWindow(
  byDistance: readonly StrikeFromLocation[],
  allClearMinutes: number,
  now: Date,
): StrikeFromLocation | undefined {
  const to = now.getTime();
  const from = to - allClearMinutes * 60_000;
  return byDistance.find((s) => s.time.getTime() >= from && s.time.getTime() <= to);
}

/** The nearest counted strike within `radiusMiles` during the last `allClearMinutes` before `now`, of `candidates`. */
export function nearestStrike(
  location: { latitude: number; longitude: number; countCloudToGroundOnly: boolean },
  radiusMiles: number,
  allClearMinutes: number,
  candidates: readonly NearStrike[],
  now: Date,
): StrikeFromLocation | undefined {
  return nearestInWindow(strikesByDistance(location, radiusMiles, candidates), allClearMinutes, now);
}

/**
 * A location's lightning threat at `now` from its zones in force, its zone states and its nearest strike (nearestStrike)
 * (pure: the API serves it from what it keeps in memory, getLightningThreat from the database).
 */
export function threatOf(
  location: { latitude: number; longitude: number; countCloudToGroundOnly: boolean },
  zones: { radii: readonly number[]; allClearMinutes: number; lockedByPolicy: boolean },
  states: readonly ZoneStateView[],
  nearest: StrikeFromLocation | undefined,
  now: Date,
): LightningThreat {
  const zoneList = zoneThreats(zones.radii, zones.allClearMinutes, states, now);
  const newest = states
    .filter((s) => s.lastStrikeAt && s.lastStrikeDistanceMiles !== null)
    .sort((x, y) => y.lastStrikeAt!.getTime() - x.lastStrikeAt!.getTime() || x.zone - y.zone)[0];
  const threat: LightningThreat = {
    inDelay: zoneList.some((z) => z.inDelay),
    zones: zoneList,
    allClearMinutes: zones.allClearMinutes,
    policyLocked: zones.lockedByPolicy,
    countCloudToGroundOnly: location.countCloudToGroundOnly,
  };
  if (newest) {
    threat.lastStrike = {
      time: newest.lastStrikeAt!,
      distanceMiles: newest.lastStrikeDistanceMiles!,
      bearingDeg: newest.lastStrikeBearingDeg ?? 0,
    };
  }
  if (nearest) threat.nearestStrike = nearest;
  return threat;
}

/** A location's lightning threat at `now`: per-zone countdowns, the last and the nearest strike; all clear for an unknown location. */
export async function getLightningThreat(
  db: Database,
  locationId: number,
  now: Date,
): Promise<LightningThreat> {
  const loaded = await loadOne(db, locationId);
  if (!loaded) {
    return {
      inDelay: false,
      zones: [],
      allClearMinutes: 0,
      policyLocked: false,
      countCloudToGroundOnly: false,
    };
  }
  const { location, zones, states } = loaded;
  const radius = outermostRadius(zones.radii);
  const from = new Date(now.getTime() - zones.allClearMinutes * 60_000);
  const candidates = await strikesNear(db, location, radius, from);
  const nearest = nearestStrike(location, radius, zones.allClearMinutes, candidates, now);
  return threatOf(location, zones, states, nearest, now);
}

/** Which of the given locations are in a lightning delay at `now` (spec 01 §4 'Lightning in delay'), ascending ids. */
export async function locationsInDelay(
  db: Database,
  locationIds: readonly number[],
  now: Date,
): Promise<number[]> {
  if (locationIds.length === 0) return [];
  const rows = await loadLocations(db, { ids: locationIds });
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const policies = await loadLightningPolicies(db, customerIds);
  const states = await loadZoneStates(db, locationIds);
  const out: number[] = [];
  for (const location of rows) {
    const zones = zonesInForce(location, policies.get(location.customerId) ?? []);
    const own = states.filter((s) => s.locationId === location.id);
    if (zoneThreats(zones.radii, zones.allClearMinutes, own, now).some((z) => z.inDelay))
      out.push(location.id);
  }
  return out.sort((a, b) => a - b);
}

/** How many of the given locations are in a lightning delay at `now` (spec 01 §4 'Lightning in delay'). */
export async function countLocationsInDelay(
  db: Database,
  locationIds: readonly number[],
  now: Date,
): Promise<number> {
  return (await locationsInDelay(db, locationIds, now)).length;
}
