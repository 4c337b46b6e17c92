// Locations: the only code that reads and writes the locations table for the API.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;

export class LocationRepository {
  constructor(private readonly db: Database) {}

  /** A user's own locations plus the customer's shared ones (no owner). */
  listForUser(userId: string, customerId: number): Promise<LocationRow[]> {
    return this.db
      .select()
      .from(locations)
      .where(
        and(eq(locations.customerId, customerId), or(eq(locations.userId, userId), isNull(locations.userId))),
      )
      .orderBy(asc(locations.label), asc(locations.id));
  }

  async findById(id: number): Promise<LocationRow | undefined> {
    const [row] = await this.db.select().from(locations).where(eq(locations.id, id)).limit(1);
    return row;
  }
}
