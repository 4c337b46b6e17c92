// The only code of relay automation that touches Drizzle (issue 16): relays with a trigger (a policy type) and their
// unit's board address and location, which triggers are active at those locations (a lightning zone in delay for
// LR1..LR4, else an active policy warning of the type), and what automation last set.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  hardware,
  hardwareAudit,
  lightningZoneStates,
  locations,
  policyTypes,
  policyWarnings,
  remoteRelays,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

export interface AutomatedRelay {
  id: number;
  customerId: number;
  hardwareId: number;
  name: string;
  channel: number;
  triggerPolicyTypeId: number;
  triggerName: string;
  automationOn: boolean;
  address: string | null;
  organizationLocationId: number | null;
}

/** Every relay with a trigger, on an enabled unit. */
export async function automatedRelays(db: Tx): Promise<AutomatedRelay[]> {
  const rows = await db
    .select({
      id: remoteRelays.id,
      customerId: remoteRelays.customerId,
      hardwareId: remoteRelays.hardwareId,
      name: remoteRelays.name,
      channel: remoteRelays.channel,
      triggerPolicyTypeId: remoteRelays.triggerPolicyTypeId,
      triggerName: policyTypes.name,
      automationOn: remoteRelays.automationOn,
      address: hardware.ipAddress,
      organizationLocationId: hardware.organizationLocationId,
    })
    .from(remoteRelays)
    .innerJoin(hardware, eq(hardware.id, remoteRelays.hardwareId))
    .innerJoin(policyTypes, eq(policyTypes.id, remoteRelays.triggerPolicyTypeId))
    .where(and(isNotNull(remoteRelays.triggerPolicyTypeId), eq(hardware.enabled, true)));
  return rows.map((r) => ({ ...r, triggerPolicyTypeId: r.triggerPolicyTypeId! }));
}

/** Lightning policy types LR1..LR4 have ids 1..4: the location's zone of that number in delay. */
const LIGHTNING_TYPE_IDS = [1, 2, 3, 4];

/** The triggers active at these organisation locations now, as '{organizationLocationId}:{policyTypeId}'. */
export async function activeTriggers(
  db: Tx,
  organizationLocationIds: readonly number[],
): Promise<Set<string>> {
  const active = new Set<string>();
  if (organizationLocationIds.length === 0) return active;
  const ids = [...organizationLocationIds];
  const zones = await db
    .select({ organizationLocationId: locations.organizationLocationId, zone: lightningZoneStates.zone })
    .from(lightningZoneStates)
    .innerJoin(locations, eq(locations.id, lightningZoneStates.locationId))
    .where(and(eq(lightningZoneStates.inDelay, true), inArray(locations.organizationLocationId, ids)));
  for (const z of zones)
    if (LIGHTNING_TYPE_IDS.includes(z.zone)) active.add(`${z.organizationLocationId}:${z.zone}`);
  const warnings = await db
    .select({
      organizationLocationId: locations.organizationLocationId,
      policyTypeId: policyWarnings.policyTypeId,
    })
    .from(policyWarnings)
    .innerJoin(locations, eq(locations.id, policyWarnings.locationId))
    .where(and(isNull(policyWarnings.endedAt), inArray(locations.organizationLocationId, ids)));
  for (const w of warnings) active.add(`${w.organizationLocationId}:${w.policyTypeId}`);
  return active;
}

/**
 * Keeps what automation set, and the board's state, with its audit row: once, when several engine processes saw the
 * same change (the update takes only the relay still in its former state; switching the board twice is harmless).
 */
export async function recordAutomation(
  db: Tx,
  relay: AutomatedRelay,
  on: boolean,
  at: Date,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const taken = await tx
      .update(remoteRelays)
      .set({ automationOn: on, toggled: on })
      .where(and(eq(remoteRelays.id, relay.id), eq(remoteRelays.automationOn, !on)))
      .returning({ id: remoteRelays.id });
    if (taken.length === 0) return;
    await tx.insert(hardwareAudit).values({
      customerId: relay.customerId,
      hardwareId: relay.hardwareId,
      relayId: relay.id,
      action: on ? 'relay-on' : 'relay-off',
      reason,
      actorUserId: null,
      actorName: 'Automation',
      at,
      outcome: 'ok',
      details: {
        relay: relay.name,
        channel: relay.channel,
        automation: true,
        policyTypeId: relay.triggerPolicyTypeId,
      },
    });
  });
}

/** Audits a switch automation could not make (the board did not answer); it is tried again next cycle. */
export async function recordAutomationFailure(
  db: Tx,
  relay: AutomatedRelay,
  on: boolean,
  at: Date,
  error: string,
): Promise<void> {
  await db.insert(hardwareAudit).values({
    customerId: relay.customerId,
    hardwareId: relay.hardwareId,
    relayId: relay.id,
    action: on ? 'relay-on' : 'relay-off',
    reason: `${relay.triggerName} automation`,
    actorUserId: null,
    actorName: 'Automation',
    at,
    outcome: 'failed',
    details: { relay: relay.name, channel: relay.channel, automation: true, error },
  });
}
