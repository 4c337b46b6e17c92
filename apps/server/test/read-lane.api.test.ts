// The read lane (platform/read-lane.ts, issue 18) answers a dashboard's reads over HTTP byte for byte as Fastify does
// (status, every header but the date, the body), and leaves to Fastify every request it cannot answer the same way:
// a token not yet verified, params its schema refuses, another customer's record, a role the policy refuses, a
// development fault, a route with a hook it does not know.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that belong to the connection, not the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const answerOf = (
  status: number,
  headers: Iterable<[string, string | string[] | undefined]>,
  body: string,
) => {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers)
    if (!CONNECTION_HEADERS.has(name) && value !== undefined) kept[name] = String(value);
  return { status, headers: kept, body };
};

async function viaFastify(url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return answerOf(res.statusCode, Object.entries(res.headers) as [string, string][], res.body);
}

async function viaHttp(url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${base}${url}`, { headers });
  return answerOf(res.status, res.headers, await res.text());
}

const lane = () => t.app.readLane!.counts;

/** The request over HTTP, and whether the lane answered it. */
async function laneAnswered(url: string, headers: Record<string, string>): Promise<[Answer, boolean]> {
  const before = lane().answered;
  const answer = await viaHttp(url, headers);
  return [answer, lane().answered === before + 1];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the read lane', () => {
  it("answers each of the dashboard's reads as Fastify does", async () => {
    const headers = bearer(await t.tokenFor(t.a.admin.id));
    const id = t.a.location.id;
    // the token's first request is verified by Fastify's hook; the lane takes the next ones
    expect((await viaHttp('/api/user/current', headers)).status).toBe(200);
    const reads = [
      '/healthz',
      '/api/user/current',
      `/api/Customer/${t.a.customer.id}`,
      '/api/location',
      '/API/Location/', // the router's case and trailing slash, as Fastify's
      '/api/AirQuality',
      `/api/location/Delay/${id}`,
      `/api/observations/ForLocation/${id}`,
      `/api/Advisory/${id}`,
      `/api/PolicyWarnings/Location/${id}`,
      `/api/Lightning/Location/${id}`,
      `/api/ProactiveForecast/Location/${id}`,
      `/api/ThreatForecast/Location/${id}`,
      `/api/forecast/Hourly/ForLocation/${id}?hours=36`,
      `/api/forecast/Daily/ForLocation/${id}`,
      `/api/AirQuality/Location/${id}`,
      '/map/ClusterStrikes?top=34&bottom=31&left=-99&right=-95&zoom=8',
      '/map/StormVectors/All',
      '/map/Alerts',
      '/map/TropicalForecast',
      '/map/past',
    ];
    // twice: the second time each URL's route, params and query are the lane's kept ones
    for (const round of [1, 2])
      for (const url of reads) {
        const fastify = await viaFastify(url, headers);
        const [answer, answered] = await laneAnswered(url, headers);
        expect(answer, `${url} (${round})`).toEqual(fastify);
        expect(answer.status, url).toBe(200);
        expect(answered, `${url} answered by the lane (${round})`).toBe(true);
      }
  });

  it('leaves a token not yet verified to Fastify, then answers its next request', async () => {
    const headers = bearer(await t.tokenFor(t.a.customerUser.id));
    const [first, firstInLane] = await laneAnswered('/api/location', headers);
    expect(first.status).toBe(200);
    expect(firstInLane).toBe(false);
    expect((await laneAnswered('/api/location', headers))[1]).toBe(true);
  });

  it("leaves what Fastify refuses to Fastify: no token, a bad one, bad params, a bad query, another customer's record, a refused role", async () => {
    const admin = bearer(await t.tokenFor(t.a.admin.id));
    const customer = bearer(await t.tokenFor(t.a.customerUser.id));
    const other = bearer(await t.tokenFor(t.b.admin.id));
    for (const headers of [admin, customer, other]) await viaFastify('/api/user/current', headers);
    // the lane never takes what it can see is not its own (no kept token, params or a query its schema refuses, no
    // route); a refusal of the handler itself (another customer's record, a role) is run again by Fastify
    const refused: [string, Record<string, string>, number, 'not taken' | 'handed over'][] = [
      ['/api/location', {}, 401, 'not taken'],
      ['/api/location', bearer('not.a.token'), 401, 'not taken'],
      ['/api/location/Delay/abc', admin, 400, 'not taken'],
      [`/api/forecast/Hourly/ForLocation/${t.a.location.id}?hours=abc`, admin, 400, 'not taken'],
      [`/api/location/Delay/${t.a.location.id}`, other, 404, 'handed over'],
      [`/api/Lightning/Location/${t.a.location.id}`, other, 404, 'handed over'],
      ['/api/user/customer', customer, 403, 'handed over'],
      ['/api/no-such-call', admin, 404, 'not taken'],
    ];
    // twice: a URL the lane kept as not its own, or as its own for another caller, is refused the same way again
    for (const [url, headers, status, how] of [...refused, ...refused]) {
      const fastify = await viaFastify(url, headers);
      const declined = lane().declined;
      const [answer, answered] = await laneAnswered(url, headers);
      expect(answer, url).toEqual(fastify);
      expect(answer.status, url).toBe(status);
      expect(answered, url).toBe(false);
      expect(lane().declined - declined, `${url} ${how}`).toBe(how === 'handed over' ? 1 : 0);
    }
  });

  it('leaves every request to Fastify while a development fault is set', async () => {
    const headers = bearer(await t.tokenFor(t.a.admin.id));
    await viaFastify('/api/user/current', headers);
    const faults = t.app.devFaults!;
    const fault = faults.add({ pathPattern: '^/api/location$', status: 503, userEmail: null, userId: null });
    try {
      const [answer, answered] = await laneAnswered('/api/location', headers);
      expect(answer.status).toBe(503);
      expect(answered).toBe(false);
      // any fault: the lane does not match them itself
      expect((await laneAnswered('/api/user/current', headers))[1]).toBe(false);
    } finally {
      faults.remove(fault.id);
    }
    expect((await laneAnswered('/api/location', headers))[1]).toBe(true);
  });

  it("serves on a server with Fastify's timeouts", () => {
    expect(t.app.server.keepAliveTimeout).toBe(t.app.initialConfig.keepAliveTimeout);
    expect(t.app.server.requestTimeout).toBe(0); // Fastify's default (Node's is 300 s)
    expect(t.app.server.timeout).toBe(t.app.initialConfig.connectionTimeout);
  });

  it('is not there with READ_LANE=off: Fastify answers every request, the same', async () => {
    const off = await buildApp({
      config: { ...t.config, server: { ...t.config.server, readLane: false } },
      db: t.db,
      clock: t.clock,
      weather: t.weather,
      bus: t.bus,
      enqueueAlert: async () => {},
    });
    try {
      await off.listen({ port: 0, host: '127.0.0.1' });
      expect(off.readLane).toBeNull();
      const headers = bearer(await t.tokenFor(t.a.admin.id));
      const url = `/api/location/Delay/${t.a.location.id}`;
      const { port } = off.server.address() as AddressInfo;
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
        expect(answerOf(res.status, res.headers, await res.text())).toEqual(await viaFastify(url, headers));
      }
    } finally {
      await off.close();
    }
  });

  it('leaves out the reads with a hook it does not know, and says so', () => {
    const leftOut = t.app.readLane!.leftOut.map((r) => r.url);
    expect(leftOut).toContain('/dev/outbox.json');
    expect(t.app.readLane!.leftOut.find((r) => r.url === '/dev/outbox.json')!.reason).toMatch(
      /onRequest hook/,
    );
  });
});
