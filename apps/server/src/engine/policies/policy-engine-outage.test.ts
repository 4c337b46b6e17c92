// The policy engine resumes by itself after a database outage (issue 21): a cycle that fails while the
// database is away is logged, and the next period's cycle, run by the engine's own timer, raises the warning
// of a breach that was there all along. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { mphToMs } from '@allclear/domain';
import type { AlertSource } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildPolicy } from '../../db/factories.ts';
import { locationConditions } from '../../db/schema/index.ts';
import { flakyDatabase } from '../ingest/test-support.ts';
import { silentLogger } from '../lightning/test-support.ts';
import type { AlertEvent } from '../contracts.ts';
import { createPolicyEngine } from './policy-engine.ts';

let t: TestApp;

const noAlerts: AlertSource = {
  async activeAlerts() {
    return [];
  },
  async alertsForPoint() {
    return [];
  },
};

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the policy engine through a database outage', () => {
  it('logs the cycle that failed and raises the warning in the next period once the database answers', async () => {
    t.clock.set('2026-07-01T17:00:00Z');
    await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'WIND', threshold: 20 });
    const now = t.clock.now();
    await t.db.db.insert(locationConditions).values({
      locationId: t.a.location.id,
      observedAt: now,
      source: 'station',
      temperatureC: 20,
      relativeHumidityPct: 50,
      windSpeedMs: mphToMs(25),
      windGustMs: mphToMs(25),
      rainMm: 0,
      wbgtC: 15,
      updatedAt: now,
    });
    const flaky = flakyDatabase(t.db);
    const errors: string[] = [];
    const log = Object.assign(Object.create(silentLogger) as FastifyBaseLogger, {
      error: (_data: unknown, msg: string) => errors.push(msg),
    });
    const events: AlertEvent[] = [];
    const engine = createPolicyEngine({
      config: t.config,
      db: flaky.handle,
      clock: t.clock,
      weather: { ...t.weather, providers: { ...t.weather.providers, alerts: noAlerts } },
      log,
      enqueueAlert: async (_tx, e) => {
        events.push(e);
      },
    });
    flaky.down();
    await engine.start();
    try {
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(events).toEqual([]);

      flaky.up();
      t.clock.advance(60_000);
      // the engine's own timer notices the new period
      await vi.waitFor(() => expect(events.map((e) => e.kind)).toEqual(['policy-warning']), {
        timeout: 5_000,
      });
      expect(events[0]!.locationId).toBe(t.a.location.id);
    } finally {
      await engine.stop();
    }
  });
});
