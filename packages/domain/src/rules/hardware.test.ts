import { describe, it, expect } from 'vitest';
import {
  testDurationSeconds,
  bulkTestDurationSeconds,
  isBatteryHealthy,
  connectionKind,
  isConnectionHealthy,
  isScheduledOffline,
  hardwareStatusText,
  relayBadgeText,
  searchHardware,
  canUseBulkActions,
  isToggleReasonValid,
  runningTestText,
  sirenTestToast,
  testEndsByItself,
  SIREN_TEST_CHOICES,
} from './hardware.ts';

const siren = { duration: 15, frequency: 3, allClearDuration: 5, allClearFrequency: 2 };
const MIN = 60_000;
const at = (hour: number, minute = 0) => Date.UTC(2026, 6, 1, hour, minute);

describe('hardware (spec 02 §4, §5, §9)', () => {
  it('times Delay as 10 s + duration × frequency, All Clear as 10 s + its duration × frequency, Light as 3 s', () => {
    expect(testDurationSeconds('delay', siren)).toBe(55);
    expect(testDurationSeconds('all-clear', siren)).toBe(20);
    expect(testDurationSeconds('light', siren)).toBe(3);
  });

  it('times a bulk test as the longest unit', () => {
    expect(bulkTestDurationSeconds('delay', [siren, { ...siren, duration: 30 }])).toBe(100);
    expect(bulkTestDurationSeconds('light', [])).toBe(0);
  });

  it('calls a battery healthy from 12.1 V', () => {
    expect(isBatteryHealthy(12.1)).toBe(true);
    expect(isBatteryHealthy(12.09)).toBe(false);
  });

  it('keeps a siren healthy under 30 minutes and a station under 15', () => {
    expect(connectionKind('OWX')).toBe('siren');
    expect(connectionKind('WXS')).toBe('station');
    const now = at(12);
    expect(isConnectionHealthy('siren', now - 30 * MIN + 1, now)).toBe(true);
    expect(isConnectionHealthy('siren', now - 30 * MIN, now)).toBe(false);
    expect(isConnectionHealthy('station', now - 15 * MIN + 1, now)).toBe(true);
    expect(isConnectionHealthy('station', now - 15 * MIN, now)).toBe(false);
    expect(isConnectionHealthy('station', null, now)).toBe(false);
  });

  it('shows Scheduled Offline for a stale unit from 05:00 to 10:59 UTC only', () => {
    expect(isScheduledOffline('siren', at(4, 59) - 60 * MIN, at(4, 59))).toBe(false);
    expect(isScheduledOffline('siren', at(5) - 30 * MIN, at(5))).toBe(true);
    expect(isScheduledOffline('station', at(10, 59) - 15 * MIN, at(10, 59))).toBe(true);
    expect(isScheduledOffline('station', at(11) - 15 * MIN, at(11))).toBe(false);
    expect(isScheduledOffline('siren', at(6) - 29 * MIN, at(6))).toBe(false);
  });

  it("reads '{model} Disabled', 'OWS Disabled' or 'Enabled'", () => {
    expect(hardwareStatusText({ modelId: 'OWX', enabled: false, sirenEnabled: false })).toBe('OWX Disabled');
    expect(hardwareStatusText({ modelId: 'OWS', enabled: true, sirenEnabled: false })).toBe('OWS Disabled');
    expect(hardwareStatusText({ modelId: 'WXS', enabled: true })).toBe('Enabled');
  });

  it("badges a relay 'Automation Active' with a trigger and 'No Automation Set' without", () => {
    expect(relayBadgeText({ remoteRelayTrigger: { policyTypeId: 3 } })).toBe('Automation Active');
    expect(relayBadgeText({ remoteRelayTrigger: null })).toBe('No Automation Set');
  });

  it('searches case-insensitively across fields only with empty text or over 2 characters', () => {
    const items = [
      { name: 'North Field', modelId: 'OWS', ipAddress: '10.0.0.1' },
      { name: 'Pool', modelId: 'WXS', ipAddress: '10.0.0.2' },
    ];
    expect(searchHardware(items, '')).toBe(items);
    expect(searchHardware(items, 'wx')).toBe(items);
    expect(searchHardware(items, 'wxs')).toEqual([items[1]]);
    expect(searchHardware(items, 'NORTH')).toEqual([items[0]]);
    expect(searchHardware(items, '0.0.2')).toEqual([items[1]]);
  });

  it('enables bulk actions from 2 selected units', () => {
    expect(canUseBulkActions(1)).toBe(false);
    expect(canUseBulkActions(2)).toBe(true);
  });

  it('requires a non-blank reason to disable or enable', () => {
    expect(isToggleReasonValid('  ')).toBe(false);
    expect(isToggleReasonValid(' x ')).toBe(true);
  });

  it("names a running test 'Running Test of {type}...' and ends only All Clear by itself", () => {
    expect(runningTestText('delay')).toBe('Running Test of Delay...');
    expect(runningTestText('all-clear')).toBe('Running Test of All Clear...');
    expect(runningTestText('light')).toBe('Running Test of Light...');
    expect(testEndsByItself('all-clear')).toBe(true);
    expect(testEndsByItself('delay')).toBe(false);
    expect(testEndsByItself('light')).toBe(false);
    expect(SIREN_TEST_CHOICES.map((c) => c.label)).toEqual([
      'Start Delay',
      'Start All Clear',
      'Turn On Light',
    ]);
  });

  it('words the test toasts as spec 02 §8 does (light in lower case)', () => {
    expect(sirenTestToast('delay', true)).toBe('Successfully tested Delay for selected unit(s).');
    expect(sirenTestToast('all-clear', false)).toBe('Unable to test All Clear for selected unit(s).');
    expect(sirenTestToast('light', false)).toBe('Unable to test light for selected unit(s).');
  });
});
