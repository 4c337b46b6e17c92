// Edge table of the policy engine's decisions (ARCHITECTURE.md 'Policy warnings'; spec 01 §5: breached at the
// threshold, 'isDesc' policies fire falling below it; readings older than 30 minutes are not current).
import type { WeatherAlert } from '@allclear/weather';
import { describe, expect, it } from 'vitest';
import type { PolicyRow, WarningRow } from './policy.repository.ts';
import {
  isCurrentReading,
  nwsAlertEvent,
  orphanedWarnings,
  planWarning,
  polygonAlertsAt,
  shownValue,
  warningPeak,
} from './policy-decisions.ts';
import type { EvaluatedPolicyType } from './policy-values.ts';
import { LifecycleAlert } from './warning-lifecycle.ts';

const NOW = new Date('2026-07-01T17:00:00.000Z');
const EARLIER = new Date('2026-07-01T16:40:00.000Z');
const MINUTE = 60_000;

const wind: PolicyRow = {
  id: 1,
  customerId: 3,
  policyTypeId: 20,
  shortName: 'WIND',
  displayName: 'Wind Speed',
  threshold: 20,
  isDesc: false,
  unit: 'mph',
  precision: 0,
  reAlertMinutes: 10,
  allClearMinutes: 30,
};
const chill: PolicyRow = {
  ...wind,
  id: 2,
  policyTypeId: 21,
  shortName: 'CHILL',
  threshold: 32,
  isDesc: true,
};

function warning(over: Partial<WarningRow> = {}): WarningRow {
  return {
    id: 9,
    customerId: 3,
    locationId: 5,
    policyId: 1,
    policyTypeId: 20,
    startedAt: EARLIER,
    lastAlertAt: EARLIER,
    lastUpdateAt: EARLIER,
    value: 24,
    threshold: 20,
    peakValue: 25,
    peakAt: EARLIER,
    allClearAt: null,
    endedAt: null,
    correlationId: 'c-9',
    ...over,
  };
}

describe('policy decisions: a current reading', () => {
  it('is current when observed exactly 30 minutes ago, and not 1 ms earlier', () => {
    expect(isCurrentReading(new Date(NOW.getTime() - 30 * MINUTE), NOW.getTime())).toBe(true);
    expect(isCurrentReading(new Date(NOW.getTime() - 30 * MINUTE - 1), NOW.getTime())).toBe(false);
  });
});

describe('policy decisions: what a life-cycle step does to the stored warning', () => {
  const state = { startedAt: 0, lastAlertAt: 0, allClearAt: null };
  it.each([
    {
      name: 'no warning and none after: nothing',
      had: false,
      next: null,
      alert: LifecycleAlert.None,
      msgs: 0,
      plan: null,
    },
    {
      name: 'a first breach starts a warning',
      had: false,
      next: state,
      alert: LifecycleAlert.Warning,
      msgs: 0,
      plan: { action: 'start' },
    },
    {
      name: 'still breached, not due: update, no alert',
      had: true,
      next: state,
      alert: LifecycleAlert.None,
      msgs: 0,
      plan: { action: 'update', next: state, reAlert: false },
    },
    {
      name: 'still breached, due: update and re-alert',
      had: true,
      next: state,
      alert: LifecycleAlert.ReAlert,
      msgs: 0,
      plan: { action: 'update', next: state, reAlert: true },
    },
    {
      name: 'cleared with all-clear messages: end and tell',
      had: true,
      next: null,
      alert: LifecycleAlert.AllClear,
      msgs: 1,
      plan: { action: 'end', allClear: true },
    },
    {
      name: 'cleared without all-clear messages: end silently',
      had: true,
      next: null,
      alert: LifecycleAlert.AllClear,
      msgs: 0,
      plan: { action: 'end', allClear: false },
    },
  ])('$name', ({ had, next, alert, msgs, plan }) => {
    expect(planWarning(had, next, alert, msgs)).toEqual(plan);
  });
});

describe("policy decisions: a warning's value and peak", () => {
  it('shows the reading, or the last value while the reading is unknown (0 with no warning)', () => {
    expect(shownValue(23, warning())).toBe(23);
    expect(shownValue(NaN, warning({ value: 24 }))).toBe(24);
    expect(shownValue(NaN, null)).toBe(0);
  });

  it('a new warning at exactly the 20 mph threshold peaks at 20, now', () => {
    expect(warningPeak(20, wind, null, NOW)).toEqual({ value: 20, at: NOW });
  });

  it('a reading beyond the 25 mph peak is the new peak; 25 again keeps the old time; 22 or 15 or unknown keep the peak', () => {
    const w = warning({ peakValue: 25, peakAt: EARLIER });
    expect(warningPeak(25.5, wind, w, NOW)).toEqual({ value: 25.5, at: NOW });
    for (const value of [25, 22, 15, NaN])
      expect(warningPeak(value, wind, w, NOW)).toEqual({ value: 25, at: EARLIER });
  });

  it('a falling-below policy (wind chill 32 °F) peaks at the lowest value: 29 beats 30, 30 and 31 do not', () => {
    const w = warning({ peakValue: 30, peakAt: EARLIER });
    expect(warningPeak(29, chill, w, NOW)).toEqual({ value: 29, at: NOW });
    expect(warningPeak(30, chill, w, NOW)).toEqual({ value: 30, at: EARLIER });
    expect(warningPeak(31, chill, w, NOW)).toEqual({ value: 30, at: EARLIER });
    expect(warningPeak(32, chill, null, NOW)).toEqual({ value: 32, at: NOW });
  });
});

describe('policy decisions: warnings whose policy is gone', () => {
  const governing = new Map([[3, new Map<EvaluatedPolicyType, PolicyRow>([['WIND', wind]])]]);
  it('keeps a warning whose type the customer still governs at a location with conditions', () => {
    expect(orphanedWarnings([warning()], governing, new Set([5]))).toEqual([]);
  });
  it('ends one whose location lost its conditions, whose customer has no policies, or whose type is not governed', () => {
    const lost = warning({ id: 1, locationId: 6 });
    const noPolicies = warning({ id: 2, customerId: 4 });
    const otherType = warning({ id: 3, policyTypeId: 21 });
    expect(orphanedWarnings([lost, noPolicies, otherType], governing, new Set([5])).map((w) => w.id)).toEqual(
      [1, 2, 3],
    );
  });
});

describe('policy decisions: NWS alerts', () => {
  const alert: WeatherAlert = {
    id: 'urn:test:alert:1',
    event: 'Severe Thunderstorm Warning',
    kind: 'severe-thunderstorm',
    headline: 'Severe Thunderstorm Warning until 1 PM CDT',
    description: 'Hail and damaging wind.',
    instruction: null,
    severity: 'Severe',
    polygon: {
      type: 'Polygon',
      coordinates: [
        [
          [-97.2, 32.5],
          [-96.4, 32.5],
          [-96.4, 33.1],
          [-97.2, 33.1],
          [-97.2, 32.5],
        ],
      ],
    },
    onset: NOW,
    expires: new Date('2026-07-01T18:00:00.000Z'),
    ends: null,
    areaDesc: 'Dallas, TX',
    zones: ['TXC113'],
    source: 'test',
    issuedAt: NOW,
  };

  it('applies an alert by polygon to a point inside it only; an alert without polygon needs the source', () => {
    expect(polygonAlertsAt([alert], { latitude: 32.8, longitude: -96.8 })).toEqual([alert]);
    expect(polygonAlertsAt([alert], { latitude: 40, longitude: -100 })).toEqual([]);
    expect(polygonAlertsAt([{ ...alert, polygon: null }], { latitude: 32.8, longitude: -96.8 })).toEqual([]);
  });

  it('notifies once per alert (correlation nws:<id>), ending at the expiry when the alert has no end', () => {
    const location = { id: 5, customerId: 3, label: 'North Field', latitude: 32.8, longitude: -96.8 };
    expect(nwsAlertEvent(location, alert, NOW)).toMatchObject({
      kind: 'nws-alert',
      notificationType: 11,
      customerId: 3,
      locationId: 5,
      correlationId: 'nws:urn:test:alert:1',
      occurredAt: NOW,
      details: { alertId: 'urn:test:alert:1', severity: 'Severe', ends: '2026-07-01T18:00:00.000Z' },
    });
    const ends = new Date('2026-07-01T17:45:00.000Z');
    expect(nwsAlertEvent(location, { ...alert, ends }, NOW).details.ends).toBe('2026-07-01T17:45:00.000Z');
  });
});
