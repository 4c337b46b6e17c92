// A weather station the journey plays, over the product's embedded MQTT broker (apps/server/src/engine/devices/
// README.md 'Station readings'): a real MQTT client publishing readings on its customer's station topic, as a unit
// in the field would, and the product's clock as the journey reads it from the API, so each reading is timed on it.
import { connectAsync, type MqttClient } from 'mqtt';

const MPH = 0.44704;

/** miles per hour as metres per second (readings are SI). */
export const mphToMs = (mph: number): number => mph * MPH;

/** What the station measures; SI units, as its payload carries them. */
export interface StationMeasures {
  temperatureC: number;
  humidityPct: number;
  windSpeedMs: number;
  windGustMs: number;
  windDirectionDeg: number;
  pressureHpa: number;
  rainMm: number;
}

export interface PlayedStation {
  /** Changes what the station measures; the next reading (published at once) carries it. */
  set(measures: Partial<StationMeasures>): Promise<void>;
  /** Readings the broker acknowledged so far. */
  readonly published: number;
  stop(): Promise<void>;
}

/**
 * Connects a station of `customerId` (its `weather_stations.id` is `stationId`) to the broker and publishes a
 * reading at once and then every `everyMs` of real time, timed `leadMs` after `now()` (the product's clock, ms).
 */
export async function playStation(opts: {
  brokerUrl: string;
  customerId: number;
  stationId: number;
  measures: StationMeasures;
  now: () => number;
  everyMs: number;
  leadMs?: number;
}): Promise<PlayedStation> {
  const client: MqttClient = await connectAsync(opts.brokerUrl, {
    clientId: `e2e-station-${opts.stationId}-${Math.random().toString(36).slice(2, 8)}`,
    reconnectPeriod: 1_000,
  });
  const topic = `allclear/${opts.customerId}/stations/${opts.stationId}/observations`;
  let measures = { ...opts.measures };
  let published = 0;
  let failure: unknown;
  const publish = async () => {
    const reading = { time: new Date(opts.now() + (opts.leadMs ?? 0)).toISOString(), ...measures };
    await client.publishAsync(topic, JSON.stringify(reading), { qos: 1 });
    published++;
  };
  let chain: Promise<void> = publish();
  const timer = setInterval(() => {
    chain = chain.then(publish).catch((error: unknown) => {
      failure ??= error;
    });
  }, opts.everyMs);
  await chain;
  return {
    async set(next) {
      measures = { ...measures, ...next };
      chain = chain.then(publish);
      await chain;
    },
    get published() {
      if (failure) throw failure;
      return published;
    },
    async stop() {
      clearInterval(timer);
      await chain.catch(() => undefined);
      await client.endAsync();
    },
  };
}

/**
 * The product's clock as the journey reads it: `checkedAt` of GET Lightning/Location/{id} is the server's time of
 * the answer. The clock is real time times `speed` plus an offset (SIM_SPEED, platform/clock.ts), so the offset is
 * taken from the quickest of up to `samples` answers (stopping at one within 50 ms); its half round trip, times
 * `speed`, bounds the error. Returns now() in ms of the product's clock and that bound.
 */
export async function readProductClock(opts: {
  baseUrl: string;
  token: string;
  locationId: number;
  speed: number;
  samples?: number;
}): Promise<{ now: () => number; errorMs: number }> {
  let best: { offset: number; roundTrip: number } | undefined;
  for (let i = 0; i < (opts.samples ?? 20) && !(best && best.roundTrip <= 50); i++) {
    const sent = Date.now();
    const res = await fetch(`${opts.baseUrl}/api/Lightning/Location/${opts.locationId}`, {
      headers: { authorization: `Bearer ${opts.token}` },
    });
    const received = Date.now();
    if (!res.ok) throw new Error(`Lightning/Location/${opts.locationId} answered ${res.status}`);
    const checkedAt = Date.parse(((await res.json()) as { data: { checkedAt: string } }).data.checkedAt);
    const offset = checkedAt - ((sent + received) / 2) * opts.speed;
    if (!best || received - sent < best.roundTrip) best = { offset, roundTrip: received - sent };
  }
  const { offset, roundTrip } = best!;
  return { now: () => Date.now() * opts.speed + offset, errorMs: (roundTrip / 2) * opts.speed };
}
