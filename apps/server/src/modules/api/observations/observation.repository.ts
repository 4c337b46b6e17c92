// Reads of current conditions, the conditions timeline and weather stations for the observation calls.
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  hardware,
  locationConditions,
  locationObservationHistory,
  stationObservations,
  weatherStations,
} from '../../../db/schema/index.ts';
import { STATION_MODELS } from '../../../engine/observations/observation.repository.ts';

export type ConditionsRow = typeof locationConditions.$inferSelect;
export type StationObservationRow = typeof stationObservations.$inferSelect;
/** A timeline point as stored: time, temperature °C, wind m/s, WBGT °C. */
export interface HistoryRow {
  observedAt: Date;
  temperatureC: number | null;
  windSpeedMs: number | null;
  wbgtC: number | null;
}

export interface StationDetail {
  id: number;
  customerId: number;
  name: string;
  type: string;
  hardwareId: number | null;
  organizationLocationId: number | null;
  latitude: number | null;
  longitude: number | null;
}

const stationColumns = {
  id: weatherStations.id,
  customerId: weatherStations.customerId,
  name: weatherStations.name,
  type: weatherStations.type,
  hardwareId: weatherStations.hardwareId,
  organizationLocationId: hardware.organizationLocationId,
  latitude: hardware.latitude,
  longitude: hardware.longitude,
};

export class ObservationReadRepository {
  constructor(private readonly db: Database) {}

  async conditionsOf(locationId: number): Promise<ConditionsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(locationConditions)
      .where(eq(locationConditions.locationId, locationId))
      .limit(1);
    return row;
  }

  /** A station's newest recorded observation, or undefined. */
  async latestStationObservation(stationId: number): Promise<StationObservationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(stationObservations)
      .where(eq(stationObservations.stationId, stationId))
      .orderBy(desc(stationObservations.observedAt))
      .limit(1);
    return row;
  }

  async stationById(id: number): Promise<StationDetail | undefined> {
    const [row] = await this.db
      .select(stationColumns)
      .from(weatherStations)
      .leftJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(eq(weatherStations.id, id))
      .limit(1);
    return row;
  }

  async stationByHardware(hardwareId: number): Promise<StationDetail | undefined> {
    const [row] = await this.db
      .select(stationColumns)
      .from(weatherStations)
      .innerJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(and(eq(weatherStations.hardwareId, hardwareId), inArray(hardware.modelId, [...STATION_MODELS])))
      .limit(1);
    return row;
  }

  /** The customer's station on hardware at an organisation location, if any. */
  async stationAtOrganizationLocation(
    customerId: number,
    organizationLocationId: number,
  ): Promise<StationDetail | undefined> {
    const [row] = await this.db
      .select(stationColumns)
      .from(weatherStations)
      .innerJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(
        and(
          eq(weatherStations.customerId, customerId),
          eq(hardware.organizationLocationId, organizationLocationId),
          inArray(hardware.modelId, [...STATION_MODELS]),
        ),
      )
      .orderBy(asc(weatherStations.id))
      .limit(1);
    return row;
  }

  /** The customer's stations with their latest observation (a customer's own stations only). */
  async customerStationsWithLatest(customerId: number) {
    const stations = await this.db
      .select(stationColumns)
      .from(weatherStations)
      .innerJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(and(eq(weatherStations.customerId, customerId), inArray(hardware.modelId, [...STATION_MODELS])));
    const out = [];
    for (const s of stations) {
      const [latest] = await this.db
        .select()
        .from(stationObservations)
        .where(eq(stationObservations.stationId, s.id))
        .orderBy(desc(stationObservations.observedAt))
        .limit(1);
      out.push({ station: s, latest: latest ?? null });
    }
    return out;
  }

  /** Timeline points of a location with from <= observedAt <= to, oldest first. */
  async history(locationId: number, from: Date, to: Date): Promise<HistoryRow[]> {
    return this.db
      .select()
      .from(locationObservationHistory)
      .where(
        and(
          eq(locationObservationHistory.locationId, locationId),
          gte(locationObservationHistory.observedAt, from),
          lte(locationObservationHistory.observedAt, to),
        ),
      )
      .orderBy(asc(locationObservationHistory.observedAt));
  }
}
