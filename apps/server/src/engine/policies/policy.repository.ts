// The only code of the policy engine that touches the database: policies, current conditions, warnings
// and NWS alert applications.
import { and, eq, inArray, isNull, notLike } from 'drizzle-orm';
import {
  locationConditions,
  locations,
  notifications,
  nwsAlertApplications,
  policies,
  policyNotificationActions,
  policyTypes,
  policyWarnings,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

export interface PolicyRow {
  id: number;
  customerId: number;
  policyTypeId: number;
  shortName: string;
  displayName: string;
  threshold: number;
  isDesc: boolean;
  unit: string;
  precision: number;
  reAlertMinutes: number;
  allClearMinutes: number;
}

export type WarningRow = typeof policyWarnings.$inferSelect;
export type ConditionRow = typeof locationConditions.$inferSelect & {
  customerId: number;
  label: string;
  latitude: number;
  longitude: number;
};

export class PolicyRepository {
  constructor(private readonly db: Tx) {}

  /** Every threshold policy (not lightning) with its type's names; only `policyId` when given. */
  async listPolicies(policyId?: number): Promise<PolicyRow[]> {
    return this.db
      .select({
        id: policies.id,
        customerId: policies.customerId,
        policyTypeId: policies.policyTypeId,
        shortName: policyTypes.shortName,
        displayName: policyTypes.displayName,
        threshold: policies.threshold,
        isDesc: policies.isDesc,
        unit: policies.unit,
        precision: policies.precision,
        reAlertMinutes: policies.reAlertMinutes,
        allClearMinutes: policies.allClearMinutes,
      })
      .from(policies)
      .innerJoin(policyTypes, eq(policyTypes.id, policies.policyTypeId))
      .where(
        and(
          notLike(policyTypes.shortName, 'LR%'),
          policyId === undefined ? undefined : eq(policies.id, policyId),
        ),
      );
  }

  /** Notification action messages per policy id: the trigger texts and the all-clear texts. */
  async listActions(): Promise<Map<number, { trigger: string[]; allClear: string[] }>> {
    const rows = await this.db.select().from(policyNotificationActions);
    const out = new Map<number, { trigger: string[]; allClear: string[] }>();
    for (const r of rows) {
      const entry = out.get(r.policyId) ?? { trigger: [], allClear: [] };
      (r.allClear ? entry.allClear : entry.trigger).push(r.message);
      out.set(r.policyId, entry);
    }
    return out;
  }

  /** Current conditions of every location that has them (only `locationIds` when given), with the location's customer, label and place. */
  async listConditions(locationIds?: number[]): Promise<ConditionRow[]> {
    const rows = await this.db
      .select({
        c: locationConditions,
        customerId: locations.customerId,
        label: locations.label,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(locationConditions)
      .innerJoin(locations, eq(locations.id, locationConditions.locationId))
      .where(locationIds === undefined ? undefined : inArray(locationConditions.locationId, locationIds));
    return rows.map((r) => ({
      ...r.c,
      customerId: r.customerId,
      label: r.label,
      latitude: r.latitude,
      longitude: r.longitude,
    }));
  }

  /** Locations (id, customer, label, place) for the NWS pass. */
  async listLocations() {
    return this.db
      .select({
        id: locations.id,
        customerId: locations.customerId,
        label: locations.label,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(locations);
  }

  async listActiveWarnings(): Promise<WarningRow[]> {
    return this.db.select().from(policyWarnings).where(isNull(policyWarnings.endedAt));
  }

  /** The active warnings a policy raised. */
  async activeWarningsOf(policyId: number): Promise<WarningRow[]> {
    return this.db
      .select()
      .from(policyWarnings)
      .where(and(eq(policyWarnings.policyId, policyId), isNull(policyWarnings.endedAt)));
  }

  /** Whether a notification of this correlation reached anyone (a user's notification was written). */
  async wasNotified(correlationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.correlationId, correlationId))
      .limit(1);
    return row !== undefined;
  }

  async insertWarning(tx: Tx, row: typeof policyWarnings.$inferInsert): Promise<WarningRow> {
    const [created] = await tx.insert(policyWarnings).values(row).returning();
    return created!;
  }

  async updateWarning(tx: Tx, id: number, set: Partial<typeof policyWarnings.$inferInsert>): Promise<void> {
    await tx.update(policyWarnings).set(set).where(eq(policyWarnings.id, id));
  }

  /** Records that an alert applies to a location; true when it is new (then it must be notified). */
  async applyNwsAlert(tx: Tx, row: typeof nwsAlertApplications.$inferInsert): Promise<boolean> {
    const inserted = await tx
      .insert(nwsAlertApplications)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: nwsAlertApplications.id });
    return inserted.length > 0;
  }

  async markNwsNotified(tx: Tx, alertId: string, locationId: number): Promise<void> {
    await tx
      .update(nwsAlertApplications)
      .set({ notified: true })
      .where(and(eq(nwsAlertApplications.alertId, alertId), eq(nwsAlertApplications.locationId, locationId)));
  }
}
