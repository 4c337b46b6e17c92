// The only code of the device gateway that touches Drizzle: the siren command outbox and unit health.
import { FALLBACK_TIME_ZONE, isKnownTimeZone, timeZoneAt } from '@allclear/domain';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { hardware, sirenCommands, sirens } from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

export interface OutgoingCommand {
  id: string;
  sirenId: number;
  customerId: number;
  kind: string;
  payload: unknown;
  expiresAt: Date;
}

/** Pending commands still inside their time to live and not published since `republishBefore`, oldest first. */
export async function commandsToPublish(
  db: Tx,
  now: Date,
  republishBefore: Date,
): Promise<OutgoingCommand[]> {
  return db
    .select({
      id: sirenCommands.id,
      sirenId: sirenCommands.sirenId,
      customerId: sirens.customerId,
      kind: sirenCommands.kind,
      payload: sirenCommands.payload,
      expiresAt: sirenCommands.expiresAt,
    })
    .from(sirenCommands)
    .innerJoin(sirens, eq(sirens.id, sirenCommands.sirenId))
    .where(
      and(
        eq(sirenCommands.status, 'pending'),
        gt(sirenCommands.expiresAt, now),
        or(isNull(sirenCommands.publishedAt), lt(sirenCommands.publishedAt, republishBefore)),
      ),
    )
    .orderBy(asc(sirenCommands.createdAt));
}

/** Records that a command went out at `at`. */
export async function markPublished(db: Tx, id: string, at: Date): Promise<void> {
  await db.update(sirenCommands).set({ publishedAt: at }).where(eq(sirenCommands.id, id));
}

/**
 * Marks a pending, unexpired command of this siren of this customer delivered; false when it was unknown,
 * another customer's, late or already settled.
 */
export async function markDelivered(
  db: Tx,
  id: string,
  sirenId: number,
  customerId: number,
  at: Date,
): Promise<boolean> {
  const ownSiren = db
    .select({ id: sirens.id })
    .from(sirens)
    .where(and(eq(sirens.id, sirenId), eq(sirens.customerId, customerId)));
  const rows = await db
    .update(sirenCommands)
    .set({ status: 'delivered', deliveredAt: at })
    .where(
      and(
        eq(sirenCommands.id, id),
        inArray(sirenCommands.sirenId, ownSiren),
        eq(sirenCommands.status, 'pending'),
        gt(sirenCommands.expiresAt, at),
      ),
    )
    .returning({ id: sirenCommands.id });
  return rows.length > 0;
}

export interface ExpiredCommand {
  id: string;
  sirenId: number;
  customerId: number;
  sirenName: string;
  kind: string;
  payload: unknown;
  createdAt: Date;
  expiresAt: Date;
  /** IANA zone of the siren's unit, for the fault text. */
  timeZone: string;
}

/** The unit's configured zone when it is a known IANA zone, else the zone at the unit's position. */
function sirenTimeZone(unit: { timeZoneId: string; latitude: number; longitude: number }): string {
  return isKnownTimeZone(unit.timeZoneId) ? unit.timeZoneId : timeZoneAt(unit.latitude, unit.longitude);
}

/** Marks every pending command whose time to live ended by `now` expired; returns them. */
export async function expireCommands(db: Tx, now: Date): Promise<ExpiredCommand[]> {
  const expired = await db
    .update(sirenCommands)
    .set({ status: 'expired' })
    .where(and(eq(sirenCommands.status, 'pending'), lte(sirenCommands.expiresAt, now)))
    .returning({
      id: sirenCommands.id,
      sirenId: sirenCommands.sirenId,
      kind: sirenCommands.kind,
      payload: sirenCommands.payload,
      createdAt: sirenCommands.createdAt,
      expiresAt: sirenCommands.expiresAt,
    });
  if (expired.length === 0) return [];
  const owners = await db
    .select({
      id: sirens.id,
      customerId: sirens.customerId,
      name: hardware.name,
      timeZoneId: hardware.timeZoneId,
      latitude: hardware.latitude,
      longitude: hardware.longitude,
    })
    .from(sirens)
    .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
    .where(inArray(sirens.id, [...new Set(expired.map((c) => c.sirenId))]));
  const byId = new Map(owners.map((o) => [o.id, o]));
  return expired.map((c) => {
    const owner = byId.get(c.sirenId);
    return {
      ...c,
      customerId: owner?.customerId ?? 0,
      sirenName: owner?.name ?? `#${c.sirenId}`,
      timeZone: owner ? sirenTimeZone(owner) : FALLBACK_TIME_ZONE,
    };
  });
}

/** Records a telemetry report of a siren's unit: seen at `at`, battery volts when given. */
export async function recordSirenTelemetry(
  db: Tx,
  sirenId: number,
  customerId: number,
  at: Date,
  voltage: number | null,
): Promise<void> {
  const [siren] = await db
    .select({ hardwareId: sirens.hardwareId })
    .from(sirens)
    .where(and(eq(sirens.id, sirenId), eq(sirens.customerId, customerId)));
  if (!siren) return;
  await db
    .update(hardware)
    .set(voltage === null ? { connectedAt: at } : { connectedAt: at, voltage })
    .where(eq(hardware.id, siren.hardwareId));
}

/** Every siren with its customer (the simulator starts a virtual siren for each). */
export async function allSirens(db: Tx): Promise<{ id: number; customerId: number }[]> {
  return db.select({ id: sirens.id, customerId: sirens.customerId }).from(sirens);
}
