// 'Today's Policy Risks' and 'Active Warnings' of one location agree at every step (issue 20 'Warnings that agree
// with themselves'): a gust front drives the policy engine over the GUST threshold and back under a manual clock,
// against a calm forecast, and at each step both endpoints name the same policies as breached now: the policy
// risk is breached (its peak past the threshold, a span covering now) exactly while a warning is active.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPolicyWarnings, ZThreatForecast } from '@allclear/contracts';
import { mphToMs } from '@allclear/domain';
import type { AlertSource } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildPolicy } from '../../../db/factories.ts';
import { locationConditions } from '../../../db/schema/index.ts';
import type { EngineContext } from '../../../engine/contracts.ts';
import type { Bus } from '../../../platform/bus.ts';
import { createPolicyEngine } from '../../../engine/policies/policy-engine.ts';

let t: TestApp;
const MIN = 60_000;
const START = new Date('2026-07-01T21:05:00Z').getTime(); // 4:05 PM CDT

const noAlerts: AlertSource = {
  async activeAlerts() {
    return [];
  },
  async alertsForPoint() {
    return [];
  },
};

beforeAll(async () => {
  t = await createTestApp();
  // A calm forecast (gusts of 11 mph all day): whatever breaches comes from the gust front, not the model.
  const forecast = t.weather.providers.forecast;
  const hourly = forecast.hourly.bind(forecast);
  forecast.hourly = async (point, issuedAt, hours) => {
    const f = await hourly(point, issuedAt, hours);
    return { ...f, hours: f.hours.map((h) => ({ ...h, windGustMs: mphToMs(11) })) };
  };
});
afterAll(async () => {
  await t.close();
});

async function setGust(mph: number): Promise<void> {
  const now = t.clock.now();
  const row = {
    locationId: t.a.location.id,
    observedAt: now,
    source: 'station',
    temperatureC: 24,
    relativeHumidityPct: 50,
    windSpeedMs: mphToMs(10),
    windGustMs: mphToMs(mph),
    rainMm: 0,
    wbgtC: 20,
    updatedAt: now,
  };
  const { locationId: _l, ...set } = row;
  await t.db.db
    .insert(locationConditions)
    .values(row)
    .onConflictDoUpdate({ target: locationConditions.locationId, set });
  // the row stands for what the observation ingest records, which then tells the bus (the API reads again)
  t.bus.publish('observations-changed', { at: now });
}

/** What each panel says is breached now, read from the API as the web reads it. */
async function panels() {
  const headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json().data;
  const warnings = ZPolicyWarnings.parse(await get(`/api/PolicyWarnings/Location/${t.a.location.id}`));
  const risks = ZThreatForecast.parse(await get(`/api/ThreatForecast/Location/${t.a.location.id}`));
  const now = t.clock.now().toISOString();
  const breachedRisks = risks
    .filter((r) => {
      const peakPast =
        r.peakValue !== null && (r.isDesc ? r.peakValue <= r.threshold : r.peakValue >= r.threshold);
      const coversNow = r.threatTimes.some((s) => s.startTime <= now && now <= s.endTime);
      // the card's chip reads the peak; a breach now must also have a span covering now
      expect(
        peakPast,
        `${r.threatType} at ${now}: peak ${r.peakValue}, spans ${JSON.stringify(r.threatTimes)}`,
      ).toBe(coversNow);
      return peakPast;
    })
    .map((r) => r.threatType);
  return { warned: warnings.map((w) => w.policyName), breachedRisks, warnings, risks };
}

describe('Policy Risks and Active Warnings over a gust front', () => {
  it('name the same policies as breached at every step over the threshold and back', async () => {
    t.clock.set(new Date(START));
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'GUST',
      threshold: 40,
      reAlertMinutes: 30,
      allClearMinutes: 60,
    });
    const context: EngineContext & { bus: Bus } = {
      bus: t.bus,
      config: t.config,
      db: t.db,
      clock: t.clock,
      weather: { ...t.weather, providers: { ...t.weather.providers, alerts: noAlerts } },
      log: t.app.log,
      enqueueAlert: async () => {},
    };
    const engine = createPolicyEngine(context);
    // minute, gust mph, whether the engine runs before the panels are read, breached policies expected
    const steps: [number, number, boolean, string[]][] = [
      [0, 11, true, []],
      [1, 53, false, []], // the gust front arrives; the engine has not run its cycle yet
      [1, 53, true, ['GUST']],
      [5, 45, true, ['GUST']],
      [6, 11, true, ['GUST']], // back under the threshold: the all-clear period
      [30, 11, true, ['GUST']],
      [66, 11, true, []], // an hour below: all clear
    ];
    for (const [minute, mph, run, expected] of steps) {
      t.clock.set(new Date(START + minute * MIN));
      await setGust(mph);
      if (run) await engine.runCycle();
      const { warned, breachedRisks, warnings, risks } = await panels();
      const where = `minute ${minute}, ${mph} mph${run ? '' : ' (before the cycle)'}`;
      expect(warned, where).toEqual(expected);
      expect(breachedRisks, where).toEqual(expected);
      if (expected.length > 0) {
        // the card's peak is the warning's: what crossed, not what is now
        expect(risks.find((r) => r.threatType === 'GUST')!.peakValue, where).toBeCloseTo(53, 0);
      }
      if (minute === 30) {
        expect(warnings[0]!.message).toBe(
          `Wind Gust at ${t.a.location.label} reached 53 mph at 4:06 PM CDT (threshold 40 mph); now 11 mph; ` +
            'all clear at 5:11 PM CDT if it stays below.',
        );
      }
    }
  });

  it("another customer's location answers 404 on both", async () => {
    const headers = { authorization: `Bearer ${await t.tokenFor(t.b.admin.id)}` };
    for (const url of [
      `/api/PolicyWarnings/Location/${t.a.location.id}`,
      `/api/ThreatForecast/Location/${t.a.location.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().responseException.message, url).toEqual(expect.any(String));
    }
  });
});
