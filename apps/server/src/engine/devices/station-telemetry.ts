// Weather stations over MQTT (issue 5 'Devices speak MQTT'; topic and payload in devices/README.md): a
// station publishes a reading on allclear/{customerId}/stations/{stationId}/observations. A reading is
// stored only when it is valid JSON of the payload schema, from an enabled station of the topic's
// customer, and timed inside the freshness window (and not more than 2 minutes ahead of our clock);
// otherwise it is refused with a reason that is logged and counted, and nothing is stored.
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  recordReportedReading,
  STATION_MQTT_SOURCE,
  type StationReading,
} from '../observations/observation-ingest.ts';
import { ObservationRepository } from '../observations/observation.repository.ts';
import { OBSERVATION_FRESH_MINUTES } from '../observations/source-selection.ts';
import { MAX_DEVICE_PAYLOAD_BYTES, parseStationTopic } from './topics.ts';

/** A reading timed further ahead of our clock than this is refused (the station's clock is wrong). */
export const MAX_FUTURE_SKEW_MS = 2 * 60_000;

/** A refusal's detail is cut to this many characters (a body of a thousand unknown fields names them all). */
export const MAX_REFUSAL_DETAIL_CHARS = 500;

/**
 * One station reading, SI units (what the engine stores). Unknown fields are refused, so a station sending
 * °F as `temperatureF` is told so instead of being read as Celsius. The spec's station data carries no
 * lightning sensor fields, so the payload has none.
 */
export const ZStationObservationPayload = z.strictObject({
  /** When the reading was taken, ISO 8601 with an offset (`2026-07-01T17:00:00Z`). */
  time: z.iso.datetime({ offset: true }),
  temperatureC: z.number().min(-90).max(65),
  humidityPct: z.number().min(0).max(100),
  windSpeedMs: z.number().min(0).max(120),
  windGustMs: z.number().min(0).max(150).nullish(),
  /** Where the wind comes from, degrees clockwise from north. */
  windDirectionDeg: z.number().min(0).max(360).nullish(),
  /** Station (barometric) pressure, hPa. */
  pressureHpa: z.number().min(800).max(1100).nullish(),
  /** Rain over the last hour, mm (0 when absent). */
  rainMm: z.number().min(0).max(500).optional(),
  /** Rain since local midnight, mm. */
  rainTodayMm: z.number().min(0).max(2000).nullish(),
  /** Global solar radiation, W/m²; with wind it gives the Liljegren WBGT instead of the estimate. */
  solarWm2: z.number().min(0).max(2000).nullish(),
  /** Weather code of spec 01 §9, from a station with a present-weather sensor. */
  weatherCode: z
    .string()
    .regex(/^\d{4}$/)
    .nullish(),
});
export type TStationObservationPayload = z.infer<typeof ZStationObservationPayload>;

/** Why a station message was refused. */
export type StationRefusal =
  'not-json' | 'invalid-payload' | 'unknown-station' | 'other-customer' | 'stale' | 'future';

export interface StationTelemetryStats {
  /** Readings stored. */
  accepted: number;
  /** Messages refused, per reason. */
  refused: Record<StationRefusal, number>;
  /** The last refusal, for an operator asking why a station's readings do not show. */
  lastRefusal: { topic: string; reason: StationRefusal; detail: string; at: string } | null;
}

/** The engine's reading of a valid payload. */
export function readingOf(body: TStationObservationPayload): StationReading {
  return {
    observedAt: new Date(body.time),
    temperatureC: body.temperatureC,
    relativeHumidityPct: body.humidityPct,
    dewPointC: null,
    windSpeedMs: body.windSpeedMs,
    windGustMs: body.windGustMs ?? null,
    windDirectionDeg: body.windDirectionDeg ?? null,
    pressureHpa: body.pressureHpa ?? null,
    solarWm2: body.solarWm2 ?? null,
    rainMm: body.rainMm ?? 0,
    rainTodayMm: body.rainTodayMm ?? null,
    weatherCode: body.weatherCode ?? null,
    source: STATION_MQTT_SOURCE,
  };
}

/** The payload a station (or a virtual one) publishes for a reading. */
export function payloadOf(reading: StationReading): TStationObservationPayload {
  return {
    time: reading.observedAt.toISOString(),
    temperatureC: reading.temperatureC,
    humidityPct: reading.relativeHumidityPct,
    windSpeedMs: reading.windSpeedMs,
    windGustMs: reading.windGustMs,
    windDirectionDeg: reading.windDirectionDeg,
    pressureHpa: reading.pressureHpa,
    rainMm: reading.rainMm,
    rainTodayMm: reading.rainTodayMm,
    solarWm2: reading.solarWm2,
    weatherCode: reading.weatherCode,
  };
}

type Parsed =
  { ok: true; body: TStationObservationPayload } | { ok: false; reason: StationRefusal; detail: string };

/** Parses and validates a message body; the detail names each bad field. */
export function parseStationPayload(payload: Buffer): Parsed {
  if (payload.length > MAX_DEVICE_PAYLOAD_BYTES) {
    const detail = `(body): ${payload.length} bytes, over the limit of ${MAX_DEVICE_PAYLOAD_BYTES}`;
    return { ok: false, reason: 'invalid-payload', detail };
  }
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (err) {
    return { ok: false, reason: 'not-json', detail: (err as Error).message };
  }
  const parsed = ZStationObservationPayload.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    return { ok: false, reason: 'invalid-payload', detail };
  }
  return { ok: true, body: parsed.data };
}

/** 'stale' or 'future' when a reading taken at `observedAt` cannot be current at `now`; null when it can. */
export function timeRefusal(observedAt: Date, now: Date): 'stale' | 'future' | null {
  const age = now.getTime() - observedAt.getTime();
  if (age > OBSERVATION_FRESH_MINUTES * 60_000) return 'stale';
  if (-age > MAX_FUTURE_SKEW_MS) return 'future';
  return null;
}

export interface StationTelemetry {
  /**
   * Checks a message of a station observations topic without the database: false when it is refused (not
   * JSON, an invalid payload: logged and counted) or not a station topic. What it admits, record() stores.
   */
  admit(topic: string, payload: Buffer): boolean;
  /**
   * Stores an admitted reading, judged at `receivedAt` (when the gateway took it: a reading journalled through
   * a database outage is as fresh as when it came). Idempotent: the same reading again replaces itself.
   */
  record(topic: string, payload: Buffer, receivedAt: Date): Promise<void>;
  /** admit() then record() at the clock's now. */
  handle(topic: string, payload: Buffer): Promise<void>;
  stats(): StationTelemetryStats;
}

/** The gateway's station handler: validate, match the station to the topic's customer, store. */
export function createStationTelemetry(deps: {
  db: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
}): StationTelemetry {
  const repo = new ObservationRepository(deps.db.db);
  const stats: StationTelemetryStats = {
    accepted: 0,
    refused: {
      'not-json': 0,
      'invalid-payload': 0,
      'unknown-station': 0,
      'other-customer': 0,
      stale: 0,
      future: 0,
    },
    lastRefusal: null,
  };

  function refuse(topic: string, reason: StationRefusal, fullDetail: string): void {
    const detail =
      fullDetail.length > MAX_REFUSAL_DETAIL_CHARS
        ? `${fullDetail.slice(0, MAX_REFUSAL_DETAIL_CHARS)}…`
        : fullDetail;
    stats.refused[reason] += 1;
    stats.lastRefusal = { topic, reason, detail, at: deps.clock.now().toISOString() };
    deps.log.warn({ topic, reason, detail }, 'devices: station reading refused');
  }

  function admit(topic: string, payload: Buffer): boolean {
    if (!parseStationTopic(topic)) return false;
    const parsed = parseStationPayload(payload);
    if (!parsed.ok) refuse(topic, parsed.reason, parsed.detail);
    return parsed.ok;
  }

  async function record(topic: string, payload: Buffer, receivedAt: Date): Promise<void> {
    const target = parseStationTopic(topic);
    const parsed = parseStationPayload(payload);
    if (!target || !parsed.ok) return;
    const station = await repo.stationById(target.stationId);
    if (!station) return refuse(topic, 'unknown-station', `no enabled weather station ${target.stationId}`);
    // a station is trusted only on its own customer's topic: another customer cannot feed it readings
    if (station.customerId !== target.customerId) {
      return refuse(
        topic,
        'other-customer',
        `station ${station.id} is not a station of customer ${target.customerId}`,
      );
    }
    const reading = readingOf(parsed.body);
    const late = timeRefusal(reading.observedAt, receivedAt);
    if (late) return refuse(topic, late, `reading of ${parsed.body.time} at ${receivedAt.toISOString()}`);
    await recordReportedReading(deps.db.db, station, reading, deps.clock.now());
    stats.accepted += 1;
  }

  return {
    admit,
    record,
    async handle(topic, payload) {
      if (admit(topic, payload)) await record(topic, payload, deps.clock.now());
    },
    stats: () => structuredClone(stats),
  };
}
