// Organisation lightning policies LR1..LR4 lock a location's zones and all-clear timer (spec 01 §4 'Policy lock').

/** An organisation lightning policy as the lock reads it: threshold in miles, allClearMinutes in minutes. */
export interface LightningPolicy {
  policyTypeShortName: string;
  threshold: number;
  allClearMinutes: number;
}

/** A location's saved zone radii (miles) and all-clear minutes. */
export interface LockableLocation {
  radius1: number;
  radius2: number;
  radius3: number;
  radius4?: number | null;
  allClearMinutes: number;
}

export type LockableField = 'radius1' | 'radius2' | 'radius3' | 'radius4' | 'allClearMinutes';

/** The values the form shows under the lock, which fields are locked, and whether saved values are overwritten. */
export interface PolicyLock {
  radius1: number;
  radius2: number;
  radius3: number;
  radius4: number;
  allClearMinutes: number;
  locked: Record<LockableField, boolean>;
  /** True when some lock is in force (the form shows POLICY_LOCK_NOTICE). */
  anyLocked: boolean;
  /** True when a locked value differs from the saved one: the user is warned the saved values are overwritten and must be saved. */
  overwritesSaved: boolean;
}

/** Notice shown when lightning policies lock zones or the timer (spec 01 §2 'Add Location / Edit Location modal'). */
export const POLICY_LOCK_NOTICE = "Some settings are locked by your organization's policies";

const LIGHTNING_TYPES = ['LR1', 'LR2', 'LR3', 'LR4'] as const;

/** The lock of LR1..LR4 policies on a location: zone N takes the first LRN policy's threshold (miles); the timer takes the lowest-numbered LR policy's allClearMinutes (spec 01 §4 'Policy lock'). */
export function applyPolicyLock(
  policies: readonly LightningPolicy[],
  location: LockableLocation,
): PolicyLock {
  const saved = [location.radius1, location.radius2, location.radius3, location.radius4 ?? 0];
  const byZone = LIGHTNING_TYPES.map((type) => policies.find((p) => p.policyTypeShortName === type));
  const radii = saved.map((r, i) => byZone[i]?.threshold ?? r);
  const timerPolicy = byZone.find((p) => p !== undefined);
  const allClearMinutes = timerPolicy?.allClearMinutes ?? location.allClearMinutes;
  const locked: Record<LockableField, boolean> = {
    radius1: byZone[0] !== undefined,
    radius2: byZone[1] !== undefined,
    radius3: byZone[2] !== undefined,
    radius4: byZone[3] !== undefined,
    allClearMinutes: timerPolicy !== undefined,
  };
  const overwritesSaved =
    radii.some((r, i) => r !== saved[i]) || allClearMinutes !== location.allClearMinutes;
  return {
    radius1: radii[0]!,
    radius2: radii[1]!,
    radius3: radii[2]!,
    radius4: radii[3]!,
    allClearMinutes,
    locked,
    anyLocked: timerPolicy !== undefined,
    overwritesSaved,
  };
}
