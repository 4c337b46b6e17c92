// Locations as the lightning calls need them: the only code of this module that touches Drizzle.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';

export interface LocationOwner {
  id: number;
  customerId: number;
  /** The owner; null for a location shared by the customer. */
  userId: string | null;
}

export class LightningRepository {
  constructor(private readonly db: Database) {}

  /** The location's owner and customer, for the visibility check. */
  async findLocation(id: number): Promise<LocationOwner | undefined> {
    const [row] = await this.db
      .select({ id: locations.id, customerId: locations.customerId, userId: locations.userId })
      .from(locations)
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
