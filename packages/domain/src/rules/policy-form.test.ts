import { describe, it, expect } from 'vitest';
import {
  roundThreshold,
  defaultAllClearMinutes,
  defaultThreshold,
  defaultLightningTriggerMessage,
  validatePolicyForm,
  isLightningPolicyType,
  NEW_POLICY_DEFAULTS,
  policyThresholdRange,
  defaultTriggerMessage,
  defaultAllClearMessage,
  LIGHTNING_ALL_CLEAR_MIN_MINUTES,
  POLICY_TYPE_LIMITS,
} from './policy-form.ts';
import { POLICY_TYPE_SHORT_NAMES, type PolicyTypeShortName } from '../enums.ts';

describe('policy form (spec 01 §9, spec 02 §5, §9)', () => {
  it("rounds the threshold to the policy's precision", () => {
    expect(roundThreshold(90.456, 1)).toBe(90.5);
    expect(roundThreshold(90.5, 0)).toBe(91);
    expect(roundThreshold(0.125, 2)).toBe(0.13);
  });

  it('requires a whole all-clear at or above the type minimum', () => {
    expect(validatePolicyForm({ threshold: 90, allClearMinutes: 15, minAllClear: 15 })).toEqual({});
    expect(validatePolicyForm({ threshold: 90, allClearMinutes: 14, minAllClear: 15 })).toEqual({
      AllClearMinutes: 'All clear minutes must be at least 15.',
    });
    expect(validatePolicyForm({ threshold: null, allClearMinutes: 15.5, minAllClear: 15 })).toEqual({
      Threshold: 'Threshold is required.',
      AllClearMinutes: 'All clear minutes must be a whole number.',
    });
  });

  it('proposes a lightning all-clear of 30 minutes, never less, and 60 for the other types', () => {
    expect(isLightningPolicyType('LR4')).toBe(true);
    expect(isLightningPolicyType('LR5')).toBe(false);
    for (const lr of ['LR1', 'LR2', 'LR3', 'LR4']) expect(defaultAllClearMinutes(lr)).toBe(30);
    expect(LIGHTNING_ALL_CLEAR_MIN_MINUTES).toBe(30);
    expect(defaultAllClearMinutes('HEAT')).toBe(60);
  });

  it("proposes a safe default threshold inside every type's range, in its unit", () => {
    expect(defaultThreshold('LR1')).toBe(8);
    expect(defaultThreshold('LR4')).toBe(20);
    expect(defaultThreshold('HEAT')).toBe(103);
    expect(defaultThreshold('CHILL')).toBe(0);
    expect(defaultThreshold('PRECIP')).toBe(0.3);
    expect(defaultThreshold('GUST')).toBe(45);
    expect(defaultThreshold('AQI-PM2.5')).toBe(101);
    for (const type of POLICY_TYPE_SHORT_NAMES) {
      const { min, max, defaultThreshold: proposed } = POLICY_TYPE_LIMITS[type];
      expect(proposed).toBeGreaterThanOrEqual(min);
      expect(proposed).toBeLessThanOrEqual(max);
      expect(proposed).toBe(defaultThreshold(type));
    }
  });

  it('uses the threshold minus 0.4 miles in the default lightning trigger message', () => {
    expect(defaultLightningTriggerMessage(10)).toBe(
      'Lightning has been detected within 9.6 miles. Seek shelter.',
    );
    expect(defaultLightningTriggerMessage(8.4)).toBe(
      'Lightning has been detected within 8 miles. Seek shelter.',
    );
  });

  it('starts a new policy at threshold 0, re-alert 10 and all clear 30', () => {
    expect(NEW_POLICY_DEFAULTS).toEqual({ threshold: 0, reAlertMinutes: 10, allClearMinutes: 30 });
  });

  it('accepts a lightning radius of exactly 1 and exactly 50 miles, and refuses 0.9 and 50.1', () => {
    const draft = (threshold: number) => ({
      threshold,
      allClearMinutes: 10,
      minAllClear: 10,
      thresholdRange: policyThresholdRange('LR1'),
    });
    expect(validatePolicyForm(draft(1))).toEqual({});
    expect(validatePolicyForm(draft(50))).toEqual({});
    const refused = { Threshold: 'Threshold must be between 1 and 50 mi.' };
    expect(validatePolicyForm(draft(0.9))).toEqual(refused);
    expect(validatePolicyForm(draft(50.1))).toEqual(refused);
  });

  const edges: [PolicyTypeShortName, number, number, string][] = [
    ['CHILL', -100, 65, '°F'],
    ['HEAT', 65, 180, '°F'],
    ['WBGT', 32, 104, '°F'],
    ['PRECIP', 0, 12, 'in'],
    ['WIND', 0, 253, 'mph'],
    ['GUST', 0, 253, 'mph'],
    ['AQI', 0, 500, 'AQI'],
    ['AQI-MAX', 0, 500, 'AQI'],
    ['AQI-PM2.5', 0, 500, 'AQI'],
    ['AQI-PM10', 0, 500, 'AQI'],
    ['AQI-O3', 0, 500, 'AQI'],
  ];
  it.each(edges)(
    'accepts %s from exactly %d to exactly %d %s, and refuses beyond, naming the range',
    (type, min, max, unit) => {
      const draft = (threshold: number) => ({
        threshold,
        allClearMinutes: 10,
        minAllClear: 10,
        thresholdRange: policyThresholdRange(type),
      });
      expect(validatePolicyForm(draft(min))).toEqual({});
      expect(validatePolicyForm(draft(max))).toEqual({});
      const refused = { Threshold: `Threshold must be between ${min} and ${max} ${unit}.` };
      expect(validatePolicyForm(draft(min - 0.01))).toEqual(refused);
      expect(validatePolicyForm(draft(max + 0.01))).toEqual(refused);
    },
  );

  it('refuses a Wind Chill of 99999999 °F', () => {
    expect(
      validatePolicyForm({
        threshold: 99999999,
        allClearMinutes: 10,
        minAllClear: 10,
        thresholdRange: policyThresholdRange('CHILL'),
      }),
    ).toEqual({ Threshold: 'Threshold must be between -100 and 65 °F.' });
  });

  it('leaves a type the domain does not know unbounded', () => {
    expect(policyThresholdRange('LR9')).toEqual({ min: null, max: null });
  });

  it('starts Notify Users with a trigger message naming what crossed, lightning with its 0.4-mile default', () => {
    const wind = { shortName: 'WIND', displayName: 'Wind Speed', unit: 'mph', isDesc: false };
    const chill = { shortName: 'CHILL', displayName: 'Wind Chill', unit: '°F', isDesc: true };
    const lr1 = { shortName: 'LR1', displayName: 'Lightning', unit: 'mi', isDesc: true };
    expect(defaultTriggerMessage(wind, 30)).toBe('Wind Speed is at or above 30 mph.');
    expect(defaultTriggerMessage(chill, 20)).toBe('Wind Chill is at or below 20 °F.');
    expect(defaultTriggerMessage(lr1, 8)).toBe(defaultLightningTriggerMessage(8));
    expect(defaultAllClearMessage(wind)).toBe('All clear: Wind Speed is back within the policy.');
    expect(defaultAllClearMessage(lr1)).toMatch(/^All clear: no lightning/);
  });
});
