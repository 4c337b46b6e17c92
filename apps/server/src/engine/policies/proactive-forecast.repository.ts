// The only code of the proactive forecasts (proactive-forecasts.ts) that touches the database: the forecasts
// and their messages, and the locations they are written for. Built on the caller's transaction when it writes.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { locations, proactiveForecastMessages, proactiveForecasts } from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

export interface ForecastTarget {
  id: number;
  customerId: number;
  label: string;
  /** Degrees: the texts read times in the location's own time zone. */
  latitude: number;
  longitude: number;
}

/** A forecast to store (for one location, or the whole customer when locationId is null) with its message. */
export interface NewForecast {
  customerId: number;
  locationId: number | null;
  typeName: string;
  typeColor: string;
  expiresAt: Date;
  headline: string;
  /** Sanitised HTML. */
  message: string;
  correlationId: string;
}

const targetColumns = {
  id: locations.id,
  customerId: locations.customerId,
  label: locations.label,
  latitude: locations.latitude,
  longitude: locations.longitude,
};

export class ProactiveForecastRepository {
  constructor(private readonly db: Tx) {}

  /** Stores a forecast and its message, created at `now`; returns the forecast's id. */
  async insert(forecast: NewForecast, now: Date): Promise<number> {
    const [f] = await this.db
      .insert(proactiveForecasts)
      .values({
        customerId: forecast.customerId,
        locationId: forecast.locationId,
        typeName: forecast.typeName,
        typeColor: forecast.typeColor,
        expiresAt: forecast.expiresAt,
        created: now,
      })
      .returning({ id: proactiveForecasts.id });
    await this.db.insert(proactiveForecastMessages).values({
      proactiveForecastId: f!.id,
      headline: forecast.headline,
      message: forecast.message,
      correlationId: forecast.correlationId,
      createdAt: now,
    });
    return f!.id;
  }

  /** Every location. */
  async listTargets(): Promise<ForecastTarget[]> {
    return this.db.select(targetColumns).from(locations);
  }

  /** Locations by id. */
  async targetsByIds(ids: readonly number[]): Promise<ForecastTarget[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(targetColumns)
      .from(locations)
      .where(inArray(locations.id, [...ids]));
  }

  /** A customer's locations. */
  async targetsOfCustomer(customerId: number): Promise<ForecastTarget[]> {
    return this.db.select(targetColumns).from(locations).where(eq(locations.customerId, customerId));
  }

  /** Those of the locations (at least one) that have a forecast not expired at `now`, once per such forecast. */
  async locationsWithForecast(locationIds: readonly number[], now: Date): Promise<(number | null)[]> {
    const rows = await this.db
      .select({ locationId: proactiveForecasts.locationId })
      .from(proactiveForecasts)
      .where(
        and(gt(proactiveForecasts.expiresAt, now), inArray(proactiveForecasts.locationId, [...locationIds])),
      );
    return rows.map((r) => r.locationId);
  }
}
