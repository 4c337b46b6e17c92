// The only code of the hardware API that touches Drizzle (issue 16): units with their siren, station, relays and PA
// units; what their sirens last did (a running test, an unanswered command, the last drill); the reason of a
// disable; siren settings; and the audit.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  hardware,
  hardwareAudit,
  organizationLocations,
  paMessages,
  paUnits,
  remoteRelays,
  sirenAlertTimes,
  sirenCommands,
  sirenDrillRuns,
  sirenDrillSirens,
  sirens,
  users,
  weatherStations,
} from '../../../db/schema/index.ts';
import type { Tx } from '../../../engine/contracts.ts';

export type HardwareRow = typeof hardware.$inferSelect;
export type SirenRow = typeof sirens.$inferSelect;
export type AuditRow = typeof hardwareAudit.$inferSelect;

/** A unit as the list presents it, before the caller's abilities. */
export interface HardwareDetail {
  unit: HardwareRow;
  locationName: string | null;
  siren: SirenRow | null;
  station: { id: number; name: string; type: string } | null;
  relayCount: number;
  paUnits: { id: number; name: string }[];
  /** The last test-related command the siren acknowledged (a test or Stop Test). */
  lastTestCommand: { kind: string; deliveredAt: Date; payload: unknown } | null;
  /** The siren's last settled command, when it expired unanswered. */
  unansweredCommand: { kind: string; createdAt: Date; expiresAt: Date } | null;
  /** The last drill run this siren took part in. */
  lastDrillRun: {
    drillId: number;
    runId: number;
    startedAt: Date;
    testType: string;
    outcome: string | null;
    summary: string | null;
    results: unknown;
  } | null;
  /** The audit row of the disable in force (the unit's or its siren's), when disabled. */
  disabledBy: AuditRow | null;
}

const TEST_KINDS = ['test-delay', 'test-all-clear', 'test-light', 'test-stop'];

export class HardwareRepository {
  constructor(readonly db: Database) {}

  async findUnit(id: number): Promise<HardwareRow | undefined> {
    const [row] = await this.db.select().from(hardware).where(eq(hardware.id, id));
    return row;
  }

  /** A customer's units (or only some), with everything the cards show, ordered by name. */
  async listDetailed(customerId: number, onlyIds?: number[]): Promise<HardwareDetail[]> {
    const where = onlyIds
      ? and(eq(hardware.customerId, customerId), inArray(hardware.id, onlyIds.length ? onlyIds : [-1]))
      : eq(hardware.customerId, customerId);
    const units = await this.db
      .select({ unit: hardware, locationName: organizationLocations.name })
      .from(hardware)
      .leftJoin(organizationLocations, eq(organizationLocations.id, hardware.organizationLocationId))
      .where(where)
      .orderBy(asc(hardware.name), asc(hardware.id));
    if (units.length === 0) return [];
    const ids = units.map((u) => u.unit.id);
    const [sirenRows, stations, relays, pas, audits] = await Promise.all([
      this.db.select().from(sirens).where(inArray(sirens.hardwareId, ids)),
      this.db
        .select({
          id: weatherStations.id,
          hardwareId: weatherStations.hardwareId,
          name: weatherStations.name,
          type: weatherStations.type,
        })
        .from(weatherStations)
        .where(inArray(weatherStations.hardwareId, ids)),
      this.db
        .select({ hardwareId: remoteRelays.hardwareId, n: count() })
        .from(remoteRelays)
        .where(inArray(remoteRelays.hardwareId, ids))
        .groupBy(remoteRelays.hardwareId),
      this.db
        .select({ id: paUnits.id, name: paUnits.name, hardwareId: paUnits.hardwareId })
        .from(paUnits)
        .where(inArray(paUnits.hardwareId, ids))
        .orderBy(asc(paUnits.name)),
      this.db
        .selectDistinctOn([hardwareAudit.hardwareId])
        .from(hardwareAudit)
        .where(
          and(
            inArray(hardwareAudit.hardwareId, ids),
            inArray(hardwareAudit.action, ['hardware-disabled', 'siren-disabled']),
          ),
        )
        .orderBy(hardwareAudit.hardwareId, desc(hardwareAudit.at), desc(hardwareAudit.id)),
    ]);
    const sirenIds = sirenRows.map((s) => s.id);
    const [tests, settled, drills] = sirenIds.length
      ? await Promise.all([
          this.db
            .selectDistinctOn([sirenCommands.sirenId], {
              sirenId: sirenCommands.sirenId,
              kind: sirenCommands.kind,
              deliveredAt: sirenCommands.deliveredAt,
              payload: sirenCommands.payload,
            })
            .from(sirenCommands)
            .where(
              and(
                inArray(sirenCommands.sirenId, sirenIds),
                inArray(sirenCommands.kind, TEST_KINDS),
                eq(sirenCommands.status, 'delivered'),
              ),
            )
            .orderBy(sirenCommands.sirenId, desc(sirenCommands.createdAt)),
          this.db
            .selectDistinctOn([sirenCommands.sirenId], {
              sirenId: sirenCommands.sirenId,
              kind: sirenCommands.kind,
              status: sirenCommands.status,
              createdAt: sirenCommands.createdAt,
              expiresAt: sirenCommands.expiresAt,
            })
            .from(sirenCommands)
            .where(
              and(
                inArray(sirenCommands.sirenId, sirenIds),
                inArray(sirenCommands.status, ['delivered', 'expired']),
              ),
            )
            .orderBy(sirenCommands.sirenId, desc(sirenCommands.createdAt)),
          this.db
            .selectDistinctOn([sirenDrillSirens.sirenId], {
              sirenId: sirenDrillSirens.sirenId,
              drillId: sirenDrillRuns.drillId,
              runId: sirenDrillRuns.id,
              startedAt: sirenDrillRuns.startedAt,
              outcome: sirenDrillRuns.outcome,
              summary: sirenDrillRuns.summary,
              results: sirenDrillRuns.results,
              testType: sql<string>`(select test_type from siren_drills d where d.id = ${sirenDrillRuns.drillId})`,
            })
            .from(sirenDrillSirens)
            .innerJoin(sirenDrillRuns, eq(sirenDrillRuns.drillId, sirenDrillSirens.drillId))
            .where(
              and(inArray(sirenDrillSirens.sirenId, sirenIds), sql`${sirenDrillRuns.finishedAt} is not null`),
            )
            .orderBy(sirenDrillSirens.sirenId, desc(sirenDrillRuns.startedAt)),
        ])
      : [[], [], []];
    return units.map(({ unit, locationName }) => {
      const siren = sirenRows.find((s) => s.hardwareId === unit.id) ?? null;
      const station = stations.find((s) => s.hardwareId === unit.id) ?? null;
      const test = siren ? tests.find((t) => t.sirenId === siren.id) : undefined;
      const last = siren ? settled.find((t) => t.sirenId === siren.id) : undefined;
      const drill = siren ? drills.find((d) => d.sirenId === siren.id) : undefined;
      const audit = audits.find((a) => a.hardwareId === unit.id) ?? null;
      const disabled = !unit.enabled || siren?.enabled === false;
      return {
        unit,
        locationName,
        siren,
        station: station ? { id: station.id, name: station.name, type: station.type } : null,
        relayCount: relays.find((r) => r.hardwareId === unit.id)?.n ?? 0,
        paUnits: pas.filter((p) => p.hardwareId === unit.id).map((p) => ({ id: p.id, name: p.name })),
        lastTestCommand:
          test && test.deliveredAt
            ? { kind: test.kind, deliveredAt: test.deliveredAt, payload: test.payload }
            : null,
        unansweredCommand:
          last && last.status === 'expired'
            ? { kind: last.kind, createdAt: last.createdAt, expiresAt: last.expiresAt }
            : null,
        lastDrillRun: drill
          ? {
              drillId: drill.drillId,
              runId: drill.runId,
              startedAt: drill.startedAt,
              testType: drill.testType,
              outcome: drill.outcome,
              summary: drill.summary,
              results: drill.results,
            }
          : null,
        disabledBy: disabled ? audit : null,
      };
    });
  }

  /** Sirens by id with their unit (for tests and drills). */
  async sirensWithUnits(ids: readonly number[]): Promise<{ siren: SirenRow; unit: HardwareRow }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ siren: sirens, unit: hardware })
      .from(sirens)
      .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
      .where(inArray(sirens.id, [...ids]));
  }

  /** The siren of a unit, with the unit. */
  async sirenOfUnit(hardwareId: number): Promise<{ siren: SirenRow; unit: HardwareRow } | undefined> {
    const [row] = await this.db
      .select({ siren: sirens, unit: hardware })
      .from(sirens)
      .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
      .where(eq(sirens.hardwareId, hardwareId));
    return row;
  }

  async sirenAlertTimes(sirenId: number) {
    return this.db
      .select()
      .from(sirenAlertTimes)
      .where(eq(sirenAlertTimes.sirenId, sirenId))
      .orderBy(asc(sirenAlertTimes.day));
  }

  /** The customer's sirens with their unit's name and zone, by name. */
  async sirensOfCustomer(customerId: number) {
    return this.db
      .select({
        id: sirens.id,
        hardwareId: sirens.hardwareId,
        name: hardware.name,
        enabled: sql<boolean>`${sirens.enabled} and ${hardware.enabled}`,
        timeZoneId: hardware.timeZoneId,
      })
      .from(sirens)
      .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
      .where(eq(sirens.customerId, customerId))
      .orderBy(asc(hardware.name));
  }

  /** A stored PA message's customer (an after-siren message must be the unit's customer's). */
  async storedMessageCustomer(id: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ customerId: paMessages.customerId })
      .from(paMessages)
      .where(eq(paMessages.id, id));
    return row?.customerId;
  }

  /** Saves a siren's settings, bumping its settings version; replaces its alert times. */
  async saveSirenSettings(
    tx: Tx,
    sirenId: number,
    hardwareId: number,
    input: {
      duration: number;
      frequency: number;
      allClearDuration: number;
      allClearFrequency: number;
      postWarnMessage: string | null;
      postAllClearMessage: string | null;
      afterSirenPaId?: number | null;
      alertTimes: { day: number; startTime: string; endTime: string; allDay: boolean; enabled: boolean }[];
    },
  ): Promise<void> {
    await tx
      .update(sirens)
      .set({
        duration: input.duration,
        frequency: input.frequency,
        allClearDuration: input.allClearDuration,
        allClearFrequency: input.allClearFrequency,
        postWarnMessage: input.postWarnMessage,
        postAllClearMessage: input.postAllClearMessage,
        settingsVersion: sql`${sirens.settingsVersion} + 1`,
      })
      .where(eq(sirens.id, sirenId));
    if (input.afterSirenPaId !== undefined)
      await tx
        .update(hardware)
        .set({ afterSirenPaId: input.afterSirenPaId })
        .where(eq(hardware.id, hardwareId));
    await tx.delete(sirenAlertTimes).where(eq(sirenAlertTimes.sirenId, sirenId));
    if (input.alertTimes.length > 0)
      await tx.insert(sirenAlertTimes).values(input.alertTimes.map((t) => ({ ...t, sirenId })));
  }

  async setUnitEnabled(tx: Tx, hardwareId: number, enabled: boolean): Promise<void> {
    await tx.update(hardware).set({ enabled }).where(eq(hardware.id, hardwareId));
  }

  async setSirenEnabled(tx: Tx, sirenId: number, enabled: boolean): Promise<void> {
    await tx.update(sirens).set({ enabled }).where(eq(sirens.id, sirenId));
  }

  /** The name the audit gives a user ('First Last', or their e-mail). */
  async actorName(userId: string): Promise<string> {
    const [u] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!u) return 'Unknown user';
    const name = `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();
    return name || u.email || 'Unknown user';
  }

  /** Sets the outcome of audit rows of commands once the devices answered. */
  async setAuditOutcome(ids: readonly number[], outcome: 'ok' | 'failed'): Promise<void> {
    if (ids.length > 0)
      await this.db
        .update(hardwareAudit)
        .set({ outcome })
        .where(inArray(hardwareAudit.id, [...ids]));
  }

  async insertAudit(tx: Tx, rows: (typeof hardwareAudit.$inferInsert)[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await tx.insert(hardwareAudit).values(rows).returning({ id: hardwareAudit.id });
    return inserted.map((r) => r.id);
  }

  /** A unit's audit, newest first. */
  async auditOf(hardwareId: number, limit = 100): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(hardwareAudit)
      .where(eq(hardwareAudit.hardwareId, hardwareId))
      .orderBy(desc(hardwareAudit.at), desc(hardwareAudit.id))
      .limit(limit);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
