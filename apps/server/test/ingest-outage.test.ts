// Fault tests of issue 21 ('No strike lost when the database blinks'): the product (main.ts in a process of
// its own, as an operator runs it) on a PostgreSQL of the test's own, started on a free port so that stopping
// it disturbs nothing else, fed by a licensed-feed WebSocket that the test drives: a storm far from the
// venues throughout, and strikes near known venues at known times. Three faults, in order:
//   1. a fast restart of the database mid-storm;
//   2. a 20 s stop, with strikes near venues during the gap (/readyz 503 'degraded' with what waits; the
//      lightning stream opened before it carries their delays once the database is back);
//   3. a SIGKILL of the product while the database is away and strikes wait in its journal, then a restart
//      (which waits for the database) and the database back.
// Each ends with every strike sent stored once, each venue's delay started at its strike's time, and each
// expected e-mail (one delay alert per venue) delivered exactly once.
// They run in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL set, as `.ci/run` does); without it they
// are skipped, said once below.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPoint } from '@allclear/domain';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import {
  buildCustomer,
  buildLocation,
  buildOrganizationLocation,
  buildSite,
  buildUser,
} from '../src/db/factories.ts';
import { organizationLocationSites } from '../src/db/schema/index.ts';
import { startSmtpServer } from '../src/engine/notifications/test-fakes.ts';
import { issueTestToken } from '../src/modules/identity/test-tokens.ts';
import { freePort, startMigratedOwnPostgres, type OwnPostgres } from './own-postgres.ts';
import { waitUntil } from './wait-until.ts';
import { startProductProcess, type ProductProcess } from './product-process.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) {
  console.warn(
    '[ingest-outage] fault tests skipped: they run in the PostgreSQL pass of npm test (set TEST_DATABASE_URL); ' +
      'each starts a PostgreSQL of its own from the machine’s server binaries',
  );
}

interface FeedStrike {
  id: string;
  time: string;
  latitude: number;
  longitude: number;
  type: 1;
  amperageKa: number;
}

/** The licensed feed: NDJSON over a WebSocket; a strike counts as sent once a connected product got it. */
async function startFeed() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const sockets = new Set<WebSocket>();
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const sent: FeedStrike[] = [];
  return {
    url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}`,
    sent,
    connected: () => sockets.size > 0,
    /** Sends to every connected product; false (nothing counted) when none is connected. */
    send(strikes: FeedStrike[]): boolean {
      const open = [...sockets].filter((s) => s.readyState === s.OPEN);
      if (open.length === 0) return false;
      const text = strikes.map((s) => JSON.stringify(s)).join('\n');
      for (const s of open) s.send(text);
      sent.push(...strikes);
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.terminate();
        wss.close(() => resolve());
      }),
  };
}

type Feed = Awaited<ReturnType<typeof startFeed>>;

const VENUES = 6;
const MINUTE = 60_000;

let pg: OwnPostgres;
let db: DatabaseHandle;
let feed: Feed;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
let port: number;
let product: ProductProcess | undefined;
let productEnv: Record<string, string>;
const venues: { id: number; label: string; latitude: number; longitude: number }[] = [];
let coachId: string;

/** Opens GET /stream/Lightning as the coach; collects its 'lightning' events. */
async function openLightningStream() {
  const token = await issueTestToken(db, { userId: coachId, publicUrl: product!.baseUrl });
  const abort = new AbortController();
  const res = await fetch(`${product!.baseUrl}/stream/Lightning`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const events: { locationId: number; inDelay: boolean }[] = [];
  let buffer = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: lightning\ndata: (.*)$/m.exec(block)?.[1];
        if (data) events.push(JSON.parse(data) as { locationId: number; inDelay: boolean });
      }
    }
  })().catch(() => undefined);
  return {
    events,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

/** A storm far from every venue (north-east of them by hundreds of miles): 50 strikes a second. */
function startStorm(): () => void {
  let n = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const strikes = Array.from({ length: 5 }, (_, i) => {
      n += 1;
      return {
        id: `storm-${now}-${n}`,
        // distinct times: the strikes table refuses a second strike at the same time and place
        time: new Date(now + i).toISOString(),
        latitude: 45 + ((n * 7919) % 1000) / 1000,
        longitude: -80 + ((n * 104729) % 1000) / 1000,
        type: 1 as const,
        amperageKa: -20,
      };
    });
    feed.send(strikes);
  }, 100);
  return () => clearInterval(timer);
}

/** A strike 2 miles from venue `i` now, sent on the feed. */
function strikeNear(i: number): FeedStrike {
  const venue = venues[i]!;
  const p = destinationPoint(venue, 45, 2);
  const strike = {
    id: `near-${venue.id}-${Date.now()}`,
    time: new Date().toISOString(),
    latitude: p.latitude,
    longitude: p.longitude,
    type: 1 as const,
    amperageKa: -25,
  };
  if (!feed.send([strike])) {
    throw new Error(`the product is not connected to the feed\n${product?.output().slice(-6000)}`);
  }
  return strike;
}

const until = <T>(what: string, probe: () => Promise<T | undefined | false>, ms = 60_000) =>
  waitUntil(what, probe, ms, () => `--- product output ---\n${product?.output().slice(-6000)}`);

const delaySubject = (i: number) => `Lightning delay at ${venues[i]!.label}`;
const mailsTo = (i: number) =>
  smtp.mails.filter((m) => new RegExp(`^Subject: ${delaySubject(i)}\\s*$`, 'm').test(m.raw));

/**
 * Every strike sent so far stored exactly once; each venue struck in delay from its strike's time; its delay
 * e-mail delivered exactly once.
 */
async function expectSettled(struck: { venue: number; strike: FeedStrike }[]): Promise<void> {
  const ids = feed.sent.map((s) => s.id);
  await until('every strike sent to be stored', async () => {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from strikes where id = any($1)', [
      ids,
    ]);
    return row!.n === ids.length;
  });
  // stored once each (the id is the key), and nothing stored that was not sent
  const stored = await db.query<{ id: string }>("select id from strikes where source = 'lightning-feed'");
  const sent = new Set(feed.sent.map((s) => s.id));
  expect(stored.filter((s) => !sent.has(s.id))).toEqual([]);

  for (const { venue, strike } of struck) {
    const zone = await until(`venue ${venue}'s delay row`, async () => {
      const [row] = await db.query<{ delay_started_at: Date; in_delay: boolean }>(
        'select delay_started_at, in_delay from lightning_zone_states where location_id = $1 and zone = 1',
        [venues[venue]!.id],
      );
      return row?.delay_started_at ? row : undefined;
    });
    expect(zone.in_delay).toBe(true);
    expect(zone.delay_started_at.toISOString()).toBe(strike.time);
    await until(`the delay e-mail of venue ${venue}`, async () => mailsTo(venue).length > 0);
  }
  // what could come twice has had its time to
  await sleep(2_000);
  for (const { venue } of struck) expect(mailsTo(venue)).toHaveLength(1);
}

describe.skipIf(!enabled)('a database outage under a storm (issue 21 fault tests, own PostgreSQL)', () => {
  let stopStorm: () => void = () => {};

  beforeAll(async () => {
    ({ pg, db } = await startMigratedOwnPostgres());
    await seedReferenceData(db);
    const customer = await buildCustomer(db.db, { name: 'Storm County Schools' });
    const site = await buildSite(db.db, { customerId: customer.id });
    const coach = await buildUser(db.db, {
      customerId: customer.id,
      siteId: site.id,
      email: 'coach@storm.test',
      password: 'Test-password-1',
    });
    coachId = coach.id;
    for (let i = 0; i < VENUES; i++) {
      const place = { latitude: 33 + i * 0.6, longitude: -97.5 };
      const venue = await buildOrganizationLocation(db.db, { customerId: customer.id, ...place });
      await db.db
        .insert(organizationLocationSites)
        .values({ customerId: customer.id, organizationLocationId: venue.id, siteId: site.id });
      const label = `Storm Field ${i + 1}`;
      const location = await buildLocation(db.db, {
        customerId: customer.id,
        organizationLocationId: venue.id,
        label,
        ...place,
        radius1: 5,
        radius2: 0,
        radius3: 0,
        radius4: 0,
        allClearMinutes: 30,
        flags: 0,
      });
      venues.push({ id: location.id, label, ...place });
    }
    smtp = await startSmtpServer();
    feed = await startFeed();
    dataDir = mkdtempSync(join(tmpdir(), 'allclear-outage-'));
    port = await freePort();
    productEnv = {
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      LIGHTNING_FEED_URL: feed.url,
      SMTP_URL: smtp.url,
      NOTIFY_SMS: 'off',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
    };
    product = await startProductProcess(port, productEnv);
    await until('the product to connect to the feed', async () => feed.connected());
    stopStorm = startStorm();
  }, 180_000);

  afterAll(async () => {
    stopStorm();
    await product?.stop().catch(() => undefined);
    await feed?.close();
    await smtp?.close();
    await db?.close().catch(() => undefined);
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a fast restart of the database mid-storm: nothing lost, nothing twice', async () => {
    const before = strikeNear(0);
    await until('the first delay e-mail', async () => mailsTo(0).length > 0);
    await pg.stop('fast');
    const during = strikeNear(1);
    await pg.start();
    await expectSettled([
      { venue: 0, strike: before },
      { venue: 1, strike: during },
    ]);
  }, 120_000);

  it('a 20 s stop: strikes near venues during the gap start their delays at their own times, alerted once when it is back', async () => {
    const stream = await openLightningStream();
    await pg.stop('fast');
    const downAt = Date.now();
    await sleep(2_000);
    const early = strikeNear(2);
    await sleep(3_000);
    const later = strikeNear(3);
    const held = await until('/readyz to report the strikes waiting', async () => {
      const r = await product!.readyz();
      return r.status === 503 && (r.body.ingest?.strikes?.waiting ?? 0) >= 2 ? r : undefined;
    });
    expect(held.body).toMatchObject({ status: 'degraded', database: 'unavailable', alertsHeldBack: true });
    expect(held.body.ingest!.strikes!.state).toBe('held');
    expect(held.body.ingest!.strikes!.oldestWaitingSeconds).toBeGreaterThanOrEqual(4);
    await sleep(Math.max(0, downAt + 20_000 - Date.now()));
    await pg.start();

    await expectSettled([
      { venue: 2, strike: early },
      { venue: 3, strike: later },
    ]);
    // the history says how late: held about 15 s and more
    expect(mailsTo(2)[0]!.raw.replace(/=\r?\n/g, '')).toMatch(
      /Sent \d+ s late: the strike at .* was held while the database was unavailable/,
    );
    const after = await until('/readyz ready again', async () => {
      const r = await product!.readyz();
      return r.status === 200 && r.body.status === 'ready' ? r : undefined;
    });
    expect(after.body.ingest!.strikes).toMatchObject({ state: 'live', waiting: 0, failed: 0 });
    expect(after.body.ingest!.strikes!.lastCatchUp!.records).toBeGreaterThan(500);
    // the alerts went out about when the database came back, and their delays read as if it had never gone
    const [event] = await db.query<{ occurred_at: Date; details: { heldSeconds: number } }>(
      "select occurred_at, details from alert_events where location_id = $1 and kind = 'lightning-delay'",
      [venues[2]!.id],
    );
    expect(event!.details.heldSeconds).toBeGreaterThanOrEqual(15);
    expect(event!.occurred_at.getTime() - Date.parse(early.time)).toBeLessThan(MINUTE);
    // the stream opened before the outage carries both delays once the database is back
    await until('the stream to carry both delays', async () =>
      [2, 3].every((i) => stream.events.some((e) => e.locationId === venues[i]!.id && e.inDelay)),
    );
    await stream.close();
  }, 120_000);

  it('a SIGKILL of the product while the database is away and strikes wait: after a restart, every strike applied and alerted once', async () => {
    await pg.stop('fast');
    const sentBefore = feed.sent.length;
    const first = strikeNear(4);
    await sleep(1_000);
    const second = strikeNear(5);
    await sleep(1_000);
    stopStorm();
    const waiting = feed.sent.length - sentBefore;
    await until('every strike of the gap journalled', async () => {
      const r = await product!.readyz();
      return (r.body.ingest?.strikes?.waiting ?? 0) >= waiting;
    });
    await product!.kill();

    // restarted while the database is still away: it waits for it, then applies what its journal kept
    const restarting = startProductProcess(port, productEnv);
    await sleep(3_000);
    await pg.start();
    product = await restarting;
    await until('the product to connect to the feed again', async () => feed.connected());
    stopStorm = startStorm();

    await expectSettled([
      { venue: 4, strike: first },
      { venue: 5, strike: second },
    ]);
    // the earlier venues' alerts were not sent again by the restart
    for (let i = 0; i < 4; i++) expect(mailsTo(i)).toHaveLength(1);
    expect(product.output()).toContain('applying the strikes an earlier run kept in the journal');
  }, 150_000);
});
