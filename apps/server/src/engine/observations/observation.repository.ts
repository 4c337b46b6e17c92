// The only code of the observation ingest that touches the database: stations, locations, observations,
// current conditions and the conditions timeline.
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  airQualitySensors,
  hardware,
  locationConditions,
  locationObservationHistory,
  locations,
  stationObservations,
  weatherStations,
} from '../../db/schema/index.ts';
import { ReadingsRepository, type RollupStation } from './readings.repository.ts';

/** Hardware models that carry a weather station (spec 02 §3 'Hardware'). */
export const STATION_MODELS = ['WXS', 'OWX'] as const;

export interface StationRow {
  id: number;
  customerId: number;
  name: string;
  hardwareId: number;
  organizationLocationId: number | null;
  latitude: number;
  longitude: number;
}

export interface LocationRow {
  id: number;
  customerId: number;
  organizationLocationId: number | null;
  latitude: number;
  longitude: number;
}

export type StationObservationInsert = typeof stationObservations.$inferInsert;
export type StationObservationRow = typeof stationObservations.$inferSelect;
export type LocationConditionInsert = typeof locationConditions.$inferInsert;

export class ObservationRepository {
  constructor(private readonly db: Database) {}

  /** Enabled weather stations (WXS/OWX hardware with a weather_stations row), with their unit's place. */
  async listStations(): Promise<StationRow[]> {
    return this.stationQuery();
  }

  private stationQuery(where?: SQL): Promise<StationRow[]> {
    return this.db
      .select({
        id: weatherStations.id,
        customerId: weatherStations.customerId,
        name: weatherStations.name,
        hardwareId: hardware.id,
        organizationLocationId: hardware.organizationLocationId,
        latitude: hardware.latitude,
        longitude: hardware.longitude,
      })
      .from(weatherStations)
      .innerJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(and(eq(hardware.enabled, true), inArray(hardware.modelId, [...STATION_MODELS]), where));
  }

  private locationQuery() {
    return this.db
      .select({
        id: locations.id,
        customerId: locations.customerId,
        organizationLocationId: locations.organizationLocationId,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(locations);
  }

  async listLocations(): Promise<LocationRow[]> {
    return this.locationQuery();
  }

  /**
   * Records a station observation (a raw reading) and brings its 15-minute, hourly and daily rollups up to date in
   * the same transaction (readings.repository.ts). A second one for the same station and time is ignored, unless
   * `replace`: a reading the station reported itself (MQTT) replaces a provider's reading of that time.
   */
  async insertStationObservation(
    station: RollupStation,
    row: StationObservationInsert,
    replace = false,
  ): Promise<void> {
    await new ReadingsRepository(this.db).record(station, row, replace);
  }

  /** One enabled weather station (as listStations), or undefined. */
  async stationById(id: number): Promise<StationRow | undefined> {
    const [row] = await this.stationQuery(eq(weatherStations.id, id));
    return row;
  }

  /** Enabled weather stations of one customer. */
  async stationsOfCustomer(customerId: number): Promise<StationRow[]> {
    return this.stationQuery(eq(weatherStations.customerId, customerId));
  }

  async locationsOfCustomer(customerId: number): Promise<LocationRow[]> {
    return this.locationQuery().where(eq(locations.customerId, customerId));
  }

  /** The latest recorded observation of each of the given stations. */
  async latestStationObservations(stationIds: number[]): Promise<Map<number, StationObservationRow>> {
    const out = new Map<number, StationObservationRow>();
    for (const id of stationIds) {
      const [row] = await this.db
        .select()
        .from(stationObservations)
        .where(eq(stationObservations.stationId, id))
        .orderBy(desc(stationObservations.observedAt))
        .limit(1);
      if (row) out.set(id, row);
    }
    return out;
  }

  /** Replaces the current conditions of a location and adds the point to its timeline. */
  async saveLocationCondition(row: LocationConditionInsert): Promise<void> {
    const { locationId: _id, ...rest } = row;
    await this.db.transaction(async (tx) => {
      await tx.insert(locationConditions).values(row).onConflictDoUpdate({
        target: locationConditions.locationId,
        set: rest,
      });
      await tx
        .insert(locationObservationHistory)
        .values({
          locationId: row.locationId,
          observedAt: row.observedAt,
          source: row.source,
          temperatureC: row.temperatureC,
          windSpeedMs: row.windSpeedMs,
          wbgtC: row.wbgtC,
        })
        .onConflictDoNothing();
    });
  }

  /** Deletes timeline points older than `before` (the raw station readings keep their own retention, readings.ts). */
  async pruneHistory(before: Date): Promise<void> {
    await this.db.delete(locationObservationHistory).where(lt(locationObservationHistory.observedAt, before));
  }

  async listAirQualitySensors() {
    return this.db.select().from(airQualitySensors).where(eq(airQualitySensors.enabled, true));
  }

  async updateAirQualitySensor(id: number, pm25Aqi: number | null, pm10Aqi: number | null, at: Date | null) {
    await this.db
      .update(airQualitySensors)
      .set({ pm25Aqi, pm10Aqi, lastActivityAt: at })
      .where(eq(airQualitySensors.id, id));
  }
}
