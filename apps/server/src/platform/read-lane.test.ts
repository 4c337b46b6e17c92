// Which routes the read lane may answer, from the hooks Fastify runs for them (their context): only those whose every
// hook it knows and does itself; anything else, however named, keeps the route in Fastify's pipeline.
import type { AddressInfo } from 'node:net';
import Fastify, { type onRequestHookHandler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReadLane, refusal, type LaneTarget } from './read-lane.ts';

const target: LaneTarget = { handler: async () => ({}), body: () => '{}' };
const named = (name: string) => {
  const fn = () => undefined;
  Object.defineProperty(fn, 'name', { value: name });
  // Fastify binds each hook to its instance
  return fn.bind(null);
};
const readContext = (hooks: Record<string, unknown[] | null> = {}, more: object = {}) => ({
  config: { lane: target },
  onRequest: [named('setDataHeaders'), named('documentHeadersOn404'), named('authenticateHook')],
  preHandler: [named('checkDevFaults')],
  onResponse: [named('logAnswered')],
  onSend: null,
  ...hooks,
  ...more,
});

describe('refusal', () => {
  it("lets a route-table read through whose hooks are the lane's own", () => {
    expect(refusal(readContext())).toBeUndefined();
    expect(
      refusal(readContext({ onRequest: [named('setDataHeaders'), named('signedOrToken')] })),
    ).toBeUndefined();
  });

  it('refuses a route with any other hook, an anonymous one, or one in another phase', () => {
    const extra = [named('setDataHeaders'), named('authenticateHook'), named('loopbackOnly')];
    expect(refusal(readContext({ onRequest: extra }))).toBe('its onRequest hook loopbackOnly');
    expect(refusal(readContext({ onRequest: [named('setDataHeaders'), () => undefined] }))).toBe(
      'its onRequest hook anonymous',
    );
    expect(refusal(readContext({ onSend: [named('logAnswered')] }))).toBe('its onSend hook logAnswered');
    expect(refusal(readContext({ preValidation: [named('checkDevFaults')] }))).toBe(
      'its preValidation hook checkDevFaults',
    );
  });

  it("refuses what is not a route-table read, a document's headers, a header schema", () => {
    expect(refusal(readContext({}, { config: {} }))).toBe('not a route-table read');
    expect(refusal(readContext({ onRequest: [named('setDocumentHeaders')] }))).toBe('not a data answer');
    expect(refusal(readContext({}, { schema: { headers: {} } }))).toBe('a header schema');
  });
});

describe('ReadLane on a small app', () => {
  // Fastify with the lane's router and server, as buildApp makes it: one read the lane may answer, one with a hook of
  // its own, one found by a host constraint, and a param route the others could be mistaken for.
  async function smallApp() {
    const lane = new ReadLane();
    const app = Fastify({ routerOptions: lane.routerOptions, serverFactory: lane.serverFactory });
    const setDataHeaders: onRequestHookHandler = (_request, reply, done) => {
      reply.header('x-frame-options', 'DENY');
      done();
    };
    const answer = (name: string): LaneTarget => ({
      handler: async (request) => ({ name, params: request.params }),
      body: (value) => JSON.stringify(value),
    });
    const route = (url: string, name: string, more: object = {}) =>
      app.route({
        method: 'GET',
        url,
        onRequest: [setDataHeaders],
        config: { lane: answer(name) },
        handler: async (request) => ({ name, params: request.params }),
        ...more,
      });
    route('/read', 'read');
    route('/own-hook', 'own-hook', {
      onRequest: [setDataHeaders, (_request: unknown, _reply: unknown, done: () => void) => done()],
    });
    route('/hosted', 'hosted', { constraints: { host: 'example.org' } });
    route('/read', 'read-elsewhere', { constraints: { host: 'example.org' } });
    route('/:id', 'by-id');
    // an answer that never changes, as /healthz's: its handler runs only in Fastify
    const fixedRuns = { count: 0 };
    const fixedHandler = async () => {
      fixedRuns.count++;
      return { status: 'ok' };
    };
    app.route({
      method: 'GET',
      url: '/fixed',
      onRequest: [setDataHeaders],
      config: {
        lane: { handler: fixedHandler, body: (value) => JSON.stringify(value), fixed: '{"status":"ok"}' },
      },
      handler: fixedHandler,
    });
    // a query its schema parses (counted), whose handler may try to change it in place
    const parses = { count: 0 };
    const countedQuery = z
      .object({ n: z.coerce.number().int(), tags: z.array(z.string()).optional() })
      .transform((q) => {
        parses.count++;
        return q;
      });
    const changing = async (request: { query: unknown }) => {
      const query = request.query as { n: number };
      if (query.n < 0) query.n = 0;
      return { n: query.n };
    };
    app.setValidatorCompiler(validatorCompiler);
    app.route({
      method: 'GET',
      url: '/counted',
      schema: { querystring: countedQuery },
      onRequest: [setDataHeaders],
      config: { lane: { handler: changing, body: (value) => JSON.stringify(value) } },
      handler: changing,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    lane.index(app, {
      log: app.log,
      keptPrincipal: () => undefined,
      faultsSet: () => false,
      dataHeaders: { 'x-frame-options': 'DENY' },
    });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return { app, lane, base, fixedRuns, parses };
  }

  it('answers the reads it knows and leaves the others to Fastify, each by the route Fastify finds', async () => {
    const { app, lane, base } = await smallApp();
    try {
      expect(lane.leftOut).toEqual([
        { url: '/read', reason: 'route constraints' },
        { url: '/own-hook', reason: 'its onRequest hook anonymous' },
        { url: '/hosted', reason: 'route constraints' },
      ]);
      const get = async (path: string) => {
        const before = lane.counts.answered;
        const res = await fetch(`${base}${path}`);
        return { status: res.status, body: await res.json(), inLane: lane.counts.answered > before };
      };
      // Fastify tells the two /read routes apart by the host: the lane does not
      expect(await get('/read')).toEqual({ status: 200, body: { name: 'read', params: {} }, inLane: false });
      expect(await get('/7')).toEqual({
        status: 200,
        body: { name: 'by-id', params: { id: '7' } },
        inLane: true,
      });
      // neither is answered as /:id
      expect(await get('/own-hook')).toMatchObject({ body: { name: 'own-hook' }, inLane: false });
      expect(await get('/hosted')).toMatchObject({ status: 200, body: { name: 'by-id' }, inLane: false });
      lane.close();
      expect(await get('/7')).toMatchObject({ body: { name: 'by-id' }, inLane: false });
    } finally {
      await app.close();
    }
  });

  it("sends a fixed answer without running its handler, with the headers and body Fastify's would have", async () => {
    const { app, lane, base, fixedRuns } = await smallApp();
    try {
      const get = async (path: string) => {
        const before = lane.counts.answered;
        const res = await fetch(`${base}${path}`);
        const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
        return { status: res.status, headers, body: await res.text(), inLane: lane.counts.answered > before };
      };
      const inLane = await get('/fixed');
      // the router's case and trailing slash, as Fastify's
      expect(await get('/FIXED/')).toEqual(inLane);
      expect(inLane).toMatchObject({ status: 200, body: '{"status":"ok"}', inLane: true });
      expect(fixedRuns.count).toBe(0);
      lane.close();
      const inFastify = await get('/fixed');
      expect(fixedRuns.count).toBe(1);
      expect(inFastify).toEqual({ ...inLane, inLane: false });
      expect(inFastify.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'content-type': 'application/json; charset=utf-8',
        'content-length': '15',
      });
    } finally {
      await app.close();
    }
  });

  it('parses a URL once: its route, params and query are kept, frozen, for the next requests of the same URL', async () => {
    const { app, lane, base, parses } = await smallApp();
    try {
      const get = async (path: string) => {
        const before = { ...lane.counts };
        const res = await fetch(`${base}${path}`);
        const inLane = lane.counts.answered > before.answered && lane.counts.declined === before.declined;
        return { status: res.status, body: (await res.json()) as unknown, inLane };
      };
      for (let i = 0; i < 3; i++)
        expect(await get('/counted?n=4&tags=a&tags=b')).toEqual({
          status: 200,
          body: { n: 4 },
          inLane: true,
        });
      expect(parses.count).toBe(1);
      expect(await get('/counted?n=5')).toEqual({ status: 200, body: { n: 5 }, inLane: true });
      expect(parses.count).toBe(2);
      // a handler that changes its query in place cannot change the kept one: the lane declines, Fastify answers
      // from its own parse, and the next request of the URL finds the query as parsed
      expect(await get('/counted?n=-3')).toEqual({ status: 200, body: { n: 0 }, inLane: false });
      expect(await get('/counted?n=-3')).toEqual({ status: 200, body: { n: 0 }, inLane: false });
      expect(parses.count).toBe(5);
      // a refused query is kept as refused: Fastify answers its 400 each time
      expect((await get('/counted?n=x')).status).toBe(400);
      expect((await get('/counted?n=x')).status).toBe(400);
      // indexing again forgets every URL
      lane.index(app, {
        log: app.log,
        keptPrincipal: () => undefined,
        faultsSet: () => false,
        dataHeaders: {},
      });
      expect(await get('/counted?n=4&tags=a&tags=b')).toMatchObject({ body: { n: 4 }, inLane: true });
      expect(parses.count).toBe(6);
    } finally {
      await app.close();
    }
  });
});
