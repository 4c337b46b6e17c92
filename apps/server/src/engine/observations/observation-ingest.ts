// Observation ingest (issue 5): every 5 minutes of clock time (and at start) records an observation for every
// customer weather station with its derived values, then the current conditions of every location from its
// station, else the nearest METAR, else the forecast model, with the source recorded. A station that reports
// itself over MQTT (devices/gateway.ts) is recorded by recordReportedReading as each report arrives; the
// cycle then leaves it alone while its reports are fresh.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { greatCircleMiles } from '@allclear/domain';
import {
  stationMeasures,
  type ConfiguredWeather,
  type LatLon,
  type MetarReport,
  type WeatherStation,
} from '@allclear/weather';
import type { Database } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import { policyAqi, pollutantIndices } from './air-quality.ts';
import { createClockTicker } from './clock-ticker.ts';
import { deriveMeasures, type RawMeasures } from './derive.ts';
import {
  ObservationRepository,
  type LocationConditionInsert,
  type StationObservationInsert,
  type StationObservationRow,
  type StationRow,
} from './observation.repository.ts';
import { heatIndexWhereRead, windChillWhereRead } from './readings.ts';
import { maintainReadings } from './readings-maintenance.ts';
import { METAR_REACH_MILES, OBSERVATION_FRESH_MINUTES, pickStation } from './source-selection.ts';

/** Observation cadence, ms (stations report every 5 minutes). */
export const OBSERVATION_PERIOD_MS = 5 * 60_000;
/** How long the locations' conditions timeline is kept, days (station readings: readings.ts). */
export const HISTORY_RETENTION_DAYS = 35;
/** A provider station this near a customer station is taken as its feed, miles. */
const PROVIDER_STATION_MATCH_MILES = 2;
const HOUR_MS = 3_600_000;

/** The source of a station observation the station reported itself over MQTT. */
export const STATION_MQTT_SOURCE = 'mqtt';

/** One raw reading of a station: SI measures plus rain and weather code. */
export interface StationReading extends RawMeasures {
  observedAt: Date;
  rainMm: number;
  rainTodayMm: number | null;
  weatherCode: string | null;
  source: string;
}

const KNOT_MS = 0.514444;

function metarWindMs(value: number | null, unit: string | null): number | null {
  if (value === null) return null;
  if (unit === 'MPS') return value;
  if (unit === 'KMH') return value / 3.6;
  return value * KNOT_MS;
}

function metarPressureHpa(altimeter: { value: number; unit: string } | null): number | null {
  if (!altimeter) return null;
  return altimeter.unit.toLowerCase() === 'hpa' ? altimeter.value : altimeter.value * 33.8639;
}

/** Relative humidity, %, from temperature and dew point, °C (Magnus, as the domain's dew point). */
function humidityFrom(tempC: number, dewC: number): number {
  const a = 17.625;
  const b = 243.04;
  return Math.min(100, 100 * Math.exp((a * dewC) / (b + dewC) - (a * tempC) / (b + tempC)));
}

/** The simulated world's weather at a point as a station reports it (one decimal, whole percent and degrees). */
export const simulatedMeasures: (
  w: ReturnType<ConfiguredWeather['simulator']['world']['weatherAt']>,
) => RawMeasures & ReturnType<typeof stationMeasures> = stationMeasures;

/**
 * Reads a customer station: the provider's station at the unit (within 2 miles) when there is one; in
 * simulator mode, the simulated world at the unit's own coordinates (the simulator drives virtual devices).
 */
export async function readStation(
  weather: ConfiguredWeather,
  providerStations: readonly WeatherStation[],
  station: LatLon,
  at: Date,
): Promise<StationReading | null> {
  let nearest: WeatherStation | null = null;
  let nearestMiles = Infinity;
  for (const s of providerStations) {
    const miles = greatCircleMiles(station, s);
    if (miles < nearestMiles) {
      nearest = s;
      nearestMiles = miles;
    }
  }
  if (nearest && nearestMiles <= PROVIDER_STATION_MATCH_MILES) {
    const o = await weather.providers.observations.observe(nearest.id, at);
    if (o) {
      return {
        observedAt: o.observedAt,
        temperatureC: o.temperatureC,
        relativeHumidityPct: o.relativeHumidityPct,
        dewPointC: o.dewPointC,
        windSpeedMs: o.windSpeedMs,
        windGustMs: o.windGustMs,
        windDirectionDeg: o.windDirectionDeg,
        pressureHpa: o.pressureHpa,
        solarWm2: o.solarWm2,
        rainMm: o.rainMm,
        rainTodayMm: o.rainTodayMm,
        weatherCode: o.weatherCode,
        source: o.source,
      };
    }
  }
  if (!weather.simulatorMode) return null;
  const world = weather.simulator.world;
  const t = Math.floor(at.getTime() / OBSERVATION_PERIOD_MS) * OBSERVATION_PERIOD_MS;
  const w = world.weatherAt(station.latitude, station.longitude, t);
  const utcMidnight = Math.floor(t / (24 * HOUR_MS)) * 24 * HOUR_MS;
  return {
    observedAt: new Date(t),
    ...simulatedMeasures(w),
    rainMm: world.rainBetween(station.latitude, station.longitude, t - HOUR_MS, t),
    rainTodayMm: world.rainBetween(station.latitude, station.longitude, utcMidnight, t),
    weatherCode: w.weatherCode,
    source: 'simulator',
  };
}

/** The station_observations row of a reading, with its derived values (feels-like, WBGT, dew point). */
function stationObservationRow(station: StationRow, reading: StationReading): StationObservationInsert {
  const d = deriveMeasures(reading, reading.observedAt, station.latitude, station.longitude);
  return {
    stationId: station.id,
    observedAt: reading.observedAt,
    temperatureC: reading.temperatureC,
    relativeHumidityPct: reading.relativeHumidityPct,
    dewPointC: d.dewPointC,
    windSpeedMs: reading.windSpeedMs,
    windGustMs: reading.windGustMs ?? reading.windSpeedMs,
    windDirectionDeg: reading.windDirectionDeg,
    pressureHpa: reading.pressureHpa,
    solarWm2: reading.solarWm2,
    rainMm: reading.rainMm,
    rainTodayMm: reading.rainTodayMm,
    weatherCode: reading.weatherCode,
    feelsLikeC: d.feelsLikeC,
    wbgtC: d.wbgtC,
    wbgtIsEstimate: d.wbgtIsEstimate,
    source: reading.source,
    heatIndexC: heatIndexWhereRead(reading.temperatureC, reading.relativeHumidityPct),
    windChillC: windChillWhereRead(reading.temperatureC, reading.windSpeedMs),
  };
}

const isFresh = (observedAt: Date, now: Date) =>
  now.getTime() - observedAt.getTime() <= OBSERVATION_FRESH_MINUTES * 60_000;

/** True while a station's latest observation is a fresh report of its own: the cycle does not read it. */
function reportsItself(latest: StationObservationRow | undefined, now: Date): boolean {
  return latest?.source === STATION_MQTT_SOURCE && isFresh(latest.observedAt, now);
}

function conditionFromStation(
  locationId: number,
  obs: StationObservationRow,
  now: Date,
): LocationConditionInsert {
  return {
    locationId,
    observedAt: obs.observedAt,
    source: 'station',
    stationId: obs.stationId,
    metarStationId: null,
    metarStationName: null,
    temperatureC: obs.temperatureC,
    relativeHumidityPct: obs.relativeHumidityPct,
    dewPointC: obs.dewPointC,
    windSpeedMs: obs.windSpeedMs,
    windGustMs: obs.windGustMs,
    windDirectionDeg: obs.windDirectionDeg,
    pressureHpa: obs.pressureHpa,
    solarWm2: obs.solarWm2,
    rainMm: obs.rainMm,
    rainTodayMm: obs.rainTodayMm,
    weatherCode: obs.weatherCode,
    feelsLikeC: obs.feelsLikeC,
    wbgtC: obs.wbgtC,
    wbgtIsEstimate: obs.wbgtIsEstimate,
    updatedAt: now,
  };
}

/** Conditions of a point from its nearest METAR (within 50 miles, fresh), or null. */
export async function conditionFromMetar(
  weather: ConfiguredWeather,
  locationId: number,
  point: LatLon,
  now: Date,
): Promise<LocationConditionInsert | null> {
  const near = await weather.providers.metar.stationsNear(point, METAR_REACH_MILES);
  for (const station of near.slice(0, 3)) {
    const report: MetarReport | null = await weather.providers.metar.latest(station.id, now);
    if (!report) continue;
    if (now.getTime() - report.observedAt.getTime() > 2 * HOUR_MS) continue;
    const p = report.parsed;
    if (p.temperatureC === null || p.dewPointC === null) continue;
    const windSpeedMs = metarWindMs(p.windSpeed, p.windUnit) ?? 0;
    const raw: RawMeasures = {
      temperatureC: p.temperatureC,
      relativeHumidityPct: humidityFrom(p.temperatureC, p.dewPointC),
      windSpeedMs,
      windGustMs: metarWindMs(p.windGust, p.windUnit),
      windDirectionDeg: p.windDirectionDeg,
      pressureHpa: metarPressureHpa(p.altimeter),
      solarWm2: null,
      dewPointC: p.dewPointC,
    };
    const d = deriveMeasures(raw, report.observedAt, station.latitude, station.longitude);
    return {
      locationId,
      observedAt: report.observedAt,
      source: 'metar',
      stationId: null,
      metarStationId: station.id,
      metarStationName: station.name,
      temperatureC: raw.temperatureC,
      relativeHumidityPct: raw.relativeHumidityPct,
      dewPointC: d.dewPointC,
      windSpeedMs,
      windGustMs: raw.windGustMs ?? windSpeedMs,
      windDirectionDeg: raw.windDirectionDeg,
      pressureHpa: raw.pressureHpa,
      solarWm2: null,
      rainMm: null,
      rainTodayMm: null,
      weatherCode: null,
      feelsLikeC: d.feelsLikeC,
      wbgtC: d.wbgtC,
      wbgtIsEstimate: d.wbgtIsEstimate,
      updatedAt: now,
    };
  }
  return null;
}

/** Conditions of a point from the forecast model's hour containing `now` (the nowcast). */
export async function conditionFromModel(
  weather: ConfiguredWeather,
  locationId: number,
  point: LatLon,
  now: Date,
): Promise<LocationConditionInsert | null> {
  const forecast = await weather.providers.forecast.hourly(point, now, 1);
  const hour =
    forecast.hours.find(
      (h) => h.time.getTime() <= now.getTime() && now.getTime() < h.time.getTime() + HOUR_MS,
    ) ?? forecast.hours[0];
  if (!hour) return null;
  const raw: RawMeasures = {
    temperatureC: hour.temperatureC,
    relativeHumidityPct: hour.relativeHumidityPct,
    windSpeedMs: hour.windSpeedMs,
    windGustMs: hour.windGustMs,
    windDirectionDeg: hour.windDirectionDeg,
    pressureHpa: hour.pressureHpa,
    solarWm2: hour.solarWm2,
    dewPointC: hour.dewPointC,
  };
  const observedAt = new Date(Math.floor(now.getTime() / OBSERVATION_PERIOD_MS) * OBSERVATION_PERIOD_MS);
  const d = deriveMeasures(raw, observedAt, point.latitude, point.longitude);
  return {
    locationId,
    observedAt,
    source: 'model',
    stationId: null,
    metarStationId: null,
    metarStationName: null,
    ...raw,
    dewPointC: d.dewPointC,
    windGustMs: hour.windGustMs,
    rainMm: hour.precipitationMm,
    rainTodayMm: null,
    weatherCode: hour.weatherCode,
    feelsLikeC: d.feelsLikeC,
    wbgtC: d.wbgtC,
    wbgtIsEstimate: d.wbgtIsEstimate,
    updatedAt: now,
  };
}

/**
 * Records a reading a station reported itself (MQTT; the gateway has validated it and checked its owner
 * and time) and gives it at once to every location that station describes (source-selection.ts), so the
 * policy engine's next cycle evaluates on it. Returns the ids of those locations. Air quality of those
 * locations stays as the last cycle recorded it.
 */
export async function recordReportedReading(
  db: Database,
  station: StationRow,
  reading: StationReading,
  now: Date,
): Promise<number[]> {
  const repo = new ObservationRepository(db);
  await repo.insertStationObservation(station, stationObservationRow(station, reading), true);
  const stations = await repo.stationsOfCustomer(station.customerId);
  const latest = await repo.latestStationObservations(stations.map((s) => s.id));
  const candidates = stations.map((s) => ({ ...s, observedAt: latest.get(s.id)?.observedAt ?? null }));
  const obs = latest.get(station.id);
  const updated: number[] = [];
  if (!obs) return updated;
  for (const location of await repo.locationsOfCustomer(station.customerId)) {
    if (pickStation(location, candidates, now)?.id !== station.id) continue;
    await repo.saveLocationCondition(conditionFromStation(location.id, obs, now));
    updated.push(location.id);
  }
  return updated;
}

/**
 * The observation ingest service; `runCycle()` records one cycle at the clock's now (tests call it directly). With a
 * bus, each cycle ends with 'observations-changed', so the API's kept conditions are read again.
 */
export function createObservationIngest(
  ctx: EngineContext & { bus?: Bus },
): EngineService & { runCycle(): Promise<void> } {
  const repo = new ObservationRepository(ctx.db.db);
  const { weather, clock } = ctx;
  let lastMaintenance = -Infinity;

  // Each station, location and sensor starts on its own turn of the event loop (nextTurn): on the embedded PGlite an
  // awaited query resolves in a microtask, so a cycle of awaited writes held every request for 90 ms at once
  // (a profile of bench reads: the cycle's location writes in one stretch).
  async function recordStations(now: Date, stations: StationRow[]): Promise<void> {
    const providerStations = await weather.providers.observations.stations();
    const latest = await repo.latestStationObservations(stations.map((s) => s.id));
    for (const station of stations) {
      await nextTurn();
      if (reportsItself(latest.get(station.id), now)) continue;
      try {
        const reading = await readStation(weather, providerStations, station, now);
        if (!reading) continue;
        await repo.insertStationObservation(station, stationObservationRow(station, reading));
      } catch (err) {
        ctx.log.warn({ err, stationId: station.id }, 'station observation failed');
      }
    }
  }

  async function recordLocations(now: Date, stations: StationRow[]): Promise<void> {
    const latest = await repo.latestStationObservations(stations.map((s) => s.id));
    const candidates = stations.map((s) => ({ ...s, observedAt: latest.get(s.id)?.observedAt ?? null }));
    for (const location of await repo.listLocations()) {
      await nextTurn();
      try {
        const station = pickStation(location, candidates, now);
        const obs = station ? latest.get(station.id) : undefined;
        const condition =
          (obs ? conditionFromStation(location.id, obs, now) : null) ??
          (await conditionFromMetar(weather, location.id, location, now)) ??
          (await conditionFromModel(weather, location.id, location, now));
        if (!condition) continue;
        const aq = policyAqi((await weather.providers.airQuality.near(location, now)).map(pollutantIndices));
        await repo.saveLocationCondition({
          ...condition,
          pm25NowcastAqi: aq.pm25,
          aqiMax: aq.max,
          aqiPm25: aq.pm25,
          aqiPm10: aq.pm10,
          aqiO3: aq.o3,
        });
      } catch (err) {
        ctx.log.warn({ err, locationId: location.id }, 'location conditions failed');
      }
    }
  }

  async function recordSensors(now: Date): Promise<void> {
    for (const sensor of await repo.listAirQualitySensors()) {
      await nextTurn();
      const indices = (await weather.providers.airQuality.near(sensor, now)).map(pollutantIndices);
      const of = (p: string) => indices.find((i) => i.pollutant === p);
      const pm25 = of('PM2.5');
      const pm10 = of('PM10');
      await repo.updateAirQualitySensor(
        sensor.id,
        pm25?.nowCastAqi ?? null,
        pm10?.nowCastAqi ?? null,
        pm25?.time ?? pm10?.time ?? null,
      );
    }
  }

  async function runCycle(): Promise<void> {
    const now = clock.now();
    const stations = await repo.listStations();
    await recordStations(now, stations);
    await recordLocations(now, stations);
    await recordSensors(now);
    await repo.pruneHistory(new Date(now.getTime() - HISTORY_RETENTION_DAYS * 24 * HOUR_MS));
    // the raw readings' partitions and retention, hourly (readings-maintenance.ts)
    if (now.getTime() - lastMaintenance >= HOUR_MS) {
      lastMaintenance = now.getTime();
      await maintainReadings(ctx.db.db, now).catch((err: unknown) =>
        ctx.log.error({ err }, 'station readings maintenance failed'),
      );
    }
    ctx.bus?.publish('observations-changed', { at: now });
  }

  const ticker = createClockTicker(clock, OBSERVATION_PERIOD_MS, runCycle, (err) =>
    ctx.log.error({ err }, 'observation cycle failed'),
  );
  return {
    start: async () => ticker.start(),
    stop: () => ticker.stop(),
    runCycle: () => ticker.runNow(),
  };
}

export { OBSERVATION_FRESH_MINUTES };
