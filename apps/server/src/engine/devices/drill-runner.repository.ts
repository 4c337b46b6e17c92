// The only code of the drill runner that touches Drizzle (issue 16): claiming due drills (once per cluster: the
// claim moves next_run_at on only if nobody did first), a drill's sirens with whether a real delay is active there,
// its runs, the audit outcomes and who gets the report.
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import {
  customers,
  hardware,
  hardwareAudit,
  roles,
  sirenDrillRuns,
  sirenDrillSirens,
  sirenDrills,
  sirens,
  sirenZoneStates,
  users,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

export type DrillRow = typeof sirenDrills.$inferSelect;

/** Drills due by `now`. */
export async function dueDrills(db: Tx, now: Date): Promise<DrillRow[]> {
  return db
    .select()
    .from(sirenDrills)
    .where(and(isNotNull(sirenDrills.nextRunAt), lte(sirenDrills.nextRunAt, now)));
}

/** Takes a due drill for this process: moves its next run from `was` to `next`; false when another took it. */
export async function claimDrill(db: Tx, id: number, was: Date, next: Date | null): Promise<boolean> {
  const rows = await db
    .update(sirenDrills)
    .set({ nextRunAt: next })
    .where(and(eq(sirenDrills.id, id), eq(sirenDrills.nextRunAt, was)))
    .returning({ id: sirenDrills.id });
  return rows.length > 0;
}

export interface DrillMember {
  sirenId: number;
  hardwareId: number;
  customerId: number;
  name: string;
  enabled: boolean;
  inDelay: boolean;
  duration: number;
  frequency: number;
  allClearDuration: number;
  allClearFrequency: number;
}

/** A drill's sirens with their unit, whether they may sound and whether a lightning delay is active there. */
export async function drillMembers(db: Tx, drillId: number): Promise<DrillMember[]> {
  const rows = await db
    .select({
      sirenId: sirens.id,
      hardwareId: hardware.id,
      customerId: sirens.customerId,
      name: hardware.name,
      sirenEnabled: sirens.enabled,
      unitEnabled: hardware.enabled,
      inDelay: sirenZoneStates.inDelay,
      duration: sirens.duration,
      frequency: sirens.frequency,
      allClearDuration: sirens.allClearDuration,
      allClearFrequency: sirens.allClearFrequency,
    })
    .from(sirenDrillSirens)
    .innerJoin(sirens, eq(sirens.id, sirenDrillSirens.sirenId))
    .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
    .leftJoin(sirenZoneStates, eq(sirenZoneStates.sirenId, sirens.id))
    .where(eq(sirenDrillSirens.drillId, drillId));
  return rows.map(({ sirenEnabled, unitEnabled, inDelay, ...r }) => ({
    ...r,
    enabled: sirenEnabled && unitEnabled,
    inDelay: inDelay ?? false,
  }));
}

export async function startRun(
  db: Tx,
  run: { drillId: number; customerId: number; scheduledAt: Date; startedAt: Date },
): Promise<number> {
  const [row] = await db.insert(sirenDrillRuns).values(run).returning({ id: sirenDrillRuns.id });
  return row!.id;
}

export async function finishRun(
  db: Tx,
  id: number,
  result: { finishedAt: Date; outcome: string; summary: string; results: unknown },
): Promise<void> {
  await db.update(sirenDrillRuns).set(result).where(eq(sirenDrillRuns.id, id));
}

export async function insertAuditRows(
  db: Tx,
  rows: (typeof hardwareAudit.$inferInsert)[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await db.insert(hardwareAudit).values(rows).returning({ id: hardwareAudit.id });
  return ids.map((r) => r.id);
}

export async function setAuditOutcome(
  db: Tx,
  ids: readonly number[],
  outcome: 'ok' | 'failed',
): Promise<void> {
  if (ids.length > 0)
    await db
      .update(hardwareAudit)
      .set({ outcome })
      .where(inArray(hardwareAudit.id, [...ids]));
}

export interface ReportRecipient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Who gets a drill's report: the admin who scheduled it, else the customer's active Admins. */
export async function reportRecipients(db: Tx, drill: DrillRow): Promise<ReportRecipient[]> {
  const pick = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };
  const active = and(eq(users.isActive, true), isNotNull(users.email));
  let rows = drill.createdBy
    ? await db
        .select(pick)
        .from(users)
        .where(and(eq(users.id, drill.createdBy), active))
    : [];
  if (rows.length === 0) {
    rows = await db
      .select(pick)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.customerId, drill.customerId), eq(roles.name, 'Admin'), active));
  }
  return rows.map((r) => ({ ...r, email: r.email! }));
}

/** The customer's name (the report's subject). */
export async function customerName(db: Tx, customerId: number): Promise<string> {
  const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId));
  return row?.name ?? '';
}
