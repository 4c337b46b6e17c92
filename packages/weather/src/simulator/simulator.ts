// The simulator as a set of providers: the default data source when no real source is configured.
// Times are always parameters (the caller's clock may run at SIM_SPEED); `advance(now)` pushes the
// strikes since the previous call to subscribers, which is how the strike stream flows.
import { parseMetar } from '../adapters/metar.ts';
import type {
  AirQualitySource,
  AlertSource,
  BBox,
  ForecastSource,
  LatLon,
  MetarSource,
  ObservationSource,
  RadarFrame,
  RadarFrameRef,
  RadarSource,
  RoadConditionSource,
  SkyImage,
  SkyImageSource,
  StationObservation,
  StormCellSource,
  Strike,
  StrikeSource,
  SurfaceAnalysisSource,
  TropicalSource,
  WeatherAlert,
  WeatherProviders,
  WeatherStation,
} from '../types.ts';
import type { CellSpec } from './cells.ts';
import { greatCircleMilesLocal, offsetKm, pointInPolygonRings } from './geo.ts';
import { solarHour, sunElevationDeg } from './physics.ts';
import { hashString, mixKeys } from './prng.ts';
import { skyPng } from './sky-image.ts';
import {
  airQualityNear,
  metarText,
  roadConditions,
  surfaceAnalysis,
  syntheticAirports,
  tropicalSystems,
} from './products.ts';
import {
  type FocusPoint,
  type InjectStrikeInput,
  type PointWeather,
  SIMULATOR_SOURCE,
  SimWorld,
  type SimulatorOptions,
  type SpawnStormInput,
  inBox,
} from './world.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Stations report every 5 minutes. */
const STATION_INTERVAL_MS = 5 * MINUTE_MS;

export type { FocusPoint, InjectStrikeInput, SimulatorOptions, SpawnStormInput };

/** What spawnStorm answers: the storm's track as created. */
export interface SpawnedStorm {
  id: string;
  startTime: Date;
  endTime: Date;
  latitude: number;
  longitude: number;
  headingDeg: number;
  speedMs: number;
  lifetimeMinutes: number;
  peakDbz: number;
  /** Where the storm will be when it dies, [latitude, longitude]. */
  endLatitude: number;
  endLongitude: number;
}

export interface Simulator extends WeatherProviders {
  /** The synchronous world underneath (for benchmarks and tests). */
  readonly world: SimWorld;
  /** Push strikes in [previous now, now) to subscribers; returns them. The first call only sets the mark. */
  advance(now: Date): Strike[];
  /** Scenario API: add strikes (time defaults to `now`). */
  injectStrikes(inputs: InjectStrikeInput[], now: Date): Strike[];
  /** Scenario API: add a storm on a straight track (start defaults to `now`). */
  spawnStorm(input: SpawnStormInput, now: Date): SpawnedStorm;
}

/** Creates the seeded, deterministic simulated weather world (default when no real source is set). */
export function createSimulator(options: SimulatorOptions & { startTime: Date }): Simulator {
  const world = new SimWorld(options, options.startTime);
  const listeners = new Set<(strikes: Strike[]) => void>();
  let mark: number | null = null;

  const stations: WeatherStation[] = world.focusPoints.map((p, f) => {
    const [latitude, longitude] = offsetKm(p.latitude, p.longitude, 45, 0.4);
    return {
      id: `sim-station-${f + 1}`,
      name: `Simulated Station ${f + 1}`,
      latitude,
      longitude,
      type: 'simulated',
    };
  });
  const airports = syntheticAirports(world);

  const observeStation = (station: WeatherStation, atMs: number): StationObservation => {
    const t = Math.floor(atMs / STATION_INTERVAL_MS) * STATION_INTERVAL_MS;
    const w = world.weatherAt(station.latitude, station.longitude, t);
    const midnight = t - solarHour(new Date(t), station.longitude) * HOUR_MS;
    return {
      stationId: station.id,
      stationName: station.name,
      latitude: station.latitude,
      longitude: station.longitude,
      ...stationMeasures(w),
      rainMm: round2(world.rainBetween(station.latitude, station.longitude, t - HOUR_MS, t)),
      rainTodayMm: round2(world.rainBetween(station.latitude, station.longitude, midnight, t)),
      cloudCoverPct: Math.round(100 * w.cloudFraction),
      weatherCode: w.weatherCode,
      source: SIMULATOR_SOURCE,
      observedAt: new Date(t),
    };
  };

  const strikes: StrikeSource = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async strikes(query) {
      return world.strikesBetween(query.from.getTime(), query.to.getTime(), query.bbox);
    },
  };

  const observations: ObservationSource = {
    async stations() {
      return stations.map((s) => ({ ...s }));
    },
    async observe(stationId, at) {
      const station = stations.find((s) => s.id === stationId);
      return station ? observeStation(station, at.getTime()) : null;
    },
  };

  const metar: MetarSource = {
    async stationsNear(point, radiusMiles) {
      return airports
        .map((a) => ({
          a,
          d: greatCircleMilesLocal(point.latitude, point.longitude, a.latitude, a.longitude),
        }))
        .filter((x) => x.d <= radiusMiles)
        .sort((x, y) => x.d - y.d)
        .map((x) => ({ ...x.a }));
    },
    async latest(stationId, at) {
      const airport = airports.find((a) => a.id === stationId);
      if (!airport) return null;
      const issuedMs = Math.floor((at.getTime() - 53 * MINUTE_MS) / HOUR_MS) * HOUR_MS + 53 * MINUTE_MS;
      const raw = metarText(
        airport.id,
        issuedMs,
        world.weatherAt(airport.latitude, airport.longitude, issuedMs),
      );
      const parsed = parseMetar(raw);
      if (!parsed) return null;
      return {
        station: { ...airport },
        raw,
        parsed,
        source: SIMULATOR_SOURCE,
        observedAt: new Date(issuedMs),
      };
    },
  };

  const forecast: ForecastSource = {
    async hourly(point, issuedAt, hours = 96) {
      return {
        point,
        hours: world.hourlyForecast(point, issuedAt.getTime(), Math.max(72, hours)),
        source: SIMULATOR_SOURCE,
        issuedAt,
      };
    },
    async daily(point, issuedAt, days = 10) {
      return {
        point,
        days: world.dailyForecast(point, issuedAt.getTime(), Math.max(7, days)),
        source: SIMULATOR_SOURCE,
        issuedAt,
      };
    },
  };

  const radar: RadarSource = {
    frameTimes(now, opts = {}) {
      return radarFrameTimes(now, opts.pastMinutes ?? 120, opts.futureMinutes ?? 60, opts.stepMinutes ?? 5);
    },
    async reflectivityAt(point, time, now = time) {
      return world.reflectivityAt(point.latitude, point.longitude, time.getTime(), now.getTime());
    },
    async frame(bbox, time, opts): Promise<RadarFrame> {
      const tMs = time.getTime();
      const nowMs = opts.now.getTime();
      return {
        kind: tMs > nowMs ? 'future' : 'past',
        issuedAt: new Date(Math.min(tMs, nowMs)),
        bbox,
        width: opts.width,
        height: opts.height,
        dbz: world.radarGrid(bbox, tMs, opts.width, opts.height, nowMs),
        source: SIMULATOR_SOURCE,
        observedAt: time,
      };
    },
  };

  const stormCells: StormCellSource = {
    async vectors(at, bbox) {
      return world.stormVectors(at.getTime(), bbox);
    },
  };

  const alerts: AlertSource = {
    async alertsForPoint(point, at) {
      return world.alertsAt(at.getTime()).filter((a) => alertCovers(a, point));
    },
    async activeAlerts(at, bbox) {
      const all = world.alertsAt(at.getTime());
      return bbox
        ? all.filter((a) => a.polygon?.coordinates[0]?.some(([lon, lat]) => inBox(bbox, lat, lon)))
        : all;
    },
  };

  const airQuality: AirQualitySource = {
    async near(point, at) {
      return airQualityNear(world, point, at.getTime());
    },
  };
  const tropical: TropicalSource = {
    async active(at) {
      return tropicalSystems(world, at.getTime());
    },
  };
  const roads: RoadConditionSource = {
    async conditions(bbox: BBox, at) {
      return roadConditions(world, at.getTime()).filter((r) =>
        r.coordinates.some(([lon, lat]) => inBox(bbox, lat, lon)),
      );
    },
  };
  const surface: SurfaceAnalysisSource = {
    async analysis(at) {
      return surfaceAnalysis(world, at.getTime());
    },
  };
  // The latest picture of each camera: every viewer of a station asks for the same 5-minute frame.
  const latestSky = new Map<string, SkyImage>();
  // Station cameras refresh every 5 minutes: the frame a time falls in.
  const frameOf = (at: Date) => Math.floor(at.getTime() / STATION_INTERVAL_MS) * STATION_INTERVAL_MS;
  const skyImages: SkyImageSource = {
    async takenAt(stationId, at) {
      return stations.some((s) => s.id === stationId) ? new Date(frameOf(at)) : null;
    },
    async image(stationId, at) {
      const station = stations.find((s) => s.id === stationId);
      if (!station) return null;
      const t = frameOf(at);
      const cached = latestSky.get(stationId);
      if (cached?.observedAt.getTime() === t) return cached;
      const w = world.weatherAt(station.latitude, station.longitude, t);
      const time = new Date(t);
      const bytes = skyPng({
        sunElevationDeg: sunElevationDeg(station.latitude, station.longitude, time),
        solarHour: solarHour(time, station.longitude),
        cloudFraction: w.cloudFraction,
        rainRateMmPerHour: w.rainRateMmPerHour,
        seed: mixKeys(world.seed, 903, hashString(stationId)),
        minutes: t / MINUTE_MS,
      });
      const image: SkyImage = {
        stationId,
        contentType: 'image/png',
        bytes,
        source: SIMULATOR_SOURCE,
        observedAt: new Date(t),
      };
      latestSky.set(stationId, image);
      return image;
    },
  };

  return {
    world,
    strikes,
    observations,
    metar,
    forecast,
    radar,
    stormCells,
    alerts,
    airQuality,
    tropical,
    roads,
    surface,
    skyImages,
    advance(now) {
      const nowMs = now.getTime();
      if (mark === null || nowMs <= mark) {
        mark = mark === null ? nowMs : mark;
        return [];
      }
      const fresh = world.strikesBetween(mark, nowMs);
      mark = nowMs;
      if (fresh.length > 0) for (const listener of listeners) listener(fresh);
      return fresh;
    },
    injectStrikes(inputs, now) {
      const created = world.injectStrikes(inputs, now.getTime());
      // Strikes injected before the stream mark would never be pushed: push them now.
      const behind = mark === null ? [] : created.filter((s) => s.time.getTime() < mark!);
      if (behind.length > 0) for (const listener of listeners) listener(behind);
      return created;
    },
    spawnStorm(input, now) {
      return describeStorm(world.spawnStorm(input, now.getTime()));
    },
  };
}

function describeStorm(cell: CellSpec): SpawnedStorm {
  const end = cell.birthMs + cell.lifetimeMs;
  const [endLatitude, endLongitude] = offsetKm(
    cell.birthLatitude,
    cell.birthLongitude,
    cell.headingDeg,
    (cell.speedMs * cell.lifetimeMs) / 1_000_000,
  );
  return {
    id: cell.id,
    startTime: new Date(cell.birthMs),
    endTime: new Date(end),
    latitude: cell.birthLatitude,
    longitude: cell.birthLongitude,
    headingDeg: cell.headingDeg,
    speedMs: cell.speedMs,
    lifetimeMinutes: cell.lifetimeMs / MINUTE_MS,
    peakDbz: cell.peakDbz,
    endLatitude,
    endLongitude,
  };
}

/** Radar frame times: past frames at `step` minutes up to the last step at or before now, then future ones. */
export function radarFrameTimes(
  now: Date,
  pastMinutes: number,
  futureMinutes: number,
  stepMinutes: number,
): RadarFrameRef[] {
  const step = stepMinutes * MINUTE_MS;
  const last = Math.floor(now.getTime() / step) * step;
  const frames: RadarFrameRef[] = [];
  for (let t = last - pastMinutes * MINUTE_MS; t <= last; t += step)
    frames.push({ time: new Date(t), kind: 'past' });
  for (let t = last + step; t <= last + futureMinutes * MINUTE_MS; t += step)
    frames.push({ time: new Date(t), kind: 'future' });
  return frames;
}

/** Whether an alert applies to a point: inside its polygon, or (no polygon) never for the simulator. */
function alertCovers(alert: WeatherAlert, point: LatLon): boolean {
  return alert.polygon
    ? pointInPolygonRings(point.longitude, point.latitude, alert.polygon.coordinates)
    : false;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** The world's weather at a point as a station reports it: one decimal, whole percent and degrees. */
export function stationMeasures(
  w: PointWeather,
): Pick<
  StationObservation,
  | 'temperatureC'
  | 'relativeHumidityPct'
  | 'dewPointC'
  | 'windSpeedMs'
  | 'windGustMs'
  | 'windDirectionDeg'
  | 'pressureHpa'
  | 'solarWm2'
> {
  return {
    temperatureC: round1(w.temperatureC),
    relativeHumidityPct: Math.round(w.relativeHumidityPct),
    dewPointC: round1(w.dewPointC),
    windSpeedMs: round1(w.windSpeedMs),
    windGustMs: round1(w.windGustMs),
    windDirectionDeg: Math.round(w.windDirectionDeg) % 360,
    pressureHpa: round1(w.pressureHpa),
    solarWm2: Math.round(w.solarWm2),
  };
}
function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
