// Fault tests of 'the product exits when PostgreSQL shuts down': the product as the operator ran it (main.ts in a
// process of its own, the demo seeded, SEED_DEMO=1, e-mail to the local outbox, NOTIFY_OUTBOX=1, the simulator's
// storms running) on a PostgreSQL of the test's own, stopped four ways: `pg_ctl stop -m fast`, `-m immediate`,
// `pg_ctl restart`, and a stop of 20 s. In each, a strike 2 miles from a quiet location is posted to the scenario
// API while the database is away: it is answered 2xx, the location is in delay once the database is back, exactly
// one alert for it reaches the outbox, and the product is still up with no unhandled rejection counted.
// The quiet locations are added through the API once the product runs, far from the demo: the simulator's storms
// pass every location stored at start (its focus points) from the first minutes, so a demo venue is never
// reliably quiet, and a location in delay before the strike would not be alerted again.
// They run in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL set, as `.ci/run` does); without it they are
// skipped, said once below.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPoint } from '@allclear/domain';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { buildCustomer, buildOrganizationLocation, buildSite, buildUser } from '../src/db/factories.ts';
import { organizationLocationSites, users } from '../src/db/schema/index.ts';
import { issueTestToken } from '../src/modules/identity/test-tokens.ts';
import { freePort, startMigratedOwnPostgres, type OwnPostgres } from './own-postgres.ts';
import { startProductProcess, type ProductProcess } from './product-process.ts';
import { waitUntil } from './wait-until.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) {
  console.warn(
    '[database-stops] fault tests skipped: they run in the PostgreSQL pass of npm test (set TEST_DATABASE_URL); ' +
      'each starts a PostgreSQL of its own from the machine’s server binaries',
  );
}

/** The ways the database goes away, one quiet location each. */
const STOPS = ['fast', 'immediate', 'restart', 'stop-20s'] as const;
type Stop = (typeof STOPS)[number];

interface QuietVenue {
  organizationLocationId: number;
  label: string;
  latitude: number;
  longitude: number;
  /** The location added through the API once the product runs. */
  locationId?: number;
}

let pg: OwnPostgres;
let db: DatabaseHandle;
let dataDir: string;
let product: ProductProcess;
let superToken: string;
let adminToken: string;
let adminId: string;
const venues = new Map<Stop, QuietVenue>();

const until = <T>(what: string, probe: () => Promise<T | undefined | false>, ms = 60_000) =>
  waitUntil(what, probe, ms, () => `--- product output ---\n${product?.output().slice(-6000)}`);

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${product.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

/** What /readyz says, or undefined while the product does not answer. */
async function readyz() {
  return product.readyz().catch(() => undefined);
}

const isUp = () => product.child.exitCode === null && product.child.signalCode === null;

const delayMails = (label: string) =>
  db.query<{ id: number; recipient: string }>(
    "select id, recipient from dev_outbox_messages where channel = 'email' and subject = $1",
    [`Lightning delay at ${label}`],
  );

/** Takes the database away as `stop` says while `during` runs, and brings it back. */
async function withDatabaseAway(stop: Stop, during: () => Promise<void>): Promise<void> {
  if (stop === 'restart') {
    const restarting = pg.restart();
    await during();
    await restarting;
    return;
  }
  const downAt = Date.now();
  await pg.stop(stop === 'immediate' ? 'immediate' : 'fast');
  await during();
  if (stop === 'stop-20s') {
    await until('/readyz to say the database is unavailable', async () => {
      const r = await readyz();
      return r?.status === 503 && r.body.database === 'unavailable';
    });
    await sleep(Math.max(0, downAt + 20_000 - Date.now()));
  }
  await pg.start();
}

describe.skipIf(!enabled)(
  'PostgreSQL stops under the demo (own PostgreSQL, SEED_DEMO=1, NOTIFY_OUTBOX=1)',
  () => {
    beforeAll(async () => {
      ({ pg, db } = await startMigratedOwnPostgres());
      // the demo as the product seeds it (idempotent: the product's own seeding then leaves it), and a customer of
      // quiet venues far from it: organisation locations only, so the simulator does not focus its storms on them
      await seedDemo(db);
      const customer = await buildCustomer(db.db, { name: 'Quiet Valley Schools' });
      const site = await buildSite(db.db, { customerId: customer.id });
      const admin = await buildUser(db.db, {
        customerId: customer.id,
        siteId: site.id,
        role: 'Admin',
        email: 'admin@quiet.test',
        password: 'Test-password-1',
      });
      for (const [i, stop] of STOPS.entries()) {
        // Montana, a degree apart: over 1,500 km from every demo venue and the storms around them
        const place = { latitude: 46 + i, longitude: -110 };
        const label = `Quiet Field ${i + 1}`;
        const org = await buildOrganizationLocation(db.db, {
          customerId: customer.id,
          name: label,
          ...place,
        });
        await db.db
          .insert(organizationLocationSites)
          .values({ customerId: customer.id, organizationLocationId: org.id, siteId: site.id });
        venues.set(stop, { organizationLocationId: org.id, label, ...place });
      }
      dataDir = mkdtempSync(join(tmpdir(), 'allclear-db-stops-'));
      product = await startProductProcess(await freePort(), {
        DATABASE_URL: pg.url,
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        NOTIFY_OUTBOX: '1',
        // a failed delivery is tried again a second later rather than after the default backoff
        NOTIFY_RETRY_DELAY_SECONDS: '1',
      });
      const [superAdmin] = await db.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'super@demo.allclear.test'));
      superToken = await issueTestToken(db, { userId: superAdmin!.id, publicUrl: product.baseUrl });
      adminId = admin.id;
      adminToken = await issueTestToken(db, { userId: admin.id, publicUrl: product.baseUrl });
      for (const venue of venues.values()) {
        const added = await api('POST', '/api/location/Add', adminToken, {
          label: venue.label,
          locationName: `${venue.label}, Montana`,
          latitude: venue.latitude,
          longitude: venue.longitude,
          radius1: 5,
          radius2: 0,
          radius3: 0,
          radius4: 0,
          allClearMinutes: 30,
          flags: 0,
          organizationLocationId: venue.organizationLocationId,
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        const [row] = await db.query<{ id: number }>('select id from locations where label = $1', [
          venue.label,
        ]);
        venue.locationId = row!.id;
      }
      // the Super Admin's token verified once while the database answers, as a signed-in operator's is
      expect((await api('GET', '/api/Notification/IngestStatus', superToken)).status).toBe(200);
    }, 240_000);

    afterAll(async () => {
      await product?.stop().catch(() => undefined);
      await db?.close().catch(() => undefined);
      await pg?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    for (const stop of STOPS) {
      it(`${stop}: the strike posted while the database is away is taken, its location is in delay once it is back, alerted once`, async () => {
        const venue = venues.get(stop)!;
        const at = destinationPoint(venue, 90, 2);
        // a token the product has not verified yet (a user signing in just before): its key and account are read
        // from the database, so while that is away the answer is 503, never a 401 that would sign the user out
        const freshToken = await issueTestToken(db, { userId: adminId, publicUrl: product.baseUrl });
        let posted: { status: number; body: unknown } | undefined;
        let fresh: { status: number; body: unknown } | undefined;
        await withDatabaseAway(stop, async () => {
          posted = await api('POST', '/api/sim/strikes', superToken, {
            latitude: at.latitude,
            longitude: at.longitude,
            type: 1,
          });
          fresh = await api('GET', '/api/Notification/IngestStatus', freshToken);
        });
        // during a restart the database may be back before the request reads it
        expect(stop === 'restart' ? [200, 503] : [503], JSON.stringify(fresh!.body)).toContain(fresh!.status);
        expect(posted!.status, JSON.stringify(posted!.body)).toBeGreaterThanOrEqual(200);
        expect(posted!.status).toBeLessThan(300);
        const strikeTime = (posted!.body as { data: { time: string }[] }).data[0]!.time;

        const zone = await until(`${venue.label} in delay`, async () => {
          const [row] = await db.query<{ in_delay: boolean; delay_started_at: Date | null }>(
            'select in_delay, delay_started_at from lightning_zone_states where location_id = $1 and zone = 1',
            [venue.locationId],
          );
          return row?.in_delay ? row : undefined;
        });
        expect(zone.delay_started_at!.toISOString()).toBe(strikeTime);
        await until(`the delay e-mail of ${venue.label} in the outbox`, async () =>
          (await delayMails(venue.label)).length > 0 ? true : undefined,
        );
        // what could come twice (a retried delivery, a strike applied again) has had its time to
        await sleep(2_000);
        expect(await delayMails(venue.label)).toHaveLength(1);
        const events = await db.query(
          "select id from alert_events where location_id = $1 and kind = 'lightning-delay'",
          [venue.locationId],
        );
        expect(events).toHaveLength(1);

        expect(isUp(), product.output().slice(-6000)).toBe(true);
        const ready = await until('/readyz ready again', async () => {
          const r = await readyz();
          return r?.status === 200 ? r : undefined;
        });
        expect(ready.body.unhandledRejections, product.output().slice(-6000)).toBe(0);
      }, 120_000);
    }

    it('a SIGTERM while the database is stopped: the product stops within its grace period, exit 0', async () => {
      await pg.stop('fast');
      const asked = Date.now();
      await product.stop();
      // SHUTDOWN_GRACE_MS (10 s) would end it with exit 1: nothing waits for the database at shutdown
      expect(product.child.exitCode, product.output().slice(-6000)).toBe(0);
      expect(Date.now() - asked).toBeLessThan(10_000);
      await pg.start();
    }, 60_000);
  },
);
