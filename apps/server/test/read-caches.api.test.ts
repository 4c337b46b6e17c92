// The API's read caches (issue 18) serve nothing after its change: each kept answer is dropped by the change the bus
// carries, before the next request; a second API process on the same bus and database sees a change made through
// the first; and a kept answer never reaches a caller the policy refuses. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL. Each read is made twice, first over HTTP, where the read lane (platform/read-lane.ts) answers
// it, then through Fastify (inject): both must agree, and a 200 must be the lane's.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLightningEngine, type LightningEngine } from '../src/engine/lightning/engine.ts';
import { silentLogger, strikeAt } from '../src/engine/lightning/test-support.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
/** A second API process: the same database and bus, its own caches. */
let second: FastifyInstance;
let engine: LightningEngine;

beforeAll(async () => {
  t = await createTestApp();
  const deps = {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    bus: t.bus,
    enqueueAlert: async () => {},
  };
  second = await buildApp(deps);
  await second.ready();
  for (const app of [t.app, second]) await app.listen({ port: 0, host: '127.0.0.1' });
  engine = createLightningEngine({ ...deps, log: silentLogger, autoTick: false });
  await engine.start();
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await second?.close();
  await t?.close();
});

/** A user's bearer header, its token already verified by both processes (so the lane takes its reads). */
async function headersOf(userId: string) {
  const headers = { authorization: `Bearer ${await t.tokenFor(userId)}` };
  for (const app of [t.app, second])
    expect((await app.inject({ method: 'GET', url: '/api/user/current', headers })).statusCode).toBe(200);
  return headers;
}

/**
 * A read over HTTP, where the read lane answers it (a 200 must be the lane's), then the same through Fastify (inject):
 * both must agree. The lane reads first, so each change is shown to reach the lane's next request.
 */
async function get(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const lane = app.readLane!.counts.answered;
  const { port } = app.server.address() as AddressInfo;
  const http = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
  const body: unknown = await http.json();
  const read = {
    status: http.status,
    data: http.status === 200 ? (body as { data: unknown }).data : undefined,
  };
  expect(app.readLane!.counts.answered - lane, `${url} answered by the lane`).toBe(
    read.status === 200 ? 1 : 0,
  );
  const res = await app.inject({ method: 'GET', url, headers });
  const fastify = { status: res.statusCode, data: res.statusCode === 200 ? res.json().data : undefined };
  expect(fastify).toEqual(read);
  return fastify;
}

/** A location as the location form sends it (location/Add, or location/Update with its id). */
const locationBody = (label: string, radius1: number) => ({
  label,
  locationName: 'Arlington, TX',
  latitude: 32.7357,
  longitude: -97.1081,
  radius1,
  radius2: 15,
  radius3: 25,
  radius4: 0,
  allClearMinutes: 30,
  flags: 0,
  forecastLocation: false,
});

/** Adds a location through the API (which tells the bus, as the engine and the caches need). */
async function addLocation(headers: Record<string, string>, label: string, radius1 = 8): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/location/Add',
    headers: { ...headers, returnlocation: 'true' },
    payload: locationBody(label, radius1),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.location.id;
}

/** Edits a location through the API (location/Update), which tells the bus. */
async function updateLocation(headers: Record<string, string>, id: number, label: string, radius1: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/location/Update',
    headers,
    payload: { ...locationBody(label, radius1), id },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a location edited', () => {
  it('is served edited by the next request, to this process and to another one on the same bus', async () => {
    const owner = t.a.customerUser.id;
    const headers = await headersOf(owner);
    const venue = { id: await addLocation(headers, 'Before') };
    const labelIn = async (app: FastifyInstance) =>
      ((await get(app, '/api/location', headers)).data as { id: number; label: string }[]).find(
        (l) => l.id === venue.id,
      )?.label;
    // both processes keep the list
    expect(await labelIn(t.app)).toBe('Before');
    expect(await labelIn(second)).toBe('Before');
    const zonesBefore = await get(second, `/api/Lightning/Location/${venue.id}`, headers);
    expect(zonesBefore.data.zones[0].radius).not.toBe(3);

    await updateLocation(headers, venue.id, 'After', 3);

    expect(await labelIn(t.app)).toBe('After');
    expect(await labelIn(second)).toBe('After');
    // the zones the lightning panel serves follow the edit in the other process too
    const zonesAfter = await get(second, `/api/Lightning/Location/${venue.id}`, headers);
    expect(zonesAfter.data.zones[0].radius).toBe(3);
  });

  it('is served from memory until its change is announced: a write that does not tell the bus is not seen', async () => {
    const headers = await headersOf(t.a.customerUser.id);
    const venue = { id: await addLocation(headers, 'Kept') };
    const label = async () =>
      ((await get(t.app, '/api/location', headers)).data as { id: number; label: string }[]).find(
        (l) => l.id === venue.id,
      )?.label;
    expect(await label()).toBe('Kept');
    await t.db.query('update locations set label = $2 where id = $1', [venue.id, 'Behind its back']);
    expect(await label()).toBe('Kept');
    t.bus.publish('location-changed', { locationId: venue.id, customerId: t.a.customer.id, deleted: false });
    expect(await label()).toBe('Behind its back');
  });

  it('is 404 to another customer before and after it is kept, and once deleted to its owner', async () => {
    const owner = t.a.customerUser.id;
    const headers = await headersOf(owner);
    const stranger = await headersOf(t.b.admin.id);
    const venue = { id: await addLocation(headers, 'Private') };
    for (const path of [
      `/api/observations/ForLocation/${venue.id}`,
      `/api/location/Delay/${venue.id}`,
      `/api/forecast/Daily/ForLocation/${venue.id}`,
    ]) {
      expect((await get(t.app, path, stranger)).status).toBe(404);
      expect((await get(t.app, path, headers)).status).toBe(200);
      // kept for its owner, still refused to another customer's admin
      expect((await get(t.app, path, stranger)).status).toBe(404);
    }
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/location/${venue.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect((await get(t.app, `/api/location/Delay/${venue.id}`, headers)).status).toBe(404);
    expect((await get(second, `/api/observations/ForLocation/${venue.id}`, headers)).status).toBe(404);
  });
});

describe('a strike', () => {
  it("is in the delay and the status served next, by every process, from the engine's event", async () => {
    const headers = await headersOf(t.a.customerUser.id);
    const venue = { id: await addLocation(headers, 'Struck'), latitude: 32.7357, longitude: -97.1081 };
    const clear = { item1: '00:00:00', item2: '00:00:00', item3: '00:00:00', item4: '00:00:00' };
    // read (and kept) before the strike by both processes
    expect((await get(t.app, `/api/location/Delay/${venue.id}`, headers)).data).toEqual(clear);
    expect((await get(second, `/api/location/Delay/${venue.id}`, headers)).data).toEqual(clear);
    expect((await get(second, `/api/Lightning/Location/${venue.id}`, headers)).data.nearestStrike).toBeNull();

    await engine.ingest([strikeAt(venue, 5, t.clock.now())]);
    // the engine tells the bus on the next turn of the event loop, after the strike's commit
    await new Promise((r) => setImmediate(r));

    for (const app of [t.app, second]) {
      expect((await get(app, `/api/location/Delay/${venue.id}`, headers)).data).toEqual({
        ...clear,
        item1: '00:30:00',
        item2: '00:30:00',
        item3: '00:30:00',
      });
      const status = (await get(app, `/api/Lightning/Location/${venue.id}`, headers)).data;
      expect(status.inDelay).toBe(true);
      expect(status.nearestStrike.distanceMiles).toBeCloseTo(5, 1);
    }

    // one status answer serves its second; the next second counts down
    const zone1 = async () =>
      ((await get(t.app, `/api/Lightning/Location/${venue.id}`, headers)).data as {
        checkedAt: string;
        zones: { zone: number; remainingSeconds: number }[];
      }) ?? null;
    t.clock.advance((1000 - (t.clock.now().getTime() % 1000)) % 1000); // at the start of a second
    const first = await zone1();
    t.clock.advance(400);
    expect(await zone1()).toEqual(first);
    t.clock.advance(1_000);
    const later = await zone1();
    expect(later.checkedAt).not.toBe(first.checkedAt);
    expect(later.zones[0]!.remainingSeconds).toBeLessThan(first.zones[0]!.remainingSeconds);
  });
});

/**
 * A GET handed straight to the app's read lane, with a stand-in request and response, as its server hands it: whether
 * it was answered before `take` returned (the request awaited nothing), whether it went to Fastify, and its data.
 */
function takeAtOnce(app: FastifyInstance, url: string, headers: Record<string, string>) {
  let body: Buffer | undefined;
  let toFastify = false;
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const req = { method: 'GET', url, headers };
  const res = {
    headersSent: false,
    writeHead(status: number) {
      expect(status).toBe(200);
      this.headersSent = true;
    },
    end(bytes: Buffer) {
      body = bytes;
      done();
    },
  };
  const fastify = () => {
    toFastify = true;
    done();
  };
  expect(app.readLane!.take(req as never, res as never, fastify)).toBe(true);
  return {
    atOnce: body !== undefined,
    toFastify: () => toFastify,
    data: ended.then(() => (body ? JSON.parse(body.toString()).data : undefined)),
  };
}

describe('a lightning poll with every input in memory', () => {
  it('is answered before the lane returns, and after a strike or an edit from what was read again', async () => {
    const headers = await headersOf(t.a.customerUser.id);
    const venue = { id: await addLocation(headers, 'At once'), latitude: 32.7357, longitude: -97.1081 };
    const status = `/api/Lightning/Location/${venue.id}`;
    const delay = `/api/location/Delay/${venue.id}`;
    // the first reads fill the caches; the next polls await nothing, and answer what Fastify answers
    for (const path of [status, delay]) {
      const read = await get(t.app, path, headers);
      const kept = takeAtOnce(t.app, path, headers);
      expect(kept.atOnce, path).toBe(true);
      expect(await kept.data).toEqual(read.data);
    }

    await engine.ingest([strikeAt(venue, 5, t.clock.now())]);
    await new Promise((r) => setImmediate(r));
    // the strikes near it were dropped by the strike: read again, then kept
    const struck = takeAtOnce(t.app, status, headers);
    expect(struck.atOnce).toBe(false);
    expect((await struck.data).inDelay).toBe(true);
    const next = takeAtOnce(t.app, status, headers);
    expect(next.atOnce).toBe(true);
    expect((await next.data).nearestStrike.distanceMiles).toBeCloseTo(5, 1);
    // the delay's zones are the engine's event's, in memory: at once, and counting from the strike
    const counting = takeAtOnce(t.app, delay, headers);
    expect(counting.atOnce).toBe(true);
    expect((await counting.data).item1).toBe('00:30:00');

    await updateLocation(headers, venue.id, 'At once', 3);
    // the edit dropped the location: read again, with its new zone
    const edited = takeAtOnce(t.app, status, headers);
    expect(edited.atOnce).toBe(false);
    expect((await edited.data).zones[0].radius).toBe(3);

    // another customer's admin: refused by Fastify (404), though every input is kept
    const stranger = await headersOf(t.b.admin.id);
    expect(takeAtOnce(t.app, status, headers).atOnce).toBe(true);
    for (const path of [status, delay]) {
      const refused = takeAtOnce(t.app, path, stranger);
      expect(refused.atOnce).toBe(false);
      expect(refused.toFastify()).toBe(true);
      expect((await get(t.app, path, stranger)).status).toBe(404);
    }
  });
});

describe('a token revoked', () => {
  it('is refused at its next request once its user is deleted, by every process', async () => {
    const leaving = t.a.customerUser.id;
    const headers = await headersOf(leaving);
    expect((await get(t.app, '/api/user/current', headers)).status).toBe(200);
    expect((await get(second, '/api/user/current', headers)).status).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${leaving}`,
      headers: await headersOf(t.a.admin.id),
    });
    expect(deleted.statusCode).toBe(200);

    expect((await get(t.app, '/api/user/current', headers)).status).toBe(401);
    expect((await get(second, `/api/location`, headers)).status).toBe(401);
  });
});
