// The fault test's child process reads and writes through here (it is no test file, so it keeps to the
// data-access rule): the group linked to the venue, and the statuses of every delivery.
import type { Database } from '../../db/client.ts';
import { alertDeliveries, organizationLocationSites } from '../../db/schema/index.ts';

export class FaultChildRepository {
  constructor(private readonly db: Database) {}

  /** Links a group to an organisation location (its users hear the location's lightning alerts). */
  async linkGroup(customerId: number, organizationLocationId: number, siteId: number): Promise<void> {
    await this.db.insert(organizationLocationSites).values({ customerId, organizationLocationId, siteId });
  }

  /** The status of every delivery. */
  async deliveryStatuses(): Promise<string[]> {
    const rows = await this.db.select({ status: alertDeliveries.status }).from(alertDeliveries);
    return rows.map((r) => r.status);
  }
}
