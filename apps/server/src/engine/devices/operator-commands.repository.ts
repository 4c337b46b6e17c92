// The only code of operator and drill commands that touches Drizzle (issue 16): queueing siren and PA commands in
// their outboxes, reading how they settled, the PA outbox of the gateway, what a siren reports (its settings, a
// test's sound report), the after-siren announcement's targets, and the hardware audit.
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { TSirenDeviceSettings } from '@allclear/contracts';
import {
  hardware,
  hardwareAudit,
  paCommands,
  paMessages,
  paUnits,
  sirenAlertTimes,
  sirenCommands,
  sirens,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';
import type { NewOperatorSirenCommand, NewPaCommand } from './operator-commands.ts';

/** Puts siren commands in the outbox (the gateway publishes them). */
export async function queueSirenCommands(tx: Tx, rows: readonly NewOperatorSirenCommand[]): Promise<void> {
  if (rows.length > 0) await tx.insert(sirenCommands).values([...rows]);
}

/** Puts PA commands in the outbox (the gateway publishes them). */
export async function queuePaCommands(tx: Tx, rows: readonly NewPaCommand[]): Promise<void> {
  if (rows.length > 0) await tx.insert(paCommands).values([...rows]);
}

export interface CommandOutcome {
  id: string;
  status: string;
  deliveredAt: Date | null;
  report: unknown;
  reportedAt: Date | null;
}

/** How the given siren commands stand. */
export async function sirenCommandOutcomes(db: Tx, ids: readonly string[]): Promise<CommandOutcome[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sirenCommands.id,
      status: sirenCommands.status,
      deliveredAt: sirenCommands.deliveredAt,
      report: sirenCommands.report,
      reportedAt: sirenCommands.reportedAt,
    })
    .from(sirenCommands)
    .where(inArray(sirenCommands.id, [...ids]));
}

/** How the given PA commands stand. */
export async function paCommandOutcomes(db: Tx, ids: readonly string[]): Promise<CommandOutcome[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: paCommands.id, status: paCommands.status, deliveredAt: paCommands.deliveredAt })
    .from(paCommands)
    .where(inArray(paCommands.id, [...ids]));
  return rows.map((r) => ({ ...r, report: null, reportedAt: null }));
}

export interface OutgoingPaCommand {
  id: string;
  paUnitId: number;
  customerId: number;
  payload: unknown;
}

/** Pending PA commands inside their time to live and not published since `republishBefore`, oldest first. */
export async function paCommandsToPublish(
  db: Tx,
  now: Date,
  republishBefore: Date,
): Promise<OutgoingPaCommand[]> {
  return db
    .select({
      id: paCommands.id,
      paUnitId: paCommands.paUnitId,
      customerId: paCommands.customerId,
      payload: paCommands.payload,
    })
    .from(paCommands)
    .where(
      and(
        eq(paCommands.status, 'pending'),
        gt(paCommands.expiresAt, now),
        or(isNull(paCommands.publishedAt), lt(paCommands.publishedAt, republishBefore)),
      ),
    )
    .orderBy(asc(paCommands.createdAt));
}

export async function markPaPublished(db: Tx, id: string, at: Date): Promise<void> {
  await db.update(paCommands).set({ publishedAt: at }).where(eq(paCommands.id, id));
}

/** Marks a pending, unexpired command of this unit of this customer delivered; false when unknown, late or settled. */
export async function markPaDelivered(
  db: Tx,
  id: string,
  paUnitId: number,
  customerId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(paCommands)
    .set({ status: 'delivered', deliveredAt: at })
    .where(
      and(
        eq(paCommands.id, id),
        eq(paCommands.paUnitId, paUnitId),
        eq(paCommands.customerId, customerId),
        eq(paCommands.status, 'pending'),
        gt(paCommands.expiresAt, at),
      ),
    )
    .returning({ id: paCommands.id });
  return rows.length > 0;
}

/** Expires every pending PA command whose time to live ended by `now`; how many. */
export async function expirePaCommands(db: Tx, now: Date): Promise<number> {
  const rows = await db
    .update(paCommands)
    .set({ status: 'expired' })
    .where(and(eq(paCommands.status, 'pending'), lte(paCommands.expiresAt, now)))
    .returning({ id: paCommands.id });
  return rows.length;
}

/** The kind and payload of a siren command (after its ack: a warning's after-siren announcement). */
export async function sirenCommandById(
  db: Tx,
  id: string,
): Promise<{ kind: string; payload: unknown; sirenId: number } | undefined> {
  const [row] = await db
    .select({ kind: sirenCommands.kind, payload: sirenCommands.payload, sirenId: sirenCommands.sirenId })
    .from(sirenCommands)
    .where(eq(sirenCommands.id, id));
  return row;
}

/** Keeps a siren's sound report on the command it reports on (a command of that siren of that customer). */
export async function recordSoundReport(
  db: Tx,
  commandId: string,
  sirenId: number,
  customerId: number,
  report: unknown,
  at: Date,
): Promise<boolean> {
  const ownSiren = db
    .select({ id: sirens.id })
    .from(sirens)
    .where(and(eq(sirens.id, sirenId), eq(sirens.customerId, customerId)));
  const rows = await db
    .update(sirenCommands)
    .set({ report, reportedAt: at })
    .where(and(eq(sirenCommands.id, commandId), inArray(sirenCommands.sirenId, ownSiren)))
    .returning({ id: sirenCommands.id });
  return rows.length > 0;
}

/**
 * Keeps the settings a siren reports holding; answers whether they are older than the ones saved (the gateway
 * pushes the saved ones again), or null for another customer's or an unknown siren.
 */
export async function recordReportedSettings(
  db: Tx,
  sirenId: number,
  customerId: number,
  settings: TSirenDeviceSettings,
  at: Date,
): Promise<{ stale: boolean } | null> {
  const rows = await db
    .update(sirens)
    .set({ reportedSettings: settings, settingsReportedAt: at })
    .where(and(eq(sirens.id, sirenId), eq(sirens.customerId, customerId)))
    .returning({ version: sirens.settingsVersion });
  const row = rows[0];
  return row ? { stale: settings.version < row.version } : null;
}

/** Whether a settings command to the siren still waits for its ack. */
export async function hasPendingSettings(db: Tx, sirenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: sirenCommands.id })
    .from(sirenCommands)
    .where(
      and(
        eq(sirenCommands.sirenId, sirenId),
        eq(sirenCommands.kind, 'settings'),
        eq(sirenCommands.status, 'pending'),
        gt(sirenCommands.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The settings saved for a siren, as it is pushed them; undefined for an unknown siren. */
export async function sirenDeviceSettings(
  db: Tx,
  sirenId: number,
): Promise<TSirenDeviceSettings | undefined> {
  const [s] = await db.select().from(sirens).where(eq(sirens.id, sirenId));
  if (!s) return undefined;
  const times = await db
    .select()
    .from(sirenAlertTimes)
    .where(eq(sirenAlertTimes.sirenId, sirenId))
    .orderBy(asc(sirenAlertTimes.day));
  return {
    version: s.settingsVersion,
    duration: s.duration,
    frequency: s.frequency,
    allClearDuration: s.allClearDuration,
    allClearFrequency: s.allClearFrequency,
    postWarnMessage: s.postWarnMessage,
    postAllClearMessage: s.postAllClearMessage,
    alertTimes: times.map((t) => ({
      day: t.day,
      startTime: t.startTime,
      endTime: t.endTime,
      allDay: t.allDay,
      enabled: t.enabled,
    })),
  };
}

/** What a siren's after-siren announcement needs: its unit's PA units, stored after-siren message and post texts. */
export async function afterSirenTargets(
  db: Tx,
  sirenId: number,
): Promise<
  | {
      customerId: number;
      paUnits: { id: number; customerId: number }[];
      afterSirenMessage: string | null;
      postWarnMessage: string | null;
      postAllClearMessage: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      customerId: sirens.customerId,
      hardwareId: sirens.hardwareId,
      postWarnMessage: sirens.postWarnMessage,
      postAllClearMessage: sirens.postAllClearMessage,
      afterSirenMessage: paMessages.message,
    })
    .from(sirens)
    .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
    .leftJoin(paMessages, eq(paMessages.id, hardware.afterSirenPaId))
    .where(eq(sirens.id, sirenId));
  if (!row) return undefined;
  const units = await db
    .select({ id: paUnits.id, customerId: paUnits.customerId })
    .from(paUnits)
    .where(and(eq(paUnits.hardwareId, row.hardwareId), eq(paUnits.customerId, row.customerId)));
  return {
    customerId: row.customerId,
    paUnits: units,
    afterSirenMessage: row.afterSirenMessage ?? null,
    postWarnMessage: row.postWarnMessage,
    postAllClearMessage: row.postAllClearMessage,
  };
}

/** Every PA unit with its customer (the simulator starts a virtual unit for each). */
export async function allPaUnits(db: Tx): Promise<{ id: number; customerId: number }[]> {
  return db.select({ id: paUnits.id, customerId: paUnits.customerId }).from(paUnits);
}

export type NewAuditRow = typeof hardwareAudit.$inferInsert;

/** Writes audit rows (in the caller's transaction). */
export async function insertAudit(tx: Tx, rows: readonly NewAuditRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(hardwareAudit).values([...rows]);
}

/** The battery volts a siren's unit last reported (a virtual siren keeps reporting them). */
export async function sirenUnitVoltage(db: Tx, sirenId: number): Promise<number | null> {
  const [row] = await db
    .select({ voltage: hardware.voltage })
    .from(sirens)
    .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
    .where(eq(sirens.id, sirenId));
  return row?.voltage ?? null;
}
