import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatLocalTime } from '@allclear/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { connectAsync, type MqttClient } from 'mqtt';
import { buildCustomer, buildHardware, buildSiren } from '../../db/factories.ts';
import { hardware, sirenAlertTimes, sirenCommands } from '../../db/schema/index.ts';
import { createLightningEngine, type LightningEngine } from '../lightning/engine.ts';
import {
  createEngineHarness,
  silentLogger,
  strikeAt,
  type EngineHarness,
} from '../lightning/test-support.ts';
import { GATEWAY_CLIENT_ID_PREFIX, GATEWAY_USERNAME } from './broker-auth.ts';
import { createDeviceGateway, type DeviceGateway } from './gateway.ts';
import { sirenAckTopic, sirenCommandTopic, sirenTelemetryTopic } from './topics.ts';
import { startVirtualSiren } from './virtual-siren.ts';

let h: EngineHarness;
let engine: LightningEngine;
let gateway: DeviceGateway;
let listener: MqttClient;
const received = new Map<string, Record<string, unknown>[]>();
let spot = 0;

/** What the gateway logged at warn and error, by message. */
const logged: { level: 'warn' | 'error'; msg: string }[] = [];
const recordingLog: FastifyBaseLogger = Object.assign(Object.create(silentLogger) as FastifyBaseLogger, {
  warn: (_obj: unknown, msg: string) => logged.push({ level: 'warn', msg }),
  error: (_obj: unknown, msg: string) => logged.push({ level: 'error', msg }),
});
const errorsLogged = () => logged.filter((l) => l.level === 'error');

beforeAll(async () => {
  h = await createEngineHarness();
  const ctx = {
    config: h.config,
    db: h.db,
    clock: h.clock,
    weather: h.weather,
    log: recordingLog,
    enqueueAlert: h.enqueueAlert,
  };
  engine = createLightningEngine({ ...ctx, bus: h.bus, autoTick: false });
  gateway = createDeviceGateway({ ...ctx, mqttPort: 0, virtualSirens: false, autoTick: false });
  await gateway.start();
  listener = await connectAsync(gateway.brokerUrl, { clientId: 'gateway-test-listener' });
  listener.on('message', (topic, payload) => {
    const list = received.get(topic) ?? [];
    list.push(JSON.parse(payload.toString('utf8')) as Record<string, unknown>);
    received.set(topic, list);
  });
}, 60_000);

afterAll(async () => {
  await listener?.endAsync(true);
  await gateway?.stop();
  await h.close();
});

async function siren(overrides: Parameters<typeof buildSiren>[1] = {}) {
  spot += 1;
  const customer = await buildCustomer(h.db, { name: `Sirens ${spot}` });
  const unit = await buildHardware(h.db, {
    customerId: customer.id,
    modelId: 'OWS',
    latitude: 28 + spot * 2,
    longitude: -90,
    timeZoneId: 'America/Chicago',
  });
  const row = await buildSiren(h.db, {
    customerId: customer.id,
    hardwareId: unit.id,
    radius: 8,
    allClearMinutes: 15,
    duration: 10,
    frequency: 3,
    allClearDuration: 5,
    allClearFrequency: 2,
    ...overrides,
  });
  await engine.refreshIndex();
  const topic = sirenCommandTopic(customer.id, row.id);
  await listener.subscribeAsync(topic, { qos: 1 });
  return { row, unit, topic, position: { latitude: unit.latitude, longitude: unit.longitude } };
}

const commandsOf = (sirenId: number) =>
  h.db.db.select().from(sirenCommands).where(eq(sirenCommands.sirenId, sirenId));

describe('sirens over MQTT', () => {
  it('publishes the warning command on the siren topic; unacknowledged it expires at 60 s and raises a siren fault', async () => {
    const s = await siren();
    await engine.ingest([strikeAt(s.position, 8.1, h.clock.now())]);
    expect(await commandsOf(s.row.id)).toEqual([]);

    await engine.ingest([strikeAt(s.position, 7.9, h.clock.now())]);
    await gateway.flush();
    await vi.waitFor(() => expect(received.get(s.topic)).toHaveLength(1), { timeout: 5_000 });
    const command = received.get(s.topic)![0]!;
    expect(command).toMatchObject({
      kind: 'warning',
      sirenId: s.row.id,
      strobe: true,
      sound: { durationSeconds: 10, frequency: 3, totalSeconds: 30 },
    });
    const [stored] = await commandsOf(s.row.id);
    expect(stored).toMatchObject({ id: command.commandId, status: 'pending', kind: 'warning' });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(60_000);

    h.clock.advance(59_000);
    await gateway.expire();
    expect((await commandsOf(s.row.id))[0]!.status).toBe('pending');
    expect(h.events.filter((e) => e.sirenId === s.row.id)).toEqual([]);

    h.clock.advance(1_000);
    await gateway.expire();
    await gateway.flush(); // never sent late
    const [expired] = await commandsOf(s.row.id);
    expect(expired).toMatchObject({ status: 'expired', deliveredAt: null, publishedAt: stored!.publishedAt });
    const faults = h.events.filter((e) => e.sirenId === s.row.id);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({
      kind: 'siren-fault',
      notificationType: 10,
      customerId: s.row.customerId,
      details: { commandId: command.commandId, commandKind: 'warning' },
    });
    expect(faults[0]!.subject).toContain(s.unit.name);
    // the unit's own zone (America/Chicago), to the second, with the zone named
    const local = (d: Date) => formatLocalTime(d, 'America/Chicago', { seconds: true });
    expect(faults[0]!.body).toContain(
      `at ${local(stored!.createdAt)} was not acknowledged by ${local(stored!.expiresAt)} and has expired`,
    );
    expect(faults[0]!.body).toMatch(/by \d{1,2}:\d\d:\d\d [AP]M CDT and has expired/);
  });

  it('marks a command delivered when the virtual siren acknowledges it, and sends the all-clear command when the delay ends', async () => {
    const s = await siren();
    const device = await startVirtualSiren({
      url: gateway.brokerUrl,
      customerId: s.row.customerId,
      sirenId: s.row.id,
      clock: h.clock,
    });
    try {
      await vi.waitFor(
        async () => {
          const [unit] = await h.db.db.select().from(hardware).where(eq(hardware.id, s.unit.id));
          expect(unit!.connectedAt?.getTime()).toBe(h.clock.now().getTime());
        },
        { timeout: 5_000 },
      );
      const start = h.clock.now();
      await engine.ingest([strikeAt(s.position, 2, start)]);
      await gateway.flush();
      await vi.waitFor(
        async () => {
          await gateway.settled();
          expect((await commandsOf(s.row.id))[0]!.status).toBe('delivered');
        },
        { timeout: 5_000 },
      );

      h.clock.set(new Date(start.getTime() + 15 * 60_000));
      await engine.tick();
      await gateway.flush();
      await vi.waitFor(() => expect(device.received).toHaveLength(2), { timeout: 5_000 });
      expect(device.received[1]).toMatchObject({
        kind: 'all-clear',
        strobe: false,
        sound: { durationSeconds: 5, frequency: 2, totalSeconds: 10 },
      });
      expect(device.received[1]!.correlationId).toBe(device.received[0]!.correlationId);
    } finally {
      await device.stop();
    }
  });

  it('sends nothing outside the alert-time window, or for a disabled siren', async () => {
    const closed = await siren();
    // 17:00Z is 12:00 in Chicago (CDT): a window of 08:00-09:00 every day is closed
    await h.db.db.insert(sirenAlertTimes).values(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        sirenId: closed.row.id,
        day,
        startTime: '08:00:00',
        endTime: '09:00:00',
        allDay: false,
        enabled: true,
      })),
    );
    const disabled = await siren({ enabled: false });
    h.clock.set('2026-07-01T17:00:00Z');
    await engine.ingest([
      strikeAt(closed.position, 1, h.clock.now()),
      strikeAt(disabled.position, 1, h.clock.now()),
    ]);
    expect(await commandsOf(closed.row.id)).toEqual([]);
    expect(await commandsOf(disabled.row.id)).toEqual([]);
  });
});

/** A client that is not the gateway (a device, or someone posing as one); it does not reconnect. */
function device(clientId: string, options: { username?: string; password?: string } = {}) {
  return connectAsync(gateway.brokerUrl, { clientId, reconnectPeriod: 0, ...options });
}

/** Resolves when the broker has closed the client's connection; rejects when it keeps it open for 5 s. */
function closedBy(client: MqttClient): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the broker kept the connection open')), 5_000);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A pending warning command of the siren, published to it; returns its id. */
async function pendingCommand(s: Awaited<ReturnType<typeof siren>>): Promise<string> {
  await engine.ingest([strikeAt(s.position, 2, h.clock.now())]);
  await gateway.flush();
  await vi.waitFor(() => expect(received.get(s.topic)).toHaveLength(1), { timeout: 5_000 });
  return received.get(s.topic)![0]!.commandId as string;
}

const unitOf = async (hardwareId: number) =>
  (await h.db.db.select().from(hardware).where(eq(hardware.id, hardwareId)))[0]!;

/**
 * Publishes `messages` from one device, then a valid telemetry report of `sentinel` after them, and waits
 * until the gateway has handled them all (one connection's messages reach the gateway in order).
 */
async function publishThenSettle(
  from: MqttClient,
  messages: [topic: string, body: string][],
  sentinel: Awaited<ReturnType<typeof siren>>,
): Promise<void> {
  for (const [topic, body] of messages) await from.publishAsync(topic, body, { qos: 1 });
  const seenBefore = (await unitOf(sentinel.unit.id)).connectedAt?.getTime() ?? 0;
  h.clock.advance(1_000);
  await from.publishAsync(
    sirenTelemetryTopic(sentinel.row.customerId, sentinel.row.id),
    JSON.stringify({ voltage: 12.4 }),
    { qos: 1 },
  );
  await vi.waitFor(
    async () => expect((await unitOf(sentinel.unit.id)).connectedAt?.getTime()).toBeGreaterThan(seenBefore),
    { timeout: 5_000 },
  );
  await gateway.settled();
}

describe('the embedded broker', () => {
  it("refuses a client's subscription to every siren's commands, or to anything but one siren's command topic", async () => {
    const s = await siren();
    const intruder = await device('intruder-subscriber');
    try {
      const heard: string[] = [];
      intruder.on('message', (topic) => heard.push(topic));
      const refused = [
        '#',
        'allclear/#',
        'allclear/+/sirens/+/command',
        sirenAckTopic(s.row.customerId, s.row.id),
      ];
      for (const filter of [...refused, '$SYS/#']) {
        // refused in the SUBACK (0x80), which mqtt.js reports as an error
        await expect(intruder.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Subscribe error/);
      }

      await pendingCommand(s);
      await gateway.settled();
      expect(heard).toEqual([]);
    } finally {
      await intruder.endAsync(true);
    }
  });

  it('lets no client but the gateway publish a siren command: the fake one never reaches the siren', async () => {
    const s = await siren();
    const intruder = await device('intruder-publisher');
    const closed = closedBy(intruder);
    const fake = { commandId: '00000000-0000-4000-8000-000000000000', kind: 'warning', sirenId: s.row.id };
    intruder.publish(s.topic, JSON.stringify(fake), { qos: 0 });
    await closed; // the broker drops the connection of a client that publishes where it may not

    const commandId = await pendingCommand(s);
    expect(received.get(s.topic)!.map((c) => c.commandId)).toEqual([commandId]);
  });

  it("refuses a client posing as the gateway, by its user name or by a gateway's client id", async () => {
    await expect(
      device('not-the-gateway', { username: GATEWAY_USERNAME, password: 'guess' }),
    ).rejects.toThrow(/Not authorized/);
    await expect(device(`${GATEWAY_CLIENT_ID_PREFIX}impostor`)).rejects.toThrow(/Not authorized/);
  });
});

describe('hostile siren messages', () => {
  it('refuses telemetry of an absurd or mistyped voltage, or not an object: the unit is unchanged and no error is logged', async () => {
    const s = await siren();
    const sentinel = await siren();
    const before = await unitOf(s.unit.id);
    const topic = sirenTelemetryTopic(s.row.customerId, s.row.id);
    const unit = await device('hostile-siren-telemetry');
    const warningsBefore = logged.filter((l) => l.msg === 'devices: siren telemetry refused').length;
    try {
      await publishThenSettle(
        unit,
        [
          [topic, JSON.stringify({ voltage: 500 })],
          [topic, JSON.stringify({ voltage: -3 })],
          [topic, JSON.stringify({ voltage: '12.6' })],
          [topic, '1e999'],
          [topic, 'null'],
          [topic, '[]'],
        ],
        sentinel,
      );
    } finally {
      await unit.endAsync(true);
    }
    expect(await unitOf(s.unit.id)).toEqual(before);
    expect(logged.filter((l) => l.msg === 'devices: siren telemetry refused').length - warningsBefore).toBe(
      6,
    );
    expect(errorsLogged()).toEqual([]);
  });

  it("delivers nothing on an ack with a malformed command id or on another customer's topic, and logs no error", async () => {
    const s = await siren();
    const sentinel = await siren();
    const commandId = await pendingCommand(s);
    const other = await buildCustomer(h.db, { name: 'Other customer' });
    const unit = await device('hostile-siren-ack');
    try {
      await publishThenSettle(
        unit,
        [
          [sirenAckTopic(s.row.customerId, s.row.id), JSON.stringify({ commandId: 'not-a-uuid' })],
          [sirenAckTopic(s.row.customerId, s.row.id), 'null'],
          [sirenAckTopic(other.id, s.row.id), JSON.stringify({ commandId, sirenId: s.row.id })],
        ],
        sentinel,
      );
      expect((await commandsOf(s.row.id))[0]!.status).toBe('pending');
      expect(errorsLogged()).toEqual([]);

      await publishThenSettle(
        unit,
        [[sirenAckTopic(s.row.customerId, s.row.id), JSON.stringify({ commandId, sirenId: s.row.id })]],
        sentinel,
      );
      expect((await commandsOf(s.row.id))[0]!.status).toBe('delivered');
    } finally {
      await unit.endAsync(true);
    }
  });
});
