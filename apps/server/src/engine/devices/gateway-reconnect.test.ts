// The gateway on an external broker (MQTT_URL) that goes away and comes back: while it is away, commands
// stay pending and expire on time with their siren fault (never queued to go out late), shutdown does not
// wait for it, and once it is back the gateway subscribes again and delivers.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Aedes } from 'aedes';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { buildCustomer, buildHardware, buildSiren } from '../../db/factories.ts';
import { sirenCommands } from '../../db/schema/index.ts';
import { createEngineHarness, silentLogger, type EngineHarness } from '../lightning/test-support.ts';
import { createDeviceGateway, FIRST_CONNECT_WAIT_MS, type DeviceGateway } from './gateway.ts';
import { startVirtualSiren } from './virtual-siren.ts';
import { startVirtualStation } from './virtual-station.ts';

let h: EngineHarness;
let gateway: DeviceGateway;
let broker: { aedes: Aedes; server: net.Server } | null = null;
let port = 0;
const logged: string[] = [];
const log: FastifyBaseLogger = Object.assign(Object.create(silentLogger) as FastifyBaseLogger, {
  warn: (_obj: unknown, msg: string) => logged.push(msg),
  info: (_obj: unknown, msg: string) => logged.push(msg),
});

async function startBroker(): Promise<void> {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  port = (server.address() as net.AddressInfo).port;
  broker = { aedes, server };
}

async function stopBroker(): Promise<void> {
  const b = broker;
  broker = null;
  if (!b) return;
  await new Promise<void>((resolve) => b.aedes.close(() => resolve()));
  await new Promise<void>((resolve) => b.server.close(() => resolve()));
}

/** A pending warning command of the siren, created now (as the lightning engine writes it). */
async function pendingCommand(sirenId: number): Promise<string> {
  const id = randomUUID();
  const createdAt = h.clock.now();
  const expiresAt = new Date(createdAt.getTime() + 60_000);
  await h.db.db.insert(sirenCommands).values({
    id,
    sirenId,
    kind: 'warning',
    payload: { commandId: id, sirenId, kind: 'warning', expiresAt: expiresAt.toISOString() },
    createdAt,
    expiresAt,
  });
  return id;
}

const commandOf = async (id: string) =>
  (await h.db.db.select().from(sirenCommands).where(eq(sirenCommands.id, id)))[0]!;

/** Rejects when `work` has not settled within `ms` (the defect this file guards against is a hang). */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting`)), ms)),
  ]);
}

/** A gateway on the external broker at `brokerPort`, driven by hand (no timers, no virtual devices). */
function gatewayOn(brokerPort: number): DeviceGateway {
  return createDeviceGateway({
    config: h.config,
    db: h.db,
    clock: h.clock,
    weather: h.weather,
    log,
    enqueueAlert: h.enqueueAlert,
    mqttUrl: `mqtt://127.0.0.1:${brokerPort}`,
    virtualSirens: false,
    virtualStations: false,
    autoTick: false,
  });
}

/** A siren of a new customer. */
async function newSiren(customerName: string) {
  const customer = await buildCustomer(h.db, { name: customerName });
  const unit = await buildHardware(h.db, { customerId: customer.id, modelId: 'OWS' });
  return { customer, siren: await buildSiren(h.db, { customerId: customer.id, hardwareId: unit.id }) };
}

beforeAll(async () => {
  h = await createEngineHarness();
  await startBroker();
  gateway = gatewayOn(port);
  await gateway.start();
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  await stopBroker();
  await h?.close();
});

describe('an external broker that goes away and comes back', () => {
  it('keeps commands pending and expires them with a fault while it is away, then delivers again once it is back', async () => {
    const { customer, siren } = await newSiren('Reconnecting');
    const station = await startVirtualStation({
      url: `mqtt://127.0.0.1:${port}`,
      customerId: customer.id,
      stationId: 1,
    });

    await stopBroker();
    await vi.waitFor(() => expect(logged).toContain('devices: MQTT broker unreachable, reconnecting'), {
      timeout: 5_000,
    });
    const lost = await pendingCommand(siren.id);
    await within(gateway.flush(), 2_000, 'flush with the broker away');
    expect(await commandOf(lost)).toMatchObject({ status: 'pending', publishedAt: null });
    // nor does a virtual station's reading wait for the broker (the simulator's period and shutdown would)
    const reading = {
      observedAt: h.clock.now(),
      temperatureC: 30,
      relativeHumidityPct: 40,
      dewPointC: null,
      windSpeedMs: 2,
      windGustMs: null,
      windDirectionDeg: null,
      pressureHpa: null,
      solarWm2: null,
      rainMm: 0,
      rainTodayMm: null,
      weatherCode: null,
      source: 'mqtt',
    };
    await expect(within(station.publish(reading), 2_000, 'a virtual station publishing')).rejects.toThrow(
      /not connected/,
    );
    await station.stop();

    h.clock.advance(60_000);
    await within(gateway.expire(), 2_000, 'expire with the broker away');
    expect(await commandOf(lost)).toMatchObject({ status: 'expired' });
    expect(h.events.filter((e) => e.sirenId === siren.id).map((e) => e.kind)).toEqual(['siren-fault']);

    await startBroker();
    await vi.waitFor(() => expect(logged).toContain('devices: MQTT broker connected again'), {
      timeout: 10_000,
    });
    const device = await startVirtualSiren({
      url: `mqtt://127.0.0.1:${port}`,
      customerId: customer.id,
      sirenId: siren.id,
      clock: h.clock,
    });
    try {
      const next = await pendingCommand(siren.id);
      await gateway.flush();
      // the ack reaches the gateway: it subscribed again on reconnection
      await vi.waitFor(
        async () => {
          await gateway.settled();
          expect((await commandOf(next)).status).toBe('delivered');
        },
        { timeout: 5_000 },
      );
      // the command that expired while the broker was away never went out
      expect(device.received.map((c) => c.commandId)).toEqual([next]);
    } finally {
      await device.stop();
    }
  }, 30_000);
});

describe('an external broker that is away when the product starts', () => {
  it('starts without it, keeps trying, and delivers once it comes up', async () => {
    // a port nobody listens on yet
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const latePort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const late = gatewayOn(latePort);
    const aedes = await Aedes.createBroker();
    const server = net.createServer(aedes.handle);
    try {
      await within(late.start(), FIRST_CONNECT_WAIT_MS + 3_000, 'start with the broker away');
      expect(logged).toContain('devices: MQTT broker unreachable at start; the gateway keeps trying');

      await new Promise<void>((resolve) => server.listen(latePort, '127.0.0.1', () => resolve()));
      const { customer, siren } = await newSiren('Late broker');
      const device = await startVirtualSiren({
        url: `mqtt://127.0.0.1:${latePort}`,
        customerId: customer.id,
        sirenId: siren.id,
        clock: h.clock,
      });
      try {
        const command = await pendingCommand(siren.id);
        // once the gateway is connected and subscribed, the command goes out and its ack comes back
        await vi.waitFor(
          async () => {
            await late.flush();
            await late.settled();
            expect((await commandOf(command)).status).toBe('delivered');
          },
          { timeout: 10_000, interval: 250 },
        );
        expect(device.received.map((c) => c.commandId)).toEqual([command]);
      } finally {
        await device.stop();
      }
    } finally {
      await within(late.stop(), 5_000, 'stop');
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 40_000);
});
