// Entry point: configuration, database and migrations, reference and demo data, then serve.
// Shuts down gracefully on SIGTERM/SIGINT: stops accepting, finishes in-flight requests, closes the database.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, ConfigError, type ChannelStates } from './platform/config.ts';
import { productClock } from './product-clock.ts';
import { openDatabase, migrateDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { seedDemo } from './db/seed/demo.ts';
import { buildApp } from './app.ts';
import { createConfiguredWeather } from './engine/weather.ts';
import { createNotifier } from './engine/notifications/index.ts';
import { startEngine } from './engine/index.ts';
import { createDeviceDirectory } from './engine/devices/device-directory.ts';
import { productLogger } from './platform/logger.ts';
import { createLocalBus } from './platform/bus.ts';
import { createIngestBoard } from './platform/ingest-status.ts';
import { DEMO_PASSWORD } from './db/seed/demo-accounts.ts';
import { hasErrorCode } from './platform/cause-chain.ts';
import { createProcessFaults, UNREACHABLE_CODES } from './platform/lost-database.ts';
import { keepTickShape } from './platform/tick-shape.ts';

async function main(): Promise<void> {
  // before anything else: every request's ticks then share one shape (platform/tick-shape.ts)
  await keepTickShape();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const dataDir = resolve(config.database.dataDir);
  if (config.database.embedded) mkdirSync(dataDir, { recursive: true });
  const log = productLogger(config.server.logLevel);
  // from the start: a promise nobody awaited, or an 'error' event nobody listened to, is logged and counted on
  // /readyz rather than ending the process; every query path waits out a lost database (platform/lost-database.ts)
  const faults = createProcessFaults(log);
  process.on('unhandledRejection', (reason) => faults.onUnhandledRejection(reason));
  process.on('uncaughtException', (err) => faults.onUncaughtException(err));
  const db = await openWhenReachable(
    () =>
      openDatabase(
        config.database.url
          ? {
              url: config.database.url,
              // node-postgres hangs the whole client on the error (err.client): said by its code and message only,
              // or each connection a database restart ends writes kilobytes of the client's internals
              onIdleError: ({ message, code }: Error & { code?: string }) =>
                log.warn({ code, reason: message }, 'idle database connection lost'),
            }
          : { dataDir: resolve(dataDir, 'pglite') },
      ),
    Boolean(config.database.url),
    log,
  );
  await migrateDatabase(db);
  await seedReferenceData(db);
  const demo = config.database.seedDemo ? await seedDemo(db) : undefined;

  // SIM_SPEED: in simulator mode the product's clock runs that many times real time (product-clock.ts)
  const { clock, speed, ignored } = productClock(config);
  if (ignored) log.warn(ignored);
  const bus = createLocalBus((err, topic) => log.error({ err, topic }, 'bus handler failed'));
  // the engine's journalled intakes report here; /readyz and the admins' banner read it (issue 21)
  const ingest = createIngestBoard();
  const weather = await createConfiguredWeather(config, db, clock, {
    warn: (data, msg) => log.warn(data, msg),
    info: (data, msg) => log.info(data, msg),
  });
  // The notifier starts first: the engines hand it their decisions from their first tick.
  const notifier = createNotifier({ notify: config.notify, db, clock, log, bus });
  // relay boards (virtual ones on loopback in simulator mode) and the simulator's device switches (issue 16)
  const devices = createDeviceDirectory({ simulated: weather.simulatorMode });
  await notifier.service.start();
  const app = await buildApp({
    config,
    db,
    clock,
    weather,
    enqueueAlert: notifier.enqueueAlert,
    bus,
    log,
    ingest,
    devices,
    faults,
  });
  await app.listen({ port: config.server.port, host: config.server.host });
  const engine = await startEngine({
    config,
    db,
    clock,
    weather,
    log,
    enqueueAlert: notifier.enqueueAlert,
    bus,
    demo: Boolean(demo),
    ingestBoard: ingest,
    devices,
  });

  const lines = [
    '',
    `AllClear is running on ${config.server.publicUrl}`,
    `  API docs: ${config.server.publicUrl}/api/docs`,
    `  database: ${config.database.embedded ? `PGlite (embedded) at ${dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  notifications: ${describeChannels(config.notify.channels)}`,
  ];
  if (speed !== 1) lines.push(`  clock: simulated, ${speed}× real time (SIM_SPEED)`);
  if (config.notify.outbox) lines.push(`  outbox: ${config.server.publicUrl}/dev/outbox (loopback only)`);
  if (demo) {
    lines.push('', `Demo accounts (password: ${DEMO_PASSWORD})`);
    for (const a of demo.accounts) lines.push(`  ${a.email.padEnd(32)} ${a.role.padEnd(16)} ${a.customer}`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period expired; exiting');
      process.exit(1);
    }, config.server.shutdownGraceMs);
    timer.unref();
    try {
      await app.close();
      await engine.stop();
      await devices.close();
      await notifier.service.stop();
      await weather.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Opens the database; a PostgreSQL that does not answer yet (a restart during its outage, issue 21) is tried
 * again every 2 s, said once and then every minute, rather than the process exiting: the journals in
 * DATA_DIR keep what waited, and it is applied once the engine starts.
 */
async function openWhenReachable<T>(
  open: () => Promise<T>,
  retry: boolean,
  log: { warn(data: object, msg: string): void },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (err) {
      if (!retry || !hasErrorCode(err, UNREACHABLE_CODES)) throw err;
      if (attempt % 30 === 0) log.warn({ err }, 'database unavailable at start; trying again every 2 s');
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/** 'email configured, sms outbox (not sent), push configured, ...': what an operator must know at start. */
function describeChannels(channels: ChannelStates): string {
  const said = { configured: 'configured', outbox: 'outbox (not sent)', off: 'off (not sent)' } as const;
  return Object.entries(channels)
    .map(([channel, state]) => `${channel} ${said[state]}`)
    .join(', ');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
