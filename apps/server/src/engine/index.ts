// The engine of one process: device gateway (sirens and weather stations over MQTT), lightning,
// observation ingest, policies and, in simulator demos, the demo meteorologist. Started after the
// notifier (which the engines hand their decisions to) and stopped before it.
import type { Bus } from '../platform/bus.ts';
import type { EngineContext, EngineService } from './contracts.ts';
import { createDeviceGateway } from './devices/gateway.ts';
import { createLightningEngine } from './lightning/engine.ts';
import { createObservationIngest } from './observations/observation-ingest.ts';
import { createHistoryBackfill } from './observations/history-backfill.ts';
import { createPolicyEngine } from './policies/policy-engine.ts';
import { createDemoMeteorologist } from './policies/proactive-forecasts.ts';
import { createSimulatorTicker } from './simulator-ticker.ts';

export interface Engine {
  stop(): Promise<void>;
}

/** Starts every engine part in dependency order; `stop()` stops them in reverse. */
export async function startEngine(ctx: EngineContext & { bus: Bus; demo: boolean }): Promise<Engine> {
  const gateway = createDeviceGateway({ ...ctx });
  const simulated = ctx.weather.simulatorMode;
  // in simulator mode the simulator ticker drives the lightning tick, right after each advance
  const lightning = createLightningEngine({
    ...ctx,
    onSirenCommands: () => void gateway.flush(),
    autoTick: !simulated,
  });
  const parts: EngineService[] = [gateway, lightning];
  if (simulated) {
    parts.push(
      createSimulatorTicker({
        simulator: ctx.weather.simulator,
        clock: ctx.clock,
        log: ctx.log,
        tick: lightning.tick,
      }),
    );
  }
  parts.push(createObservationIngest(ctx), createPolicyEngine(ctx), createHistoryBackfill(ctx));
  if (ctx.demo && simulated) parts.push(createDemoMeteorologist(ctx));
  const started: EngineService[] = [];
  try {
    for (const part of parts) {
      await part.start();
      started.push(part);
    }
  } catch (err) {
    for (const part of started.reverse()) await part.stop().catch(() => {});
    throw err;
  }
  return {
    async stop() {
      for (const part of [...started].reverse()) {
        try {
          await part.stop();
        } catch (err) {
          ctx.log.error({ err }, 'engine part failed to stop');
        }
      }
    },
  };
}
