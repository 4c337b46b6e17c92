// GET /stream/Lightning on the real app and a real socket: a scenario strike reaches the stream within a
// second, extensions and the all-clear follow, each caller hears only the locations the lightning calls
// would show them, a missing or bad token is refused with 401, a stream ends with its token, and closing the
// app ends open streams. openSse on its own: a client gone early, a client that stops reading, a stalled close.
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLightningStreamEvent, type TLightningStreamEvent } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildLocation, buildUser } from '../../db/factories.ts';
import { createLightningEngine, type LightningEngine } from '../../engine/lightning/engine.ts';
import { silentLogger, strikeAt } from '../../engine/lightning/test-support.ts';
import { openSse, type SseConnection, type SseOptions } from './sse.ts';

let t: TestApp;
let engine: LightningEngine;
let base: string;
let superToken: string;
const open: EventStream[] = [];

// Far from the simulator's default storms (Dallas), and far from each other.
const NEBRASKA = { latitude: 41.5, longitude: -100.5 };
const KENTUCKY = { latitude: 37.5, longitude: -85.5 };
let shared: { id: number };
let adminOwned: { id: number };
let otherCustomer: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  engine = createLightningEngine({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    bus: t.bus,
    enqueueAlert: async () => {},
    log: silentLogger,
    autoTick: false,
  });
  shared = await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: null, ...NEBRASKA });
  adminOwned = await buildLocation(t.db.db, {
    customerId: t.a.customer.id,
    userId: t.a.admin.id,
    ...NEBRASKA,
  });
  otherCustomer = await buildLocation(t.db.db, { customerId: t.b.customer.id, userId: null, ...KENTUCKY });
  await engine.start();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const superAdmin = await buildUser(t.db.db, {
    customerId: t.a.customer.id,
    role: 'Super Admin',
    password: 'Test-password-1',
  });
  superToken = await t.tokenFor(superAdmin.id);
}, 60_000);

afterAll(async () => {
  for (const s of open) s.cancel();
  await engine?.stop();
  await t?.close();
});

interface SseMessage {
  event: string;
  data: string;
}

/**
 * A client of one event stream: collects every message and comment as it arrives. It uses node:http on a
 * socket of its own: fetch's pool opens a spare socket when a body is aborted, and a socket that never
 * sends a request is not idle to the server, so it would hold app.close() (a client artefact, not ours).
 */
class EventStream {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private request?: ClientRequest;

  static async connect(token: string): Promise<EventStream> {
    const s = new EventStream();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      s.request = httpGet(
        `${base}/stream/Lightning`,
        { agent: false, headers: { authorization: `Bearer ${token}` } },
        resolve,
      );
      s.request.on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    s.read(res);
    open.push(s);
    await s.until(() => s.comments.includes('connected'));
    return s;
  }

  private read(res: IncomingMessage): void {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.take(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    });
    const ended = () => {
      this.ended = true;
      this.wake();
    };
    res.on('end', ended);
    res.on('close', ended);
    res.on('error', ended);
  }

  private take(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) this.messages.push({ event, data: data.join('\n') });
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The parsed lightning events so far. */
  lightning(): TLightningStreamEvent[] {
    return this.messages
      .filter((m) => m.event === 'lightning')
      .map((m) => ZLightningStreamEvent.parse(JSON.parse(m.data)));
  }

  /** Resolves once `done()` holds; rejects after `timeoutMs`. */
  until(done: () => boolean, timeoutMs = 2_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('stream: timed out')), timeoutMs);
      const check = () => {
        if (done()) {
          clearTimeout(timer);
          resolve();
        } else if (this.ended) {
          clearTimeout(timer);
          reject(new Error('stream: ended'));
        } else this.waiters.push(check);
      };
      check();
    });
  }

  cancel(): void {
    this.request?.destroy();
  }
}

async function dropStrike(at: { latitude: number; longitude: number }, miles = 3): Promise<void> {
  const p = strikeAt(at, miles, t.clock.now());
  const res = await fetch(`${base}/api/sim/strikes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ latitude: p.latitude, longitude: p.longitude }),
  });
  expect(res.status).toBe(200);
}

const forLocation = (s: EventStream, id: number) => s.lightning().filter((e) => e.locationId === id);

describe('GET /stream/Lightning', () => {
  it('refuses a request without a token, or with a bad one, with 401 and the responseException body', async () => {
    const none = await fetch(`${base}/stream/Lightning`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ responseException: { message: 'Unauthorized', errors: {} } });
    const bad = await fetch(`${base}/stream/lightning`, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    const body = (await bad.json()) as { responseException: { message: string } };
    expect(body.responseException.message).toBe('Unauthorized');
    // the token is never taken from the URL
    const inUrl = await fetch(`${base}/stream/Lightning?access_token=${superToken}`);
    expect(inUrl.status).toBe(401);
    await inUrl.text();
  });

  it("yields the scenario strike's delay for the location within a second, with the zone countdown and the strike", async () => {
    const stream = await EventStream.connect(await t.tokenFor(t.a.customerUser.id));
    const started = performance.now();
    await dropStrike(NEBRASKA, 3);
    await stream.until(() => forLocation(stream, shared.id).length > 0, 1_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    const [event] = forLocation(stream, shared.id);
    // radius1 is 10 mi by default and all-clear 30 min: a strike 3 mi away puts zone 1 (and the wider ones) in delay
    expect(event).toMatchObject({ locationId: shared.id, item1: '00:30:00', inDelay: true });
    expect(event!.lastStrike!.distanceMiles).toBeCloseTo(3, 1);
    expect(event!.lastStrike!.time).toBe(t.clock.now().toISOString());
    stream.cancel();
  });

  it('sends the extension of a delay and its all-clear', async () => {
    const stream = await EventStream.connect(await t.tokenFor(t.a.admin.id));
    const start = t.clock.now().getTime();
    t.clock.set(new Date(start + 10 * 60_000));
    await dropStrike(NEBRASKA, 4);
    await stream.until(() => forLocation(stream, shared.id).length === 1);
    expect(forLocation(stream, shared.id)[0]).toMatchObject({ item1: '00:30:00', inDelay: true });

    t.clock.set(new Date(start + 41 * 60_000));
    await engine.tick();
    await stream.until(() => forLocation(stream, shared.id).length === 2);
    expect(forLocation(stream, shared.id)[1]).toMatchObject({
      item1: '00:00:00',
      item2: '00:00:00',
      item3: '00:00:00',
      item4: '00:00:00',
      inDelay: false,
    });
    stream.cancel();
  });

  it("never sends another customer's location, nor a location the caller's role may not see", async () => {
    const customerA = await EventStream.connect(await t.tokenFor(t.a.customerUser.id));
    const adminA = await EventStream.connect(await t.tokenFor(t.a.admin.id));
    const adminB = await EventStream.connect(await t.tokenFor(t.b.admin.id));
    await dropStrike(NEBRASKA, 2);
    await dropStrike(KENTUCKY, 2);
    // each stream hears something, so the silence below is not a dead stream
    await adminB.until(() => forLocation(adminB, otherCustomer.id).length > 0);
    await adminA.until(
      () => forLocation(adminA, shared.id).length > 0 && forLocation(adminA, adminOwned.id).length > 0,
    );
    await customerA.until(() => forLocation(customerA, shared.id).length > 0);

    expect(new Set(adminB.lightning().map((e) => e.locationId))).toEqual(new Set([otherCustomer.id]));
    expect(new Set(adminA.lightning().map((e) => e.locationId))).toEqual(new Set([shared.id, adminOwned.id]));
    // a Customer sees their own and the shared locations, not the admin's own
    expect(new Set(customerA.lightning().map((e) => e.locationId))).toEqual(new Set([shared.id]));
    for (const s of [customerA, adminA, adminB]) s.cancel();
  });

  it('ends the stream when the bearer token expires, so a disabled user or a changed role is not heard past it', async () => {
    // the token check cannot see a user disabled or a role changed after the stream opened; its expiry bounds that
    const stream = await EventStream.connect(await t.tokenFor(t.a.customerUser.id, { expiresInSeconds: 1 }));
    await stream.until(() => stream.ended, 3_000);
  });

  it('ends open streams when the app closes, and one still being authenticated, without waiting for them', async () => {
    const stream = await EventStream.connect(await t.tokenFor(t.a.admin.id));
    const token = await t.tokenFor(t.a.admin.id);
    // the app starts closing while a second stream request is between its arrival and its handler
    const closing = new Promise<void>((resolve, reject) =>
      t.app.server.once('request', () => t.app.close().then(resolve, reject)),
    );
    const late = new Promise<void>((resolve) => {
      const request = httpGet(
        `${base}/stream/Lightning`,
        { agent: false, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          res.resume();
          res.on('close', resolve);
        },
      );
      request.on('error', () => resolve());
    });
    const started = performance.now();

    await Promise.race([
      Promise.all([closing, late]),
      new Promise((_, reject) => setTimeout(() => reject(new Error('app.close hung')), 3_000)),
    ]);
    expect(performance.now() - started).toBeLessThan(3_000);
    await stream.until(() => stream.ended);
  });
});

// openSse on its own server, so a test controls when a stream opens, how fast its client reads and how much
// is sent to it.
describe('openSse', () => {
  interface Opened {
    connection: SseConnection;
    closed: boolean;
  }
  let sse: FastifyInstance;
  let url: string;
  let options: SseOptions = {};
  let beforeOpen: (request: FastifyRequest) => Promise<void> = async () => {};
  const opened: Opened[] = [];

  beforeAll(async () => {
    sse = Fastify({ forceCloseConnections: true });
    sse.get('/sse', async (request, reply) => {
      await beforeOpen(request);
      const entry = { closed: false } as Opened;
      entry.connection = openSse(reply, () => (entry.closed = true), options);
      opened.push(entry);
      return reply;
    });
    url = await sse.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await sse?.close();
  });

  const waitFor = async (done: () => boolean, timeoutMs = 2_000) => {
    const until = performance.now() + timeoutMs;
    while (!done()) {
      if (performance.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  /** A client that reads the first line, then stops reading (a stalled tab, a dead mobile link). */
  async function connectAndStall(): Promise<{ opened: Opened; ended: Promise<void>; res: IncomingMessage }> {
    const count = opened.length;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${url}/sse`, { agent: false }, resolve).on('error', reject),
    );
    const ended = new Promise<void>((resolve) => {
      res.on('close', resolve);
      res.on('error', () => resolve());
    });
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
    await waitFor(() => opened.length > count);
    return { opened: opened.at(-1)!, ended, res };
  }

  /** Sends events of 16 KiB until `stop()` holds or `limitBytes` went out; returns the bytes sent. */
  async function flood(connection: SseConnection, stop: () => boolean, limitBytes: number): Promise<number> {
    const payload = 'x'.repeat(16 * 1024);
    let sent = 0;
    while (!stop() && sent < limitBytes) {
      for (let i = 0; i < 64; i++) connection.send('flood', payload);
      sent += 64 * payload.length;
      // let the socket take what it can, as between two engine ticks
      await new Promise((r) => setImmediate(r));
    }
    return sent;
  }

  it('runs onClose when the client left before the stream opened (while its token was checked)', async () => {
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    beforeOpen = async (request) => {
      arrived();
      await new Promise((r) => request.raw.socket.once('close', r));
    };
    const count = opened.length;
    const request = httpGet(`${url}/sse`, { agent: false });
    request.on('error', () => {});
    await inHandler;
    request.destroy();
    beforeOpen = async () => {};

    await waitFor(() => opened.length > count);
    await waitFor(() => opened.at(-1)!.closed);
  });

  it('drops a client that stops reading once more than maxBufferedBytes wait for it, instead of buffering on', async () => {
    options = { maxBufferedBytes: 256 * 1024 };
    const client = await connectAndStall();
    const sent = await flood(client.opened.connection, () => client.opened.closed, 64 * 1024 * 1024);
    options = {};

    expect(client.opened.closed).toBe(true);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    client.res.resume();
    await client.ended;
  });

  it('close() cuts a client that does not read the end of its stream, so a shutdown never waits on it', async () => {
    options = { maxBufferedBytes: 256 * 1024 * 1024, closeGraceMs: 200 };
    const client = await connectAndStall();
    // more than the sockets hold, so the end of the stream queues behind it
    await flood(client.opened.connection, () => false, 16 * 1024 * 1024);
    options = {};

    const started = performance.now();
    await Promise.race([
      client.opened.connection.close(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('close() hung')), 2_000)),
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);
    client.res.resume();
    await client.ended;
  });
});
