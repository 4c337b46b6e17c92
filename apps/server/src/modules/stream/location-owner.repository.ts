// Locations as the stream's hub needs them: the only code of this module that touches Drizzle.
import { eq } from 'drizzle-orm';
import type { LocationPolicyRow } from '@allclear/domain';
import type { Database } from '../../db/client.ts';
import { locations, users } from '../../db/schema/index.ts';

export class LocationOwnerRepository {
  constructor(private readonly db: Database) {}

  /** The location's customer, owner, owner's group and type, for the location policy; undefined when missing. */
  async findLocation(id: number): Promise<LocationPolicyRow | undefined> {
    const [row] = await this.db
      .select({
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
}
