// The simulated world: which convective cells exist (a fixed, seeded schedule of birth 'slots'),
// and everything that follows from them and from the fair-weather climate: strikes, radar,
// storm vectors, station weather, forecasts and warnings. Synchronous and pure in (seed, time);
// the only mutable state is the scenario list of injected strikes and spawned storms.
import type {
  BBox,
  HourlyForecastItem,
  DailyForecastItem,
  LatLon,
  Strike,
  StormVector,
  StrikeType,
  WeatherAlert,
} from '../types.ts';
import { weatherCodeFor, weatherCodeRank } from '../weather-codes.ts';
import {
  type CellSpec,
  SEVERE_DBZ,
  cellAlive,
  cellMaxDbz,
  cellPosition,
  cellStrikes,
  lifeEnvelope,
  lifeFraction,
  timeCellReachesDbz,
} from './cells.ts';
import { baseWeather, convectiveLikelihood, steeringWind } from './climate.ts';
import { localDistanceSqKm, offsetKm } from './geo.ts';
import { hashString, keyedUniform, mixKeys, mulberry32 } from './prng.ts';
import { type CellShape, cellShape, shapeDbz, shapeDbzAtLatLon } from './storm-shape.ts';
import { cToF, formatLocalTime, heatIndexF, timeZoneAt } from '@allclear/domain';
import {
  clearSkyGhiWm2,
  cloudTransmission,
  rainRateMmPerHourFromDbz,
  relativeHumidityPctClamped,
  solarHour,
} from './physics.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Hours over which the forecast carries the storms the model already sees, fading out (see hourlyForecast). */
const NOWCAST_HOURS = 3;
const DAY_MS = 86_400_000;
/** Background cells are considered for birth once per slot in each region. */
const BACKGROUND_SLOT_MS = 5 * MINUTE_MS;
const BACKGROUND_MAX_LIFE_MS = 90 * MINUTE_MS;
/** Half-width of the square region of background storms around each focus area, km. */
const REGION_HALF_WIDTH_KM = 260;
/** A focus storm passes each focus point 6 minutes after start, then about every 3-5 hours. */
const FOCUS_FIRST_PASS_MS = 6 * MINUTE_MS;
const FOCUS_PERIOD_MS = 180 * MINUTE_MS;
const FOCUS_JITTER_MS = 120 * MINUTE_MS;
const FOCUS_MAX_LIFE_MS = 80 * MINUTE_MS;
/** Fraction of its life at which a focus storm passes over its focus point (mature stage). */
const FOCUS_PASS_FRACTION = 0.45;
/** Heat Advisory at a heat index of 105 °F, Excessive Heat Warning at 110 °F (NWS Fort Worth criteria). */
export const HEAT_ADVISORY_HEAT_INDEX_F = 105;
export const EXCESSIVE_HEAT_HEAT_INDEX_F = 110;

export const SIMULATOR_SOURCE = 'simulator';

export interface SimulatorOptions {
  /** Any number or text; the same seed and clock give the same world. */
  seed?: number | string;
  /** Start of the demo: the first focus storms pass the focus points shortly after it. */
  startTime?: Date;
  /** Points storms are steered over (the customer's locations). Default: Dallas (32.78, -96.80). */
  focusPoints?: FocusPoint[];
}

/** A point the simulator keeps its weather interesting at, with its own air quality monitor nearby. */
export interface FocusPoint extends LatLon {
  /** false: no air quality monitor is placed near this point (so a location without a reading can be seen). */
  airMonitor?: boolean;
}

export interface InjectStrikeInput {
  latitude: number;
  longitude: number;
  time?: Date;
  type?: StrikeType;
  /** Peak current, kA (signed). */
  amperage?: number;
}

export interface SpawnStormInput {
  latitude: number;
  longitude: number;
  headingDeg: number;
  speedMs: number;
  lifetimeMinutes: number;
  startTime?: Date;
  /** Peak reflectivity, dBZ (default 60: severe). */
  peakDbz?: number;
}

/** The state of the weather at a point and time, before station naming. */
export interface PointWeather {
  temperatureC: number;
  dewPointC: number;
  relativeHumidityPct: number;
  windSpeedMs: number;
  windGustMs: number;
  windDirectionDeg: number;
  pressureHpa: number;
  solarWm2: number;
  cloudFraction: number;
  reflectivityDbz: number;
  rainRateMmPerHour: number;
  /** 0..1: how much a storm's outflow dominates the point (0 in fair weather). */
  stormInfluence: number;
  thunder: boolean;
  severe: boolean;
  dayLight: boolean;
  weatherCode: string;
}

export class SimWorld {
  readonly seed: number;
  readonly startMs: number;
  readonly focusPoints: LatLon[];
  /** Indices of the focus points that get no air quality monitor nearby. */
  readonly withoutAirMonitor: ReadonlySet<number>;
  /** Centres of background storm regions: focus points merged when within 1 degree. */
  readonly regions: LatLon[];
  private readonly injected: Strike[] = [];
  private readonly spawned: CellSpec[] = [];

  constructor(options: SimulatorOptions = {}, defaultStart: Date) {
    const seed = options.seed ?? 1;
    this.seed = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    this.startMs = (options.startTime ?? defaultStart).getTime();
    const points =
      options.focusPoints && options.focusPoints.length > 0
        ? options.focusPoints
        : [{ latitude: 32.78, longitude: -96.8 }];
    const kept = points.slice(0, 200);
    this.focusPoints = kept.map((p) => ({ latitude: p.latitude, longitude: p.longitude }));
    this.withoutAirMonitor = new Set(kept.flatMap((p, f) => (p.airMonitor === false ? [f] : [])));
    const regions: LatLon[] = [];
    for (const p of this.focusPoints) {
      if (
        !regions.some((r) => Math.abs(r.latitude - p.latitude) < 1 && Math.abs(r.longitude - p.longitude) < 1)
      )
        regions.push(p);
    }
    this.regions = regions.slice(0, 20);
  }

  // ───────── cells ─────────

  private backgroundCell(region: number, slot: number): CellSpec | null {
    const slotStart = slot * BACKGROUND_SLOT_MS;
    const centre = this.regions[region]!;
    if (
      keyedUniform(this.seed, 101, region, slot) >=
      convectiveLikelihood(this.seed, centre.longitude, slotStart)
    )
      return null;
    const random = mulberry32(mixKeys(this.seed, 102, region, slot));
    const birthMs = slotStart + Math.floor(random() * BACKGROUND_SLOT_MS);
    const steer = steeringWind(this.seed, birthMs);
    const [lat0, lon0] = offsetKm(
      centre.latitude,
      centre.longitude,
      0,
      (random() * 2 - 1) * REGION_HALF_WIDTH_KM,
    );
    const [lat, lon] = offsetKm(lat0, lon0, 90, (random() * 2 - 1) * REGION_HALF_WIDTH_KM);
    const peakDbz = 40 + 25 * Math.pow(random(), 1.3);
    return {
      id: `c${region}-${slot}`,
      key: mixKeys(103, region, slot),
      origin: 'background',
      birthMs,
      lifetimeMs: Math.round((30 + 60 * random()) * MINUTE_MS),
      birthLatitude: lat,
      birthLongitude: lon,
      speedMs: steer.speedMs * (0.8 + 0.4 * random()),
      headingDeg: steer.headingDeg + (random() - 0.5) * 30,
      peakDbz,
      radiusKm: 5 + 5 * random(),
      peakFlashesPerMinute: 2 + 10 * random() * ((peakDbz - 35) / 30),
      rotating: peakDbz >= 58 && random() < 0.5,
    };
  }

  private focusCell(focus: number, pass: number): CellSpec {
    const point = this.focusPoints[focus]!;
    const random = mulberry32(mixKeys(this.seed, 201, focus, pass));
    const passMs =
      this.startMs +
      FOCUS_FIRST_PASS_MS +
      pass * FOCUS_PERIOD_MS +
      (pass > 0 ? Math.floor(random() * FOCUS_JITTER_MS) : 0);
    const lifetimeMs = Math.round((50 + 30 * random()) * MINUTE_MS);
    const birthMs = passMs - Math.round(FOCUS_PASS_FRACTION * lifetimeMs);
    const steer = steeringWind(this.seed, passMs);
    const headingDeg = steer.headingDeg + (random() - 0.5) * 20;
    const speedMs = steer.speedMs * (0.85 + 0.3 * random());
    const [passLat, passLon] = offsetKm(
      point.latitude,
      point.longitude,
      headingDeg + 90,
      (random() - 0.5) * 10,
    );
    const [birthLat, birthLon] = offsetKm(
      passLat,
      passLon,
      headingDeg,
      (-speedMs * (passMs - birthMs)) / 1_000_000,
    );
    const peakDbz = 47 + 13 * random();
    return {
      id: `f${focus}-${pass}`,
      key: mixKeys(202, focus, pass),
      origin: 'focus',
      birthMs,
      lifetimeMs,
      birthLatitude: birthLat,
      birthLongitude: birthLon,
      speedMs,
      headingDeg,
      peakDbz,
      radiusKm: 6 + 3 * random(),
      peakFlashesPerMinute: 6 + 8 * random(),
      rotating: peakDbz >= 58 && random() < 0.5,
    };
  }

  /** Every cell alive at some instant of [fromMs, toMs]. */
  cellsBetween(fromMs: number, toMs: number): CellSpec[] {
    const cells: CellSpec[] = [];
    const keep = (c: CellSpec | null) => {
      if (c && c.birthMs <= toMs && c.birthMs + c.lifetimeMs >= fromMs) cells.push(c);
    };
    const firstSlot = Math.floor((fromMs - BACKGROUND_MAX_LIFE_MS) / BACKGROUND_SLOT_MS);
    const lastSlot = Math.floor(toMs / BACKGROUND_SLOT_MS);
    for (let r = 0; r < this.regions.length; r++) {
      for (let s = firstSlot; s <= lastSlot; s++) keep(this.backgroundCell(r, s));
    }
    const firstPass = Math.max(
      0,
      Math.floor(
        (fromMs - FOCUS_MAX_LIFE_MS - FOCUS_JITTER_MS - this.startMs - FOCUS_FIRST_PASS_MS) / FOCUS_PERIOD_MS,
      ),
    );
    const lastPass = Math.floor(
      (toMs + FOCUS_MAX_LIFE_MS - this.startMs - FOCUS_FIRST_PASS_MS) / FOCUS_PERIOD_MS,
    );
    for (let f = 0; f < this.focusPoints.length; f++) {
      for (let p = firstPass; p <= lastPass; p++) keep(this.focusCell(f, p));
    }
    for (const c of this.spawned) keep(c);
    return cells;
  }

  /** Every cell alive at tMs. */
  cellsAt(tMs: number): CellSpec[] {
    return this.cellsBetween(tMs, tMs).filter((c) => cellAlive(c, tMs));
  }

  // ───────── lightning ─────────

  /** Strikes with fromMs <= time < toMs (inside bbox when given), oldest first; injected ones included. */
  strikesBetween(fromMs: number, toMs: number, bbox?: BBox): Strike[] {
    const out: Strike[] = [];
    for (const cell of this.cellsBetween(fromMs, toMs)) cellStrikes(this.seed, cell, fromMs, toMs, out);
    for (const s of this.injected) {
      const t = s.time.getTime();
      if (t >= fromMs && t < toMs) out.push(s);
    }
    const inside = bbox ? out.filter((s) => inBox(bbox, s.latitude, s.longitude)) : out;
    return inside.sort((a, b) => a.time.getTime() - b.time.getTime() || (a.id < b.id ? -1 : 1));
  }

  /** Adds strikes to the world (scenario API); returns them as they will be served. */
  injectStrikes(inputs: InjectStrikeInput[], nowMs: number): Strike[] {
    const created = inputs.map((input, i): Strike => {
      const time = input.time ?? new Date(nowMs);
      const type = input.type ?? 1;
      return {
        id: `inj-${this.injected.length + i + 1}`,
        time,
        latitude: input.latitude,
        longitude: input.longitude,
        type,
        amperageKa: input.amperage ?? -20,
        cloud: type === 4,
        source: SIMULATOR_SOURCE,
        observedAt: time,
      };
    });
    this.injected.push(...created);
    return created;
  }

  /** How many storms the scenario API spawned: what they change, a result read before may no longer say. */
  get spawnedCount(): number {
    return this.spawned.length;
  }

  /** Adds a storm on a straight track (scenario API); returns its cell. */
  spawnStorm(input: SpawnStormInput, nowMs: number): CellSpec {
    const n = this.spawned.length + 1;
    const peakDbz = input.peakDbz ?? 60;
    const cell: CellSpec = {
      id: `s${n}`,
      key: mixKeys(301, n),
      origin: 'spawned',
      birthMs: input.startTime?.getTime() ?? nowMs,
      lifetimeMs: Math.max(1, input.lifetimeMinutes) * MINUTE_MS,
      birthLatitude: input.latitude,
      birthLongitude: input.longitude,
      speedMs: input.speedMs,
      headingDeg: input.headingDeg,
      peakDbz,
      radiusKm: 8,
      peakFlashesPerMinute: 12,
      rotating: peakDbz >= 58,
    };
    this.spawned.push(cell);
    return cell;
  }

  // ───────── radar ─────────

  /**
   * Reflectivity at a point, dBZ (0 for no echo). For tMs after nowMs the cells alive at nowMs are
   * moved along their motion with their strength held (extrapolation, as a nowcast would).
   */
  reflectivityAt(latitude: number, longitude: number, tMs: number, nowMs: number = tMs): number {
    const cellTime = Math.min(tMs, nowMs);
    let best = 0;
    for (const cell of this.cellsAt(cellTime)) {
      const dbz = shapeDbzAtLatLon(this.shapeOf(cell, cellTime, tMs), latitude, longitude);
      if (dbz > best) best = dbz;
    }
    return best >= 5 ? best : 0;
  }

  /** A cell's radar shape with its strength as at cellTimeMs, placed where it is at positionMs. */
  shapeOf(cell: CellSpec, cellTimeMs: number, positionMs: number = cellTimeMs): CellShape {
    return cellShape(
      this.seed,
      cell,
      cellMaxDbz(cell, cellTimeMs),
      cellTimeMs,
      cellPosition(cell, positionMs),
    );
  }

  /** A reflectivity grid over bbox (row-major from the north-west corner), dBZ, 0 for no echo. */
  radarGrid(bbox: BBox, tMs: number, width: number, height: number, nowMs: number = tMs): Float32Array {
    const grid = new Float32Array(width * height);
    const cellTime = Math.min(tMs, nowMs);
    const dLon = (bbox.east - bbox.west) / width;
    const dLat = (bbox.north - bbox.south) / height;
    for (const cell of this.cellsAt(cellTime)) {
      const shape = this.shapeOf(cell, cellTime, tMs);
      const { latitude: cLat, longitude: cLon, cosLat } = shape;
      // Only pixels the shape can reach with 5 dBZ or more.
      const reachLat = shape.reachKm / 111.195;
      const reachLon = shape.reachKm / (111.195 * cosLat);
      const row0 = Math.max(0, Math.floor((bbox.north - (cLat + reachLat)) / dLat));
      const row1 = Math.min(height - 1, Math.ceil((bbox.north - (cLat - reachLat)) / dLat));
      const col0 = Math.max(0, Math.floor((cLon - reachLon - bbox.west) / dLon));
      const col1 = Math.min(width - 1, Math.ceil((cLon + reachLon - bbox.west) / dLon));
      for (let row = row0; row <= row1; row++) {
        const northKm = (bbox.north - (row + 0.5) * dLat - cLat) * 111.195;
        for (let col = col0; col <= col1; col++) {
          const eastKm = (bbox.west + (col + 0.5) * dLon - cLon) * 111.195 * cosLat;
          const dbz = shapeDbz(shape, eastKm, northKm);
          const i = row * width + col;
          if (dbz >= 5 && dbz > grid[i]!) grid[i] = dbz;
        }
      }
    }
    return grid;
  }

  // ───────── storm cells and warnings ─────────

  /** Storm-cell vectors for cells at or above 30 dBZ at tMs. */
  stormVectors(tMs: number, bbox?: BBox): StormVector[] {
    const vectors: StormVector[] = [];
    for (const cell of this.cellsAt(tMs)) {
      const dbz = cellMaxDbz(cell, tMs);
      if (dbz < 30) continue;
      const [latitude, longitude] = cellPosition(cell, tMs);
      if (bbox && !inBox(bbox, latitude, longitude)) continue;
      const envelope = lifeEnvelope(lifeFraction(cell, tMs));
      const topsFt = Math.round(20_000 + (dbz - 30) * 900);
      const hailChancePct = clamp(Math.round((dbz - 45) * 5), 0, 100);
      const severeHailChancePct = clamp(Math.round((dbz - SEVERE_DBZ) * 8), 0, 100);
      vectors.push({
        id: cell.id,
        latitude,
        longitude,
        speedMs: round1(cell.speedMs),
        headingDeg: Math.round(((cell.headingDeg % 360) + 360) % 360),
        maxReflectivityDbz: round1(dbz),
        heightFt: Math.round(topsFt * 0.45),
        vilKgM2: round1(Math.max(0, (dbz - 30) * 1.6)),
        topsFt,
        hailChancePct,
        severeHailChancePct,
        hail: hailChancePct >= 50,
        severeHail: severeHailChancePct >= 50,
        meso: cell.rotating && envelope >= 0.8,
        tvs: cell.rotating && envelope >= 0.95 && dbz >= 60,
        source: SIMULATOR_SOURCE,
        observedAt: new Date(tMs),
      });
    }
    return vectors;
  }

  /** Severe Thunderstorm Warnings (cells reaching 55 dBZ) and heat alerts in force at tMs. */
  alertsAt(tMs: number): WeatherAlert[] {
    const alerts: WeatherAlert[] = [];
    for (const cell of this.cellsBetween(tMs - 60 * MINUTE_MS, tMs)) {
      const warning = this.severeWarning(cell);
      if (warning && warning.onset.getTime() <= tMs && tMs < warning.expires.getTime()) alerts.push(warning);
    }
    for (let f = 0; f < this.focusPoints.length; f++) {
      const heat = this.heatAlert(f, tMs);
      if (heat) alerts.push(heat);
    }
    return alerts;
  }

  /** The NWS-style warning for a severe cell: issued when it reaches 55 dBZ, polygon along its path. */
  severeWarning(cell: CellSpec): WeatherAlert | null {
    const issuedMs = timeCellReachesDbz(cell, SEVERE_DBZ);
    if (issuedMs === null) return null;
    const onset = Math.ceil(issuedMs / MINUTE_MS) * MINUTE_MS;
    const endOfLife = cell.birthMs + cell.lifetimeMs;
    // Warnings last at most 45 minutes, in whole 5-minute steps, and not much past the storm.
    const duration = Math.max(10 * MINUTE_MS, Math.min(45 * MINUTE_MS, endOfLife + 10 * MINUTE_MS - onset));
    const expires = onset + Math.floor(duration / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
    const [aLat, aLon] = cellPosition(cell, onset);
    const [bLat, bLon] = cellPosition(cell, expires);
    const h = cell.headingDeg;
    const back = offsetKm(aLat, aLon, h + 180, cell.radiusKm);
    const front = offsetKm(bLat, bLon, h, cell.radiusKm);
    const ring: [number, number][] = [
      offsetKm(back[0], back[1], h - 90, cell.radiusKm * 1.2),
      offsetKm(front[0], front[1], h - 90, cell.radiusKm * 2.5),
      offsetKm(front[0], front[1], h + 90, cell.radiusKm * 2.5),
      offsetKm(back[0], back[1], h + 90, cell.radiusKm * 1.2),
    ].map(([lat, lon]) => [round4(lon), round4(lat)]);
    ring.push(ring[0]!);
    const mph = Math.round(cell.speedMs * 2.236936);
    const toward = compass16(h);
    const hail = cell.peakDbz >= 60 ? '1.75 inch' : '1 inch';
    // times read in the zone where the warning starts, with the zone named, as the NWS writes them
    const zone = timeZoneAt(aLat, aLon);
    return {
      id: `sim-svr-${cell.id}`,
      event: 'Severe Thunderstorm Warning',
      kind: 'severe-thunderstorm',
      headline: `Severe Thunderstorm Warning until ${formatLocalTime(expires, zone)} by AllClear Simulator`,
      description: `At ${formatLocalTime(onset, zone)}, a severe thunderstorm was moving ${toward} at ${mph} mph.\n\nHAZARD...60 mph wind gusts and ${hail} hail.\n\nSOURCE...Radar indicated.`,
      instruction: 'For your protection move to an interior room on the lowest floor of a building.',
      severity: 'Severe',
      polygon: { type: 'Polygon', coordinates: [ring] },
      onset: new Date(onset),
      expires: new Date(expires),
      ends: new Date(expires),
      areaDesc: 'Simulated area',
      zones: [],
      source: SIMULATOR_SOURCE,
      issuedAt: new Date(onset),
    };
  }

  /** Heat Advisory / Excessive Heat Warning for a focus point's local day, from its peak heat index. */
  heatAlert(focus: number, tMs: number): WeatherAlert | null {
    const p = this.focusPoints[focus]!;
    const hour = solarHour(new Date(tMs), p.longitude);
    const dayStart = tMs - hour * HOUR_MS;
    const onset = dayStart + 11 * HOUR_MS;
    const expires = dayStart + 20 * HOUR_MS;
    if (tMs < onset - 6 * HOUR_MS || tMs >= expires) return null;
    const peak = baseWeather(this.seed, p.latitude, p.longitude, dayStart + 15 * HOUR_MS);
    const peakHeatIndexF =
      heatIndexF(cToF(peak.temperatureC), relativeHumidityPctClamped(peak.temperatureC, peak.dewPointC)) ??
      -Infinity;
    if (peakHeatIndexF < HEAT_ADVISORY_HEAT_INDEX_F) return null;
    const warning = peakHeatIndexF >= EXCESSIVE_HEAT_HEAT_INDEX_F;
    const [s, w] = offsetKm(p.latitude, p.longitude, 225, 40);
    const [n, e] = offsetKm(p.latitude, p.longitude, 45, 40);
    const ring: [number, number][] = [
      [round4(w), round4(s)],
      [round4(e), round4(s)],
      [round4(e), round4(n)],
      [round4(w), round4(n)],
      [round4(w), round4(s)],
    ];
    const event = warning ? 'Excessive Heat Warning' : 'Heat Advisory';
    const zone = timeZoneAt(p.latitude, p.longitude);
    return {
      id: `sim-heat-${focus}-${Math.floor(dayStart / DAY_MS)}`,
      event,
      kind: 'heat',
      headline: `${event} from ${formatLocalTime(onset, zone)} to ${formatLocalTime(expires, zone)} by AllClear Simulator`,
      description: `* WHAT...Heat index values up to ${Math.round(peakHeatIndexF)} expected.\n\n* IMPACTS...Hot temperatures and high humidity may cause heat illnesses.`,
      instruction: 'Drink plenty of fluids, stay in an air-conditioned room, stay out of the sun.',
      severity: warning ? 'Severe' : 'Moderate',
      polygon: { type: 'Polygon', coordinates: [ring] },
      onset: new Date(onset),
      expires: new Date(expires),
      ends: new Date(expires),
      areaDesc: 'Simulated area',
      zones: [],
      source: SIMULATOR_SOURCE,
      issuedAt: new Date(onset - 6 * HOUR_MS),
    };
  }

  // ───────── point weather ─────────

  /** Weather at a point and time: climate plus the outflow, cloud and rain of nearby cells. */
  weatherAt(latitude: number, longitude: number, tMs: number): PointWeather {
    const base = baseWeather(this.seed, latitude, longitude, tMs);
    let influence = 0;
    let outflowFrom = base.windDirectionDeg;
    let reflectivity = 0;
    let severe = false;
    for (const cell of this.cellsAt(tMs)) {
      const shape = this.shapeOf(cell, tMs);
      const core = shape.coreDbz;
      const d2 = localDistanceSqKm(latitude, longitude, shape.latitude, shape.longitude);
      const dbz = shapeDbzAtLatLon(shape, latitude, longitude);
      if (dbz > reflectivity) reflectivity = dbz;
      const reach = 1.2 * cell.radiusKm;
      const strength = lifeEnvelope(lifeFraction(cell, tMs)) * Math.min(1, (cell.peakDbz - 20) / 40);
      const inf = strength * Math.exp(-d2 / (2 * reach * reach));
      if (inf > influence) {
        influence = inf;
        outflowFrom = (cell.headingDeg + 180) % 360;
        severe = core >= SEVERE_DBZ;
      }
    }
    if (reflectivity < 5) reflectivity = 0;
    const rainRate = rainRateMmPerHourFromDbz(reflectivity);
    const temperatureC = base.temperatureC - 7 * influence;
    const dewPointC = Math.min(temperatureC - 0.2, base.dewPointC - 1.5 * influence);
    const cloudFraction = Math.max(
      base.cloudFraction,
      Math.min(1, 1.8 * influence + (reflectivity > 0 ? 0.85 : 0)),
    );
    const windSpeedMs = base.windSpeedMs + 7 * influence;
    const dayLight = base.sunElevationDeg > 0;
    const thunder = reflectivity >= 40;
    const weatherCode = weatherCodeFor({
      cloudFraction,
      precipitationMmPerHour: rainRate,
      temperatureC,
      thunder,
      severe: thunder && severe,
      dayLight,
      windSpeedMs,
    });
    return {
      temperatureC,
      dewPointC,
      relativeHumidityPct: relativeHumidityPctClamped(temperatureC, dewPointC),
      windSpeedMs,
      windGustMs: windSpeedMs * 1.45 + 13 * influence,
      windDirectionDeg: influence > 0.25 ? outflowFrom : base.windDirectionDeg,
      pressureHpa: base.pressureHpa + 2.5 * influence,
      solarWm2: clearSkyGhiWm2(base.sunElevationDeg) * cloudTransmission(cloudFraction),
      cloudFraction,
      reflectivityDbz: reflectivity,
      rainRateMmPerHour: rainRate,
      stormInfluence: influence,
      thunder,
      severe: thunder && severe,
      dayLight,
      weatherCode,
    };
  }

  /** Rain accumulated at a point over [fromMs, toMs), mm (5-minute midpoint integration of Marshall–Palmer rate). */
  rainBetween(latitude: number, longitude: number, fromMs: number, toMs: number): number {
    const step = 5 * MINUTE_MS;
    const firstStep = Math.ceil(fromMs / step);
    const lastStep = Math.floor(toMs / step) - 1;
    if (lastStep < firstStep) return 0;
    // Only cells whose track comes near the point can rain on it.
    const near = this.cellsBetween(firstStep * step, (lastStep + 1) * step).filter((cell) => {
      const [aLat, aLon] = cellPosition(cell, cell.birthMs);
      const [bLat, bLon] = cellPosition(cell, cell.birthMs + cell.lifetimeMs);
      const mid = localDistanceSqKm(latitude, longitude, (aLat + bLat) / 2, (aLon + bLon) / 2);
      const halfTrack = Math.sqrt(localDistanceSqKm(aLat, aLon, bLat, bLon)) / 2;
      // At 60 % of its life the cell is at peak with its stratiform region grown: about its largest
      // reach; the margin covers the satellites' drift.
      const reach = this.shapeOf(cell, cell.birthMs + 0.6 * cell.lifetimeMs).reachKm + 0.3 * cell.radiusKm;
      return Math.sqrt(mid) <= halfTrack + reach;
    });
    let mm = 0;
    for (let k = firstStep; k <= lastStep; k++) {
      const t = k * step + step / 2;
      let best = 0;
      for (const cell of near) {
        if (!cellAlive(cell, t)) continue;
        const dbz = shapeDbzAtLatLon(this.shapeOf(cell, t), latitude, longitude);
        if (dbz > best) best = dbz;
      }
      mm += rainRateMmPerHourFromDbz(best) * (step / HOUR_MS);
    }
    return mm;
  }

  // ───────── forecasts ─────────

  /**
   * Hourly forecast: the fair-weather model run forward from the hour of issue, plus a convective
   * rain chance from the storm climatology and a small error growing with lead time (±0.3 °C at
   * 24 h, ±0.9 °C at 72 h) so a forecast is a forecast, not a copy of the future. Over the first
   * NOWCAST_HOURS the storms the model sees are carried too (a nowcast), fading with lead time: the
   * current hour of a forecast issued under a storm has its rain, gusts, outflow and thunder.
   */
  hourlyForecast(point: LatLon, issuedMs: number, hours: number): HourlyForecastItem[] {
    const firstHour = Math.floor(issuedMs / HOUR_MS) * HOUR_MS;
    const items: HourlyForecastItem[] = [];
    for (let i = 0; i < hours; i++) {
      const t = firstHour + i * HOUR_MS;
      const b = baseWeather(this.seed, point.latitude, point.longitude, t);
      const lead = (t - issuedMs) / HOUR_MS;
      const error =
        Math.max(0, lead) *
        0.0125 *
        (keyedUniform(this.seed, 401, Math.floor(issuedMs / HOUR_MS), i) * 2 - 1);
      let temperatureC = b.temperatureC + error;
      let dewPointC = b.dewPointC;
      let windSpeedMs = b.windSpeedMs;
      let windGustMs = b.windSpeedMs * 1.45;
      let windDirectionDeg = b.windDirectionDeg;
      let chance = Math.round(
        100 * Math.min(0.9, convectiveLikelihood(this.seed, point.longitude, t) * 0.55),
      );
      let precipitationMm = chance >= 30 ? round2((chance / 100) * 1.2) : 0;
      let thunder = chance >= 40;
      let severe = false;
      let cloudFraction = Math.max(b.cloudFraction, chance / 100);
      const storm = this.nowcast(point, issuedMs, t);
      if (storm) {
        const { w, weight, rainMm } = storm;
        const blend = (fair: number, stormy: number) => fair + weight * (stormy - fair);
        temperatureC = blend(temperatureC, w.temperatureC);
        dewPointC = blend(dewPointC, w.dewPointC);
        windSpeedMs = blend(windSpeedMs, w.windSpeedMs);
        windGustMs = Math.max(windGustMs, blend(windGustMs, w.windGustMs));
        if (weight >= 0.5) windDirectionDeg = w.windDirectionDeg;
        precipitationMm = round2(blend(precipitationMm, rainMm));
        if (rainMm >= 0.1) chance = Math.max(chance, Math.round(100 * Math.min(1, weight + 0.1)));
        thunder ||= w.thunder && weight >= 0.5;
        severe = w.severe && weight >= 0.5;
        cloudFraction = Math.max(cloudFraction, blend(cloudFraction, w.cloudFraction));
      }
      const snow = temperatureC <= 0.5;
      const dayLight = b.sunElevationDeg > 0;
      dewPointC = Math.min(dewPointC, temperatureC - 0.5);
      items.push({
        time: new Date(t),
        temperatureC: round1(temperatureC),
        dewPointC: round1(dewPointC),
        relativeHumidityPct: Math.round(relativeHumidityPctClamped(temperatureC, dewPointC)),
        windSpeedMs: round1(windSpeedMs),
        windGustMs: round1(windGustMs),
        windDirectionDeg: Math.round(windDirectionDeg) % 360,
        pressureHpa: round1(b.pressureHpa),
        solarWm2: Math.round(b.solarWm2),
        cloudCoverPct: Math.round(100 * cloudFraction),
        precipitationMm: snow ? 0 : precipitationMm,
        precipitationChancePct: chance,
        snowCm: snow ? round2(precipitationMm) : 0,
        weatherCode: weatherCodeFor({
          cloudFraction,
          precipitationMmPerHour: precipitationMm,
          temperatureC,
          thunder: thunder && !snow,
          severe: severe && !snow,
          dayLight,
          windSpeedMs,
        }),
        dayLight,
      });
    }
    return items;
  }

  /**
   * The storm part of forecast hour `t` issued at `issuedMs`: the point's weather in the middle of what is
   * left of the hour, its rain over that part, and how much of it the forecast carries (1 now, fading to 0
   * at NOWCAST_HOURS). Null beyond the nowcast or where no storm reaches.
   */
  private nowcast(
    point: LatLon,
    issuedMs: number,
    t: number,
  ): { w: PointWeather; weight: number; rainMm: number } | null {
    const sampleMs = (Math.max(t, issuedMs) + t + HOUR_MS) / 2;
    const weight = 1 - (sampleMs - issuedMs) / (NOWCAST_HOURS * HOUR_MS);
    if (weight <= 0) return null;
    const w = this.weatherAt(point.latitude, point.longitude, sampleMs);
    const rainMm = this.rainBetween(point.latitude, point.longitude, Math.max(t, issuedMs), t + HOUR_MS);
    if (w.stormInfluence < 0.05 && rainMm < 0.1 && !w.thunder) return null;
    return { w, weight, rainMm };
  }

  /** Daily forecast by local solar day, from the hourly run. */
  dailyForecast(point: LatLon, issuedMs: number, days: number): DailyForecastItem[] {
    const hour = solarHour(new Date(issuedMs), point.longitude);
    const dayStart = Math.round((issuedMs - hour * HOUR_MS) / MINUTE_MS) * MINUTE_MS;
    const hourly = this.hourlyForecast(point, dayStart, days * 24);
    const items: DailyForecastItem[] = [];
    for (let d = 0; d < days; d++) {
      const hours = hourly.slice(d * 24, d * 24 + 24);
      const high = hours.reduce((a, b) => (b.temperatureC > a.temperatureC ? b : a));
      const low = hours.reduce((a, b) => (b.temperatureC < a.temperatureC ? b : a));
      const windiest = hours.reduce((a, b) => (b.windSpeedMs > a.windSpeedMs ? b : a));
      const chance = Math.max(...hours.map((h) => h.precipitationChancePct));
      const dayCodes = hours.filter((h) => h.dayLight).map((h) => h.weatherCode);
      const code = (dayCodes.length > 0 ? dayCodes : hours.map((h) => h.weatherCode)).reduce((a, b) =>
        weatherCodeRank(b) > weatherCodeRank(a) ? b : a,
      );
      const time = new Date(dayStart + d * DAY_MS);
      items.push({
        date: localDate(time, point.longitude),
        time,
        temperatureHighC: high.temperatureC,
        temperatureLowC: low.temperatureC,
        dewPointAtHighC: high.dewPointC,
        relativeHumidityAtHighPct: high.relativeHumidityPct,
        windSpeedMaxMs: windiest.windSpeedMs,
        windDirectionDeg: windiest.windDirectionDeg,
        solarMaxWm2: Math.max(...hours.map((h) => h.solarWm2)),
        precipitationMm: round2(hours.reduce((s, h) => s + h.precipitationMm, 0)),
        precipitationChancePct: chance,
        snowCm: round2(hours.reduce((s, h) => s + h.snowCm, 0)),
        weatherCode: code,
      });
    }
    return items;
  }
}

/** Local solar calendar date (YYYY-MM-DD) of a time at a longitude. */
function localDate(time: Date, longitude: number): string {
  return new Date(time.getTime() + (longitude / 15) * HOUR_MS + MINUTE_MS).toISOString().slice(0, 10);
}

/** Whether a point lies in a box. */
export function inBox(bbox: BBox, latitude: number, longitude: number): boolean {
  return latitude >= bbox.south && latitude <= bbox.north && longitude >= bbox.west && longitude <= bbox.east;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

const COMPASS_16 = [
  'north',
  'north-northeast',
  'northeast',
  'east-northeast',
  'east',
  'east-southeast',
  'southeast',
  'south-southeast',
  'south',
  'south-southwest',
  'southwest',
  'west-southwest',
  'west',
  'west-northwest',
  'northwest',
  'north-northwest',
];

/** Compass word for a heading (16 points of 22.5°). */
function compass16(headingDeg: number): string {
  const i = Math.round((((headingDeg % 360) + 360) % 360) / 22.5) % 16;
  return COMPASS_16[i]!;
}
