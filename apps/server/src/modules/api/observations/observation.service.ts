// Current conditions and the conditions timeline of a location, customer-scoped (spec 01 §3, §7 'Observations').
import type {
  TPointObservation,
  TObservationForLocation,
  TObservationHistoryPoint,
  TObservationSource,
} from '@allclear/contracts';
import { aqiCategory, cToF, mmToIn, msToMph } from '@allclear/domain';
import type { ConfiguredWeather, LatLon } from '@allclear/weather';
import type { Database } from '../../../db/client.ts';
import { conditionFromMetar } from '../../../engine/observations/observation-ingest.ts';
import { pickStation } from '../../../engine/observations/source-selection.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Prepared } from '../../../platform/route.ts';
import type { VisibleLocation } from '../../shared/location-access.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import {
  measure,
  presentObservationData,
  presentStation,
  type StoredConditions,
} from './observation.presenter.ts';
import { urlSignerFor } from '../../../platform/url-signer.ts';
import { ObservationReadRepository, type HistoryRow } from './observation.repository.ts';

const HOUR_MS = 3_600_000;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Buckets timeline points: mean temperature (°F), max wind (mph) and max WBGT (°F) per bucket; bucketMs 0 keeps each point. */
export function historyPoints(rows: readonly HistoryRow[], bucketMs: number): TObservationHistoryPoint[] {
  const buckets = new Map<number, HistoryRow[]>();
  for (const r of rows) {
    const key =
      bucketMs > 0 ? Math.floor(r.observedAt.getTime() / bucketMs) * bucketMs : r.observedAt.getTime();
    const list = buckets.get(key) ?? [];
    list.push(r);
    buckets.set(key, list);
  }
  const out: TObservationHistoryPoint[] = [];
  for (const [key, list] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const temps = list.map((r) => r.temperatureC).filter((v): v is number => v !== null);
    const winds = list.map((r) => r.windSpeedMs).filter((v): v is number => v !== null);
    const wbgts = list.map((r) => r.wbgtC).filter((v): v is number => v !== null);
    out.push({
      date: new Date(key).toISOString(),
      avgAmbientTemperature: temps.length
        ? round1(cToF(temps.reduce((a, b) => a + b, 0) / temps.length))
        : null,
      maxWindSpeed: winds.length ? round1(msToMph(Math.max(...winds))) : null,
      maxWetBulbGlobalTemp: wbgts.length ? round1(cToF(Math.max(...wbgts))) : null,
    });
  }
  return out;
}

export class ObservationService {
  private readonly repo: ObservationReadRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly weather: ConfiguredWeather,
    private readonly reads: ApiReads,
  ) {
    this.repo = new ObservationReadRepository(db);
  }

  /** What an answer about the location's observations was read from. */
  private tags(location: VisibleLocation): string[] {
    return [readTags.observations, readTags.customer(location.customerId)];
  }

  /** `GET observations/ForLocation/{id}`: current conditions with their station, METAR station and air quality. */
  async forLocation(p: Principal, id: number): Promise<Prepared<TObservationForLocation>> {
    const location = await this.reads.locations.visible(p, id);
    return keep(this.reads.cache, `observationForLocation:${location.id}`, this.tags(location), () =>
      this.readForLocation(location),
    );
  }

  private async readForLocation(location: VisibleLocation): Promise<TObservationForLocation> {
    const c = await this.repo.conditionsOf(location.id);
    let station = c?.stationId ? await this.repo.stationById(c.stationId) : undefined;
    if (!station && location.organizationLocationId !== null) {
      station = await this.repo.stationAtOrganizationLocation(
        location.customerId,
        location.organizationLocationId,
      );
    }
    const source = (c?.source ?? 'model') as TObservationSource;
    const pm25 = c?.pm25NowcastAqi ?? null;
    const category = pm25 === null ? null : aqiCategory(pm25);
    return {
      data: c ? presentObservationData(c, source) : null,
      weatherStation: station
        ? presentStation(station, await urlSignerFor(this.db), this.clock.now().getTime())
        : null,
      metarStation: c?.source === 'metar' && c.metarStationName ? { name: c.metarStationName } : null,
      canViewHistorical: station !== undefined,
      calibratedData:
        c?.source === 'station'
          ? {
              rainToday: measure(c.rainTodayMm, 'in', mmToIn, 2),
              rainUpdatedTime: c.observedAt.toISOString(),
            }
          : null,
      airQuality: {
        pM2_5:
          pm25 === null
            ? null
            : {
                nowCast: {
                  value: pm25,
                  color: category?.color ?? null,
                  shortDescription: category?.name ?? null,
                },
              },
      },
    };
  }

  /** The conditions timeline over [from, to], bucketed (0 = the recorded cadence). */
  async history(
    p: Principal,
    id: number,
    from: Date,
    to: Date,
    bucketMs: number,
  ): Promise<TObservationHistoryPoint[]> {
    const location = await this.reads.locations.visible(p, id);
    return historyPoints(await this.repo.history(location.id, from, to), bucketMs);
  }

  /** `POST observations?latitude&longitude&preferred`: the nearest customer station's observation, or the nearest METAR's. */
  async atPoint(p: Principal, point: LatLon, preferred: boolean): Promise<TPointObservation> {
    const now = this.clock.now();
    if (preferred) {
      const candidates = (await this.repo.customerStationsWithLatest(p.customerId)).filter(
        (c) => c.station.latitude !== null && c.station.longitude !== null,
      );
      const picked = pickStation(
        { customerId: p.customerId, organizationLocationId: null, ...point },
        candidates.map((c) => ({
          ...c.station,
          latitude: c.station.latitude!,
          longitude: c.station.longitude!,
          observedAt: c.latest?.observedAt ?? null,
          entry: c,
        })),
        now,
      );
      if (!picked || !picked.entry.latest) return { data: null, weatherStation: null, metarStation: null };
      return {
        data: presentObservationData(picked.entry.latest, 'station'),
        weatherStation: presentStation(picked.entry.station, await urlSignerFor(this.db), now.getTime()),
        metarStation: null,
      };
    }
    // No location: the row is only presented, never stored.
    const metar = await conditionFromMetar(this.weather, 0, point, now);
    if (!metar) return { data: null, weatherStation: null, metarStation: null };
    return {
      data: presentObservationData(
        { ...metar, wbgtIsEstimate: metar.wbgtIsEstimate ?? true } as StoredConditions,
        'metar',
      ),
      weatherStation: null,
      metarStation: metar.metarStationName ? { name: metar.metarStationName } : null,
    };
  }

  /** The last `hours` hours at the recorded cadence (spec 01 §5 'Conditions timeline': default 12). */
  async lastHours(p: Principal, id: number, hours: number): Promise<Prepared<TObservationHistoryPoint[]>> {
    const location = await this.reads.locations.visible(p, id);
    return keep(
      this.reads.cache,
      `observationHistory:${location.id}:${hours}`,
      this.tags(location),
      async () => {
        const now = this.clock.now();
        const rows = await this.repo.history(location.id, new Date(now.getTime() - hours * HOUR_MS), now);
        return historyPoints(rows, 0);
      },
    );
  }
}
