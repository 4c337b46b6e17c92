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
} from './policy-form.ts';

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

  it('defaults all-clear to 10 minutes for lightning and 60 for others, threshold 80 for others', () => {
    expect(isLightningPolicyType('LR4')).toBe(true);
    expect(isLightningPolicyType('LR5')).toBe(false);
    expect(defaultAllClearMinutes('LR1')).toBe(10);
    expect(defaultAllClearMinutes('HEAT')).toBe(60);
    expect(defaultThreshold('WBGT')).toBe(80);
    expect(defaultThreshold('LR2')).toBe(0);
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
    expect(validatePolicyForm(draft(0.9))).toEqual({ Threshold: 'Threshold must be at least 1.' });
    expect(validatePolicyForm(draft(50.1))).toEqual({ Threshold: 'Threshold must be at most 50.' });
  });

  it('keeps wind, precipitation and AQI at or above 0, and leaves temperatures unbounded', () => {
    expect(policyThresholdRange('WIND')).toEqual({ min: 0, max: null });
    expect(policyThresholdRange('AQI-PM2.5')).toEqual({ min: 0, max: null });
    expect(policyThresholdRange('CHILL')).toEqual({ min: null, max: null });
    const wind = { allClearMinutes: 10, minAllClear: 10, thresholdRange: policyThresholdRange('WIND') };
    expect(validatePolicyForm({ ...wind, threshold: 0 })).toEqual({});
    expect(validatePolicyForm({ ...wind, threshold: -0.1 })).toEqual({
      Threshold: 'Threshold must be at least 0.',
    });
    expect(
      validatePolicyForm({
        threshold: -40,
        allClearMinutes: 10,
        minAllClear: 10,
        thresholdRange: policyThresholdRange('CHILL'),
      }),
    ).toEqual({});
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
