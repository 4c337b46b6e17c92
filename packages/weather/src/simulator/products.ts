// Secondary simulated products derived from the world: METAR text at synthetic airports, air
// quality sensors, a tropical system with its cone, road conditions and a surface analysis (station
// sky images are in sky-image.ts). Each is a pure function of (world, time).
import type {
  FrontType,
  LatLon,
  PollutantSeries,
  RoadCondition,
  RoadSegment,
  SurfaceAnalysis,
  TropicalCategory,
  TropicalSystem,
  TropicalTrackPoint,
} from '../types.ts';
import { greatCircleMilesLocal, offsetKm } from './geo.ts';
import { keyedUniform, mixKeys, mulberry32 } from './prng.ts';
import { solarHour } from './physics.ts';
import { SIMULATOR_SOURCE, type PointWeather, type SimWorld } from './world.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const KNOTS_PER_MS = 1.943844;

// ───────── METAR ─────────

export interface SyntheticAirport extends LatLon {
  id: string;
  name: string;
}

/** Two synthetic airports ('KX..' identifiers, which no real airport uses) 5-15 miles from each focus point. */
export function syntheticAirports(world: SimWorld): SyntheticAirport[] {
  const airports: SyntheticAirport[] = [];
  const letters = 'ABCDEFGHJKLMNPQRSTUVWYZ';
  world.focusPoints.forEach((p, f) => {
    for (let k = 0; k < 2; k++) {
      const random = mulberry32(mixKeys(world.seed, 501, f, k));
      const [latitude, longitude] = offsetKm(p.latitude, p.longitude, random() * 360, 8 + 16 * random());
      const n = f * 2 + k;
      const id = `KX${letters[Math.floor(n / letters.length) % letters.length]}${letters[n % letters.length]}`;
      airports.push({ id, name: `Simulated Field ${id}`, latitude, longitude });
    }
  });
  return airports;
}

/** Raw METAR text for weather at an airport, issued at :53 of the hour (parseable by adapters/metar.ts). */
export function metarText(stationId: string, issuedMs: number, w: PointWeather): string {
  const time = new Date(issuedMs);
  const stamp = `${pad2(time.getUTCDate())}${pad2(time.getUTCHours())}${pad2(time.getUTCMinutes())}Z`;
  const speedKt = Math.round(w.windSpeedMs * KNOTS_PER_MS);
  const gustKt = Math.round(w.windGustMs * KNOTS_PER_MS);
  let dir = Math.round(w.windDirectionDeg / 10) * 10;
  if (dir === 0) dir = 360;
  const wind =
    speedKt === 0
      ? '00000KT'
      : speedKt <= 3
        ? `VRB0${speedKt}KT`
        : `${String(dir).padStart(3, '0')}${pad2(speedKt)}${gustKt >= speedKt + 10 ? `G${pad2(gustKt)}` : ''}KT`;
  const rate = w.rainRateMmPerHour;
  const visibility = rate >= 8 ? '1SM' : rate >= 2.5 ? '3SM' : rate > 0 ? '6SM' : '10SM';
  const intensity = rate >= 7.6 ? '+' : rate < 2.5 ? '-' : '';
  const wx = w.thunder ? `${intensity}TSRA` : rate > 0 ? `${intensity}RA` : '';
  const sky =
    w.cloudFraction < 0.1
      ? 'CLR'
      : w.cloudFraction < 0.3
        ? 'FEW050'
        : w.cloudFraction < 0.55
          ? 'SCT040'
          : w.cloudFraction < 0.85
            ? 'BKN035'
            : 'OVC025';
  const cloud = w.thunder ? 'BKN030CB' : sky;
  const t = metarTemperature(w.temperatureC);
  const td = metarTemperature(w.dewPointC);
  const altimeter = `A${Math.round(w.pressureHpa * 2.953)}`;
  return ['METAR', stationId, stamp, wind, visibility, wx, cloud, `${t}/${td}`, altimeter, 'RMK AO2']
    .filter((part) => part !== '')
    .join(' ');
}

function metarTemperature(c: number): string {
  const r = Math.round(c);
  return r < 0 ? `M${pad2(-r)}` : pad2(r);
}
function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

// ───────── air quality ─────────

export interface AirSensor extends LatLon {
  name: string;
}

/** Farthest a simulated monitor stands from its focus point, miles: well inside the 10-mile reach (spec 01 §9). */
export const AIR_MONITOR_MAX_MILES = 4;
const KM_PER_MILE = 1.609344;

/**
 * One simulated air-quality monitor 1-4 miles from each focus point, except the points marked
 * `airMonitor: false`; a monitor keeps its number (its focus point's) whichever points are left out.
 */
export function airSensors(world: SimWorld): AirSensor[] {
  return world.focusPoints.flatMap((p, f) => {
    if (world.withoutAirMonitor.has(f)) return [];
    const random = mulberry32(mixKeys(world.seed, 601, f));
    const bearing = random() * 360;
    const miles = 1 + (AIR_MONITOR_MAX_MILES - 1) * random();
    const [latitude, longitude] = offsetKm(p.latitude, p.longitude, bearing, miles * KM_PER_MILE);
    return [{ name: `Simulated Air Monitor ${f + 1}`, latitude, longitude }];
  });
}

/**
 * Concentrations at a sensor for an hour: PM2.5 with morning and evening traffic peaks, PM10
 * following it, ozone photochemical (peaking ~16:00 solar and with temperature).
 */
export function pollutantConcentrations(world: SimWorld, sensor: LatLon, hourStartMs: number) {
  const mid = hourStartMs + HOUR_MS / 2;
  const w = world.weatherAt(sensor.latitude, sensor.longitude, mid);
  const hour = solarHour(new Date(mid), sensor.longitude);
  const day = Math.floor(mid / DAY_MS);
  const dayLevel = 0.6 + 0.9 * keyedUniform(world.seed, 602, day);
  const traffic = Math.exp(-(((hour - 7.5) / 1.8) ** 2)) + 0.7 * Math.exp(-(((hour - 19) / 2.2) ** 2));
  const washout = w.rainRateMmPerHour > 0 ? 0.5 : 1;
  const pm25 = (6 + 10 * traffic) * dayLevel * washout;
  const pm10 = pm25 * 1.7 + 4 * dayLevel;
  const photo = Math.max(0, Math.cos((2 * Math.PI * (hour - 16)) / 24));
  const ozone = 18 + (22 + Math.max(0, w.temperatureC - 15) * 1.6) * photo * dayLevel;
  return { 'PM2.5': round1(pm25), PM10: round1(pm10), O3: round1(ozone) };
}

type Concentrations = ReturnType<typeof pollutantConcentrations>;
const concentrationMemo = new WeakMap<SimWorld, Map<string, Concentrations>>();
/** Hours kept per world: a day for 40 sensors. */
const CONCENTRATION_MEMO_MAX = 1_000;

/**
 * pollutantConcentrations, kept per sensor and hour: the world is a function of its seed and time but for the storms
 * the scenario API spawns (part of the key). Each location's air quality reads its sensor's last 24 hours, each a
 * weather sample of every storm cell around; read afresh for the demo's locations that was 300 ms of the event loop
 * in one go, every refresh (issue 18: the reads' p99 behind it).
 */
function concentrationsOf(world: SimWorld, sensor: AirSensor, hourStartMs: number): Concentrations {
  let memo = concentrationMemo.get(world);
  if (!memo) concentrationMemo.set(world, (memo = new Map()));
  const key = `${sensor.name}|${hourStartMs}|${world.spawnedCount}`;
  let values = memo.get(key);
  if (!values) {
    values = pollutantConcentrations(world, sensor, hourStartMs);
    if (memo.size >= CONCENTRATION_MEMO_MAX) memo.clear();
    memo.set(key, values);
  }
  return values;
}

/**
 * For each pollutant, the nearest sensor's last 24 hourly means ending at the hour before `at`, however far it
 * is (the caller applies the reach); none without any sensor.
 */
export function airQualityNear(world: SimWorld, point: LatLon, atMs: number): PollutantSeries[] {
  const sensors = airSensors(world);
  if (sensors.length === 0) return [];
  const nearest = sensors.reduce((a, b) =>
    greatCircleMilesLocal(point.latitude, point.longitude, b.latitude, b.longitude) <
    greatCircleMilesLocal(point.latitude, point.longitude, a.latitude, a.longitude)
      ? b
      : a,
  );
  const lastHour = Math.floor(atMs / HOUR_MS) * HOUR_MS;
  const hours = Array.from({ length: 24 }, (_, i) => lastHour - (24 - i) * HOUR_MS);
  const values = hours.map((h) => concentrationsOf(world, nearest, h));
  const distanceMiles =
    Math.round(
      greatCircleMilesLocal(point.latitude, point.longitude, nearest.latitude, nearest.longitude) * 100,
    ) / 100;
  return (['PM2.5', 'PM10', 'O3'] as const).map((pollutant) => ({
    pollutant,
    sensorName: nearest.name,
    sensorLatitude: nearest.latitude,
    sensorLongitude: nearest.longitude,
    distanceMiles,
    unit: pollutant === 'O3' ? 'ppb' : 'µg/m³',
    hourly: hours.map((h, i) => ({ time: new Date(h), value: values[i]![pollutant] })),
    source: SIMULATOR_SOURCE,
    observedAt: new Date(lastHour),
  }));
}

// ───────── tropical ─────────

const STORM_NAMES = [
  'Alberto',
  'Beryl',
  'Chris',
  'Debby',
  'Ernesto',
  'Francine',
  'Gordon',
  'Helene',
  'Isaac',
  'Joyce',
  'Kirk',
  'Leslie',
  'Milton',
  'Nadine',
  'Oscar',
  'Patty',
  'Rafael',
  'Sara',
];
/** A new system forms every 8 days and lives 5 of them. */
const TROPICAL_CYCLE_MS = 8 * DAY_MS;
const TROPICAL_LIFE_MS = 5 * DAY_MS;
/** NHC 2024 Atlantic cone radii (nautical miles) at 0, 12, 24, 36, 48, 60, 72, 96, 120 h. */
const CONE_RADII_NM: [number, number][] = [
  [0, 0],
  [12, 26],
  [24, 41],
  [36, 55],
  [48, 69],
  [60, 86],
  [72, 102],
  [96, 151],
  [120, 196],
];

/** Saffir–Simpson category for sustained wind, m/s. */
export function tropicalCategory(sustainedMs: number): TropicalCategory {
  const kt = sustainedMs * KNOTS_PER_MS;
  if (kt < 34) return 'TD';
  if (kt < 64) return 'TS';
  if (kt < 83) return 'H1';
  if (kt < 96) return 'H2';
  if (kt < 113) return 'H3';
  if (kt < 137) return 'H4';
  return 'H5';
}

interface TropicalTrack {
  index: number;
  name: string;
  genesisMs: number;
  at(tMs: number): {
    latitude: number;
    longitude: number;
    sustainedMs: number;
    speedMs: number;
    headingDeg: number;
  };
}

function tropicalTrack(world: SimWorld, index: number): TropicalTrack {
  const random = mulberry32(mixKeys(world.seed, 701, index));
  const genesisMs = index * TROPICAL_CYCLE_MS + Math.floor(random() * DAY_MS);
  const lat0 = 16 + 4 * random();
  const lon0 = -86 + 6 * random();
  const speedMs = 2 + 2.5 * random();
  const heading0 = 290 + 20 * random();
  const turn = 10 + 6 * random(); // degrees of recurvature per day
  const peakMs = 25 + 35 * random();
  return {
    index,
    name: STORM_NAMES[index % STORM_NAMES.length]!,
    genesisMs,
    at(tMs) {
      const days = (tMs - genesisMs) / DAY_MS;
      // Integrate the curving track in 6-hour steps (closed enough, and deterministic).
      let latitude = lat0;
      let longitude = lon0;
      const steps = Math.max(0, Math.floor(days * 4));
      for (let s = 0; s < steps; s++) {
        [latitude, longitude] = offsetKm(latitude, longitude, heading0 + turn * (s / 4), speedMs * 21.6);
      }
      const headingDeg = heading0 + turn * days;
      [latitude, longitude] = offsetKm(latitude, longitude, headingDeg, speedMs * 86.4 * (days - steps / 4));
      const life = Math.min(1, Math.max(0, days / (TROPICAL_LIFE_MS / DAY_MS)));
      const sustainedMs = 14 + (peakMs - 14) * Math.sin(Math.PI * life);
      return { latitude, longitude, sustainedMs, speedMs, headingDeg: ((headingDeg % 360) + 360) % 360 };
    },
  };
}

/** The tropical systems active at `at` (one per 8-day cycle, alive for 6 days) with 5-day track and cone. */
export function tropicalSystems(world: SimWorld, atMs: number): TropicalSystem[] {
  const index = Math.floor(atMs / TROPICAL_CYCLE_MS);
  const track = tropicalTrack(world, index);
  if (atMs < track.genesisMs || atMs > track.genesisMs + TROPICAL_LIFE_MS) return [];
  const issuedMs = Math.floor(atMs / (6 * HOUR_MS)) * 6 * HOUR_MS;
  const now = track.at(issuedMs);
  const points: TropicalTrackPoint[] = CONE_RADII_NM.map(([h]) => {
    const s = track.at(issuedMs + h * HOUR_MS);
    const sustained = Math.round(s.sustainedMs * 10) / 10;
    return {
      time: new Date(issuedMs + h * HOUR_MS),
      latitude: round2(s.latitude),
      longitude: round2(s.longitude),
      maxSustainedMs: sustained,
      gustMs: Math.round(sustained * 1.25 * 10) / 10,
      category: tropicalCategory(sustained),
    };
  });
  const ring = coneRing(points);
  // Atkinson & Holliday (1977) wind-pressure relation: V(kt) = 6.7 (1010 - P)^0.644.
  const pressureHpa = Math.round(1010 - Math.pow((now.sustainedMs * KNOTS_PER_MS) / 6.7, 1 / 0.644));
  return [
    {
      id: `sim-tc-${index}`,
      name: track.name,
      category: tropicalCategory(now.sustainedMs),
      pressureHpa,
      movement: { speedMs: Math.round(now.speedMs * 10) / 10, headingDeg: Math.round(now.headingDeg) },
      latitude: round2(now.latitude),
      longitude: round2(now.longitude),
      cone: { type: 'Polygon', coordinates: [ring] },
      track: points,
      source: SIMULATOR_SOURCE,
      issuedAt: new Date(issuedMs),
    },
  ];
}

/** Cone outline: the left edge of the radius circles along the track, an arc round the end, the right edge back. */
function coneRing(points: TropicalTrackPoint[]): [number, number][] {
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  points.forEach((p, i) => {
    const next = points[Math.min(i + 1, points.length - 1)]!;
    const prev = points[Math.max(i - 1, 0)]!;
    const heading = bearingDeg(prev, next);
    const radiusKm = CONE_RADII_NM[i]![1] * 1.852 + 5;
    left.push(lonLat(offsetKm(p.latitude, p.longitude, heading - 90, radiusKm)));
    right.push(lonLat(offsetKm(p.latitude, p.longitude, heading + 90, radiusKm)));
  });
  const last = points[points.length - 1]!;
  const lastHeading = bearingDeg(points[points.length - 2]!, last);
  const endRadius = CONE_RADII_NM[CONE_RADII_NM.length - 1]![1] * 1.852 + 5;
  const arc: [number, number][] = [];
  for (let a = -60; a <= 60; a += 30)
    arc.push(lonLat(offsetKm(last.latitude, last.longitude, lastHeading + a, endRadius)));
  const ring = [...left, ...arc, ...right.reverse()];
  ring.push(ring[0]!);
  return ring;
}

function bearingDeg(a: LatLon, b: LatLon): number {
  const y = b.latitude - a.latitude;
  const x = (b.longitude - a.longitude) * Math.cos((a.latitude * Math.PI) / 180);
  return (Math.atan2(x, y) * 180) / Math.PI;
}
function lonLat([lat, lon]: [number, number]): [number, number] {
  return [round2(lon), round2(lat)];
}

// ───────── roads ─────────

/** Road segments near each focus point (a cross of two 30-km roads), condition from rain and temperature. */
export function roadConditions(world: SimWorld, atMs: number): RoadSegment[] {
  const segments: RoadSegment[] = [];
  world.focusPoints.forEach((p, f) => {
    for (const [k, heading] of [0, 90].entries()) {
      const a = offsetKm(p.latitude, p.longitude, heading, -15);
      const b = offsetKm(p.latitude, p.longitude, heading, 15);
      const w = world.weatherAt(p.latitude, p.longitude, atMs);
      const recentRain = world.rainBetween(p.latitude, p.longitude, atMs - 2 * HOUR_MS, atMs);
      segments.push({
        id: `road-${f}-${k}`,
        name: k === 0 ? `Simulated Highway ${f + 1} N-S` : `Simulated Highway ${f + 1} E-W`,
        coordinates: [lonLat(a), lonLat([p.latitude, p.longitude]), lonLat(b)],
        condition: roadCondition(w.temperatureC, w.rainRateMmPerHour, recentRain),
        source: SIMULATOR_SOURCE,
        observedAt: new Date(atMs),
      });
    }
  });
  return segments;
}

/** Road surface state from air temperature °C, rain rate mm/h and rain of the last two hours, mm. */
export function roadCondition(
  temperatureC: number,
  rainRateMmPerHour: number,
  recentRainMm: number,
): RoadCondition {
  if (temperatureC <= 0 && recentRainMm > 0.5) return rainRateMmPerHour > 1 ? 'snow-covered' : 'icy';
  if (rainRateMmPerHour >= 15 || recentRainMm >= 20) return 'standing-water';
  if (rainRateMmPerHour > 0 || recentRainMm > 0.2) return 'wet';
  return 'dry';
}

// ───────── surface analysis ─────────

/** A surface analysis every 3 hours: a high and a low drifting east, and a cold front trailing the low. */
export function surfaceAnalysis(world: SimWorld, atMs: number): SurfaceAnalysis {
  const issuedMs = Math.floor(atMs / (3 * HOUR_MS)) * 3 * HOUR_MS;
  const cycle = Math.floor(issuedMs / (4 * DAY_MS));
  const age = (issuedMs - cycle * 4 * DAY_MS) / DAY_MS;
  const random = mulberry32(mixKeys(world.seed, 801, cycle));
  const lowLat = 36 + 8 * random();
  const lowLon = -112 + 9 * age + 4 * random();
  const highLat = 30 + 6 * random();
  const highLon = lowLon - 14 + 3 * random();
  const lowP = Math.round(1002 - 8 * random());
  const highP = Math.round(1024 + 8 * random());
  const front: [number, number][] = [];
  for (let i = 0; i <= 6; i++)
    front.push([round2(lowLon - 1 - i * 1.4 + 0.4 * Math.sin(i)), round2(lowLat - i * 1.8)]);
  const warm: [number, number][] = [
    [round2(lowLon), round2(lowLat)],
    [round2(lowLon + 4), round2(lowLat - 1)],
    [round2(lowLon + 8), round2(lowLat - 2.5)],
  ];
  const fronts: { type: FrontType; coordinates: [number, number][] }[] = [
    { type: 'cold', coordinates: front },
    { type: 'warm', coordinates: warm },
  ];
  return {
    fronts,
    pressureCentres: [
      { type: 'L', latitude: round2(lowLat), longitude: round2(lowLon), pressureHpa: lowP },
      { type: 'H', latitude: round2(highLat), longitude: round2(highLon), pressureHpa: highP },
    ],
    source: SIMULATOR_SOURCE,
    issuedAt: new Date(issuedMs),
  };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
