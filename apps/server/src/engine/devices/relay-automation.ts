// Relay automation (spec 02 §3 'Remote relay' remoteRelayTrigger, §4 'Relays' 'Automation Active'; issue 16): a
// relay with a trigger (a policy type) is switched on when a warning of that type starts at its unit's location (its
// organisation location: a lightning zone LR1..LR4 in delay, or an active policy warning of the type) and off at its
// all-clear, on the board itself, each switch audited. It acts on transitions only (automation_on keeps what it last
// set), so an operator's manual override between two of them stands; a board that does not answer is tried again
// at the next cycle (and the failure audited once per change).
import type { EngineContext, EngineService } from '../contracts.ts';
import type { DeviceDirectory } from '../../platform/devices.ts';
import type { Bus } from '../../platform/bus.ts';
import { relayBoardUrlFor, setBoardRelay } from './relay-board.ts';
import {
  activeTriggers,
  automatedRelays,
  recordAutomation,
  recordAutomationFailure,
} from './relay-automation.repository.ts';

/** How often automation compares the triggers with what it set, real ms. */
export const RELAY_AUTOMATION_PERIOD_MS = 5_000;

export interface RelayAutomation extends EngineService {
  /** One comparison now (tests call it). */
  runOnce(): Promise<void>;
}

export function createRelayAutomation(
  ctx: EngineContext & { devices?: DeviceDirectory; bus?: Bus; autoTick?: boolean },
): RelayAutomation {
  const { db, clock, log } = ctx;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** Relays whose last attempt failed, with the state it tried (one failure audit per change). */
  const failing = new Map<number, boolean>();

  async function runOnce(): Promise<void> {
    const relays = await automatedRelays(db.db);
    if (relays.length === 0) return;
    const places = [...new Set(relays.map((r) => r.organizationLocationId).filter((id) => id !== null))];
    const active = await activeTriggers(db.db, places);
    for (const relay of relays) {
      const want =
        relay.organizationLocationId !== null &&
        active.has(`${relay.organizationLocationId}:${relay.triggerPolicyTypeId}`);
      if (want === relay.automationOn || !relay.address) continue;
      const now = clock.now();
      const reason = want ? `${relay.triggerName} warning started` : `${relay.triggerName} all clear`;
      try {
        await setBoardRelay(await relayBoardUrlFor(ctx.devices, relay.address), relay.channel, want);
        await recordAutomation(db.db, relay, want, now, reason);
        failing.delete(relay.id);
        // at debug: each switch is in the audit trail (recordAutomation), where operators read it; a failure is a warning
        log.debug({ relayId: relay.id, on: want, reason }, 'devices: relay switched by automation');
        ctx.bus?.publish('hardware-changed', { customerId: relay.customerId, hardwareId: relay.hardwareId });
      } catch (err) {
        if (failing.get(relay.id) !== want) {
          failing.set(relay.id, want);
          await recordAutomationFailure(db.db, relay, want, now, (err as Error).message);
          log.warn(
            { err, relayId: relay.id, on: want },
            'devices: relay automation could not reach the board',
          );
        }
      }
    }
  }

  const tick = () => {
    if (running) return;
    running = runOnce()
      .catch((err: unknown) => log.error({ err }, 'devices: relay automation failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    runOnce,
    async start() {
      if (ctx.autoTick === false) return;
      timer = setInterval(tick, RELAY_AUTOMATION_PERIOD_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running;
    },
  };
}
