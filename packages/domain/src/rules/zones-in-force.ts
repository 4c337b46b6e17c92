// The zones in force for a location: its saved radii and all-clear minutes under its organisation's
// LR1..LR4 policies (spec 01 §4 'Policy lock'). The one answer the engine watches, the API serves with
// each location and every screen draws and prints (ARCHITECTURE.md 'Zones in force').
import { applyPolicyLock, type LightningPolicy, type LockableLocation } from './policy-lock.ts';

/** Radii r1..r4 in miles (0 = off) and the all-clear minutes in force for one location. */
export interface ZonesInForce {
  radii: [number, number, number, number];
  allClearMinutes: number;
  /** True when LR policies lock some value of this location. */
  lockedByPolicy: boolean;
  /** True when a value in force differs from the saved one (the location shows ZONES_POLICY_DIFFERS_NOTICE). */
  differsFromSaved: boolean;
}

/** Shown wherever a location's zones are shown while its saved values differ from the policy (issue 20). */
export const ZONES_POLICY_DIFFERS_NOTICE = "Your organisation's policy sets these zones; save to update";

/** A radius as a zone: a finite positive number of miles, otherwise 0 (off). */
function asRadius(r: number | null | undefined): number {
  return typeof r === 'number' && Number.isFinite(r) && r > 0 ? r : 0;
}

/** The radii (miles) and all-clear minutes in force for a location under its customer's LR1..LR4 policies (spec 01 §4 'Policy lock'). */
export function zonesInForce(
  location: LockableLocation,
  lightningPolicies: readonly LightningPolicy[],
): ZonesInForce {
  const lock = applyPolicyLock(lightningPolicies, location);
  const radii: [number, number, number, number] = [
    asRadius(lock.radius1),
    asRadius(lock.radius2),
    asRadius(lock.radius3),
    asRadius(lock.radius4),
  ];
  const saved = [location.radius1, location.radius2, location.radius3, location.radius4].map(asRadius);
  const differsFromSaved =
    lock.anyLocked &&
    (radii.some((r, i) => r !== saved[i]) || lock.allClearMinutes !== location.allClearMinutes);
  return { radii, allClearMinutes: lock.allClearMinutes, lockedByPolicy: lock.anyLocked, differsFromSaved };
}

/** The outermost enabled radius, miles (0 when every zone is off). */
export function outermostRadius(radii: readonly number[]): number {
  return radii.reduce((max, r) => (r > max ? r : max), 0);
}

/** The enabled zones in force, innermost first, each with its zone number (1..4). */
export function enabledZones(radii: readonly number[]): { zone: number; radius: number }[] {
  return radii.map((radius, i) => ({ zone: i + 1, radius })).filter((z) => z.radius > 0);
}
