// Air quality sensors: the only code of this module that touches Drizzle.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { airQualitySensors, customers } from '../../../db/schema/index.ts';

export type AirQualitySensorRow = typeof airQualitySensors.$inferSelect & { customerName: string };

export class AirQualityRepository {
  constructor(private readonly db: Database) {}

  /** A customer's sensors by name, with the customer's name. */
  async sensorsOf(customerId: number): Promise<AirQualitySensorRow[]> {
    const rows = await this.db
      .select({ sensor: airQualitySensors, customerName: customers.name })
      .from(airQualitySensors)
      .innerJoin(customers, eq(customers.id, airQualitySensors.customerId))
      .where(eq(airQualitySensors.customerId, customerId))
      .orderBy(asc(airQualitySensors.name), asc(airQualitySensors.id));
    return rows.map((r) => ({ ...r.sensor, customerName: r.customerName }));
  }
}
