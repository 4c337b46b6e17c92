// The real app on a fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with
// two customers built by factories, and access tokens signed by the identity service's own key.
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { buildCustomer, buildLocation, buildSite, buildUser } from '../src/db/factories.ts';
import { issueTestToken } from '../src/modules/identity/test-tokens.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import type { AlertEvent, EnqueueAlert } from '../src/engine/contracts.ts';
import { createLocalBus, type Bus } from '../src/platform/bus.ts';
import type { ConfiguredWeather } from '@allclear/weather';
import type { Config } from '../src/platform/config.ts';
import type { IngestBoard } from '../src/platform/ingest-status.ts';
import type { DeviceDirectory } from '../src/platform/devices.ts';

const PASSWORD = 'Test-password-1';

async function buildTenant(db: DatabaseHandle, name: string) {
  const customer = await buildCustomer(db.db, { name });
  const site = await buildSite(db.db, { customerId: customer.id, alertTimes: true });
  const admin = await buildUser(db.db, { customerId: customer.id, role: 'Admin', password: PASSWORD });
  const customerUser = await buildUser(db.db, {
    customerId: customer.id,
    role: 'Customer',
    siteId: site.id,
    password: PASSWORD,
  });
  const location = await buildLocation(db.db, { customerId: customer.id, userId: customerUser.id });
  return { customer, site, admin, customerUser, location };
}

export type Tenant = Awaited<ReturnType<typeof buildTenant>>;

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle;
  clock: ManualClock;
  a: Tenant;
  b: Tenant;
  /** Events the engine handed to the notifier (the test app records them; the notifier is tested on its own). */
  events: AlertEvent[];
  bus: Bus;
  weather: ConfiguredWeather;
  config: Config;
  tokenFor(userId: string, opts?: { expiresInSeconds?: number }): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Sees every route as it is registered. */
  onRoute?: BuildOptions['onRoute'];
  /** The notifier to hand events to; by default events are only recorded in `events`. */
  enqueueAlert?: EnqueueAlert;
  /** What the engine's journalled intakes report (/readyz, the admins' banner); none by default. */
  ingest?: IngestBoard;
  /** Relay boards and the simulator's device switches (issue 16); real boards only by default. */
  devices?: DeviceDirectory;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  await seedReferenceData(db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', PORT: '8080' });
  const clock = new ManualClock();
  const weather = await createConfiguredWeather(config, db, clock);
  const events: AlertEvent[] = [];
  const enqueueAlert: EnqueueAlert =
    opts.enqueueAlert ??
    (async (_tx, event) => {
      events.push(event);
    });
  const bus = createLocalBus((err) => {
    throw err;
  });
  const app = await buildApp(
    { config, db, clock, weather, enqueueAlert, bus, ingest: opts.ingest, devices: opts.devices },
    { onRoute: opts.onRoute },
  );
  await app.ready();
  const a = await buildTenant(db, 'Customer A');
  const b = await buildTenant(db, 'Customer B');
  return {
    app,
    db,
    clock,
    a,
    b,
    events,
    bus,
    weather,
    config,
    tokenFor: (userId, opts) =>
      issueTestToken(db, {
        userId,
        publicUrl: config.server.publicUrl,
        expiresInSeconds: opts?.expiresInSeconds,
      }),
    async close() {
      await app.close();
      await weather.close();
      await db.close();
    },
  };
}
