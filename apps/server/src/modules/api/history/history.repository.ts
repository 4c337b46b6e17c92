// Reads of the station page and the simple exports (issue 17): the station with its unit and customer, its latest
// reading, its rollups (hourly by UTC hour, daily by local date), its raw readings and the strikes near it. Rows are
// read in pages by key (`after`), so an export streams them without holding the range in memory.
import { and, asc, between, desc, eq, gt, gte, lt, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customers,
  hardware,
  stationObservations,
  stationReadingsDaily,
  stationReadingsHourly,
  strikes,
  weatherStations,
} from '../../../db/schema/index.ts';

export interface HistoryStation {
  id: number;
  name: string;
  type: string;
  customerId: number;
  customerStatus: string;
  hardwareId: number | null;
  modelId: string | null;
  webRelayType: number | null;
  features: string[] | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  locationName: string;
}

export type HourlyRollup = typeof stationReadingsHourly.$inferSelect;
export type DailyRollup = typeof stationReadingsDaily.$inferSelect;
export type RawReading = typeof stationObservations.$inferSelect;

/** Rows a page of an export reads at once. */
export const EXPORT_PAGE_ROWS = 500;

export class HistoryRepository {
  constructor(private readonly db: Database) {}

  async station(id: number): Promise<HistoryStation | undefined> {
    const [row] = await this.db
      .select({
        id: weatherStations.id,
        name: weatherStations.name,
        type: weatherStations.type,
        customerId: weatherStations.customerId,
        customerStatus: customers.status,
        hardwareId: weatherStations.hardwareId,
        modelId: hardware.modelId,
        webRelayType: hardware.webRelayType,
        features: hardware.features,
        latitude: hardware.latitude,
        longitude: hardware.longitude,
        timeZone: hardware.timeZoneId,
        locationName: hardware.name,
      })
      .from(weatherStations)
      .innerJoin(customers, eq(customers.id, weatherStations.customerId))
      .leftJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(eq(weatherStations.id, id))
      .limit(1);
    return row ? { ...row, locationName: row.locationName ?? row.name } : undefined;
  }

  /** The status of a customer (the caller's: TRIAL opens every station page, spec 03 §6). */
  async customerStatus(customerId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ status: customers.status })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    return row?.status;
  }

  async latestReading(stationId: number): Promise<RawReading | undefined> {
    const [row] = await this.db
      .select()
      .from(stationObservations)
      .where(eq(stationObservations.stationId, stationId))
      .orderBy(desc(stationObservations.observedAt))
      .limit(1);
    return row;
  }

  /** Hourly rollups with from <= bucket start < to, after `after` (a page's last), oldest first. */
  async hourly(
    stationId: number,
    from: Date,
    to: Date,
    after?: Date,
    limit?: number,
  ): Promise<HourlyRollup[]> {
    const q = this.db
      .select()
      .from(stationReadingsHourly)
      .where(
        and(
          eq(stationReadingsHourly.stationId, stationId),
          gte(stationReadingsHourly.bucketStart, from),
          lt(stationReadingsHourly.bucketStart, to),
          after ? gt(stationReadingsHourly.bucketStart, after) : undefined,
        ),
      )
      .orderBy(asc(stationReadingsHourly.bucketStart));
    return limit ? q.limit(limit) : q;
  }

  /** Daily rollups of the local dates fromDay ..= toDay, after `after`, oldest first. */
  async daily(
    stationId: number,
    fromDay: string,
    toDay: string,
    after?: string,
    limit?: number,
  ): Promise<DailyRollup[]> {
    const q = this.db
      .select()
      .from(stationReadingsDaily)
      .where(
        and(
          eq(stationReadingsDaily.stationId, stationId),
          between(stationReadingsDaily.day, fromDay, toDay),
          after ? gt(stationReadingsDaily.day, after) : undefined,
        ),
      )
      .orderBy(asc(stationReadingsDaily.day));
    return limit ? q.limit(limit) : q;
  }

  /** Raw readings with from <= time < to, after `after`, oldest first. */
  async readings(
    stationId: number,
    from: Date,
    to: Date,
    after?: Date,
    limit?: number,
  ): Promise<RawReading[]> {
    const q = this.db
      .select()
      .from(stationObservations)
      .where(
        and(
          eq(stationObservations.stationId, stationId),
          gte(stationObservations.observedAt, from),
          lt(stationObservations.observedAt, to),
          after ? gt(stationObservations.observedAt, after) : undefined,
        ),
      )
      .orderBy(asc(stationObservations.observedAt));
    return limit ? q.limit(limit) : q;
  }

  /** Strikes in a box around a point over [from, to] (the caller keeps those within its radius). */
  async strikesNear(
    box: { south: number; north: number; west: number; east: number },
    from: Date,
    to: Date,
  ): Promise<{ time: Date; latitude: number; longitude: number }[]> {
    return this.db
      .select({ time: strikes.time, latitude: strikes.latitude, longitude: strikes.longitude })
      .from(strikes)
      .where(
        and(
          gte(strikes.time, from),
          lte(strikes.time, to),
          between(strikes.latitude, box.south, box.north),
          between(strikes.longitude, box.west, box.east),
        ),
      );
  }
}
