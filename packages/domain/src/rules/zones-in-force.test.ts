import { describe, it, expect } from 'vitest';
import {
  enabledZones,
  outermostRadius,
  zonesInForce,
  ZONES_POLICY_DIFFERS_NOTICE,
} from './zones-in-force.ts';

const lr = (n: number, threshold: number, allClearMinutes = 30) => ({
  policyTypeShortName: `LR${n}`,
  threshold,
  allClearMinutes,
});
/** The demo's policies: four zones at 8, 15, 25 and 40 mi, all clear after 30 min. */
const demo = [lr(1, 8), lr(2, 15), lr(3, 25), lr(4, 40)];

describe('zones in force (spec 01 §4 Policy lock)', () => {
  it('are the saved values when the organisation has no lightning policy', () => {
    const z = zonesInForce({ radius1: 10, radius2: 0, radius3: 0, radius4: null, allClearMinutes: 20 }, [
      { policyTypeShortName: 'HEAT', threshold: 90, allClearMinutes: 60 },
    ]);
    expect(z).toEqual({
      radii: [10, 0, 0, 0],
      allClearMinutes: 20,
      lockedByPolicy: false,
      differsFromSaved: false,
    });
  });

  it('are the policy thresholds for a single saved ring (Choctaw: saved 10 mi / 20 min)', () => {
    const z = zonesInForce({ radius1: 10, radius2: 0, radius3: 0, radius4: 0, allClearMinutes: 20 }, demo);
    expect(z).toEqual({
      radii: [8, 15, 25, 40],
      allClearMinutes: 30,
      lockedByPolicy: true,
      differsFromSaved: true,
    });
  });

  it('override three saved rings and add the fourth (Eagle: saved 6, 12, 20 mi)', () => {
    const z = zonesInForce(
      { radius1: 6, radius2: 12, radius3: 20, radius4: null, allClearMinutes: 30 },
      demo,
    );
    expect(z.radii).toEqual([8, 15, 25, 40]);
    expect(z.differsFromSaved).toBe(true);
  });

  it('are locked but do not differ when the saved values equal the policy (radius4 null is 0)', () => {
    const z = zonesInForce({ radius1: 8, radius2: 0, radius3: 0, radius4: null, allClearMinutes: 15 }, [
      lr(1, 8, 15),
    ]);
    expect(z).toEqual({
      radii: [8, 0, 0, 0],
      allClearMinutes: 15,
      lockedByPolicy: true,
      differsFromSaved: false,
    });
  });

  it('differ when only the all-clear minutes differ', () => {
    const z = zonesInForce({ radius1: 8, radius2: 0, radius3: 0, radius4: 0, allClearMinutes: 40 }, [
      lr(1, 8, 15),
    ]);
    expect(z.allClearMinutes).toBe(15);
    expect(z.differsFromSaved).toBe(true);
  });

  it('lock only the zones that have a policy and keep the others as saved', () => {
    const z = zonesInForce({ radius1: 5, radius2: 12, radius3: 0, radius4: 0, allClearMinutes: 30 }, [
      lr(3, 25, 20),
    ]);
    expect(z.radii).toEqual([5, 12, 25, 0]);
    expect(z.allClearMinutes).toBe(20);
  });

  it('take the first policy of a type and the lowest-numbered policy for the timer', () => {
    const z = zonesInForce({ radius1: 5, radius2: 0, radius3: 0, radius4: 0, allClearMinutes: 30 }, [
      lr(2, 15, 50),
      lr(1, 9, 40),
      lr(1, 7, 10),
    ]);
    expect(z.radii).toEqual([9, 15, 0, 0]);
    expect(z.allClearMinutes).toBe(40);
  });

  it('turn saved radii that are not finite positive numbers into 0 (off), without calling them different', () => {
    const z = zonesInForce(
      { radius1: 10, radius2: -3, radius3: Number.NaN, radius4: Infinity, allClearMinutes: 30 },
      [],
    );
    expect(z.radii).toEqual([10, 0, 0, 0]);
    expect(z.differsFromSaved).toBe(false);
  });

  it('ignore policies of other types with LR-like names', () => {
    const z = zonesInForce({ radius1: 10, radius2: 0, radius3: 0, radius4: 0, allClearMinutes: 30 }, [
      { policyTypeShortName: 'LR5', threshold: 3, allClearMinutes: 10 },
      { policyTypeShortName: 'lr1', threshold: 3, allClearMinutes: 10 },
    ]);
    expect(z).toMatchObject({ radii: [10, 0, 0, 0], allClearMinutes: 30, lockedByPolicy: false });
  });

  it('name the outermost and the enabled zones', () => {
    expect(outermostRadius([8, 15, 25, 40])).toBe(40);
    expect(outermostRadius([0, 0, 0, 0])).toBe(0);
    expect(enabledZones([8, 0, 25, 0])).toEqual([
      { zone: 1, radius: 8 },
      { zone: 3, radius: 25 },
    ]);
  });

  it('has the notice text of issue 20', () => {
    expect(ZONES_POLICY_DIFFERS_NOTICE).toBe("Your organisation's policy sets these zones; save to update");
  });
});
