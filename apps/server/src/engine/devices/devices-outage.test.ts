// Device events through a database outage (issue 21), on a real aedes broker and a real database whose
// handle is made to refuse every call: a siren's ack that came in time delivers its command once the database
// answers (no command expires past an ack still waiting, so no false siren fault); a station's readings are
// thinned to one a minute while it is away, each drop counted and logged with its reason, and the kept ones
// are stored with their times.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { connectAsync, type MqttClient } from 'mqtt';
import {
  buildCustomer,
  buildHardware,
  buildLocation,
  buildSiren,
  buildWeatherStation,
} from '../../db/factories.ts';
import { sirenCommands, stationObservations } from '../../db/schema/index.ts';
import { createIngestBoard, type IngestBoard } from '../../platform/ingest-status.ts';
import { flakyDatabase, type FlakyDatabase } from '../ingest/test-support.ts';
import { createLightningEngine, type LightningEngine } from '../lightning/engine.ts';
import {
  createEngineHarness,
  silentLogger,
  strikeAt,
  type EngineHarness,
} from '../lightning/test-support.ts';
import { createDeviceGateway, DROP_THINNED, type DeviceGateway } from './gateway.ts';
import { sirenAckTopic, stationObservationTopic } from './topics.ts';

let h: EngineHarness;
let flaky: FlakyDatabase;
let engine: LightningEngine;
let gateway: DeviceGateway;
let board: IngestBoard;
let device: MqttClient;
const warnings: { msg: string; data: unknown }[] = [];
const log: FastifyBaseLogger = Object.assign(Object.create(silentLogger) as FastifyBaseLogger, {
  warn: (data: unknown, msg: string) => warnings.push({ msg, data }),
});

beforeAll(async () => {
  h = await createEngineHarness();
  flaky = flakyDatabase(h.db);
  board = createIngestBoard();
  const ctx = {
    config: h.config,
    clock: h.clock,
    weather: h.weather,
    log,
    enqueueAlert: h.enqueueAlert,
  };
  engine = createLightningEngine({ ...ctx, db: h.db, bus: h.bus, autoTick: false });
  gateway = createDeviceGateway({
    ...ctx,
    db: flaky.handle,
    mqttPort: 0,
    virtualSirens: false,
    virtualStations: false,
    autoTick: false,
    ingestBoard: board,
    intake: { retryMs: 5, maxRetryMs: 5 },
  });
  await gateway.start();
  device = await connectAsync(gateway.brokerUrl, { clientId: 'devices-outage-test' });
}, 60_000);

afterAll(async () => {
  await device?.endAsync(true);
  await gateway?.stop();
  await h.close();
});

const deviceEvents = () => board.read().find((q) => q.name === 'device-events')!;

describe('device events while the database is away', () => {
  it('delivers a command whose ack came in time once the database answers, though its 60 s ran out meanwhile: no siren fault', async () => {
    const customer = await buildCustomer(h.db, { name: 'Sirens during an outage' });
    const unit = await buildHardware(h.db, {
      customerId: customer.id,
      modelId: 'OWS',
      latitude: 35,
      longitude: -101,
      timeZoneId: 'America/Chicago',
    });
    const siren = await buildSiren(h.db, { customerId: customer.id, hardwareId: unit.id, radius: 8 });
    await engine.refreshIndex();
    await engine.ingest([strikeAt(unit, 2, h.clock.now())]);
    const [command] = await h.db.db.select().from(sirenCommands).where(eq(sirenCommands.sirenId, siren.id));
    expect(command!.status).toBe('pending');

    flaky.down();
    h.clock.advance(10_000);
    await device.publishAsync(
      sirenAckTopic(customer.id, siren.id),
      JSON.stringify({ commandId: command!.id, sirenId: siren.id, receivedAt: h.clock.now().toISOString() }),
      { qos: 1 },
    );
    await vi.waitFor(() => expect(deviceEvents()).toMatchObject({ state: 'held', waiting: 1 }), {
      timeout: 5_000,
    });
    h.clock.advance(60_000);
    await expect(gateway.expire()).rejects.toThrow(/ECONNREFUSED/);

    flaky.up();
    // the ack waits: nothing expires past it
    await gateway.expire();
    await gateway.ingestIdle();
    await gateway.expire();
    const [after] = await h.db.db.select().from(sirenCommands).where(eq(sirenCommands.id, command!.id));
    expect(after).toMatchObject({
      status: 'delivered',
      deliveredAt: new Date(command!.createdAt.getTime() + 10_000),
    });
    expect(h.events.filter((e) => e.kind === 'siren-fault' && e.sirenId === siren.id)).toEqual([]);
  });

  it("thins a station's readings to one a minute while the database is away, says how many it dropped and why, and stores the kept ones", async () => {
    const customer = await buildCustomer(h.db, { name: 'Stations during an outage' });
    await buildLocation(h.db, { customerId: customer.id, latitude: 37, longitude: -99 });
    const unit = await buildHardware(h.db, { customerId: customer.id, latitude: 37, longitude: -99 });
    const station = await buildWeatherStation(h.db, { customerId: customer.id, hardwareId: unit.id });
    const topic = stationObservationTopic(customer.id, station.id);
    const publishReading = async () => {
      const body = {
        time: h.clock.now().toISOString(),
        temperatureC: 30,
        humidityPct: 40,
        windSpeedMs: 3,
      };
      await device.publishAsync(topic, JSON.stringify(body), { qos: 1 });
    };
    const before = deviceEvents().waiting;

    flaky.down();
    await publishReading();
    await vi.waitFor(() => expect(deviceEvents()).toMatchObject({ state: 'held', waiting: before + 1 }), {
      timeout: 5_000,
    });
    const firstAt = h.clock.now();
    h.clock.advance(20_000);
    await publishReading(); // thinned: 20 s after the last one kept
    await vi.waitFor(() => expect(deviceEvents().dropped).toEqual({ [DROP_THINNED]: 1 }), { timeout: 5_000 });
    h.clock.advance(40_000);
    await publishReading(); // kept: a minute after
    await vi.waitFor(() => expect(deviceEvents().waiting).toBe(before + 2), { timeout: 5_000 });
    expect(warnings).toContainEqual({
      msg: 'devices: device event dropped while the database is away',
      data: expect.objectContaining({ topic, reason: DROP_THINNED, droppedSoFar: 1 }),
    });

    flaky.up();
    await gateway.ingestIdle();
    const stored = await h.db.db
      .select()
      .from(stationObservations)
      .where(eq(stationObservations.stationId, station.id));
    expect(stored.map((o) => o.observedAt).sort((a, b) => a.getTime() - b.getTime())).toEqual([
      firstAt,
      new Date(firstAt.getTime() + 60_000),
    ]);
    expect(deviceEvents()).toMatchObject({ state: 'live', waiting: 0 });
  });
});
