// The station historical page and its simple exports (spec 03 §2.4, §5, §6, §7 'Historical export', 'Station
// queries', §9; issue 17), read from the rollups the ingest keeps: the hourly ones for a day (or a custom range of
// 3 days or less), the daily ones (local dates of the unit's zone) otherwise, and the raw readings for condition
// snapshots. Who sees a station: weatherStationPolicy 'viewHistory' for a signed-in caller (the station's
// customer, a Super Admin, the mesonet permission, a caller whose customer is on TRIAL); for an anonymous visitor
// stationPageOpenToAnonymous. A station the caller may not see is 404 (another customer's too), as every read here.
import type {
  THistoricalStation,
  TConditionSnapshot,
  TEvapotranspiration,
  TStationHistory,
  TStationHistoryRow,
} from '@allclear/contracts';
import {
  compass8,
  cToF,
  EVAPOTRANSPIRATION_RANGE_TOO_LONG,
  greatCircleMiles,
  HISTORICAL_RANGE_TOO_LONG,
  mmToIn,
  msToMph,
  rangeDaysInclusive,
  reportPolicy,
  SIMPLE_EXPORT_LIMIT_DAYS,
  stationPageOpenToAnonymous,
  weatherStationPolicy,
  type SimpleExportKind,
  zoneFormatter,
} from '@allclear/domain';
import { weatherCodeText, type ConfiguredWeather } from '@allclear/weather';
import type { Database } from '../../../db/client.ts';
import {
  DEFAULT_STATION_TIME_ZONE,
  localDayOf,
  localMidnight,
  nextDay,
} from '../../../engine/observations/readings.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { urlSignerFor } from '../../../platform/url-signer.ts';
import { authorize } from '../../shared/authorize.ts';
import { stationImageTakenAt } from '../../shared/station-camera.ts';
import { csvLine, exportFileName } from './csv.ts';
import {
  EXPORT_PAGE_ROWS,
  HistoryRepository,
  type DailyRollup,
  type HistoryStation,
  type HourlyRollup,
  type RawReading,
} from './history.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The Custom range's longest, days (spec 03 §9). */
export const CUSTOM_RANGE_MAX_DAYS = 90;
/** A custom range this short or shorter is read hourly. */
const HOURLY_CUSTOM_MAX_MS = 3 * DAY_MS;
/** Strikes this near the station count in its snapshots, miles. */
export const SNAPSHOT_STRIKE_MILES = 10;

export const INVALID_INTERVAL_MESSAGE = 'Invalid report interval. You must select Daily or Hourly.';
export const EXPORT_FAILED_TEXT = 'Error requesting data.';

/** The message of a simple export over its limit (the limits are spec 03 §9's; the words ours). */
export function exportLimitMessage(kind: SimpleExportKind): string {
  const name = kind === 'ConditionSnaps' ? 'condition snapshots' : kind.toLowerCase();
  return `The ${name} export covers at most ${SIMPLE_EXPORT_LIMIT_DAYS[kind]} days. Please adjust your date range.`;
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
const f = (c: number | null | undefined) => (c === null || c === undefined ? null : round(cToF(c), 1));
const mph = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : round(msToMph(ms), 1);
const inches = (mm: number | null | undefined, d = 2) =>
  mm === null || mm === undefined ? null : round(mmToIn(mm), d);

function hourlyRow(r: HourlyRollup): TStationHistoryRow {
  return {
    date: r.bucketStart.toISOString(),
    minAmbientTemperature: f(r.temperatureMinC),
    avgAmbientTemperature: f(r.temperatureSumC / r.readings),
    maxAmbientTemperature: f(r.temperatureMaxC),
    maxWindSpeed: mph(r.windSpeedMaxMs),
    maxWindGust: mph(r.windGustMaxMs),
    rainTotal: inches(r.rainMm),
    maxRain1Hr: inches(r.rain1hMaxMm),
  };
}

function dailyRow(r: DailyRollup): TStationHistoryRow {
  return {
    date: r.day,
    minAmbientTemperature: f(r.temperatureMinC),
    avgAmbientTemperature: f(r.temperatureSumC / r.readings),
    maxAmbientTemperature: f(r.temperatureMaxC),
    maxWindSpeed: mph(r.windSpeedMaxMs),
    maxWindGust: mph(r.windGustMaxMs),
    rainTotal: inches(r.rainMm),
    maxRain1Hr: inches(r.rain1hMaxMm),
  };
}

/** A 'YYYY-MM-DD' or ISO 8601 text as a local date of the zone (a date stays the date it names). */
function dayOf(text: string, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : localDayOf(new Date(text), timeZone);
}

/** A streamed CSV: its file name and its lines. */
export interface CsvExport {
  fileName: string;
  lines: AsyncIterable<string>;
}

export class HistoryService {
  private readonly repo: HistoryRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly weather: ConfiguredWeather,
  ) {
    this.repo = new HistoryRepository(db);
  }

  /** The station when the caller (null: an anonymous visitor) may see its page; 404 otherwise. */
  private async visible(p: Principal | null, id: number): Promise<HistoryStation> {
    const station = await this.repo.station(id);
    if (!p) {
      if (!station || !stationPageOpenToAnonymous(station.customerStatus)) throw notFound('Weather station');
      return station;
    }
    const caller = { ...p, customerStatus: await this.repo.customerStatus(p.customerId) };
    return authorize(caller, weatherStationPolicy, 'viewHistory', station, 'Weather station');
  }

  private zone(s: HistoryStation): string {
    return s.timeZone ?? DEFAULT_STATION_TIME_ZONE;
  }

  /** `GET Historical/Station/{id}`: the page's station, current conditions, image and the caller's export. */
  async station(p: Principal | null, id: number): Promise<THistoricalStation> {
    const s = await this.visible(p, id);
    const now = this.clock.now();
    const latest = await this.repo.latestReading(s.id);
    const image = await this.image(s);
    const signer = await urlSignerFor(this.db);
    return {
      id: s.id,
      name: s.name,
      customerId: s.customerId,
      hardwareId: s.hardwareId,
      modelId: s.modelId,
      webRelayType: s.webRelayType,
      features: (s.features ?? []).map((displayName) => ({ displayName })),
      latitude: s.latitude,
      longitude: s.longitude,
      timeZone: this.zone(s),
      imageUrl: image ? signer.sign(`/api/Hardware/WeatherStation/Image/${s.id}`, now.getTime()) : null,
      imageUpdated: image ? image.toISOString() : null,
      weather: latest
        ? {
            locationName: s.locationName,
            lastUpdated: latest.observedAt.toISOString(),
            hardwareId: s.hardwareId,
            latitude: s.latitude,
            longitude: s.longitude,
            ambientTemperature: f(latest.temperatureC),
            heatIndex: f(latest.heatIndexC),
            windChill: f(latest.windChillC),
            windSpeed: mph(latest.windSpeedMs),
            windDirection: latest.windDirectionDeg === null ? null : compass8(latest.windDirectionDeg),
            rainToday: inches(latest.rainTodayMm),
            wetBulbGlobalTemp: f(latest.wbgtC),
            calibratedData: {
              rainToday: inches(latest.rainTodayMm),
              rainUpdatedTime: latest.rainTodayMm === null ? null : latest.observedAt.toISOString(),
            },
          }
        : null,
      signedIn: p !== null,
      canGenerateReport: p !== null && reportPolicy.can(p, 'generate', { customerId: s.customerId }),
    };
  }

  /** When the station's sky image last changed, or null without a camera within 2 miles. */
  private async image(s: HistoryStation): Promise<Date | null> {
    return stationImageTakenAt(this.weather, s, this.clock.now());
  }

  /** `Observations/Historical/{Day|Week|Month}/{id}`: the last 24 hours hourly, or the last 7 or 30 local days. */
  async range(p: Principal | null, id: number, range: 'Day' | 'Week' | 'Month'): Promise<TStationHistory> {
    const s = await this.visible(p, id);
    const now = this.clock.now();
    const timeZone = this.zone(s);
    if (range === 'Day') {
      const rows = await this.repo.hourly(s.id, new Date(now.getTime() - DAY_MS), now);
      return { interval: 'Hourly', timeZone, rows: rows.map(hourlyRow) };
    }
    const days = range === 'Week' ? 7 : 30;
    const today = localDayOf(now, timeZone);
    const first = localDayOf(now.getTime() - (days - 1) * DAY_MS, timeZone);
    const rows = await this.repo.daily(s.id, first, today);
    return { interval: 'Daily', timeZone, rows: rows.map(dailyRow) };
  }

  /** `Observations/Historical/Custom/{id}`: start before end, end before now, at most 90 days (spec 03 §5). */
  async custom(p: Principal | null, id: number, start: Date, end: Date): Promise<TStationHistory> {
    const s = await this.visible(p, id);
    const now = this.clock.now();
    if (end.getTime() > now.getTime())
      throw badRequest('End must be before now.', { EndDate: ['End must be before now.'] });
    if (end.getTime() - start.getTime() > CUSTOM_RANGE_MAX_DAYS * DAY_MS)
      throw badRequest(HISTORICAL_RANGE_TOO_LONG, { EndDate: [HISTORICAL_RANGE_TOO_LONG] });
    const timeZone = this.zone(s);
    if (end.getTime() - start.getTime() <= HOURLY_CUSTOM_MAX_MS) {
      const rows = await this.repo.hourly(
        s.id,
        new Date(Math.floor(start.getTime() / HOUR_MS) * HOUR_MS),
        end,
      );
      return { interval: 'Hourly', timeZone, rows: rows.map(hourlyRow) };
    }
    const rows = await this.repo.daily(s.id, localDayOf(start, timeZone), localDayOf(end, timeZone));
    return { interval: 'Daily', timeZone, rows: rows.map(dailyRow) };
  }

  /**
   * `Observations/Evapotranspiration/{id}`: the daily reference ET (inches, 3 decimals) of the last 3 or 7 local days
   * (today's so far included), or of startDate..endDate (at most 14 days, spec 03 §5); the totals are those of the
   * last 1, 3 and 7 full days (yesterday backwards).
   */
  async evapotranspiration(
    p: Principal | null,
    id: number,
    q: { days?: '3' | '7'; startDate?: string; endDate?: string },
  ): Promise<TEvapotranspiration> {
    const s = await this.visible(p, id);
    const timeZone = this.zone(s);
    const now = this.clock.now();
    const today = localDayOf(now, timeZone);
    let first: string;
    let last: string;
    if (q.days) {
      last = today;
      first = localDayOf(now.getTime() - (Number(q.days) - 1) * DAY_MS, timeZone);
    } else {
      first = q.startDate!;
      last = q.endDate!;
      if (first > last)
        throw badRequest('Start must be before end.', { StartDate: ['Start must be before end.'] });
      if (rangeDaysInclusive(first, last) > 14)
        throw badRequest(EVAPOTRANSPIRATION_RANGE_TOO_LONG, { EndDate: [EVAPOTRANSPIRATION_RANGE_TOO_LONG] });
    }
    const rows = (await this.repo.daily(s.id, first, last)).filter((r) => r.et0Mm !== null);
    const yesterday = localDayOf(localMidnight(today, timeZone).getTime() - 1, timeZone);
    const week = (
      await this.repo.daily(s.id, localDayOf(now.getTime() - 7 * DAY_MS, timeZone), yesterday)
    ).filter((r) => r.et0Mm !== null);
    const total = (n: number) => {
      const from = localDayOf(localMidnight(today, timeZone).getTime() - n * DAY_MS + HOUR_MS, timeZone);
      const days = week.filter((r) => r.day >= from);
      return days.length === 0 ? null : round(mmToIn(days.reduce((a, r) => a + r.et0Mm!, 0)), 3);
    };
    return {
      rows: rows.map((r) => ({ value: round(mmToIn(r.et0Mm!), 3), date: r.day, timeZone })),
      totals: { last24Hours: total(1), last3Days: total(3), last7Days: total(7) },
    };
  }

  /** `Observations/ConditionSnapshots/{id}`: one reading an hour (the hour's last) over at most 7 days, with strikes. */
  async snapshots(
    p: Principal | null,
    id: number,
    startText: string,
    endText: string,
  ): Promise<TConditionSnapshot[]> {
    const s = await this.visible(p, id);
    const { from, to } = this.exportRange(s, 'ConditionSnaps', startText, endText);
    const out: TConditionSnapshot[] = [];
    for await (const page of this.snapshotPages(s, from, to)) out.push(...page);
    return out;
  }

  /** The instants [from, to) of a simple export's local dates, refused past its limit (spec 03 §9). */
  private exportRange(s: HistoryStation, kind: SimpleExportKind, startText: string, endText: string) {
    const timeZone = this.zone(s);
    const fromDay = dayOf(startText, timeZone);
    const toDay = dayOf(endText, timeZone);
    if (fromDay > toDay)
      throw badRequest('Start must be before end.', { StartDate: ['Start must be before end.'] });
    if (rangeDaysInclusive(fromDay, toDay) > SIMPLE_EXPORT_LIMIT_DAYS[kind]) {
      const message = exportLimitMessage(kind);
      throw badRequest(message, { EndDate: [message] });
    }
    return {
      fromDay,
      toDay,
      from: localMidnight(fromDay, timeZone),
      to: localMidnight(nextDay(toDay), timeZone),
    };
  }

  /** Snapshot pages: each hour's last reading, with the strikes within 10 miles in the hour before it. */
  private async *snapshotPages(
    s: HistoryStation,
    from: Date,
    to: Date,
  ): AsyncGenerator<TConditionSnapshot[]> {
    let after: Date | undefined;
    let lastHour = -1;
    let pending: RawReading | null = null;
    const snapshotOf = async (r: RawReading): Promise<TConditionSnapshot> => ({
      time: r.observedAt.toISOString(),
      ambientTemperature: f(r.temperatureC)!,
      relativeHumidity: Math.round(r.relativeHumidityPct),
      windSpeed: mph(r.windSpeedMs)!,
      windGust: mph(r.windGustMs)!,
      windDirection: r.windDirectionDeg === null ? null : compass8(r.windDirectionDeg),
      rainLastHour: inches(r.rainMm)!,
      weatherCode: r.weatherCode,
      weather: r.weatherCode ? weatherCodeText(r.weatherCode) : null,
      strikesWithin10Miles: await this.strikesBefore(s, r.observedAt),
    });
    for (;;) {
      const page = await this.repo.readings(s.id, from, to, after, EXPORT_PAGE_ROWS);
      const out: TConditionSnapshot[] = [];
      for (const r of page) {
        const hour = Math.floor(r.observedAt.getTime() / HOUR_MS);
        if (pending && hour !== lastHour) out.push(await snapshotOf(pending));
        pending = r;
        lastHour = hour;
      }
      if (page.length < EXPORT_PAGE_ROWS) {
        if (pending) out.push(await snapshotOf(pending));
        if (out.length) yield out;
        return;
      }
      after = page.at(-1)!.observedAt;
      if (out.length) yield out;
    }
  }

  private async strikesBefore(s: HistoryStation, at: Date): Promise<number> {
    if (s.latitude === null || s.longitude === null) return 0;
    const dLat = SNAPSHOT_STRIKE_MILES / 69;
    const dLon = SNAPSHOT_STRIKE_MILES / (69 * Math.max(0.1, Math.cos((s.latitude * Math.PI) / 180)));
    const near = await this.repo.strikesNear(
      {
        south: s.latitude - dLat,
        north: s.latitude + dLat,
        west: s.longitude - dLon,
        east: s.longitude + dLon,
      },
      new Date(at.getTime() - HOUR_MS),
      at,
    );
    const place = { latitude: s.latitude, longitude: s.longitude };
    return near.filter((x) => greatCircleMiles(place, x) <= SNAPSHOT_STRIKE_MILES).length;
  }

  /**
   * `Observations/Historical/Export/{Daily|Hourly}/{id}`: the station's history as CSV, streamed a page at a time
   * (never built whole), named after the station: Daily at most 180 local days, Hourly 31 (spec 03 §9).
   */
  async exportHistory(
    p: Principal | null,
    id: number,
    interval: string,
    startText: string,
    endText: string,
  ): Promise<CsvExport> {
    if (interval !== 'Daily' && interval !== 'Hourly')
      throw badRequest(INVALID_INTERVAL_MESSAGE, { Interval: [INVALID_INTERVAL_MESSAGE] });
    const s = await this.visible(p, id);
    const { from, to, fromDay, toDay } = this.exportRange(s, interval, startText, endText);
    const repo = this.repo;
    const timeZone = this.zone(s);
    const fileName = exportFileName(s.name, interval, fromDay, toDay);
    if (interval === 'Daily') {
      return {
        fileName,
        lines: (async function* () {
          yield csvLine([
            'Date',
            'Station',
            'Min Temperature (°F)',
            'Avg Temperature (°F)',
            'Max Temperature (°F)',
            'Max Wind Speed (mph)',
            'Max Wind Gust (mph)',
            'Rain Total (in)',
          ]);
          let after: string | undefined;
          for (;;) {
            const page = await repo.daily(s.id, fromDay, toDay, after, EXPORT_PAGE_ROWS);
            for (const r of page) {
              const row = dailyRow(r);
              yield csvLine([
                row.date,
                s.name,
                row.minAmbientTemperature,
                row.avgAmbientTemperature,
                row.maxAmbientTemperature,
                row.maxWindSpeed,
                row.maxWindGust,
                row.rainTotal,
              ]);
            }
            if (page.length < EXPORT_PAGE_ROWS) return;
            after = page.at(-1)!.day;
          }
        })(),
      };
    }
    return {
      fileName,
      lines: (async function* () {
        yield csvLine([
          `Date (${timeZone})`,
          'Date (UTC)',
          'Station',
          'Avg Temperature (°F)',
          'Max Wind Speed (mph)',
          'Max Wind Gust (mph)',
          'Max Rain 1 Hr (in)',
        ]);
        let after: Date | undefined;
        for (;;) {
          const page = await repo.hourly(s.id, from, to, after, EXPORT_PAGE_ROWS);
          for (const r of page) {
            const row = hourlyRow(r);
            yield csvLine([
              localStamp(r.bucketStart, timeZone),
              row.date,
              s.name,
              row.avgAmbientTemperature,
              row.maxWindSpeed,
              row.maxWindGust,
              row.maxRain1Hr,
            ]);
          }
          if (page.length < EXPORT_PAGE_ROWS) return;
          after = page.at(-1)!.bucketStart;
        }
      })(),
    };
  }

  /** `Observations/Historical/Export/ConditionSnapshots/{id}`: the snapshots as CSV, streamed (at most 7 days). */
  async exportSnapshots(
    p: Principal | null,
    id: number,
    startText: string,
    endText: string,
  ): Promise<CsvExport> {
    const s = await this.visible(p, id);
    const { from, to, fromDay, toDay } = this.exportRange(s, 'ConditionSnaps', startText, endText);
    const pages = this.snapshotPages(s, from, to);
    return {
      fileName: exportFileName(s.name, 'Condition Snapshots', fromDay, toDay),
      lines: (async function* () {
        yield csvLine([
          'Time (UTC)',
          'Station',
          'Temperature (°F)',
          'Relative Humidity (%)',
          'Wind Speed (mph)',
          'Wind Gust (mph)',
          'Wind Direction',
          'Rain Last Hour (in)',
          'Weather',
          'Strikes Within 10 mi (last hour)',
        ]);
        for await (const page of pages)
          for (const x of page)
            yield csvLine([
              x.time,
              s.name,
              x.ambientTemperature,
              x.relativeHumidity,
              x.windSpeed,
              x.windGust,
              x.windDirection,
              x.rainLastHour,
              x.weather,
              x.strikesWithin10Miles,
            ]);
      })(),
    };
  }
}

const STAMP_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 'YYYY-MM-DD HH:mm' of an instant in a zone. */
export function localStamp(t: Date, timeZone: string): string {
  const fmt = zoneFormatter('en-CA', STAMP_OPTIONS, timeZone);
  const parts = Object.fromEntries(fmt.formatToParts(t).map((x) => [x.type, x.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
