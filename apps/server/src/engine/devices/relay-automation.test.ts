// Relay automation (issue 16; spec 02 §3 remoteRelayTrigger, §4 'Automation Active'): a relay whose trigger is a policy
// type goes on, on its board, when a warning of that type starts at its unit's location and off at its all-clear,
// each switch audited; a manual override in between stands; a lightning trigger (LR1) follows the location's zone 1
// delay; a board that is down is tried again and its failure audited once. Real HTTP to the simulator's virtual boards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  buildCustomer,
  buildHardware,
  buildLocation,
  buildOrganizationLocation,
  buildPolicy,
} from '../../db/factories.ts';
import { hardwareAudit, lightningZoneStates, policyWarnings, remoteRelays } from '../../db/schema/index.ts';
import { createEngineHarness, silentLogger, type EngineHarness } from '../lightning/test-support.ts';
import { createDeviceDirectory, type OwnedDeviceDirectory } from './device-directory.ts';
import { createRelayAutomation, type RelayAutomation } from './relay-automation.ts';

const GUST = 10;
const LR1 = 1;
let h: EngineHarness;
let devices: OwnedDeviceDirectory;
let automation: RelayAutomation;
let spot = 0;

beforeAll(async () => {
  h = await createEngineHarness();
  devices = createDeviceDirectory({ simulated: true });
  automation = createRelayAutomation({
    config: h.config,
    db: h.db,
    clock: h.clock,
    weather: h.weather,
    log: silentLogger,
    enqueueAlert: h.enqueueAlert,
    bus: h.bus,
    devices,
    autoTick: false,
  });
});

afterAll(async () => {
  await devices?.close();
  await h?.close();
});

/** A venue with a location, a unit at a board address and one relay triggered by `trigger`. */
async function venue(trigger: number) {
  spot += 1;
  const customer = await buildCustomer(h.db.db);
  const org = await buildOrganizationLocation(h.db.db, { customerId: customer.id });
  const location = await buildLocation(h.db.db, { customerId: customer.id, organizationLocationId: org.id });
  const address = `10.40.${spot}.10`;
  const unit = await buildHardware(h.db.db, {
    customerId: customer.id,
    organizationLocationId: org.id,
    modelId: 'OWX',
    ipAddress: address,
  });
  const [relay] = await h.db.db
    .insert(remoteRelays)
    .values({
      customerId: customer.id,
      hardwareId: unit.id,
      name: 'Warning Lights',
      channel: 3,
      triggerPolicyTypeId: trigger,
    })
    .returning();
  const policy = await buildPolicy(h.db.db, {
    customerId: customer.id,
    policyTypeId: trigger === LR1 ? 8 : trigger,
  });
  return { customer, location, unit, relay: relay!, address, policy };
}

const board = async (address: string) => {
  await devices.relayBoardUrl(address);
  return devices.virtualBoard(address)!;
};
const auditOf = (relayId: number) =>
  h.db.db.select().from(hardwareAudit).where(eq(hardwareAudit.relayId, relayId)).orderBy(hardwareAudit.id);

describe('relay automation', () => {
  it('switches on when a warning of its type starts at its location and off at its all-clear, audited', async () => {
    const v = await venue(GUST);
    await automation.runOnce();
    expect((await board(v.address)).states.get(3)).toBe(false);

    const now = h.clock.now();
    const [warning] = await h.db.db
      .insert(policyWarnings)
      .values({
        customerId: v.customer.id,
        locationId: v.location.id,
        policyId: v.policy.id,
        policyTypeId: GUST,
        startedAt: now,
        lastAlertAt: now,
        lastUpdateAt: now,
        value: 48,
        threshold: 40,
        peakValue: 48,
        peakAt: now,
        correlationId: 'gust-1',
      })
      .returning();
    await automation.runOnce();
    expect((await board(v.address)).states.get(3)).toBe(true);
    // the all-clear countdown does not end the warning: still on
    await h.db.db.update(policyWarnings).set({ allClearAt: now }).where(eq(policyWarnings.id, warning!.id));
    await automation.runOnce();
    expect((await board(v.address)).states.get(3)).toBe(true);

    await h.db.db.update(policyWarnings).set({ endedAt: now }).where(eq(policyWarnings.id, warning!.id));
    await automation.runOnce();
    expect((await board(v.address)).states.get(3)).toBe(false);
    expect((await auditOf(v.relay.id)).map((a) => [a.action, a.actorName, a.reason, a.outcome])).toEqual([
      ['relay-on', 'Automation', 'Wind Gust warning started', 'ok'],
      ['relay-off', 'Automation', 'Wind Gust all clear', 'ok'],
    ]);
  });

  it("leaves an operator's manual override alone until the trigger changes again", async () => {
    const v = await venue(LR1);
    await h.db.db.insert(lightningZoneStates).values({ locationId: v.location.id, zone: 1, inDelay: true });
    await automation.runOnce();
    const b = await board(v.address);
    expect(b.states.get(3)).toBe(true);
    // an operator turns it off during the delay (as POST RemoteRelay/SetRelay does, on the board)
    await fetch(`${b.baseUrl}/state.xml?relay3State=0`).then((r) => r.text());
    await automation.runOnce();
    expect(b.states.get(3)).toBe(false);
    await h.db.db
      .update(lightningZoneStates)
      .set({ inDelay: false })
      .where(eq(lightningZoneStates.locationId, v.location.id));
    await automation.runOnce();
    expect(b.states.get(3)).toBe(false);
    expect((await auditOf(v.relay.id)).map((a) => a.action)).toEqual(['relay-on', 'relay-off']);
  });

  it('retries a board that is down, auditing the failure once', async () => {
    const v = await venue(LR1);
    await h.db.db.insert(lightningZoneStates).values({ locationId: v.location.id, zone: 1, inDelay: true });
    await devices.simulator!.setRelayBoardOnline(v.address, false);
    await automation.runOnce();
    await automation.runOnce();
    expect((await auditOf(v.relay.id)).map((a) => [a.action, a.outcome])).toEqual([['relay-on', 'failed']]);
    await devices.simulator!.setRelayBoardOnline(v.address, true);
    await automation.runOnce();
    expect((await board(v.address)).states.get(3)).toBe(true);
    expect((await auditOf(v.relay.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['relay-on', 'failed'],
      ['relay-on', 'ok'],
    ]);
  });
});
