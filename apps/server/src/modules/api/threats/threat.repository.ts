// Reads of active policy warnings, NWS alerts applied to a location and the customer's policies.
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  notifications,
  nwsAlertApplications,
  policies,
  policyTypes,
  policyWarnings,
} from '../../../db/schema/index.ts';
import { PolicyRepository, type PolicyRow } from '../../../engine/policies/policy.repository.ts';

export interface ActiveWarningRow {
  id: number;
  policyId: number;
  value: number;
  threshold: number;
  peakValue: number;
  peakAt: Date;
  startedAt: Date;
  lastAlertAt: Date;
  /** When a notification of the warning (its alert or a re-alert) last reached someone; null while none has. */
  lastNotifiedAt: Date | null;
  lastUpdateAt: Date;
  allClearAt: Date | null;
  shortName: string;
  displayName: string;
  isDesc: boolean;
  unit: string;
  precision: number;
  allClearMinutes: number;
}

export type NwsApplicationRow = typeof nwsAlertApplications.$inferSelect;

export class ThreatRepository {
  constructor(private readonly db: Database) {}

  /** Active warnings of a location with their policy and type, oldest first. */
  async activeWarnings(locationId: number): Promise<ActiveWarningRow[]> {
    return this.db
      .select({
        id: policyWarnings.id,
        policyId: policyWarnings.policyId,
        value: policyWarnings.value,
        threshold: policyWarnings.threshold,
        peakValue: policyWarnings.peakValue,
        peakAt: policyWarnings.peakAt,
        startedAt: policyWarnings.startedAt,
        lastAlertAt: policyWarnings.lastAlertAt,
        lastNotifiedAt: sql<Date | null>`(
          select max(${notifications.sentUtc}) from ${notifications}
          where ${notifications.correlationId} = ${policyWarnings.correlationId}
        )`.mapWith(notifications.sentUtc),
        lastUpdateAt: policyWarnings.lastUpdateAt,
        allClearAt: policyWarnings.allClearAt,
        shortName: policyTypes.shortName,
        displayName: policyTypes.displayName,
        isDesc: policies.isDesc,
        unit: policies.unit,
        precision: policies.precision,
        allClearMinutes: policies.allClearMinutes,
      })
      .from(policyWarnings)
      .innerJoin(policies, eq(policies.id, policyWarnings.policyId))
      .innerJoin(policyTypes, eq(policyTypes.id, policyWarnings.policyTypeId))
      .where(and(eq(policyWarnings.locationId, locationId), isNull(policyWarnings.endedAt)))
      .orderBy(asc(policyWarnings.startedAt), asc(policyWarnings.id));
  }

  /** NWS alerts applied to a location and in force at `now`, by onset. */
  async nwsAlerts(locationId: number, now: Date): Promise<NwsApplicationRow[]> {
    return this.db
      .select()
      .from(nwsAlertApplications)
      .where(
        and(
          eq(nwsAlertApplications.locationId, locationId),
          lte(nwsAlertApplications.onset, now),
          gt(nwsAlertApplications.endsAt, now),
        ),
      )
      .orderBy(asc(nwsAlertApplications.onset), asc(nwsAlertApplications.id));
  }

  /** The customer's threshold policies (not lightning). */
  async customerPolicies(customerId: number): Promise<PolicyRow[]> {
    const all = await new PolicyRepository(this.db).listPolicies();
    return all.filter((p) => p.customerId === customerId);
  }
}
