// The engine of one process: device gateway (sirens, PA units and weather stations over MQTT), lightning,
// observation ingest, policies, relay automation, siren drills and, in simulator demos, the demo meteorologist. Started after the
// notifier (which the engines hand their decisions to) and stopped before it. Strikes are journalled in
// DATA_DIR/journal before the database sees them (issue 21; engine/ingest).
import { join, resolve } from 'node:path';
import type { Bus } from '../platform/bus.ts';
import type { DeviceDirectory } from '../platform/devices.ts';
import type { IngestBoard } from '../platform/ingest-status.ts';
import type { EngineContext, EngineService } from './contracts.ts';
import { createDrillRunner } from './devices/drill-runner.ts';
import { createDeviceGateway, type DeviceEventRecord } from './devices/gateway.ts';
import { createRelayAutomation } from './devices/relay-automation.ts';
import { openJournal } from './ingest/journal.ts';
import { createLightningEngine } from './lightning/engine.ts';
import type { StrikeRecord } from './lightning/strike-record.ts';
import { createObservationIngest } from './observations/observation-ingest.ts';
import { createHistoryBackfill } from './observations/history-backfill.ts';
import { createPolicyEngine } from './policies/policy-engine.ts';
import { createReportWorker } from './reports/report-worker.ts';
import { createDemoMeteorologist } from './policies/proactive-forecasts.ts';
import { createDailyForecastMailer } from './forecasts/daily-forecast-mailer.ts';
import { createSimulatorTicker } from './simulator-ticker.ts';

export interface Engine {
  stop(): Promise<void>;
}

/** Where an engine part's ingest journal lives: DATA_DIR/journal/<name>. */
export function journalDir(ctx: Pick<EngineContext, 'config'>, name: string): string {
  return join(resolve(ctx.config.database.dataDir), 'journal', name);
}

/** Starts every engine part in dependency order; `stop()` stops them in reverse. */
export async function startEngine(
  ctx: EngineContext & { bus: Bus; demo: boolean; ingestBoard?: IngestBoard; devices?: DeviceDirectory },
): Promise<Engine> {
  // a corrupt journal stops the start here, naming the file and the byte (journal.ts)
  const strikeJournal = await openJournal<StrikeRecord>({
    dir: journalDir(ctx, 'strikes'),
    name: 'strikes',
    maxWaiting: ctx.config.ingest.maxWaitingStrikes,
    clock: ctx.clock,
  });
  const deviceJournal = await openJournal<DeviceEventRecord>({
    dir: journalDir(ctx, 'device-events'),
    name: 'device-events',
    maxWaiting: ctx.config.ingest.maxWaitingDeviceEvents,
    clock: ctx.clock,
  }).catch(async (err: unknown) => {
    await strikeJournal.close();
    throw err;
  });
  const gateway = createDeviceGateway({ ...ctx, journal: deviceJournal });
  const simulated = ctx.weather.simulatorMode;
  // in simulator mode the simulator ticker drives the lightning tick, right after each advance
  const lightning = createLightningEngine({
    ...ctx,
    onSirenCommands: () => void gateway.flush(),
    autoTick: !simulated,
    journal: strikeJournal,
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
  // relays switched by their trigger's warnings, and scheduled siren drills (issue 16)
  parts.push(createRelayAutomation(ctx), createDrillRunner(ctx));
  // reports built as pg-boss jobs and e-mailed through the notifier (issue 17)
  parts.push(createReportWorker(ctx));
  if (ctx.demo && simulated) parts.push(createDemoMeteorologist(ctx));
  // the users' daily forecast e-mails of the locations they picked (issue 15)
  parts.push(createDailyForecastMailer(ctx));
  const started: EngineService[] = [];
  try {
    for (const part of parts) {
      await part.start();
      started.push(part);
    }
  } catch (err) {
    for (const part of started.reverse()) await part.stop().catch(() => {});
    await Promise.all([strikeJournal.close(), deviceJournal.close()]);
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
      await Promise.all([strikeJournal.close(), deviceJournal.close()]);
    },
  };
}
