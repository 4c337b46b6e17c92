// The location read behind location access (location-access.ts): the only code of modules/shared that touches
// Drizzle.
import { eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, users } from '../../db/schema/index.ts';

/** A location with its owner's user group (null when shared or the owner has none), which the location policy reads. */
export type LocationWithOwnerGroup = typeof locations.$inferSelect & { ownerSiteId: number | null };

export class LocationAccessRepository {
  constructor(private readonly db: Database) {}

  /** A location by id with its owner's group, for the location policy; undefined when missing. */
  async locationWithOwnerGroup(id: number): Promise<LocationWithOwnerGroup | undefined> {
    const [row] = await this.db
      .select({ ...getTableColumns(locations), ownerSiteId: users.siteId })
      .from(locations)
      .leftJoin(users, eq(users.id, locations.userId))
      .where(eq(locations.id, id))
      .limit(1);
    return row;
  }
}
