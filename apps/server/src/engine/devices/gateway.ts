// The device gateway (issue 5 'Devices speak MQTT'): an embedded aedes broker by default (MQTT_PORT,
// default 1884) or any broker by MQTT_URL. It publishes the siren command outbox that the lightning
// engine fills, marks a command delivered when the siren acknowledges it, and expires a command not
// acknowledged within its 60 s (never sending it late), raising a 'siren-fault' alert in the same
// transaction. Telemetry updates the unit's last-seen time and battery voltage. Weather stations publish
// readings that are validated and stored as their observations (station-telemetry.ts); in simulator mode
// virtual stations publish the simulated world's readings every observation period through the broker.
// What a device's message is and the fault alert's text are decided in siren-messages.ts; this file runs
// the broker, the client and the outbox loop.
//
// Device events that need the database (siren acks and telemetry, valid station readings) are journalled
// before it sees them (issue 21, engine/ingest): during a database outage they wait and are applied when it
// answers, judged at the time they came (an ack received in time delivers its command; no command expires
// past the oldest event still waiting). While the database is away a station's readings are thinned to one
// a minute, and once the journal is three-quarters full readings are dropped so acks keep their room: each
// drop is logged and counted by reason (/readyz 'device-events').
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import { connect, type MqttClient } from 'mqtt';
import type { Bus } from '../../platform/bus.ts';
import type { DeviceDirectory } from '../../platform/devices.ts';
import type { IngestBoard } from '../../platform/ingest-status.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import { createIntake, type IntakeOptions } from '../ingest/intake.ts';
import { JournalFullError, type Journal, type JournalEntry } from '../ingest/journal.ts';
import { createMemoryJournal } from '../ingest/memory-journal.ts';
import { createClockTicker, type ClockTicker } from '../observations/clock-ticker.ts';
import { OBSERVATION_PERIOD_MS, readStation } from '../observations/observation-ingest.ts';
import { ObservationRepository } from '../observations/observation.repository.ts';
import {
  brokerAuthorisation,
  DeviceRefusal,
  GATEWAY_CLIENT_ID_PREFIX,
  GATEWAY_USERNAME,
} from './broker-auth.ts';
import {
  allSirens,
  commandsToPublish,
  expireCommands,
  markDelivered,
  markPublished,
  recordSirenTelemetry,
} from './device.repository.ts';
import {
  afterSirenTargets,
  allPaUnits,
  expirePaCommands,
  hasPendingSettings,
  markPaDelivered,
  markPaPublished,
  paCommandsToPublish,
  queuePaCommands,
  queueSirenCommands,
  recordReportedSettings,
  recordSoundReport,
  sirenCommandById,
  sirenDeviceSettings,
  sirenUnitVoltage,
} from './operator-commands.repository.ts';
import { afterSirenAnnouncement, paMessageCommand, sirenSettingsCommand } from './operator-commands.ts';
import { brokerUrlOf, hostForListen, readDeviceMessage, sirenFaultEvent } from './siren-messages.ts';
import { createStationTelemetry, type StationTelemetryStats } from './station-telemetry.ts';
import {
  PA_ACK_FILTER,
  paCommandTopic,
  parseStationTopic,
  SIREN_ACK_FILTER,
  SIREN_TELEMETRY_FILTER,
  sirenCommandTopic,
  STATION_OBSERVATION_FILTER,
} from './topics.ts';
import { startVirtualPaUnit, type VirtualPaUnit } from './virtual-pa-unit.ts';
import { startVirtualSiren, type VirtualSiren } from './virtual-siren.ts';
import { startVirtualStation, type VirtualStation } from './virtual-station.ts';

/** A device message as the ingest journal keeps it: its topic and its bytes (base64). */
export interface DeviceEventRecord {
  topic: string;
  payload: string;
}

/** While the database is away a station's readings are kept at most this often (one a minute). */
export const THINNED_READING_MS = 60_000;
/** Share of the device journal station readings may fill; the rest is kept for siren acks and telemetry. */
export const READINGS_SHARE = 0.75;
export const DROP_THINNED = 'thinned: one reading a minute per station while the database is away';
export const DROP_READINGS_FULL = 'journal three-quarters full: room kept for siren acknowledgements';

/**
 * An acknowledged warning or all-clear older than this (an ack applied late, after a database outage) gets no
 * after-siren announcement: it would play long after the sound (never sent late).
 */
const AFTER_SIREN_MAX_AGE_MS = 60_000;

/** A pending command not yet acknowledged is published again after this long (the siren dedups by commandId). */
const REPUBLISH_AFTER_MS = 5_000;
const TICK_INTERVAL_MS = 1_000;
/** A command the broker has not acknowledged (PUBACK) by then is taken back and published again later. */
const PUBLISH_TIMEOUT_MS = 5_000;
/**
 * Publishes at QoS 1 and waits at most `ms` for the broker's PUBACK. On time out the message is taken out of
 * the client's store, which would otherwise send it on reconnection, late, and this rejects.
 */
function publishWithin(c: MqttClient, topic: string, body: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => {
      const id = Object.keys(c.outgoing).find((k) => c.outgoing[Number(k)]?.cb === done);
      reject(new Error(`devices: no PUBACK within ${ms} ms for ${topic}`));
      if (id !== undefined) c.removeOutgoingMessage(Number(id));
    }, ms);
    c.publish(topic, body, { qos: 1 }, done);
  });
}

export interface DeviceGatewayContext extends EngineContext {
  /** To follow siren changes (virtual sirens in simulator mode). */
  bus?: Bus;
  /** Embedded broker port (0 = any free port); default MQTT_PORT or 1884. */
  mqttPort?: number;
  /** External broker URL; default MQTT_URL. When set, no embedded broker is started. */
  mqttUrl?: string;
  /** Start a virtual siren for every siren (default: in simulator mode). */
  virtualSirens?: boolean;
  /** Start a virtual PA unit for every PA unit (default: in simulator mode). */
  virtualPaUnits?: boolean;
  /** The simulator's switches (a virtual siren that stops acknowledging); platform/devices.ts. */
  devices?: DeviceDirectory;
  /** Publish every station's simulated readings through a virtual station (default: in simulator mode). */
  virtualStations?: boolean;
  /** Run the 1 s publish/expire loop and the virtual stations' period (default true; tests call them). */
  autoTick?: boolean;
  /** The journal device events are taken into before the database (engine/index.ts opens the product's). */
  journal?: Journal<DeviceEventRecord>;
  /** Where the device-event intake reports its state. */
  ingestBoard?: IngestBoard;
  /** Tuning of the device-event intake (tests: probe sooner). */
  intake?: Pick<IntakeOptions<DeviceEventRecord>, 'retryMs' | 'maxRetryMs'>;
}

export interface DeviceGateway extends EngineService {
  /** The broker URL devices connect to (known after start). */
  readonly brokerUrl: string;
  /** Publishes pending, unexpired commands not published in the last 5 s. */
  flush(): Promise<void>;
  /** Expires pending commands whose 60 s ran out and raises their faults. */
  expire(): Promise<void>;
  /** Resolves when every ack and telemetry message received so far has been recorded. */
  settled(): Promise<void>;
  /** Station readings stored and refused (per reason) since start. */
  stationTelemetry(): StationTelemetryStats;
  /** Resolves when no device event waits in the journal for the database. */
  ingestIdle(): Promise<void>;
  /** Each virtual station publishes its reading at the clock's now (simulator mode; the period calls it). */
  publishVirtualStations(): Promise<void>;
  /** The virtual siren of a siren, when one runs (simulator mode, tests). */
  virtualSiren(sirenId: number): VirtualSiren | undefined;
  /** The virtual PA unit of a PA unit, when one runs (simulator mode, tests). */
  virtualPaUnit(paUnitId: number): VirtualPaUnit | undefined;
}

/** How long start() waits for the first connection to an external broker before it goes on without it, ms. */
export const FIRST_CONNECT_WAIT_MS = 5_000;

/** Creates the device gateway; `start()` opens (or connects to) the broker and runs the outbox loop. */
export function createDeviceGateway(ctx: DeviceGatewayContext): DeviceGateway {
  const { db, clock, log } = ctx;
  let broker: Aedes | null = null;
  let server: net.Server | null = null;
  let client: MqttClient | null = null;
  let brokerUrl = '';
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const inbound = new Set<Promise<unknown>>();
  const virtual = new Map<number, VirtualSiren>();
  const virtualPa = new Map<number, VirtualPaUnit>();
  const unsubscribers: (() => void)[] = [];
  const stations = createStationTelemetry({ db, clock, log });
  const stationRepo = new ObservationRepository(db.db);
  const virtualStations = new Map<number, VirtualStation>();
  let stationTicker: ClockTicker | null = null;
  const maxWaiting = ctx.config.ingest.maxWaitingDeviceEvents;
  const intake = createIntake<DeviceEventRecord>({
    name: 'device-events',
    journal: ctx.journal ?? createMemoryJournal({ name: 'device-events', clock, maxWaiting }),
    clock,
    log,
    ...ctx.intake,
    // one at a time, in order: an ack before the telemetry that followed it
    apply: async (entries, how) => {
      for (const e of entries) await applyEvent(e, how.redelivered);
    },
    probe: () => db.query('select 1'),
  });
  /** When each station topic's last reading was taken (thinning while the database is away). */
  const readingTaken = new Map<string, number>();
  const dropsLogged = new Map<string, number>();

  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  }

  function track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => log.error({ err }, 'devices: inbound message failed'));
    inbound.add(p);
    void p.finally(() => inbound.delete(p));
  }

  async function flushNow(): Promise<void> {
    const c = client;
    // While the broker is away the commands stay pending (and expire, raising their faults, on time): a
    // publish now would wait in the client until it reconnects, holding this loop, and then go out late.
    if (!c?.connected) return;
    const now = clock.now();
    const due = await commandsToPublish(db.db, now, new Date(now.getTime() - REPUBLISH_AFTER_MS));
    for (const command of due) {
      if (!c.connected) return;
      // never sent late: the query keeps only commands inside their time to live at `now`
      const topic = sirenCommandTopic(command.customerId, command.sirenId);
      await publishWithin(c, topic, JSON.stringify(command.payload), PUBLISH_TIMEOUT_MS);
      await markPublished(db.db, command.id, now);
    }
    // PA messages (issue 16): the same rules, their own outbox
    const paDue = await paCommandsToPublish(db.db, now, new Date(now.getTime() - REPUBLISH_AFTER_MS));
    for (const command of paDue) {
      if (!c.connected) return;
      const topic = paCommandTopic(command.customerId, command.paUnitId);
      await publishWithin(c, topic, JSON.stringify(command.payload), PUBLISH_TIMEOUT_MS);
      await markPaPublished(db.db, command.id, now);
    }
  }

  async function expireNow(): Promise<void> {
    const now = clock.now();
    // an ack still waiting in the journal came before this: no command expires past the oldest waiting event
    const horizon = intake.horizon();
    const expireBy = horizon !== null && horizon < now.getTime() ? new Date(horizon) : now;
    await db.db.transaction(async (tx) => {
      const expired = await expireCommands(tx, expireBy);
      for (const command of expired) await ctx.enqueueAlert(tx, sirenFaultEvent(command, now));
      if (expired.length > 0) changed(expired.map((c) => c.customerId));
    });
    // a PA unit that did not answer in time: its message is not played late (the sender was told status 0)
    await expirePaCommands(db.db, expireBy);
  }

  /** Takes a device's message: refusals at once; what needs the database into the journal, then applied. */
  async function onMessage(topic: string, payload: Buffer): Promise<void> {
    const message = readDeviceMessage(topic, payload);
    switch (message.kind) {
      case 'own-command':
        return;
      case 'refused':
        log.warn(message.fields, message.warning);
        return;
      case 'station': {
        if (!stations.admit(topic, payload)) return;
        const reason = readingDropReason(topic);
        if (reason) return dropped(reason, { topic });
        readingTaken.set(topic, clock.now().getTime());
      }
    }
    try {
      await intake.take([{ topic, payload: payload.toString('base64') }]);
    } catch (err) {
      if (!(err instanceof JournalFullError)) throw err;
      // counted by the journal ('journal full' on /readyz)
      dropped('journal full', { topic }, false);
    }
  }

  /** Why a station reading is not kept now, or null: thinned while the database is away, or the journal filling. */
  function readingDropReason(topic: string): string | null {
    const status = intake.status();
    if (status.waiting >= maxWaiting * READINGS_SHARE) return DROP_READINGS_FULL;
    if (status.state === 'live') return null;
    const last = readingTaken.get(topic);
    return last !== undefined && clock.now().getTime() - last < THINNED_READING_MS ? DROP_THINNED : null;
  }

  /** Counts a dropped event and logs it: the first of each reason, then every hundredth with the count. */
  function dropped(reason: string, fields: Record<string, unknown>, count = true): void {
    if (count) intake.drop(reason);
    const n = (dropsLogged.get(reason) ?? 0) + 1;
    dropsLogged.set(reason, n);
    if (n === 1 || n % 100 === 0) {
      log.warn(
        { ...fields, reason, droppedSoFar: n },
        'devices: device event dropped while the database is away',
      );
    }
  }

  /** Applies one journalled device event, at the time it came (idempotent: it may be offered again). */
  async function applyEvent(e: JournalEntry<DeviceEventRecord>, redelivered: boolean): Promise<void> {
    const { topic } = e.record;
    const payload = Buffer.from(e.record.payload, 'base64');
    const message = readDeviceMessage(topic, payload);
    switch (message.kind) {
      case 'station': {
        await stations.record(topic, payload, e.receivedAt);
        const station = parseStationTopic(topic);
        if (station) changed([station.customerId]);
        return;
      }
      case 'ack': {
        const { commandId, sirenId, customerId } = message;
        const delivered = await markDelivered(db.db, commandId, sirenId, customerId, e.receivedAt);
        // offered again, it may have been delivered by its first offer
        if (!delivered && !redelivered)
          log.warn({ topic, commandId }, 'devices: ack of an unknown, settled or expired command');
        if (delivered) {
          await announceAfterSiren(commandId, e.receivedAt);
          changed([customerId]);
        }
        return;
      }
      case 'pa-ack': {
        const { commandId, paUnitId, customerId } = message;
        const delivered = await markPaDelivered(db.db, commandId, paUnitId, customerId, e.receivedAt);
        if (!delivered && !redelivered)
          log.warn({ topic, commandId }, 'devices: PA ack of an unknown, settled or expired command');
        return;
      }
      case 'telemetry': {
        const { sirenId, customerId } = message;
        await recordSirenTelemetry(db.db, sirenId, customerId, e.receivedAt, message.voltage);
        if (message.soundReport) {
          const { commandId } = message.soundReport;
          await recordSoundReport(db.db, commandId, sirenId, customerId, message.soundReport, e.receivedAt);
        }
        if (message.settings) {
          const held = await recordReportedSettings(
            db.db,
            sirenId,
            customerId,
            message.settings,
            e.receivedAt,
          );
          // a siren that missed a settings push (it was off line) is pushed the saved ones when it next reports
          if (held?.stale && !(await hasPendingSettings(db.db, sirenId, clock.now()))) {
            const saved = await sirenDeviceSettings(db.db, sirenId);
            if (saved) {
              await queueSirenCommands(db.db, [sirenSettingsCommand(sirenId, saved, clock.now())]);
              void serial(flushNow).catch((err: unknown) =>
                log.error({ err }, 'devices: outbox flush failed'),
              );
              log.info(
                { sirenId, holds: message.settings.version, saved: saved.version },
                'devices: settings pushed again',
              );
            }
          }
        }
        changed([customerId]);
      }
    }
  }

  /** Tells the stream service a customer's unit reported (the hardware page refetches). */
  function changed(customerIds: readonly number[]): void {
    for (const customerId of new Set(customerIds))
      ctx.bus?.publish('hardware-changed', { customerId, hardwareId: null });
  }

  /**
   * After a siren acknowledges a warning or an all-clear, its unit's PA units are told the announcement to play once
   * the sound has ended (spec 02 §3 afterSirenPaId, postWarnMessage, postAllClearMessage).
   */
  async function announceAfterSiren(commandId: string, ackedAt: Date): Promise<void> {
    const now = clock.now();
    if (now.getTime() - ackedAt.getTime() > AFTER_SIREN_MAX_AGE_MS) return;
    const command = await sirenCommandById(db.db, commandId);
    if (!command || (command.kind !== 'warning' && command.kind !== 'all-clear')) return;
    const targets = await afterSirenTargets(db.db, command.sirenId);
    if (!targets || targets.paUnits.length === 0) return;
    const sound = (command.payload as { sound?: { totalSeconds?: number } } | null)?.sound;
    const announcement = afterSirenAnnouncement({
      kind: command.kind,
      soundSeconds: sound?.totalSeconds ?? 0,
      afterSirenMessage: targets.afterSirenMessage,
      postWarnMessage: targets.postWarnMessage,
      postAllClearMessage: targets.postAllClearMessage,
    });
    if (!announcement) return;
    await queuePaCommands(
      db.db,
      targets.paUnits.map((unit) =>
        paMessageCommand(unit, { ...announcement, repeatCount: 1 }, now, { by: 'after-siren' }),
      ),
    );
  }

  async function startVirtual(sirenId: number, customerId: number): Promise<void> {
    if (virtual.has(sirenId)) return;
    const settings = (await sirenDeviceSettings(db.db, sirenId)) ?? null;
    const batteryVolts = await sirenUnitVoltage(db.db, sirenId);
    const switches = ctx.devices?.simulator;
    virtual.set(
      sirenId,
      await startVirtualSiren({
        url: brokerUrl,
        customerId,
        sirenId,
        clock,
        settings,
        batteryVolts,
        acknowledge: () => switches?.sirenAnswers(sirenId) ?? true,
      }),
    );
  }

  /** Starts a virtual station for each new station, stops those of removed ones, and publishes their readings. */
  async function publishVirtualStationsNow(): Promise<void> {
    // virtual sirens report their health each period too, as real units do (the hardware page's 'connected')
    for (const [sirenId, v] of virtual) {
      await v
        .reportTelemetry()
        .catch((err: unknown) => log.warn({ err, sirenId }, 'devices: virtual siren failed to report'));
    }
    const now = clock.now();
    const current = await stationRepo.listStations();
    const ids = new Set(current.map((s) => s.id));
    for (const [id, v] of virtualStations) {
      if (ids.has(id)) continue;
      virtualStations.delete(id);
      await v.stop();
    }
    const providerStations = await ctx.weather.providers.observations.stations();
    for (const station of current) {
      try {
        const reading = await readStation(ctx.weather, providerStations, station, now);
        if (!reading) continue;
        let device = virtualStations.get(station.id);
        if (!device) {
          device = await startVirtualStation({
            url: brokerUrl,
            customerId: station.customerId,
            stationId: station.id,
          });
          virtualStations.set(station.id, device);
        }
        await device.publish(reading);
      } catch (err) {
        log.warn({ err, stationId: station.id }, 'devices: virtual station failed to publish');
      }
    }
  }

  function onTimer(): void {
    void serial(async () => {
      await expireNow();
      await flushNow();
    }).catch((err: unknown) => log.error({ err }, 'devices: outbox loop failed'));
  }

  return {
    get brokerUrl() {
      return brokerUrl;
    },
    flush: () => serial(flushNow),
    expire: () => serial(expireNow),
    async settled() {
      while (inbound.size > 0) await Promise.all([...inbound]);
    },
    stationTelemetry: () => stations.stats(),
    ingestIdle: () => intake.idle(),
    publishVirtualStations: publishVirtualStationsNow,
    virtualSiren: (sirenId) => virtual.get(sirenId),
    virtualPaUnit: (paUnitId) => virtualPa.get(paUnitId),
    async start() {
      // events an earlier run journalled and did not apply go first
      await intake.start();
      if (ctx.ingestBoard) unsubscribers.push(ctx.ingestBoard.register(() => intake.status()));
      const devices = ctx.config.devices;
      const url = ctx.mqttUrl ?? devices.mqttUrl;
      // the gateway's secret on the embedded broker, new at each start (an external broker has its own)
      const gatewayPassword = randomUUID();
      if (url) {
        brokerUrl = url;
      } else {
        broker = await Aedes.createBroker(brokerAuthorisation(gatewayPassword));
        broker.on('clientError', (c, err) => {
          if (err instanceof DeviceRefusal)
            log.warn({ clientId: c.id, reason: err.message }, 'devices: MQTT client refused');
        });
        const srv = net.createServer(broker.handle);
        server = srv;
        const host = hostForListen(ctx.config.server.host);
        await new Promise<void>((resolve, reject) => {
          srv.once('error', reject);
          srv.listen(ctx.mqttPort ?? devices.mqttPort, host, () => resolve());
        });
        const address = srv.address() as net.AddressInfo;
        brokerUrl = brokerUrlOf(host, address.port);
      }
      const c = connect(brokerUrl, {
        clientId: `${GATEWAY_CLIENT_ID_PREFIX}${randomUUID()}`,
        reconnectPeriod: 1_000,
        // subscribed below on every connection (a clean session forgets them)
        resubscribe: false,
        ...(broker ? { username: GATEWAY_USERNAME, password: gatewayPassword } : {}),
      });
      client = c;
      const subscribe = () =>
        c.subscribeAsync(
          [SIREN_ACK_FILTER, SIREN_TELEMETRY_FILTER, PA_ACK_FILTER, STATION_OBSERVATION_FILTER],
          {
            qos: 1,
          },
        );
      let connectedBefore = false;
      c.on('message', (topic, payload) => track(onMessage(topic, payload)));
      c.on('error', (err) => log.error({ err }, 'devices: MQTT client error'));
      // mqtt.js reconnects every second; say when the broker goes and comes back, and subscribe again
      c.on('offline', () => log.warn({ brokerUrl }, 'devices: MQTT broker unreachable, reconnecting'));
      c.on('connect', () => {
        if (connectedBefore) log.info({ brokerUrl }, 'devices: MQTT broker connected again');
        connectedBefore = true;
        subscribe().catch((err: unknown) => log.error({ err }, 'devices: MQTT subscribe failed'));
      });
      const connected = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(c.connected), FIRST_CONNECT_WAIT_MS);
        c.once('connect', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (connected) {
        // subscribed before start() returns, so nothing a device sends from now on is missed
        await subscribe();
        log.info({ brokerUrl, embedded: !url }, 'devices: MQTT gateway ready');
      } else if (broker) {
        throw new Error(`the embedded MQTT broker did not accept the gateway at ${brokerUrl}`);
      } else {
        // an external broker that is down must not keep the product from starting: keep trying meanwhile
        log.warn({ brokerUrl }, 'devices: MQTT broker unreachable at start; the gateway keeps trying');
      }

      if (ctx.virtualSirens ?? ctx.weather.simulatorMode) {
        for (const s of await allSirens(db.db))
          await startVirtual(s.id, s.customerId).catch((err: unknown) =>
            log.error({ err, sirenId: s.id }, 'devices: virtual siren failed to start'),
          );
        if (ctx.bus) {
          unsubscribers.push(
            ctx.bus.subscribe('siren-changed', (e) => {
              if (e.deleted) {
                const v = virtual.get(e.sirenId);
                virtual.delete(e.sirenId);
                void v?.stop();
              } else {
                void startVirtual(e.sirenId, e.customerId).catch((err: unknown) =>
                  log.error({ err }, 'devices: virtual siren failed to start'),
                );
              }
            }),
          );
        }
      }
      if (ctx.virtualPaUnits ?? ctx.weather.simulatorMode) {
        for (const unit of await allPaUnits(db.db)) {
          try {
            virtualPa.set(
              unit.id,
              await startVirtualPaUnit({ url: brokerUrl, customerId: unit.customerId, paUnitId: unit.id }),
            );
          } catch (err) {
            log.error({ err, paUnitId: unit.id }, 'devices: virtual PA unit failed to start');
          }
        }
      }
      if (ctx.bus) {
        // an operator's or a drill's commands go out at once rather than at the loop's next turn
        unsubscribers.push(
          ctx.bus.subscribe('device-commands-queued', () => {
            void serial(flushNow).catch((err: unknown) => log.error({ err }, 'devices: outbox flush failed'));
          }),
        );
      }
      if (ctx.autoTick ?? true) {
        timer = setInterval(onTimer, TICK_INTERVAL_MS);
        timer.unref();
        if (ctx.virtualStations ?? ctx.weather.simulatorMode) {
          stationTicker = createClockTicker(clock, OBSERVATION_PERIOD_MS, publishVirtualStationsNow, (err) =>
            log.error({ err }, 'devices: virtual stations failed'),
          );
          stationTicker.start();
        }
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await stationTicker?.stop();
      stationTicker = null;
      for (const off of unsubscribers.splice(0)) off();
      await chain;
      for (const v of virtualStations.values()) await v.stop();
      virtualStations.clear();
      for (const v of virtual.values()) await v.stop();
      virtual.clear();
      for (const v of virtualPa.values()) await v.stop();
      virtualPa.clear();
      if (client) await client.endAsync(true);
      client = null;
      await Promise.all([...inbound]);
      await intake.stop();
      const b = broker;
      if (b) await new Promise<void>((resolve) => b.close(() => resolve()));
      broker = null;
      const srv = server;
      if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
      server = null;
    },
  };
}
