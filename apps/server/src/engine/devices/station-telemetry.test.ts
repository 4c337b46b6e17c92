// Weather stations over MQTT on a real aedes broker (loopback) and a real database: a published reading
// becomes the location's current observation through the app and drives the policy engine; bad readings
// are refused with their reason and store nothing; virtual stations publish the simulator's readings.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { cToF } from '@allclear/domain';
import type { AlertSource } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildHardware, buildPolicy, buildWeatherStation } from '../../db/factories.ts';
import { locationConditions, stationObservations } from '../../db/schema/index.ts';
import type { AlertEvent, EngineContext } from '../contracts.ts';
import { createObservationIngest, readStation } from '../observations/observation-ingest.ts';
import { createPolicyEngine } from '../policies/policy-engine.ts';
import { createDeviceGateway, type DeviceGateway } from './gateway.ts';
import { MAX_REFUSAL_DETAIL_CHARS, parseStationPayload, type StationRefusal } from './station-telemetry.ts';
import { MAX_DEVICE_PAYLOAD_BYTES, stationObservationTopic } from './topics.ts';

const MIN = 60_000;
let t: TestApp;
let gateway: DeviceGateway;
let station: MqttClient;
let stationId: number;
let disabledStationId: number;
let token: string;
const events: AlertEvent[] = [];

const noAlerts: AlertSource = {
  async activeAlerts() {
    return [];
  },
  async alertsForPoint() {
    return [];
  },
};

function context(): EngineContext {
  return {
    config: t.config,
    db: t.db,
    clock: t.clock,
    // the simulator's own NWS alerts are not what these tests are about
    weather: { ...t.weather, providers: { ...t.weather.providers, alerts: noAlerts } },
    log: t.app.log,
    enqueueAlert: async (_tx, e) => {
      events.push(e);
    },
  };
}

/** A valid reading taken `agoMs` before the clock's now. */
function reading(overrides: Record<string, unknown> = {}, agoMs = MIN) {
  return {
    time: new Date(t.clock.now().getTime() - agoMs).toISOString(),
    temperatureC: 31.5,
    humidityPct: 40,
    windSpeedMs: 3.2,
    windGustMs: 6.1,
    windDirectionDeg: 200,
    pressureHpa: 1009.4,
    rainMm: 0,
    rainTodayMm: 1.2,
    solarWm2: 780,
    ...overrides,
  };
}

async function publish(topic: string, body: unknown): Promise<void> {
  await station.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
}

const stationTopic = () => stationObservationTopic(t.a.customer.id, stationId);
const handled = () => {
  const s = gateway.stationTelemetry();
  return s.accepted + Object.values(s.refused).reduce((a, b) => a + b, 0);
};

/** Publishes and waits until the gateway has accepted or refused the message. */
async function publishAndSettle(topic: string, body: unknown): Promise<void> {
  const before = handled();
  await publish(topic, body);
  await vi.waitFor(() => expect(handled()).toBe(before + 1), { timeout: 5_000 });
  await gateway.settled();
}

const observationsOf = (id: number) =>
  t.db.db.select().from(stationObservations).where(eq(stationObservations.stationId, id));
const conditionOf = async (locationId: number) =>
  (await t.db.db.select().from(locationConditions).where(eq(locationConditions.locationId, locationId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-07-01T17:00:00Z');
  const unit = await buildHardware(t.db.db, {
    customerId: t.a.customer.id,
    latitude: t.a.location.latitude,
    longitude: t.a.location.longitude,
  });
  stationId = (await buildWeatherStation(t.db.db, { customerId: t.a.customer.id, hardwareId: unit.id })).id;
  const disabledUnit = await buildHardware(t.db.db, {
    customerId: t.a.customer.id,
    latitude: t.a.location.latitude,
    longitude: t.a.location.longitude,
    enabled: false,
  });
  disabledStationId = (
    await buildWeatherStation(t.db.db, { customerId: t.a.customer.id, hardwareId: disabledUnit.id })
  ).id;
  gateway = createDeviceGateway({
    ...context(),
    mqttPort: 0,
    virtualSirens: false,
    virtualStations: true,
    autoTick: false,
  });
  await gateway.start();
  station = await connectAsync(gateway.brokerUrl, { clientId: 'station-telemetry-test' });
  token = await t.tokenFor(t.a.customerUser.id);
}, 60_000);

afterAll(async () => {
  await station?.endAsync(true);
  await gateway?.stop();
  await t?.close();
});

describe('weather stations over MQTT', () => {
  it("makes a published reading the location's current observation, with the station as its source", async () => {
    await publishAndSettle(stationTopic(), reading());
    expect(gateway.stationTelemetry().accepted).toBe(1);

    const [stored] = await observationsOf(stationId);
    expect(stored).toMatchObject({ source: 'mqtt', temperatureC: 31.5, relativeHumidityPct: 40 });
    expect(stored!.observedAt.toISOString()).toBe('2026-07-01T16:59:00.000Z');
    // solar and wind given: the Liljegren WBGT, not the estimate
    expect(stored!.wbgtIsEstimate).toBe(false);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/observations/ForLocation/${t.a.location.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.data).toMatchObject({
      source: 'station',
      ambientTemperature: { value: Math.round(cToF(31.5) * 10) / 10, unit: '°F' },
      observationTime: '2026-07-01T16:59:00.000Z',
    });
    expect(body.weatherStation.id).toBe(stationId);
    expect(body.calibratedData.rainToday.value).toBeCloseTo(0.05, 2);
    // customer B's location in the same city never takes customer A's station
    expect(await conditionOf(t.b.location.id)).toBeUndefined();
  });

  it('starts a HEAT warning when a reading breaches the policy', async () => {
    t.clock.advance(5 * MIN);
    await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'HEAT', threshold: 103 });
    const engine = createPolicyEngine(context());
    await engine.runCycle();
    expect(events.filter((e) => e.kind === 'policy-warning')).toEqual([]); // 31.5 °C, 40 %: below 103 °F

    // 40 °C at 50 % humidity: a heat index near 131 °F
    await publishAndSettle(stationTopic(), reading({ temperatureC: 40, humidityPct: 50 }, 0));
    await engine.runCycle();
    const warnings = events.filter((e) => e.kind === 'policy-warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      locationId: t.a.location.id,
      customerId: t.a.customer.id,
      policyTypeShortName: 'HEAT',
      details: { source: 'station', stationId, threshold: 103 },
    });
    expect(warnings[0]!.details.value as number).toBeGreaterThan(125);
    expect(warnings[0]!.subject).toContain(t.a.location.label);
  });

  // name, topic, body, the reason expected, a fragment of the detail expected
  const refusals: [string, () => string, () => unknown, StationRefusal, string][] = [
    ['malformed JSON', stationTopic, () => '{"time": "2026-07-01T17:', 'not-json', 'JSON'],
    [
      'a number as text',
      stationTopic,
      () => reading({ temperatureC: '40' }),
      'invalid-payload',
      'temperatureC',
    ],
    [
      'Fahrenheit instead of Celsius',
      stationTopic,
      () => {
        const { temperatureC: _c, ...rest } = reading();
        return { ...rest, temperatureF: 104 };
      },
      'invalid-payload',
      'temperatureF',
    ],
    [
      'humidity over 100 %',
      stationTopic,
      () => reading({ humidityPct: 140 }),
      'invalid-payload',
      'humidityPct',
    ],
    ['no time', stationTopic, () => reading({ time: undefined }), 'invalid-payload', 'time'],
    ['500 °C', stationTopic, () => reading({ temperatureC: 500 }), 'invalid-payload', 'temperatureC'],
    ['a negative wind', stationTopic, () => reading({ windSpeedMs: -1 }), 'invalid-payload', 'windSpeedMs'],
    [
      'an infinite number (1e999)',
      stationTopic,
      () => JSON.stringify(reading()).replace('"humidityPct":40', '"humidityPct":1e999'),
      'invalid-payload',
      'humidityPct',
    ],
    ['a JSON array', stationTopic, () => '[]', 'invalid-payload', '(body)'],
    ['JSON null', stationTopic, () => 'null', 'invalid-payload', '(body)'],
    [
      'a time without an offset',
      stationTopic,
      () => reading({ time: '2026-07-01T16:59:00' }),
      'invalid-payload',
      'time',
    ],
    [
      'a disabled station',
      () => stationObservationTopic(t.a.customer.id, disabledStationId),
      () => reading(),
      'unknown-station',
      'no enabled weather station',
    ],
    [
      'an unknown station',
      () => stationObservationTopic(t.a.customer.id, 999_999),
      () => reading(),
      'unknown-station',
      '999999',
    ],
    [
      "another customer's station",
      () => stationObservationTopic(t.b.customer.id, stationId),
      () => reading({ temperatureC: 45 }),
      'other-customer',
      'is not a station of customer',
    ],
    ['a stale reading', stationTopic, () => reading({}, 31 * MIN), 'stale', 'reading of'],
    ['a reading from the future', stationTopic, () => reading({}, -3 * MIN), 'future', 'reading of'],
  ];

  it.each(refusals)(
    'refuses %s: nothing is stored and the reason is counted',
    async (_name, topic, body, reason, detail) => {
      t.clock.advance(MIN);
      const rowsBefore = await observationsOf(stationId);
      const conditionBefore = await conditionOf(t.a.location.id);
      const before = gateway.stationTelemetry();

      await publishAndSettle(topic(), body());

      const after = gateway.stationTelemetry();
      expect(after.refused[reason]).toBe(before.refused[reason] + 1);
      expect(after.accepted).toBe(before.accepted);
      expect(after.lastRefusal).toMatchObject({ topic: topic(), reason });
      expect(after.lastRefusal!.detail).toContain(detail);
      expect(await observationsOf(stationId)).toEqual(rowsBefore);
      expect(await conditionOf(t.a.location.id)).toEqual(conditionBefore);
    },
  );

  it('accepts a reading exactly 30 minutes old and one 2 minutes ahead (the edges of the window)', async () => {
    t.clock.advance(60 * MIN);
    await publishAndSettle(stationTopic(), reading({ temperatureC: 20 }, 30 * MIN));
    await publishAndSettle(stationTopic(), reading({ temperatureC: 21 }, -2 * MIN));
    const times = (await observationsOf(stationId)).map((r) => r.observedAt.getTime());
    const now = t.clock.now().getTime();
    expect(times).toContain(now - 30 * MIN);
    expect(times).toContain(now + 2 * MIN);
  });

  it('keeps the newer observation when an older reading arrives after it, and stores a repeated reading once', async () => {
    t.clock.advance(60 * MIN);
    const newest = new Date(t.clock.now().getTime() - MIN);
    await publishAndSettle(stationTopic(), reading({ temperatureC: 25 }, MIN));
    await publishAndSettle(stationTopic(), reading({ temperatureC: 10 }, 10 * MIN));
    await publishAndSettle(stationTopic(), reading({ temperatureC: 25 }, MIN)); // a QoS 1 redelivery

    expect(await conditionOf(t.a.location.id)).toMatchObject({ observedAt: newest, temperatureC: 25 });
    const rows = await observationsOf(stationId);
    expect(rows.filter((r) => r.observedAt.getTime() === newest.getTime())).toHaveLength(1);
    // the late one is kept as history, not as the current observation
    expect(rows.find((r) => r.temperatureC === 10)?.observedAt.getTime()).toBe(newest.getTime() - 9 * MIN);
  });

  it('names the bad fields of a body of a thousand unknown fields in a detail of bounded length', async () => {
    const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`field${i}`, 1]));
    await publishAndSettle(stationTopic(), reading(extra));
    const last = gateway.stationTelemetry().lastRefusal!;
    expect(last.reason).toBe('invalid-payload');
    expect(last.detail).toContain('field0');
    expect(last.detail.length).toBeLessThanOrEqual(MAX_REFUSAL_DETAIL_CHARS + 1);
  });

  it('refuses a body over the size limit before parsing it, even a valid reading padded with spaces', () => {
    const body = Buffer.from(JSON.stringify(reading()) + ' '.repeat(MAX_DEVICE_PAYLOAD_BYTES));
    expect(parseStationPayload(body)).toMatchObject({
      ok: false,
      reason: 'invalid-payload',
      detail: expect.stringContaining(`over the limit of ${MAX_DEVICE_PAYLOAD_BYTES}`),
    });
  });

  it('has the broker drop an oversized message and close its sender, so the gateway never parses it', async () => {
    const sender = await connectAsync(gateway.brokerUrl, {
      clientId: 'oversized-station',
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the broker kept the connection open')), 5_000);
      sender.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const before = gateway.stationTelemetry();
    sender.publish(stationTopic(), JSON.stringify(reading()) + ' '.repeat(MAX_DEVICE_PAYLOAD_BYTES), {
      qos: 0,
    });
    await closed;
    await sender.endAsync(true);

    // the next message of a station is the next the gateway handles
    await publishAndSettle(stationTopic(), reading());
    const after = gateway.stationTelemetry();
    expect(after.refused).toEqual(before.refused);
    expect(after.accepted).toBe(before.accepted + 1);
  });

  it("publishes the simulator's readings through virtual stations, stored as the station's MQTT readings", async () => {
    t.clock.set('2026-07-02T15:02:00Z');
    const before = gateway.stationTelemetry().accepted;
    await gateway.publishVirtualStations();
    await vi.waitFor(() => expect(gateway.stationTelemetry().accepted).toBe(before + 1), { timeout: 5_000 });
    await gateway.settled();

    const position = { latitude: t.a.location.latitude, longitude: t.a.location.longitude };
    const expected = await readStation(
      t.weather,
      await t.weather.providers.observations.stations(),
      position,
      t.clock.now(),
    );
    expect(expected).not.toBeNull();
    const [row] = await t.db.db
      .select()
      .from(stationObservations)
      .where(
        and(
          eq(stationObservations.stationId, stationId),
          eq(stationObservations.observedAt, expected!.observedAt),
        ),
      );
    expect(row).toMatchObject({ source: 'mqtt', temperatureC: expected!.temperatureC });
    expect(await conditionOf(t.a.location.id)).toMatchObject({
      source: 'station',
      stationId,
      observedAt: expected!.observedAt,
    });
  });

  it('the observation cycle leaves a reporting station alone, and reads it again once its reports are stale', async () => {
    const ingest = createObservationIngest(context());
    const notReported = async () => (await observationsOf(stationId)).filter((r) => r.source !== 'mqtt');
    // the last report (previous test) is from 15:00; at 15:10 it is fresh
    t.clock.set('2026-07-02T15:10:00Z');
    await ingest.runCycle();
    expect(await notReported()).toEqual([]);

    t.clock.set('2026-07-02T15:35:00Z'); // 35 minutes without a report
    await ingest.runCycle();
    const read = await notReported();
    expect(read).toHaveLength(1);
    expect(read[0]!.observedAt.getTime()).toBeGreaterThan(new Date('2026-07-02T15:05:00Z').getTime());
  });
});
