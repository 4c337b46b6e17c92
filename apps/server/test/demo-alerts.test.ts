// Issue 12 'The demo is silent': on the demo seed, a strike dropped by the scenario API 2 miles from any
// seeded venue reaches the local outbox (/dev/outbox) with a message naming that venue, except for the
// one venue seeded silenced (flags 30), whose strike reaches its neighbours but never names it.
// Real database with the demo seed, notifier (pg-boss) on the local outbox, lightning engine on a
// manual clock (no simulator advance, so only the injected strikes fall).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { desc, eq, gt, gte, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ConfiguredWeather } from '@allclear/weather';
import { destinationPoint, isSilenced } from '@allclear/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createLocalBus } from '../src/platform/bus.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { alertDeliveries, alertEvents, devOutboxMessages, locations, users } from '../src/db/schema/index.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import { createNotifier, type Notifier } from '../src/engine/notifications/index.ts';
import { waitFor } from '../src/engine/notifications/test-fakes.ts';
import { createLightningEngine, type LightningEngine } from '../src/engine/lightning/engine.ts';
import { issueTestToken } from '../src/modules/identity/test-tokens.ts';

// A Wednesday, 12:00 CDT: every demo group is inside its alert times.
const START = Date.parse('2026-07-01T17:00:00Z');
const HOUR = 3_600_000;

interface SeededVenue {
  id: number;
  label: string;
  latitude: number;
  longitude: number;
  flags: number;
}

let db: DatabaseHandle;
let notifier: Notifier;
let weather: ConfiguredWeather;
let lightning: LightningEngine;
let app: FastifyInstance;
let superToken: string;
let venues: SeededVenue[];
const clock = new ManualClock(new Date(START));

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
  const log = pino({ level: 'silent' });
  const bus = createLocalBus((err) => {
    throw err;
  });
  weather = await createConfiguredWeather(config, db, clock);
  // no SMTP or Twilio: e-mail and SMS go to the local outbox, as in the embedded default. One strike
  // in the metroplex puts most venues in delay (the demo's LR4 policy zone is 40 miles), more messages
  // a minute to one contact than the per-address rate limit lets through; that limit is not under test.
  notifier = createNotifier({
    notify: config.notify,
    db,
    clock,
    log,
    settings: { NOTIFY_EMAIL_PER_MINUTE: 1_000, NOTIFY_SMS_PER_MINUTE: 1_000 },
  });
  await notifier.service.start();
  const ctx = { config, db, clock, weather, log, enqueueAlert: notifier.enqueueAlert };
  lightning = createLightningEngine({ ...ctx, bus, autoTick: false });
  await lightning.start();
  app = await buildApp({ ...ctx, bus });
  await app.ready();

  venues = await db.db
    .select({
      id: locations.id,
      label: locations.label,
      latitude: locations.latitude,
      longitude: locations.longitude,
      flags: locations.flags,
    })
    .from(locations)
    .orderBy(locations.id);
  const [superAdmin] = await db.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'super@demo.allclear.test'));
  superToken = await issueTestToken(db, { userId: superAdmin!.id, publicUrl: config.server.publicUrl });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await lightning?.stop();
  await notifier?.service.stop();
  await weather?.close();
  await db?.close();
});

const lastOutboxId = async () =>
  (
    await db.db
      .select({ id: devOutboxMessages.id })
      .from(devOutboxMessages)
      .orderBy(desc(devOutboxMessages.id))
      .limit(1)
  )[0]?.id ?? 0;

const outboxAfter = (id: number) =>
  db.db.select().from(devOutboxMessages).where(gt(devOutboxMessages.id, id));

/** Events that occurred since `since` (clock time) and whether all of their deliveries have finished. */
async function eventsSince(since: Date) {
  const events = await db.db.select().from(alertEvents).where(gte(alertEvents.occurredAt, since));
  const ids = events.map((e) => e.id);
  const deliveries = ids.length
    ? await db.db.select().from(alertDeliveries).where(inArray(alertDeliveries.eventId, ids))
    : [];
  const settled = deliveries.every((d) => d.status === 'delivered' || d.status === 'dead');
  return { events, deliveries, settled };
}

/** Drops one strike 2 miles north of the venue at the next hour slot, after every earlier delay has cleared. */
async function strikeNear(venue: SeededVenue, slot: number): Promise<{ outboxMark: number; since: Date }> {
  const since = new Date(START + slot * 2 * HOUR);
  clock.set(since);
  await lightning.tick();
  const outboxMark = await lastOutboxId();
  const at = destinationPoint(venue, 0, 2);
  const res = await app.inject({
    method: 'POST',
    url: '/api/sim/strikes',
    headers: { authorization: `Bearer ${superToken}` },
    payload: { latitude: at.latitude, longitude: at.longitude, type: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { outboxMark, since };
}

describe('the demo seed alerts (issue 12)', () => {
  it('keeps alerts on for every seeded venue but exactly one, which is silenced with flags 30', () => {
    expect(venues.length).toBeGreaterThanOrEqual(9);
    const silenced = venues.filter((v) => isSilenced(v.flags));
    expect(silenced.map((v) => v.flags)).toEqual([30]);
    expect(venues.filter((v) => !isSilenced(v.flags)).every((v) => v.flags === 0)).toBe(true);
  });

  it('a strike 2 miles from each venue puts an outbox message naming it, except the silenced one', async () => {
    let slot = 0;
    for (const venue of venues) {
      const { outboxMark, since } = await strikeNear(venue, ++slot);
      const namesVenue = (m: { subject: string; body: string }) =>
        m.subject.includes(venue.label) || m.body.includes(venue.label);
      // its own message, or one that merged the delays a neighbour's strike started with it ('... and 1 more')
      const delayMailOfVenue = (m: { channel: string; subject: string; body: string }) =>
        m.channel === 'email' && m.subject.startsWith('Lightning delay at ') && namesVenue(m);

      if (!isSilenced(venue.flags)) {
        await waitFor(async () => (await outboxAfter(outboxMark)).some(delayMailOfVenue), 30_000);
        const mails = (await outboxAfter(outboxMark)).filter(delayMailOfVenue);
        expect(mails.length, venue.label).toBeGreaterThan(0);
        expect(mails.every((m) => m.body.includes(venue.label))).toBe(true);
      } else {
        // the engine saw the strike in the venue's zone, and the neighbours' alerts went out ...
        await waitFor(async () => {
          const { events, deliveries, settled } = await eventsSince(since);
          const own = events.some((e) => e.locationId === venue.id && e.kind === 'lightning-delay');
          return own && deliveries.length > 0 && settled;
        }, 30_000);
        const { events } = await eventsSince(since);
        expect(events.some((e) => e.locationId === venue.id && e.kind === 'lightning-delay')).toBe(true);
        expect((await outboxAfter(outboxMark)).length).toBeGreaterThan(0);
        // ... but nothing was sent for the silenced venue
        const own = events.filter((e) => e.locationId === venue.id).map((e) => e.id);
        expect(
          await db.db.select().from(alertDeliveries).where(inArray(alertDeliveries.eventId, own)),
        ).toEqual([]);
        expect((await outboxAfter(outboxMark)).filter(namesVenue), venue.label).toEqual([]);
      }
      // every message of this strike is out before the clock moves on
      await waitFor(async () => (await eventsSince(since)).settled, 30_000);
    }
  }, 300_000);
});
