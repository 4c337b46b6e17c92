// Heat-stress profiles: the only code that touches the work/rest and risk profile tables.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  organizationLocations,
  riskLevels,
  riskProfiles,
  workRestIntensities,
  workRestMatrices,
  workRestModifiers,
  workRestProfiles,
} from '../../../db/schema/index.ts';

export class HeatStressRepository {
  constructor(private readonly db: Database) {}

  /** The organisation location's owner, or undefined when it does not exist. */
  async organizationLocationCustomer(id: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ customerId: organizationLocations.customerId })
      .from(organizationLocations)
      .where(eq(organizationLocations.id, id))
      .limit(1);
    return row?.customerId;
  }

  /** The customer's own work/rest profile (lowest id), else a product default (customer null). */
  async workRestProfileFor(customerId: number) {
    const [row] = await this.db
      .select()
      .from(workRestProfiles)
      .where(or(eq(workRestProfiles.customerId, customerId), isNull(workRestProfiles.customerId)))
      // the customer's own profile wins over a product default: nulls sort last
      .orderBy(asc(workRestProfiles.customerId), asc(workRestProfiles.id))
      .limit(1);
    if (!row) return undefined;
    const [intensities, modifiers, matrices] = await Promise.all([
      this.db
        .select({ id: workRestIntensities.id, name: workRestIntensities.name })
        .from(workRestIntensities)
        .where(eq(workRestIntensities.workRestProfileId, row.id))
        .orderBy(asc(workRestIntensities.id)),
      this.db
        .select({
          id: workRestModifiers.id,
          name: workRestModifiers.name,
          adjustment: workRestModifiers.adjustment,
        })
        .from(workRestModifiers)
        .where(eq(workRestModifiers.workRestProfileId, row.id))
        .orderBy(asc(workRestModifiers.id)),
      this.db
        .select({
          workRestIntensityId: workRestMatrices.workRestIntensityId,
          max: workRestMatrices.max,
          workPercent: workRestMatrices.workPercent,
        })
        .from(workRestMatrices)
        .where(eq(workRestMatrices.workRestProfileId, row.id))
        .orderBy(asc(workRestMatrices.workRestIntensityId), asc(workRestMatrices.id)),
    ]);
    return { profile: row, intensities, modifiers, matrices };
  }

  /** A risk profile with its levels, or undefined. */
  async riskProfile(id: number) {
    const [profile] = await this.db.select().from(riskProfiles).where(eq(riskProfiles.id, id)).limit(1);
    if (!profile) return undefined;
    const levels = await this.db
      .select()
      .from(riskLevels)
      .where(and(eq(riskLevels.riskProfileId, id)))
      .orderBy(asc(riskLevels.max), asc(riskLevels.id));
    return { profile, levels };
  }
}
