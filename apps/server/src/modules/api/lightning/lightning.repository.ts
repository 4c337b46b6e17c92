// Locations as the lightning calls need them: the only code of this module that touches Drizzle.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';

export class LightningRepository {
  constructor(private readonly db: Database) {}

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
