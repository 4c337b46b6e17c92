// The policy engine on a real database with a manual clock: the warning life cycle as a table of steps,
// thresholds at their exact edge (isDesc mirrored), the most severe of several policies, the heat-index /
// wind-chill switch at 65 °F, and NWS alerts applied once by polygon.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { fToC, mphToMs } from '@allclear/domain';
import type { AlertSource, WeatherAlert } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildLocation, buildPolicy } from '../../db/factories.ts';
import {
  locationConditions,
  nwsAlertApplications,
  policies,
  policyNotificationActions,
  policyWarnings,
} from '../../db/schema/index.ts';
import type { AlertEvent, EngineContext } from '../contracts.ts';
import { createPolicyEngine } from './policy-engine.ts';
import { createLocalBus, type BusEvents } from '../../platform/bus.ts';

let t: TestApp;
const events: AlertEvent[] = [];
const MIN = 60_000;

const noAlerts: AlertSource = {
  async activeAlerts() {
    return [];
  },
  async alertsForPoint() {
    return [];
  },
};

/** The engine's context; the simulator's own NWS alerts are silenced unless a test gives its own. */
function context(overrides: Partial<EngineContext> = {}): EngineContext {
  return {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: { ...t.weather, providers: { ...t.weather.providers, alerts: noAlerts } },
    log: t.app.log,
    enqueueAlert: async (_tx, e) => {
      events.push(e);
    },
    ...overrides,
  };
}

type Conditions = Partial<typeof locationConditions.$inferInsert>;

async function setConditions(locationId: number, c: Conditions): Promise<void> {
  const now = t.clock.now();
  const row = {
    locationId,
    observedAt: now,
    source: 'station',
    temperatureC: 20,
    relativeHumidityPct: 50,
    windSpeedMs: 0,
    windGustMs: 0,
    rainMm: 0,
    wbgtC: 15,
    updatedAt: now,
    ...c,
  };
  const { locationId: _l, ...set } = row;
  await t.db.db
    .insert(locationConditions)
    .values(row)
    .onConflictDoUpdate({ target: locationConditions.locationId, set });
}

async function freshCustomerState(): Promise<void> {
  events.length = 0;
  await t.db.db.delete(policyWarnings);
  await t.db.db.delete(policies);
  await t.db.db.delete(locationConditions);
  await t.db.db.delete(nwsAlertApplications);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(freshCustomerState);

describe('the warning life cycle (WIND 20 mph, re-alert 10 min, all-clear 30 min)', () => {
  // minute offset, wind mph, the events expected at that step, the all-clear minute expected afterwards
  const steps: [number, number, AlertEvent['kind'][], number | null][] = [
    [0, 25, ['policy-warning'], null],
    [5, 25, [], null],
    [10, 25, ['policy-realert'], null],
    [15, 10, [], 45],
    [18, 25, [], null], // breached again before the all-clear: the timer is cleared, no new alert
    [19, 10, [], 49],
    [25, 30, ['policy-realert'], null], // still breached 15 minutes after the last alert
    [28, 12, [], 58],
    [57, 12, [], 58],
    [58, 12, ['policy-all-clear'], null],
    [63, 12, [], null],
  ];

  it('produces exactly the expected events at each step', async () => {
    const start = new Date('2026-07-01T17:00:00Z').getTime();
    t.clock.set(new Date(start));
    const policy = await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'WIND',
      threshold: 20,
      reAlertMinutes: 10,
      allClearMinutes: 30,
    });
    await t.db.db.insert(policyNotificationActions).values([
      { policyId: policy.id, allClear: false, message: 'High wind: secure loose equipment.' },
      { policyId: policy.id, allClear: true, message: 'Wind has eased.' },
    ]);
    const engine = createPolicyEngine(context());
    let correlation: string | null = null;
    for (const [minute, mph, expected, allClearMinute] of steps) {
      t.clock.set(new Date(start + minute * MIN));
      await setConditions(t.a.location.id, { windSpeedMs: mphToMs(mph) });
      const before = events.length;
      await engine.runCycle();
      const fired = events.slice(before);
      expect(
        fired.map((e) => e.kind),
        `minute ${minute}`,
      ).toEqual(expected);
      for (const e of fired) {
        expect(e.notificationType).toBe(7);
        expect(e.locationId).toBe(t.a.location.id);
        expect(e.customerId).toBe(t.a.customer.id);
        correlation ??= e.correlationId;
        expect(e.correlationId).toBe(correlation);
        expect(e.subject).toContain(t.a.location.label);
        expect(e.body).toContain('Wind Speed');
        expect(e.body).toContain('20 mph');
      }
      const [active] = await t.db.db
        .select()
        .from(policyWarnings)
        .where(and(eq(policyWarnings.locationId, t.a.location.id), isNull(policyWarnings.endedAt)));
      if (minute < 58) {
        expect(active, `minute ${minute}`).toBeDefined();
        expect(active!.allClearAt?.getTime() ?? null).toBe(
          allClearMinute === null ? null : start + allClearMinute * MIN,
        );
      } else {
        expect(active, `minute ${minute}`).toBeUndefined();
      }
    }
    const first = events[0]!;
    expect(first.body.startsWith('High wind: secure loose equipment.')).toBe(true);
    expect(first.body).toContain('25 mph');
    expect(events.at(-1)!.body).toContain('Wind has eased.');
    expect(events.filter((e) => e.locationId === t.b.location.id)).toEqual([]);
  });

  it('ends the warning without an all-clear alert when the policy asks for none', async () => {
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'WIND',
      threshold: 20,
      allClearMinutes: 10,
    });
    const engine = createPolicyEngine(context());
    await setConditions(t.a.location.id, { windSpeedMs: mphToMs(21) });
    await engine.runCycle();
    t.clock.advance(MIN);
    await setConditions(t.a.location.id, { windSpeedMs: mphToMs(5) });
    await engine.runCycle();
    t.clock.advance(10 * MIN);
    await setConditions(t.a.location.id, { windSpeedMs: mphToMs(5) });
    await engine.runCycle();
    expect(events.map((e) => e.kind)).toEqual(['policy-warning']);
    const rows = await t.db.db.select().from(policyWarnings);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.endedAt).not.toBeNull();
  });
});

describe('the peak of a warning (issue 20)', () => {
  it('records the most severe value and its time, and every text quotes it', async () => {
    const start = new Date('2026-07-01T21:05:00Z').getTime(); // 4:05 PM CDT
    t.clock.set(new Date(start));
    const policy = await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'GUST',
      threshold: 40,
      reAlertMinutes: 10,
      allClearMinutes: 60,
    });
    await t.db.db
      .insert(policyNotificationActions)
      .values([{ policyId: policy.id, allClear: true, message: 'Gusts have eased.' }]);
    const engine = createPolicyEngine(context());
    const step = async (minute: number, mph: number) => {
      t.clock.set(new Date(start + minute * MIN));
      await setConditions(t.a.location.id, { windGustMs: mphToMs(mph) });
      await engine.runCycle();
      const [row] = await t.db.db.select().from(policyWarnings).where(eq(policyWarnings.policyId, policy.id));
      return row!;
    };
    expect(await step(0, 45)).toMatchObject({ peakValue: expect.closeTo(45, 5), peakAt: new Date(start) });
    expect(await step(3, 53)).toMatchObject({
      peakValue: expect.closeTo(53, 5),
      peakAt: new Date(start + 3 * MIN),
    });
    // a lower gust past the threshold keeps the peak; so does the all-clear period
    expect(await step(10, 44)).toMatchObject({
      peakValue: expect.closeTo(53, 5),
      peakAt: new Date(start + 3 * MIN),
    });
    expect(events.at(-1)!.kind).toBe('policy-realert');
    expect(events.at(-1)!.body).toContain(
      'is 44 mph, at or above the policy threshold of 40 mph (peak 53 mph at 4:08 PM CDT)',
    );
    const clearing = await step(11, 11);
    expect(clearing).toMatchObject({ peakValue: expect.closeTo(53, 5), value: expect.closeTo(11, 5) });
    expect(clearing.allClearAt).toEqual(new Date(start + 71 * MIN));
    await step(71, 11);
    expect(events.at(-1)!.kind).toBe('policy-all-clear');
    expect(events.at(-1)!.body).toBe(
      'Gusts have eased.\n\nAll clear as of 5:16 PM CDT: Wind Gust at ' +
        `${t.a.location.label} has stayed below the policy threshold of 40 mph for 60 minutes ` +
        '(reached 53 mph at 4:08 PM CDT; now 11 mph).',
    );
  });
});

describe('thresholds at their edge', () => {
  // type, threshold, isDesc, the conditions of a value exactly at it, of a value just past it on the safe side
  const cases: [string, number, boolean, Conditions, Conditions][] = [
    ['WIND', 20, false, { windSpeedMs: mphToMs(20) }, { windSpeedMs: mphToMs(19.99) }],
    ['GUST', 40, false, { windGustMs: mphToMs(40) }, { windGustMs: mphToMs(39.9) }],
    ['WBGT', 85, false, { wbgtC: fToC(85) }, { wbgtC: fToC(84.9) }],
    ['PRECIP', 0.5, false, { rainMm: 12.7 }, { rainMm: 12.69 }],
    ['AQI-MAX', 100, false, { aqiMax: 100 }, { aqiMax: 99 }],
    // isDesc: breached at or below; wind at 0 mph keeps wind chill undefined, so the value is the temperature
    ['CHILL', 10, true, { temperatureC: fToC(10) }, { temperatureC: fToC(10.01) }],
    ['WIND', 5, true, { windSpeedMs: mphToMs(5) }, { windSpeedMs: mphToMs(5.01) }],
  ];

  it.each(cases)(
    '%s %d (isDesc %s): exactly at the threshold breaches, just past it does not',
    async (type, threshold, isDesc, at, past) => {
      await buildPolicy(t.db.db, {
        customerId: t.a.customer.id,
        shortName: type as 'WIND',
        threshold,
        isDesc,
      });
      const engine = createPolicyEngine(context());
      await setConditions(t.a.location.id, past);
      await engine.runCycle();
      expect(events).toEqual([]);
      t.clock.advance(MIN);
      await setConditions(t.a.location.id, at);
      await engine.runCycle();
      expect(events.map((e) => [e.kind, e.policyTypeShortName])).toEqual([['policy-warning', type]]);
    },
  );
});

describe('policy selection', () => {
  it('uses the most severe of several policies of one type (lowest threshold; highest when isDesc)', async () => {
    const lenient = await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'WIND',
      threshold: 30,
    });
    const strict = await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'WIND',
      threshold: 20,
    });
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'CHILL',
      threshold: 0,
      isDesc: true,
    });
    const chill = await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'CHILL',
      threshold: 10,
      isDesc: true,
    });
    const engine = createPolicyEngine(context());
    await setConditions(t.a.location.id, { windSpeedMs: mphToMs(25), temperatureC: fToC(5) });
    await engine.runCycle();
    expect(events.map((e) => e.policyId).sort()).toEqual([strict.id, chill.id].sort());
    // The governing policy speaks for every policy of its type, so all their groups hear it.
    const wind = events.find((e) => e.policyId === strict.id)!;
    expect((wind.details.policyIds as number[]).sort()).toEqual([lenient.id, strict.id].sort());
  });

  it('applies the heat-index policy from 65 °F and the wind-chill policy below it', async () => {
    await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'HEAT', threshold: 60 });
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'CHILL',
      threshold: 70,
      isDesc: true,
    });
    const engine = createPolicyEngine(context());
    await setConditions(t.a.location.id, { temperatureC: fToC(64.9), relativeHumidityPct: 50 });
    await engine.runCycle();
    expect(events.map((e) => e.policyTypeShortName)).toEqual(['CHILL']);
    t.clock.advance(MIN);
    await setConditions(t.a.location.id, { temperatureC: fToC(65), relativeHumidityPct: 50 });
    await engine.runCycle();
    expect(events.map((e) => e.policyTypeShortName)).toEqual(['CHILL', 'HEAT']);
  });

  it('ignores conditions older than 30 minutes', async () => {
    await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'WIND', threshold: 20 });
    await setConditions(t.a.location.id, {
      windSpeedMs: mphToMs(40),
      observedAt: new Date(t.clock.now().getTime() - 31 * MIN),
    });
    await createPolicyEngine(context()).runCycle();
    expect(events).toEqual([]);
  });
});

describe('NWS alerts', () => {
  it('notifies each location inside the polygon once, and not one outside', async () => {
    const outside = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      latitude: 40,
      longitude: -100,
    });
    const now = t.clock.now();
    const alert: WeatherAlert = {
      id: 'urn:test:alert:1',
      event: 'Severe Thunderstorm Warning',
      kind: 'severe-thunderstorm',
      headline: 'Severe Thunderstorm Warning until 6 PM CDT',
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
      onset: now,
      expires: new Date(now.getTime() + 60 * MIN),
      ends: null,
      areaDesc: 'Dallas, TX',
      zones: ['TXC113'],
      source: 'test',
      issuedAt: now,
    };
    const alerts: AlertSource = {
      async activeAlerts() {
        return [alert];
      },
      async alertsForPoint() {
        return [alert];
      },
    };
    const weather = { ...t.weather, providers: { ...t.weather.providers, alerts } };
    const engine = createPolicyEngine(context({ weather }));
    await engine.runCycle();
    t.clock.advance(MIN);
    await engine.runCycle();
    const nws = events.filter((e) => e.kind === 'nws-alert');
    expect(nws.map((e) => e.locationId).sort()).toEqual([t.a.location.id, t.b.location.id].sort());
    expect(nws.every((e) => e.notificationType === 11)).toBe(true);
    expect(nws.some((e) => e.locationId === outside.id)).toBe(false);
    expect(nws[0]!.subject).toContain('Severe Thunderstorm Warning');
  });
});

describe("what a cycle tells the bus ('warnings-changed', which the API's kept answers are dropped by)", () => {
  it('says what it wrote: nothing on a quiet minute, the policy warnings while one is in force, an advisory applied anew', async () => {
    const bus = createLocalBus();
    const told: BusEvents['warnings-changed'][] = [];
    bus.subscribe('warnings-changed', (e) => void told.push(e));
    let alerts: WeatherAlert[] = [];
    const source: AlertSource = {
      async activeAlerts() {
        return alerts;
      },
      async alertsForPoint() {
        return alerts;
      },
    };
    const weather = { ...t.weather, providers: { ...t.weather.providers, alerts: source } };
    const engine = createPolicyEngine({ ...context({ weather }), bus });
    await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'WIND', threshold: 20 });
    const cycle = async (mph: number) => {
      await setConditions(t.a.location.id, { windSpeedMs: mphToMs(mph) });
      told.length = 0;
      await engine.runCycle();
      return told.map(({ policyWarnings, advisories }) => ({ policyWarnings, advisories }));
    };

    // under the threshold, no warning: nothing written, nothing told
    expect(await cycle(10)).toEqual([]);
    // a warning starts, then is updated each minute while in force
    expect(await cycle(25)).toEqual([{ policyWarnings: true, advisories: false }]);
    t.clock.advance(MIN);
    expect(await cycle(25)).toEqual([{ policyWarnings: true, advisories: false }]);

    await t.db.db.delete(policyWarnings);
    const now = t.clock.now();
    alerts = [
      {
        id: 'urn:test:alert:told',
        event: 'Flood Warning',
        kind: 'flood',
        headline: 'Flood Warning',
        description: 'Rising water.',
        instruction: null,
        severity: 'Moderate',
        polygon: null,
        onset: now,
        expires: new Date(now.getTime() + 60 * MIN),
        ends: null,
        areaDesc: 'Tarrant, TX',
        zones: ['TXC439'],
        source: 'test',
        issuedAt: now,
      },
    ];
    // an advisory applied anew: told; the same one a minute later writes nothing
    t.clock.advance(MIN);
    expect(await cycle(10)).toEqual([{ policyWarnings: false, advisories: true }]);
    t.clock.advance(MIN);
    expect(await cycle(10)).toEqual([]);
  });
});
