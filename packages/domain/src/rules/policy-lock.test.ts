import { describe, it, expect } from 'vitest';
import { applyPolicyLock, POLICY_LOCK_NOTICE } from './policy-lock.ts';

const location = { radius1: 10, radius2: 20, radius3: 30, radius4: 0, allClearMinutes: 30 };

describe('policy lock (spec 01 §4)', () => {
  it('leaves every field unlocked and unchanged without lightning policies', () => {
    const lock = applyPolicyLock(
      [{ policyTypeShortName: 'HEAT', threshold: 90, allClearMinutes: 60 }],
      location,
    );
    expect(lock).toMatchObject({ ...location, anyLocked: false, overwritesSaved: false });
    expect(Object.values(lock.locked).every((v) => !v)).toBe(true);
  });

  it('locks the matching zones to the policy thresholds and flags differing saved values', () => {
    const lock = applyPolicyLock(
      [
        { policyTypeShortName: 'LR3', threshold: 25, allClearMinutes: 20 },
        { policyTypeShortName: 'LR1', threshold: 8, allClearMinutes: 15 },
      ],
      location,
    );
    expect(lock).toMatchObject({ radius1: 8, radius2: 20, radius3: 25, radius4: 0, allClearMinutes: 15 });
    expect(lock.locked).toEqual({
      radius1: true,
      radius2: false,
      radius3: true,
      radius4: false,
      allClearMinutes: true,
    });
    expect(lock.overwritesSaved).toBe(true);
    expect(lock.anyLocked).toBe(true);
  });

  it('uses the lowest-numbered lightning policy for the all-clear timer', () => {
    const lock = applyPolicyLock(
      [
        { policyTypeShortName: 'LR4', threshold: 40, allClearMinutes: 50 },
        { policyTypeShortName: 'LR2', threshold: 20, allClearMinutes: 30 },
      ],
      { ...location, radius4: null },
    );
    expect(lock.allClearMinutes).toBe(30);
    expect(lock.radius4).toBe(40);
  });

  it('raises no overwrite warning when the saved values already match the policies', () => {
    const lock = applyPolicyLock(
      [{ policyTypeShortName: 'LR1', threshold: 10, allClearMinutes: 30 }],
      location,
    );
    expect(lock.overwritesSaved).toBe(false);
    expect(POLICY_LOCK_NOTICE).toBe("Some settings are locked by your organization's policies");
  });
});
