// Locations as the lightning calls need them: the only code of this module that touches Drizzle.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locations, users } from '../../../db/schema/index.ts';

/** A location as the location policy reads it. */
export interface LocationOwner {
  id: number;
  customerId: number;
  /** The owner; null for a location shared by the customer. */
  userId: string | null;
  /** The owner's user group; null when shared or the owner has none. */
  ownerSiteId: number | null;
  type: number;
}

export class LightningRepository {
  constructor(private readonly db: Database) {}

  /** The location's owner, their group and its customer, for the location policy. */
  async findLocation(id: number): Promise<LocationOwner | undefined> {
    const [row] = await this.db
      .select({
        id: locations.id,
        customerId: locations.customerId,
        userId: locations.userId,
        ownerSiteId: users.siteId,
        type: locations.type,
      })
      .from(locations)
      .leftJoin(users, eq(users.id, locations.userId))
      .where(eq(locations.id, id))
      .limit(1);
    return row;
  }

  /** Ids of a user's dashboard locations: their own plus the customer's shared ones. */
  async dashboardLocationIds(userId: string, customerId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(eq(locations.customerId, customerId), or(eq(locations.userId, userId), isNull(locations.userId))),
      );
    return rows.map((r) => r.id);
  }
}
