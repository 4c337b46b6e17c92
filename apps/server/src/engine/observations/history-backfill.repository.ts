// The only code of the conditions timeline backfill (history-backfill.ts) that touches the database.
import { gte, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locationObservationHistory, locations } from '../../db/schema/index.ts';

export type HistoryInsert = typeof locationObservationHistory.$inferInsert;

/** A location and its place, degrees. */
export interface BackfillLocation {
  id: number;
  latitude: number;
  longitude: number;
}

/** Locations, where each location's timeline starts, and the new points. */
export class BackfillRepository {
  constructor(private readonly db: Database) {}

  listLocations(): Promise<BackfillLocation[]> {
    return this.db
      .select({ id: locations.id, latitude: locations.latitude, longitude: locations.longitude })
      .from(locations);
  }

  /** The earliest timeline point of each location at or after `from` (locations without one are absent). */
  async earliestSince(from: Date): Promise<Map<number, Date>> {
    const rows = await this.db
      .select({
        locationId: locationObservationHistory.locationId,
        first: min(locationObservationHistory.observedAt),
      })
      .from(locationObservationHistory)
      .where(gte(locationObservationHistory.observedAt, from))
      .groupBy(locationObservationHistory.locationId);
    return new Map(rows.filter((r) => r.first !== null).map((r) => [r.locationId, r.first!]));
  }

  /** Adds points; one already recorded for the same location and time is kept as it is. */
  async insert(rows: HistoryInsert[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(locationObservationHistory).values(rows).onConflictDoNothing();
  }
}
