// The zones the engine watches for a location: its saved radii and all-clear minutes, overridden by
// the organisation's LR1..LR4 policies (spec 01 §4 'Policy lock', via the domain's applyPolicyLock).
import { applyPolicyLock, type LightningPolicy } from '@allclear/domain';

/** Radii r1..r4 in miles (0 = off) and the all-clear minutes in force for one location. */
export interface EffectiveZones {
  radii: [number, number, number, number];
  allClearMinutes: number;
  /** True when LR policies lock some value. */
  policyLocked: boolean;
}

/** The saved settings of a location as the engine reads them. */
export interface LocationZoneSettings {
  radius1: number;
  radius2: number;
  radius3: number;
  radius4: number | null;
  allClearMinutes: number;
}

/** Effective radii (miles) and all-clear minutes of a location under its customer's LR1..LR4 policies (spec 01 §4 'Policy lock'). */
export function effectiveZones(
  location: LocationZoneSettings,
  lightningPolicies: readonly LightningPolicy[],
): EffectiveZones {
  const lock = applyPolicyLock(lightningPolicies, location);
  const radii: [number, number, number, number] = [
    lock.radius1,
    lock.radius2,
    lock.radius3,
    lock.radius4,
  ].map((r) => (Number.isFinite(r) && r > 0 ? r : 0)) as [number, number, number, number];
  return { radii, allClearMinutes: lock.allClearMinutes, policyLocked: lock.anyLocked };
}

/** The outermost enabled radius, miles (0 when every zone is off). */
export function outermostRadius(radii: readonly number[]): number {
  return radii.reduce((max, r) => (r > max ? r : max), 0);
}
