// The demo's station history (issue 17 'Data that lasts'): at the first start in simulator mode, every station
// without a daily rollup gets two years of daily, 90 days of hourly and 14 days of 15-minute rollups, computed from
// the simulator's fair-weather climate (baseWeather: seasons, the daily cycle, slow anomalies; no storms) sampled
// every 15 minutes (every 5 in the last 14 days, the ingest's cadence), with showers from a seeded draw per local day.
// Deterministic: the same seed, station and clock give the same history. Only rollups are written (no raw readings:
// those are kept 35 days and arrive live); a bucket the live ingest already wrote is left as it is.
import {
  cToF,
  dewPointC as dewPointOf,
  fToC,
  heatIndexF,
  msToMph,
  relativeHumidityPct,
  selectFeelsLikeF,
  wbgtEstimate,
  windChillF,
} from '@allclear/domain';
import { baseWeather, mulberry32 } from '@allclear/weather';
import {
  bucket15mOf,
  bucketHourOf,
  et0OfDay,
  heatIndexWhereRead,
  localDayOf,
  localMidnight,
  nextDay,
  windChillWhereRead,
} from './readings.ts';
import type { DailyRollupRow, RollupRow } from './readings.repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const BACKFILL_DAILY_DAYS = 730;
export const BACKFILL_HOURLY_DAYS = 90;
export const BACKFILL_15M_DAYS = 14;

/** A station as the backfill reads it. */
export interface BackfillStation {
  id: number;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** One simulated reading, SI units, with what the ingest derives. */
interface Sample {
  t: number;
  /** The local date. */
  day: string;
  temperatureC: number;
  feelsLikeC: number;
  heatIndexC: number | null;
  windChillC: number | null;
  wbgtC: number | null;
  humidityPct: number;
  dewPointC: number | null;
  windSpeedMs: number;
  windGustMs: number;
  rainIncrementMm: number;
  rain1hMm: number;
  solarWm2: number;
}

/** A day's shower: none on most days; otherwise its start hour, length and total (mm), drawn per station and day. */
function showerOf(
  seed: number,
  stationId: number,
  day: string,
): { start: number; hours: number; mm: number } | null {
  const random = mulberry32(
    (seed ^ Math.imul(stationId, 0x9e3779b1) ^ (Date.parse(`${day}T00:00:00Z`) / DAY_MS)) >>> 0,
  );
  if (random() > 0.22) return null;
  return {
    start: Math.floor(random() * 24),
    hours: 1 + Math.floor(random() * 4),
    mm: 1 + 35 * random() ** 2,
  };
}

/** Walks local days in order: the date and midnight of each instant asked, computing each day's bounds once. */
function dayWalker(timeZone: string): (t: number) => { day: string; midnight: number } {
  let day = '';
  let start = Infinity;
  let end = -Infinity;
  return (t) => {
    if (t < start || t >= end) {
      day = localDayOf(t, timeZone);
      start = localMidnight(day, timeZone).getTime();
      end = localMidnight(nextDay(day), timeZone).getTime();
    }
    return { day, midnight: start };
  };
}

function sampleAt(
  seed: number,
  s: BackfillStation,
  t: number,
  stepMs: number,
  local: { day: string; midnight: number },
): Sample {
  const w = baseWeather(seed, s.latitude, s.longitude, t);
  const temperatureC = Math.round(w.temperatureC * 10) / 10;
  const humidityPct = Math.round(relativeHumidityPct(w.temperatureC, w.dewPointC));
  const windSpeedMs = Math.round(w.windSpeedMs * 10) / 10;
  const gustFactor = 1.3 + 0.3 * (((t / (15 * MINUTE_MS)) * 0.618) % 1);
  const tempF = cToF(temperatureC);
  const windMph = msToMph(windSpeedMs);
  const feelsF = selectFeelsLikeF({
    temperatureF: tempF,
    windMph,
    heatIndexF: () => heatIndexF(tempF, humidityPct) ?? tempF,
    windChillF: () => windChillF(tempF, windMph) ?? tempF,
  });
  const { day } = local;
  const shower = showerOf(seed, s.id, day);
  let rain1hMm = 0;
  let rainIncrementMm = 0;
  if (shower) {
    const hour = (t - local.midnight) / HOUR_MS;
    if (hour >= shower.start && hour < shower.start + shower.hours) {
      rain1hMm = shower.mm / shower.hours;
      rainIncrementMm = (rain1hMm * stepMs) / HOUR_MS;
    }
  }
  return {
    t,
    day,
    temperatureC,
    feelsLikeC: fToC(feelsF),
    heatIndexC: heatIndexWhereRead(temperatureC, humidityPct),
    windChillC: windChillWhereRead(temperatureC, windSpeedMs),
    wbgtC: wbgtEstimate(temperatureC, humidityPct),
    humidityPct,
    dewPointC: dewPointOf(temperatureC, humidityPct),
    windSpeedMs,
    windGustMs: Math.round(windSpeedMs * gustFactor * 10) / 10,
    rainIncrementMm,
    rain1hMm,
    solarWm2: Math.round(w.solarWm2),
  };
}

/** The rollup of some samples, as readings.repository.ts's ROLLUP_COLUMNS aggregate raw readings. */
function rollupOf(samples: readonly Sample[]): Required<Omit<RollupRow, 'stationId' | 'bucketStart'>> {
  const nums = (pick: (s: Sample) => number | null) =>
    samples.map(pick).filter((v): v is number => v !== null);
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const hi = nums((s) => s.heatIndexC);
  const wc = nums((s) => s.windChillC);
  const wbgt = nums((s) => s.wbgtC);
  const dew = nums((s) => s.dewPointC);
  const temp = nums((s) => s.temperatureC);
  const feels = nums((s) => s.feelsLikeC);
  const rh = nums((s) => s.humidityPct);
  const wind = nums((s) => s.windSpeedMs);
  return {
    readings: samples.length,
    temperatureMinC: Math.min(...temp),
    temperatureMaxC: Math.max(...temp),
    temperatureSumC: sum(temp),
    feelsLikeMinC: Math.min(...feels),
    feelsLikeMaxC: Math.max(...feels),
    feelsLikeSumC: sum(feels),
    heatIndexMaxC: hi.length ? Math.max(...hi) : null,
    heatIndexSumC: sum(hi),
    heatIndexCount: hi.length,
    windChillMinC: wc.length ? Math.min(...wc) : null,
    windChillSumC: sum(wc),
    windChillCount: wc.length,
    wbgtMinC: wbgt.length ? Math.min(...wbgt) : null,
    wbgtMaxC: wbgt.length ? Math.max(...wbgt) : null,
    wbgtSumC: sum(wbgt),
    wbgtCount: wbgt.length,
    humidityMinPct: Math.min(...rh),
    humidityMaxPct: Math.max(...rh),
    humiditySumPct: sum(rh),
    dewPointMinC: dew.length ? Math.min(...dew) : null,
    dewPointMaxC: dew.length ? Math.max(...dew) : null,
    dewPointSumC: sum(dew),
    dewPointCount: dew.length,
    windSpeedMinMs: Math.min(...wind),
    windSpeedMaxMs: Math.max(...wind),
    windSpeedSumMs: sum(wind),
    windGustMaxMs: Math.max(...nums((s) => s.windGustMs)),
    rainMm: sum(nums((s) => s.rainIncrementMm)),
    rain1hMaxMm: Math.max(...nums((s) => s.rain1hMm)),
    solarSumWm2: sum(nums((s) => s.solarWm2)),
    solarCount: samples.length,
    pm25AqiMax: null,
    pm25AqiSum: 0,
    pm25AqiCount: 0,
    pm10AqiMax: null,
    pm10AqiSum: 0,
    pm10AqiCount: 0,
  };
}

/**
 * Groups samples arriving in time order into runs of the same key (a day, an hour, a quarter hour: each key's samples
 * are consecutive), handing each run over when the next key starts, so only the run under way is held.
 */
function runsOf<K>(key: (s: Sample) => K, emit: (key: K, samples: Sample[]) => void) {
  let current: K | undefined;
  let run: Sample[] = [];
  return {
    add(sample: Sample): void {
      const k = key(sample);
      if (run.length > 0 && k !== current) {
        emit(current as K, run);
        run = [];
      }
      current = k;
      run.push(sample);
    },
    end(): void {
      if (run.length > 0) emit(current as K, run);
      run = [];
    },
  };
}

export interface StationBackfill {
  quarterHours: RollupRow[];
  hours: RollupRow[];
  days: DailyRollupRow[];
}

/**
 * The rollups of a station's simulated past before `now`: 730 local days, 90 days of hours and 14 of quarter
 * hours, ending at the quarter hour holding `now` (which the live ingest fills).
 */
export function simulatedStationHistory(seed: number, s: BackfillStation, now: Date): StationBackfill {
  const end = bucket15mOf(now).getTime();
  const firstDay = localDayOf(end - BACKFILL_DAILY_DAYS * DAY_MS, s.timeZone);
  const start = localMidnight(firstDay, s.timeZone).getTime();
  const fineFrom = end - BACKFILL_15M_DAYS * DAY_MS;
  const hoursFrom = end - BACKFILL_HOURLY_DAYS * DAY_MS;
  const quarterStep = 15 * MINUTE_MS;
  const fineStep = 5 * MINUTE_MS;
  const quarterHours: RollupRow[] = [];
  const hours: RollupRow[] = [];
  const days: DailyRollupRow[] = [];
  // the samples are made in time order and rolled up as each day, hour and quarter hour ends: two years of them at
  // once (75,000 objects a station) grew the heap by about 200 MB during the backfill at first start
  const dayRuns = runsOf(
    (x) => x.day,
    (day, list) => {
      const r = rollupOf(list);
      days.push({
        stationId: s.id,
        bucketStart: localMidnight(day, s.timeZone),
        day,
        timeZone: s.timeZone,
        ...r,
        et0Mm: et0OfDay({ day, ...r }, s.latitude),
      });
    },
  );
  const hourRuns = runsOf(
    (x) => bucketHourOf(new Date(x.t)).getTime(),
    (k, list) => hours.push({ stationId: s.id, bucketStart: new Date(k), ...rollupOf(list) }),
  );
  const quarterRuns = runsOf(
    (x) => bucket15mOf(new Date(x.t)).getTime(),
    (k, list) => quarterHours.push({ stationId: s.id, bucketStart: new Date(k), ...rollupOf(list) }),
  );
  const take = (x: Sample, fine: boolean) => {
    dayRuns.add(x);
    if (x.t >= hoursFrom) hourRuns.add(x);
    if (fine) quarterRuns.add(x);
  };
  const local = dayWalker(s.timeZone);
  for (let t = start; t < fineFrom; t += quarterStep)
    take(sampleAt(seed, s, t, quarterStep, local(t)), false);
  for (let t = fineFrom; t < end; t += fineStep) take(sampleAt(seed, s, t, fineStep, local(t)), true);
  dayRuns.end();
  hourRuns.end();
  quarterRuns.end();
  return { quarterHours, hours, days };
}
