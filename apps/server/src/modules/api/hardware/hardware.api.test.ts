// On-site hardware driven for real (issue 16), on the real app and a real device gateway: an embedded MQTT broker,
// the simulator's virtual sirens and PA units as MQTT clients, and its virtual relay boards over HTTP on loopback.
// Every operator action is a command to a device whose answer decides the call: tests and Stop Test (single and bulk,
// the §9 durations, a siren that never acknowledges failing with a siren fault), settings pushed and reported back,
// disable/enable with the reason audited (a disabled siren gets no alert command from the lightning engine), relays
// read and switched on the board (a board that is down: 502; no address but a configured unit's), PA messages with
// per-unit status, and stored PA messages. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import type { THardware, TSirenCommandResult, TSirenDetail } from '@allclear/contracts';
import { ALL_CUSTOMER_FEATURES, CustomerFeature } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  buildHardware,
  buildOrganizationLocation,
  buildPaMessage,
  buildPaUnit,
  buildSiren,
  buildUser,
  buildWeatherStation,
} from '../../../db/factories.ts';
import {
  customers,
  hardwareAudit,
  paCommands,
  remoteRelays,
  sirenCommands,
} from '../../../db/schema/index.ts';
import {
  createDeviceDirectory,
  type OwnedDeviceDirectory,
} from '../../../engine/devices/device-directory.ts';
import { createDeviceGateway, type DeviceGateway } from '../../../engine/devices/gateway.ts';
import { sirenCommandTopic } from '../../../engine/devices/topics.ts';
import { createLightningEngine, type LightningEngine } from '../../../engine/lightning/engine.ts';
import { silentLogger, strikeAt } from '../../../engine/lightning/test-support.ts';

let t: TestApp;
let devices: OwnedDeviceDirectory;
let gateway: DeviceGateway;
let engine: LightningEngine;
let listener: MqttClient;
const heard = new Map<string, Record<string, unknown>[]>();

let paAdmin: string;
let assistant: string;
const a = {} as {
  owx: number;
  ows: number;
  wxs: number;
  owxSiren: number;
  owsSiren: number;
  pa: number;
  paTwo: number;
  quietPa: number;
  message: number;
  announcer: number;
  announcerPa: number;
};
const b = {} as { ows: number; owsSiren: number; pa: number; message: number };
const BOARD = '10.20.1.10';
const PASSWORD = 'Test-password-1';
const GUST = 10;

beforeAll(async () => {
  devices = createDeviceDirectory({ simulated: true });
  t = await createTestApp({ devices });
  const db = t.db.db;
  const customerId = t.a.customer.id;
  // pa.full_access by the user's own permission, not the customer's features (spec 02 §6)
  await db
    .update(customers)
    .set({ features: ALL_CUSTOMER_FEATURES.filter((f) => f !== CustomerFeature.PA_FULL_ACCESS) })
    .where(eq(customers.id, customerId));
  paAdmin = (
    await buildUser(db, { customerId, role: 'Admin', permissions: ['pa.full_access'], password: PASSWORD })
  ).id;
  assistant = (
    await buildUser(db, { customerId, role: 'Assistant Admin', siteId: t.a.site.id, password: PASSWORD })
  ).id;
  const venue = await buildOrganizationLocation(db, { customerId, name: 'North Field' });
  const owx = await buildHardware(db, {
    customerId,
    name: 'North Field OWX',
    modelId: 'OWX',
    organizationLocationId: venue.id,
    ipAddress: BOARD,
    latitude: 30,
    longitude: -95,
    connectedAt: t.clock.now(),
  });
  a.owx = owx.id;
  a.owxSiren = (
    await buildSiren(db, { customerId, hardwareId: owx.id, duration: 15, frequency: 2, radius: 8 })
  ).id;
  await buildWeatherStation(db, { customerId, hardwareId: owx.id, name: 'North Field Station', type: 'OWX' });
  await db.insert(remoteRelays).values([
    { customerId, hardwareId: owx.id, name: 'Gate Lights', channel: 1, triggerPolicyTypeId: GUST },
    { customerId, hardwareId: owx.id, name: 'Field Horn', channel: 2 },
  ]);
  a.pa = (
    await buildPaUnit(db, { customerId, hardwareId: owx.id, name: 'North PA', defaultPlayCount: 2 })
  ).id;
  const ows = await buildHardware(db, {
    customerId,
    name: 'South Field Siren',
    modelId: 'OWS',
    latitude: 31,
    longitude: -95,
  });
  a.ows = ows.id;
  a.owsSiren = (
    await buildSiren(db, { customerId, hardwareId: ows.id, duration: 10, frequency: 1, radius: 8 })
  ).id;
  a.paTwo = (await buildPaUnit(db, { customerId, hardwareId: ows.id, name: 'South PA' })).id;
  a.wxs = (await buildHardware(db, { customerId, name: 'East Station', modelId: 'WXS' })).id;
  await buildWeatherStation(db, { customerId, hardwareId: a.wxs, name: 'East Station' });
  a.message = (await buildPaMessage(db, { customerId, title: 'Shelter', message: 'Seek shelter now.' })).id;

  // a siren far from the others whose unit plays a stored message on its PA unit after the siren
  const announcer = await buildHardware(db, {
    customerId,
    name: 'Lake Siren',
    modelId: 'OWS',
    latitude: 35,
    longitude: -95,
    afterSirenPaId: a.message,
  });
  a.announcer = (
    await buildSiren(db, { customerId, hardwareId: announcer.id, duration: 20, frequency: 3, radius: 8 })
  ).id;
  a.announcerPa = (await buildPaUnit(db, { customerId, hardwareId: announcer.id, name: 'Lake PA' })).id;

  // customer B: a siren, a relay board at the same private address, a PA unit and a stored message
  const other = t.b.customer.id;
  const bOws = await buildHardware(db, {
    customerId: other,
    modelId: 'OWS',
    name: 'B Siren',
    ipAddress: BOARD,
  });
  b.ows = bOws.id;
  b.owsSiren = (await buildSiren(db, { customerId: other, hardwareId: bOws.id })).id;
  await db
    .insert(remoteRelays)
    .values({ customerId: other, hardwareId: bOws.id, name: 'B Relay', channel: 1 });
  b.pa = (await buildPaUnit(db, { customerId: other, hardwareId: bOws.id, name: 'B PA' })).id;
  b.message = (await buildPaMessage(db, { customerId: other })).id;

  gateway = createDeviceGateway({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: silentLogger,
    enqueueAlert: async (_tx, event) => void t.events.push(event),
    bus: t.bus,
    devices,
    mqttPort: 0,
    virtualSirens: true,
    virtualPaUnits: true,
    virtualStations: false,
  });
  await gateway.start();
  // a unit added after the gateway started has no virtual PA unit: it never answers
  a.quietPa = (await buildPaUnit(t.db.db, { customerId, hardwareId: a.ows, name: 'Quiet PA' })).id;
  engine = createLightningEngine({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: silentLogger,
    enqueueAlert: async (_tx, event) => void t.events.push(event),
    bus: t.bus,
    autoTick: false,
  });
  await engine.start();
  listener = await connectAsync(gateway.brokerUrl, { clientId: 'hardware-api-test-listener' });
  listener.on('message', (topic, payload) => {
    const list = heard.get(topic) ?? [];
    list.push(JSON.parse(payload.toString('utf8')) as Record<string, unknown>);
    heard.set(topic, list);
  });
  for (const siren of [a.owxSiren, a.owsSiren])
    await listener.subscribeAsync(sirenCommandTopic(customerId, siren), { qos: 1 });
}, 60_000);

afterAll(async () => {
  await listener?.endAsync(true);
  await engine?.stop();
  await gateway?.stop();
  await devices?.close();
  await t?.close();
});

async function send(
  userId: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      data: unknown;
      responseException?: { message: string; errors: Record<string, string[]> };
    },
  };
}
const admin = () => t.a.admin.id;
const unitOf = async (id: number) =>
  (await send(admin(), 'GET', `/api/hardware/${id}`)).body.data as THardware;

describe('the hardware list (spec 02 §2.5, §3)', () => {
  it("lists the customer's units with their siren, station, relays and PA units, and what the caller may do", async () => {
    const res = await send(admin(), 'GET', '/api/Hardware');
    expect(res.status).toBe(200);
    const list = res.body.data as THardware[];
    expect(list.map((u) => u.name)).toEqual([
      'East Station',
      'Lake Siren',
      'North Field OWX',
      'South Field Siren',
    ]);
    const owx = list.find((u) => u.id === a.owx)!;
    expect(owx).toMatchObject({
      modelId: 'OWX',
      locationName: 'North Field',
      siren: { id: a.owxSiren, enabled: true, duration: 15, frequency: 2 },
      weatherStation: { name: 'North Field Station' },
      relayCount: 2,
      paUnits: [{ id: a.pa, name: 'North PA' }],
      test: null,
      fault: null,
      abilities: { view: true, manage: true, sendPa: false },
    });
    expect(list.find((u) => u.id === a.wxs)).toMatchObject({ siren: null, relayCount: 0 });
  });

  it("refuses a Customer (403) and hides another customer's unit (404)", async () => {
    expect((await send(t.a.customerUser.id, 'GET', '/api/Hardware')).status).toBe(403);
    expect((await send(t.b.admin.id, 'GET', `/api/hardware/${a.owx}`)).status).toBe(404);
  });
});

describe('siren tests over MQTT (spec 02 §4 Tests, §9)', () => {
  it('a bulk Delay test reaches each siren on its command topic; acknowledged, it runs until Stop Test', async () => {
    const res = await send(admin(), 'POST', '/api/Siren/Test/Delay', [a.owxSiren, a.owsSiren]);
    expect(res.status).toBe(200);
    const result = res.body.data as TSirenCommandResult;
    expect(result).toMatchObject({ test: 'delay', succeeded: true });
    // Delay: 10 s + duration × frequency, the longest of the units (15 × 2 + 10 = 40)
    expect(result.durationSeconds).toBe(40);
    expect(result.sirens.map((s) => [s.sirenId, s.acknowledged])).toEqual([
      [a.owxSiren, true],
      [a.owsSiren, true],
    ]);
    const owxTopic = sirenCommandTopic(t.a.customer.id, a.owxSiren);
    await vi.waitFor(() => expect(heard.get(owxTopic)?.some((c) => c.kind === 'test-delay')).toBe(true));
    expect(heard.get(owxTopic)!.find((c) => c.kind === 'test-delay')).toMatchObject({
      sirenId: a.owxSiren,
      sound: { durationSeconds: 15, frequency: 2, totalSeconds: 30 },
      strobe: true,
      durationSeconds: 40,
    });
    expect((await unitOf(a.owx)).test).toMatchObject({
      type: 'delay',
      durationSeconds: 40,
      endsByItself: false,
    });
    // still running after its duration: Delay stays until stopped
    t.clock.advance(60_000);
    expect((await unitOf(a.owx)).test?.type).toBe('delay');

    const stop = await send(admin(), 'POST', '/api/Siren/TurnOff', [a.owxSiren, a.owsSiren]);
    expect(stop.body.data).toMatchObject({ test: null, succeeded: true, durationSeconds: 0 });
    expect((await unitOf(a.owx)).test).toBeNull();
    expect(gateway.virtualSiren(a.owxSiren)?.running).toBeNull();
  });

  it('an All Clear test ends by itself after 10 s + its all-clear duration × frequency', async () => {
    const res = await send(admin(), 'POST', '/api/Siren/Test/AllClear', [a.owsSiren]);
    expect(res.body.data).toMatchObject({ test: 'all-clear', succeeded: true, durationSeconds: 20 });
    expect((await unitOf(a.ows)).test).toMatchObject({ type: 'all-clear', endsByItself: true });
    t.clock.advance(20_000);
    expect((await unitOf(a.ows)).test).toBeNull();
  });

  it('a siren that never acknowledges fails within its window, with a siren fault; nothing hangs', async () => {
    devices.simulator!.setSirenAnswering(a.owsSiren, false);
    try {
      const pending = send(admin(), 'POST', '/api/Siren/Test/Light', [a.owsSiren]);
      const topic = sirenCommandTopic(t.a.customer.id, a.owsSiren);
      await vi.waitFor(() => expect(heard.get(topic)?.some((c) => c.kind === 'test-light')).toBe(true));
      t.clock.advance(10_000);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        test: 'light',
        succeeded: false,
        durationSeconds: 0,
        sirens: [
          {
            sirenId: a.owsSiren,
            acknowledged: false,
            error: 'South Field Siren did not answer within 10 seconds.',
          },
        ],
      });
      const fault = t.events.find((e) => e.kind === 'siren-fault' && e.sirenId === a.owsSiren);
      expect(fault?.body).toContain('The Light test command sent to siren South Field Siren');
      expect(fault?.details.reason).toBe('not acknowledged within 10 s');
      const unit = await unitOf(a.ows);
      expect(unit.fault?.text).toContain('Light test');
      expect(unit.test).toBeNull();
      const [audit] = await t.db.db
        .select()
        .from(hardwareAudit)
        .where(and(eq(hardwareAudit.sirenId, a.owsSiren), eq(hardwareAudit.action, 'test-light')));
      expect(audit).toMatchObject({ outcome: 'failed', actorUserId: admin() });
    } finally {
      devices.simulator!.setSirenAnswering(a.owsSiren, true);
    }
    // answering again, its next command clears the fault
    await send(admin(), 'POST', '/api/Siren/TurnOff', [a.owsSiren]);
    expect((await unitOf(a.ows)).fault).toBeNull();
  });

  it("refuses before sending anything: another customer's siren is not found, a Customer is forbidden", async () => {
    const before = (await t.db.db.select().from(sirenCommands)).length;
    expect((await send(admin(), 'POST', '/api/Siren/Test/Delay', [a.owsSiren, b.owsSiren])).status).toBe(404);
    expect((await send(t.a.customerUser.id, 'POST', '/api/Siren/Test/Delay', [a.owsSiren])).status).toBe(403);
    expect((await send(admin(), 'POST', '/api/Siren/Test/Delay', [])).status).toBe(400);
    expect((await t.db.db.select().from(sirenCommands)).length).toBe(before);
  });
});

describe('siren settings (spec 02 §5, §7 PATCH Hardware/OWS/Settings)', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    id: a.owsSiren,
    duration: 20,
    frequency: 3,
    allClearDuration: 5,
    allClearFrequency: 2,
    postWarnMessage: 'Lightning nearby. Seek shelter.',
    postAllClearMessage: '',
    afterSirenPaId: a.message,
    alertTimes: [
      { day: 0, startTime: '00:00:00', endTime: '00:00:00', allDay: true, enabled: true },
      { day: 1, startTime: '06:15:00', endTime: '21:45:00', allDay: false, enabled: true },
      { day: 2, startTime: '08:00:00', endTime: '08:00:00', allDay: false, enabled: false },
    ],
    ...overrides,
  });

  it('saves them, pushes them to the siren, which acknowledges and reports them back', async () => {
    const res = await send(admin(), 'PATCH', '/api/Hardware/OWS/Settings', body());
    expect(res.status).toBe(200);
    const detail = res.body.data as TSirenDetail;
    expect(detail).toMatchObject({
      duration: 20,
      frequency: 3,
      postAllClearMessage: null,
      afterSirenPaId: a.message,
    });
    // a row whose start equals its end becomes all day (spec 02 §4 'Alert-time rows')
    expect(detail.alertTimes.find((r) => r.day === 2)).toMatchObject({ allDay: true, endTime: '00:00:00' });
    await vi.waitFor(async () => {
      const now = (await send(admin(), 'GET', `/api/Hardware/OWS/${a.ows}`)).body.data as TSirenDetail;
      expect(now.reported?.settings).toMatchObject({
        version: now.settingsVersion,
        duration: 20,
        frequency: 3,
      });
      expect(now.reported?.settings.alertTimes).toHaveLength(3);
    }, 5_000);
    expect(gateway.virtualSiren(a.owsSiren)?.settings?.postWarnMessage).toBe(
      'Lightning nearby. Seek shelter.',
    );
  });

  it.each([
    { name: 'a duration off the 5-second steps', patch: { duration: 7 }, key: 'Duration' },
    { name: 'over 30 seconds', patch: { allClearDuration: 35 }, key: 'AllClearDuration' },
    { name: 'played 11 times', patch: { frequency: 11 }, key: 'Frequency' },
    {
      name: 'a time off the 15-minute options',
      patch: {
        alertTimes: [{ day: 1, startTime: '06:10:00', endTime: '21:00:00', allDay: false, enabled: true }],
      },
      key: 'AlertTimes[0].StartTime',
    },
    {
      name: 'a start after its end',
      patch: {
        alertTimes: [{ day: 1, startTime: '21:00:00', endTime: '06:00:00', allDay: false, enabled: true }],
      },
      key: 'AlertTimes[0].StartTime',
    },
  ])('refuses $name under $key', async ({ patch, key }) => {
    const res = await send(admin(), 'PATCH', '/api/Hardware/OWS/Settings', body(patch));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.responseException!.errors)).toContain(key);
  });

  it("refuses another customer's stored message as the after-siren message", async () => {
    const res = await send(
      admin(),
      'PATCH',
      '/api/Hardware/OWS/Settings',
      body({ afterSirenPaId: b.message }),
    );
    expect(res.status).toBe(400);
    expect(res.body.responseException!.errors.AfterSirenPaId).toEqual([
      'Choose one of your stored PA messages.',
    ]);
  });

  it('answers 504 when the siren does not confirm, keeping the settings, and pushes them again when it reports', async () => {
    devices.simulator!.setSirenAnswering(a.owsSiren, false);
    const pending = send(admin(), 'PATCH', '/api/Hardware/OWS/Settings', body({ duration: 25 }));
    const topic = sirenCommandTopic(t.a.customer.id, a.owsSiren);
    await vi.waitFor(() =>
      expect(
        heard
          .get(topic)
          ?.some((c) => c.kind === 'settings' && (c.settings as { duration: number }).duration === 25),
      ).toBe(true),
    );
    t.clock.advance(10_000);
    const res = await pending;
    devices.simulator!.setSirenAnswering(a.owsSiren, true);
    expect(res.status).toBe(504);
    expect(res.body.responseException!.message).toMatch(/did not confirm them within 10 seconds/);
    // it reports the older version it holds: the gateway pushes the saved ones again and it takes them
    await gateway.virtualSiren(a.owsSiren)!.reportTelemetry();
    await vi.waitFor(async () => {
      const now = (await send(admin(), 'GET', `/api/Hardware/OWS/${a.ows}`)).body.data as TSirenDetail;
      expect(now.duration).toBe(25);
      expect(now.reported?.settings).toMatchObject({ version: now.settingsVersion, duration: 25 });
    }, 5_000);
  });
});

describe('disable and enable (spec 02 §4, §5, §8)', () => {
  it('needs a reason with a non-blank character', async () => {
    const res = await send(admin(), 'POST', '/api/Support/Siren/Disable', {
      hardwareId: a.ows,
      message: '   ',
    });
    expect(res.status).toBe(400);
    expect(res.body.responseException!.errors.Message).toEqual(['A reason is required.']);
  });

  it('disables the OWS with its reason, who and when; the engine sends a disabled siren no alert command', async () => {
    const res = await send(assistant, 'POST', '/api/Support/Siren/Disable', {
      hardwareId: a.ows,
      message: 'Horn replaced on Monday',
    });
    expect(res.status).toBe(200);
    const unit = res.body.data as THardware;
    expect(unit.siren?.enabled).toBe(false);
    expect(unit.disabled).toMatchObject({
      reason: 'Horn replaced on Monday',
      at: t.clock.now().toISOString(),
    });
    expect(unit.disabled?.by).toMatch(/^First\d+ Last\d+$/);
    const audit = (await send(admin(), 'GET', `/api/Hardware/Audit/${a.ows}`)).body.data as {
      action: string;
      reason: string;
    }[];
    expect(audit[0]).toMatchObject({ action: 'siren-disabled', reason: 'Horn replaced on Monday' });

    // lightning within both sirens' radius: only the enabled one is commanded
    await engine.ingest([
      strikeAt({ latitude: 31, longitude: -95 }, 1, t.clock.now()),
      strikeAt({ latitude: 30, longitude: -95 }, 1, t.clock.now()),
    ]);
    const warnings = (sirenId: number) =>
      t.db.db
        .select()
        .from(sirenCommands)
        .where(and(eq(sirenCommands.sirenId, sirenId), eq(sirenCommands.kind, 'warning')));
    expect(await warnings(a.owsSiren)).toEqual([]);
    expect(await warnings(a.owxSiren)).toHaveLength(1);
    // a disabled siren is not tested either
    expect((await send(admin(), 'POST', '/api/Siren/Test/Delay', [a.owsSiren])).status).toBe(400);

    const enabled = await send(admin(), 'POST', '/api/Support/Siren/Enable', {
      hardwareId: a.ows,
      message: 'Back in service',
    });
    expect((enabled.body.data as THardware).disabled).toBeNull();
  });

  it('disables and enables the whole unit', async () => {
    const off = await send(admin(), 'POST', '/api/Support/Disable', {
      hardwareId: a.wxs,
      message: 'Moved indoors',
    });
    expect((off.body.data as THardware).enabled).toBe(false);
    const on = await send(admin(), 'POST', '/api/Support/Enable', {
      hardwareId: a.wxs,
      message: 'Back outside',
    });
    expect((on.body.data as THardware).enabled).toBe(true);
    expect(
      (await send(admin(), 'POST', '/api/Support/Siren/Disable', { hardwareId: a.wxs, message: 'x' })).status,
    ).toBe(400);
  });
});

describe('relays on the board (spec 02 §3 Remote relay, §4 Relays, §7)', () => {
  it("reads the board at the unit's address: the relays, their state and their automation", async () => {
    const res = await send(admin(), 'GET', `/api/RemoteRelay/${BOARD}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Gate Lights',
        toggled: false,
        channel: 1,
        remoteRelayTrigger: { policyTypeId: GUST, policyType: { displayName: 'Wind Gust' } },
      },
      { id: expect.any(Number), name: 'Field Horn', toggled: false, channel: 2, remoteRelayTrigger: null },
    ]);
  });

  it('switches a relay on the board (manual override), audited', async () => {
    const res = await send(admin(), 'POST', `/api/RemoteRelay/SetRelay/${BOARD}`, {
      id: 'Field Horn',
      toggled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Field Horn', toggled: true });
    expect(devices.virtualBoard(BOARD)?.states.get(2)).toBe(true);
    const audit = (await send(admin(), 'GET', `/api/Hardware/Audit/${a.owx}`)).body.data as {
      text: string;
      outcome: string;
    }[];
    expect(audit[0]?.text).toMatch(/^Switched Field Horn on \(manual override\)/);
    expect(audit[0]?.outcome).toBe('ok');
  });

  it('answers 502 when the board is down, and nothing hangs', async () => {
    await devices.simulator!.setRelayBoardOnline(BOARD, false);
    try {
      const started = Date.now();
      const res = await send(admin(), 'POST', `/api/RemoteRelay/SetRelay/${BOARD}`, {
        id: 'Field Horn',
        toggled: false,
      });
      expect(res.status).toBe(502);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await send(admin(), 'GET', `/api/RemoteRelay/${BOARD}`)).status).toBe(502);
    } finally {
      await devices.simulator!.setRelayBoardOnline(BOARD, true);
    }
    expect(devices.virtualBoard(BOARD)?.states.get(2)).toBe(true);
  });

  it("reaches no address but a configured unit's: any other is not found, and so is another customer's relay", async () => {
    for (const address of ['127.0.0.1:80', 'evil.example', '169.254.169.254'])
      expect((await send(admin(), 'GET', `/api/RemoteRelay/${encodeURIComponent(address)}`)).status).toBe(
        404,
      );
    expect((await send(admin(), 'GET', '/api/RemoteRelay/http%3A%2F%2Fevil')).status).toBe(400);
    expect(
      (await send(admin(), 'POST', `/api/RemoteRelay/SetRelay/${BOARD}`, { id: 'B Relay', toggled: true }))
        .status,
    ).toBe(404);
    expect((await send(t.a.customerUser.id, 'GET', `/api/RemoteRelay/${BOARD}`)).status).toBe(403);
  });
});

describe('public address (spec 02 §5 PA message, §7 POST PA/SendMessage)', () => {
  it('needs pa.full_access', async () => {
    expect((await send(admin(), 'GET', '/api/PA')).status).toBe(403);
    expect((await send(paAdmin, 'GET', '/api/PA')).body.data).toHaveLength(4);
  });

  it("delivers the message over MQTT to each unit and answers each unit's status", async () => {
    const pending = send(paAdmin, 'POST', '/api/PA/SendMessage', {
      pAList: [a.pa, a.paTwo, a.quietPa],
      message: 'Please clear the field.',
      repeatCount: 1,
    });
    // the unit that never answers settles when its window has passed
    await vi.waitFor(async () => {
      const rows = await t.db.db.select().from(hardwareAudit).where(eq(hardwareAudit.action, 'pa-message'));
      expect(rows.length).toBeGreaterThanOrEqual(3);
    });
    // both live units acknowledged (their acks applied) before the window of the silent one is run out
    await vi.waitFor(async () => {
      const delivered = await t.db.db.select().from(paCommands).where(eq(paCommands.status, 'delivered'));
      expect(delivered.map((c) => c.paUnitId).sort()).toEqual([a.pa, a.paTwo].sort());
    });
    t.clock.advance(10_000);
    const res = await pending;
    expect(res.body.data).toEqual([
      { status: 1, paName: 'North PA' },
      { status: 1, paName: 'South PA' },
      { status: 0, paName: 'Quiet PA' },
    ]);
    // the play count rises to the units' largest default (North PA plays twice)
    expect(gateway.virtualPaUnit(a.pa)?.played[0]).toMatchObject({
      message: 'Please clear the field.',
      repeatCount: 2,
    });
  });

  it("refuses an empty selection under PAList, an over-long message under Message, another customer's unit", async () => {
    const empty = await send(paAdmin, 'POST', '/api/PA/SendMessage', {
      pAList: [],
      message: 'x',
      repeatCount: 1,
    });
    expect(empty.body.responseException!.errors.PAList).toEqual(['Select at least one PA unit.']);
    const long = await send(paAdmin, 'POST', '/api/PA/SendMessage', {
      pAList: [a.pa],
      message: 'x'.repeat(351),
      repeatCount: 1,
    });
    expect(long.body.responseException!.errors.Message).toEqual([
      'A message must be 350 characters or fewer.',
    ]);
    expect(
      (await send(paAdmin, 'POST', '/api/PA/SendMessage', { pAList: [b.pa], message: 'x', repeatCount: 1 }))
        .status,
    ).toBe(404);
  });
});

describe('stored PA messages (spec 02 §2.12, §5)', () => {
  it("adds, updates and deletes; a Customer may too; another customer's message is not found", async () => {
    const added = await send(t.a.customerUser.id, 'POST', '/api/PA/StoredMessage', {
      title: ' Gates ',
      message: 'Gates open.',
    });
    expect(added.status).toBe(200);
    const id = (added.body.data as { id: number }).id;
    expect(added.body.data).toMatchObject({
      title: 'Gates',
      message: 'Gates open.',
      customerId: t.a.customer.id,
    });
    const updated = await send(admin(), 'PATCH', '/api/PA/StoredMessage', {
      id,
      title: 'Gates',
      message: 'Gates close.',
    });
    expect(updated.body.data).toMatchObject({ message: 'Gates close.' });
    const list = (await send(admin(), 'GET', '/api/PA/StoredMessages')).body.data as { id: number }[];
    expect(list.map((m) => m.id)).toContain(id);
    expect((await send(admin(), 'DELETE', `/api/PA/StoredMessage/${id}`)).body.data).toBe(true);
    expect((await send(admin(), 'DELETE', `/api/PA/StoredMessage/${b.message}`)).status).toBe(404);
    const tooLong = await send(admin(), 'POST', '/api/PA/StoredMessage', {
      title: 'T',
      message: 'x'.repeat(351),
    });
    expect(tooLong.body.responseException!.errors.Message).toEqual([
      'A message must be 350 characters or fewer.',
    ]);
    const noTitle = await send(admin(), 'POST', '/api/PA/StoredMessage', { title: '  ', message: 'x' });
    expect(noTitle.body.responseException!.errors.Title).toEqual(['A title is required.']);
  });
});

describe('after the siren (spec 02 §3 Hardware afterSirenPaId) and live reports', () => {
  it("plays the unit's stored after-siren message on its PA unit once a warning's sound has ended", async () => {
    await engine.ingest([strikeAt({ latitude: 35, longitude: -95 }, 2, t.clock.now())]);
    await vi.waitFor(
      () => expect(gateway.virtualSiren(a.announcer)?.received.some((c) => c.kind === 'warning')).toBe(true),
      {
        timeout: 5_000,
      },
    );
    await vi.waitFor(() => expect(gateway.virtualPaUnit(a.announcerPa)?.played).toHaveLength(1), {
      timeout: 5_000,
    });
    expect(gateway.virtualPaUnit(a.announcerPa)!.played[0]).toMatchObject({
      message: 'Seek shelter now.',
      repeatCount: 1,
      // after 20 s × 3 of sound
      afterSeconds: 60,
    });
  });

  it('tells the hardware stream when a siren reports', async () => {
    const heardChanges: number[] = [];
    const off = t.bus.subscribe('hardware-changed', (e) => heardChanges.push(e.customerId));
    try {
      await gateway.virtualSiren(a.announcer)!.reportTelemetry();
      await vi.waitFor(() => expect(heardChanges).toContain(t.a.customer.id));
    } finally {
      off();
    }
  });
});
