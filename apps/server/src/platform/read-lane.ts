// The read lane (issue 18): a quick read (a GET of a route-table 'data' or 'json' route, or /healthz, from a caller
// whose token is already verified) is answered beside Fastify's request pipeline rather than through it. Fastify's
// per-request machinery (its Request and Reply, the hook runner, the route's onRequest and onResponse chain, the
// send path) cost 15 to 30 µs a request on top of a hello world's, more than half of a cached read's time (issue 18
// profiles); a plain Node handler in front of Fastify in the same process served /healthz at 95 % of a hello world.
//
// The lane answers a request exactly as Fastify would (same route, same params and query as the route's schemas parse
// them, same principal, same headers and body), or not at all: whenever it cannot be sure it declines, and the request
// goes through Fastify as before. It declines:
// - a request that is not a GET, a URL no route of the lane's answers, a route whose hooks it does not know;
// - a route that requires a caller when the token is missing or not yet verified (the first request of a token, a
//   token forgotten because its user changed: Fastify's hook verifies it, and the lane takes the next ones);
// - params or a query its schemas refuse (Fastify answers 400), a header schema, a development fault set;
// - a handler that throws or rejects (a 404, a 403...), or uses anything of Fastify's the lane does not give
//   (the body, the route's options, another status code than 200...): the handler runs again in Fastify, which
//   answers the error in its usual shape. Only a GET's handler runs here, and a read may be run twice.
// The lane knows a route's hooks by name, from the route's own context (the hooks Fastify runs for it): a route with
// any other hook (the /dev service's loopback check, a scope's own hook) is never answered here, and the routes left
// out are logged at start. An answer that never changes (/healthz's) is written from headers and bytes made at start,
// without running its handler. READ_LANE=off sends every request through Fastify.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { z } from 'zod';
import type { Principal } from './auth.ts';
import { answeredLevel, logsDebug } from './logger.ts';

/** The router options of the app and of the lane, which must find the same route for every URL. */
export const ROUTER_OPTIONS = {
  caseSensitive: false,
  ignoreTrailingSlash: true,
  ignoreDuplicateSlashes: false,
  maxParamLength: 100,
  allowUnsafeRegex: false,
  useSemicolonDelimiter: false,
} as const;

/** Thrown by the lane's request and reply when a handler needs what only Fastify has: the request goes to Fastify. */
export class LaneDeclined extends Error {
  override name = 'LaneDeclined';
}

/** How the lane calls a route's handler and turns its answer into the 200 body Fastify would send. */
export interface LaneTarget {
  /** The route's handler: a promise of its answer, or the answer itself when it had it at once. */
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;
  /** The body of the handler's answer; undefined when the handler sent its answer through the reply. */
  body: (answer: unknown, reply: unknown) => string | Buffer | undefined;
  /**
   * The body of an answer that never changes (/healthz's): the lane sends it, with its headers written out once at
   * start, without running the handler; the handler still answers the requests that go through Fastify.
   */
  fixed?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The read lane answering this app's quick reads; null with READ_LANE=off. */
    readLane: ReadLane | null;
  }
  interface FastifyContextConfig {
    /** Set by `register` (platform/route.ts) on a route the read lane may answer. */
    lane?: LaneTarget;
  }
}

/** The hooks a route may have and still be answered in the lane, by name, and what each one means here. */
const KNOWN_HOOKS: Readonly<Record<string, ReadonlySet<string>>> = {
  // the data answer's security headers (required: the lane sends them), the 404's (no effect on a found route), and
  // the bearer-token checks, which the lane does itself from the verifier's kept tokens
  onRequest: new Set(['setDataHeaders', 'documentHeadersOn404', 'authenticateHook', 'signedOrToken']),
  // the development faults: the lane declines while any is set
  preHandler: new Set(['checkDevFaults']),
  // the request's log line, which the lane writes the same way
  onResponse: new Set(['logAnswered']),
};
const LIFECYCLE_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;
const AUTH_HOOKS = new Set(['authenticateHook', 'signedOrToken']);

/** What Fastify's router keeps of a route (its context), as much as the lane reads. */
interface RouteContext {
  config?: { lane?: LaneTarget };
  schema?: { params?: z.ZodType; querystring?: z.ZodType; headers?: unknown };
  [hook: string]: unknown;
}

interface LaneRoute {
  target: LaneTarget;
  /** A fixed answer's headers (as the flat list `writeHead` takes) and body, made once. */
  fixed?: { headers: readonly string[]; body: Buffer };
  /** A caller is required (the route runs a bearer-token check). */
  signedIn: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
}

/** A route as Fastify's router hands it to the pretty-print hook (its method and constraints apart). */
interface CapturedRoute {
  method: string;
  path: string;
  store: RouteContext;
  opts?: { constraints?: Record<string, unknown> };
}

/** The store of a path the lane never answers: Fastify finds its route by more than the path. */
const CONSTRAINED = Object.freeze({});

/** A route the lane leaves to Fastify, and why. */
export interface LeftOut {
  url: string;
  reason: string;
}

const hookName = (fn: unknown): string =>
  typeof fn === 'function' ? fn.name.replace(/^(bound )+/, '') || 'anonymous' : String(fn);

/** Whether the lane may answer a route with this context: undefined when it may, else why not. */
export function refusal(context: RouteContext): string | undefined {
  if (!context.config?.lane) return 'not a route-table read';
  if (context.schema?.headers) return 'a header schema';
  const onRequest = ((context.onRequest as unknown[] | null) ?? []).map(hookName);
  if (!onRequest.includes('setDataHeaders')) return 'not a data answer';
  for (const hook of LIFECYCLE_HOOKS) {
    const known = KNOWN_HOOKS[hook];
    for (const name of ((context[hook] as unknown[] | null) ?? []).map(hookName))
      if (!known?.has(name)) return `its ${hook} hook ${name}`;
  }
  return undefined;
}

function laneRoute(context: RouteContext, dataHeaders: DataHeaders): LaneRoute {
  const target = context.config!.lane!;
  const fixed = target.fixed === undefined ? undefined : Buffer.from(target.fixed);
  return {
    target,
    fixed: fixed && { headers: dataHeaders.with(JSON_TYPE, fixed.length), body: fixed },
    signedIn: ((context.onRequest as unknown[] | null) ?? []).some((fn) => AUTH_HOOKS.has(hookName(fn))),
    params: context.schema?.params,
    query: context.schema?.querystring,
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** What the lane needs of the app, read when it is ready. */
export interface LaneApp {
  log: FastifyBaseLogger;
  keptPrincipal: (authorization: string | undefined) => Principal | undefined;
  /** Whether a development fault is set (the lane declines then: the fault hook decides). */
  faultsSet: () => boolean;
  dataHeaders: Readonly<Record<string, string>>;
}

type FastifyHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Counts of what the lane did, for tests and the bench. */
export interface LaneCounts {
  answered: number;
  declined: number;
}

export class ReadLane {
  readonly counts: LaneCounts = { answered: 0, declined: 0 };
  /** The routes left to Fastify, from the last `index`. */
  leftOut: LeftOut[] = [];
  #router = FindMyWay(ROUTER_OPTIONS);
  #routes = new Map<object, LaneRoute>();
  #app: LaneApp | undefined;
  #dataHeaders: DataHeaders | undefined;
  #closing = false;
  #ids = 0;
  #capture: ((route: CapturedRoute) => void) | undefined;
  /** What each URL asked lately finds (the router and two schema parses cost about a tenth of a quick read). */
  readonly #byUrl = new Map<string, Found | typeof NOT_HERE>();

  /** Fastify's router options: ROUTER_OPTIONS, and a pretty-print hook through which `index` reads each route. */
  readonly routerOptions = {
    ...ROUTER_OPTIONS,
    buildPrettyMeta: (route: CapturedRoute | undefined) => {
      if (route && this.#capture) this.#capture(route);
      return prettyMeta(route);
    },
  };

  /** An http server for Fastify's `serverFactory`: the lane's requests answered here, the others by Fastify. */
  serverFactory = (handler: FastifyHandler, options: ServerFactoryOptions): Server => {
    const server = createServer(options.http ?? {}, (req, res) => {
      if (!this.take(req, res, handler)) handler(req, res);
    });
    // what Fastify sets on the server it makes itself (fastify/lib/server.js)
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Reads the app's routes (call when it is ready): the lane answers those `refusal` lets through. */
  index(app: FastifyInstance, lane: LaneApp): void {
    const routes: CapturedRoute[] = [];
    this.#capture = (route) => routes.push(route);
    try {
      app.printRoutes({ includeMeta: true });
    } finally {
      this.#capture = undefined;
    }
    this.#router = FindMyWay(ROUTER_OPTIONS);
    this.#routes.clear();
    this.#byUrl.clear();
    this.leftOut = [];
    const dataHeaders = (this.#dataHeaders = dataHeadersOf(lane.dataHeaders));
    try {
      const byPath = new Map<string, CapturedRoute[]>();
      for (const route of routes)
        if (route.method === 'GET') byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
      for (const [path, [route, ...others]] of byPath) {
        const { store, opts } = route!;
        // every GET path, so that the lane finds the route Fastify finds; it answers only those it knows. Routes that
        // Fastify tells apart by other constraints (a host, a version) are never answered here.
        const constrained = others.length > 0 || Object.keys(opts?.constraints ?? {}).length > 0;
        this.#router.on('GET', path, () => undefined, constrained ? CONSTRAINED : store);
        const why = constrained ? 'route constraints' : refusal(store);
        if (why === undefined) this.#routes.set(store, laneRoute(store, dataHeaders));
        else if (store.config?.lane) this.leftOut.push({ url: path, reason: why });
      }
    } catch (err) {
      // two routes the lane cannot tell apart: it answers nothing rather than risk the wrong one
      this.#routes.clear();
      lane.log.warn({ err }, 'read lane: the routes could not be read; every request goes through Fastify');
    }
    this.#app = lane;
    lane.log.info(
      { answered: this.#routes.size, leftOut: this.leftOut },
      'read lane: quick reads answered beside the request pipeline',
    );
  }

  /** The app is closing: every request goes to Fastify (which answers 503). */
  close(): void {
    this.#closing = true;
  }

  /**
   * Takes the request when the lane can answer it: true when it did (the answer, or Fastify's if the handler could
   * not be answered here, follows), false when the caller must hand it to Fastify.
   */
  take(req: IncomingMessage, res: ServerResponse, fastify: FastifyHandler): boolean {
    const app = this.#app;
    if (req.method !== 'GET' || !app || this.#closing) return false;
    const url = req.url ?? '/';
    let found = this.#byUrl.get(url);
    if (found === undefined) {
      found = this.#find(url);
      // what a URL finds depends on the URL alone: kept, unless its parsed params or query could be changed in place
      if (found === NOT_HERE || found.kept) {
        if (this.#byUrl.size >= KEPT_URLS) this.#byUrl.clear();
        this.#byUrl.set(url, found);
      }
    }
    if (found === NOT_HERE || app.faultsSet()) return false;
    const { route, params, query } = found;
    let principal: Principal | null = null;
    if (route.signedIn) {
      principal = app.keptPrincipal(req.headers.authorization) ?? null;
      if (!principal) return false;
    }
    const started = performance.now();
    if (route.fixed) {
      res.writeHead(200, route.fixed.headers as string[]);
      res.end(route.fixed.body);
      this.#answered(started, () => new LaneRequest(req, params, query, principal, ++this.#ids, app.log));
      return true;
    }
    const request = new LaneRequest(req, params, query, principal, ++this.#ids, app.log);
    const reply = new LaneReply(res, this.#dataHeaders!);
    // then, not an async function awaiting the handler: one promise a request fewer
    let answer: unknown;
    try {
      answer = route.target.handler(request as unknown as FastifyRequest, reply as unknown as FastifyReply);
    } catch {
      this.#toFastify(request, reply, fastify);
      return true;
    }
    // a handler that had everything in memory answered at once (LightningService.statusNow): sent now
    if (!(answer instanceof Promise)) this.#send(route, request, reply, answer, started, fastify);
    else
      answer.then(
        (value) => this.#send(route, request, reply, value, started, fastify),
        () => this.#toFastify(request, reply, fastify),
      );
    return true;
  }

  #send(
    route: LaneRoute,
    request: LaneRequest,
    reply: LaneReply,
    answer: unknown,
    started: number,
    fastify: FastifyHandler,
  ): void {
    try {
      if (!reply.sent) {
        const body = route.target.body(answer, reply);
        if (body === undefined) throw new LaneDeclined('the handler sent no answer');
        reply.answer(body, JSON_TYPE);
      }
    } catch {
      return this.#toFastify(request, reply, fastify);
    }
    this.#answered(started, () => request);
  }

  /** The lane's route of a URL and its params and query as the route's schemas parse them, or NOT_HERE. */
  #find(url: string): Found | typeof NOT_HERE {
    let found;
    try {
      found = this.#router.find('GET', url);
    } catch {
      return NOT_HERE;
    }
    const route = found ? this.#routes.get(found.store as object) : undefined;
    if (!found || !route) return NOT_HERE;
    const params = parsed(route.params, found.params);
    const query = parsed(route.query, found.searchParams);
    if (params === REFUSED || query === REFUSED) return NOT_HERE;
    const kept = freezePlain(params) && freezePlain(query);
    return { route, params, query, kept };
  }

  /** Counts an answer and writes its log line as `logAnswered` would (the request made only when it is written). */
  #answered(started: number, request: () => LaneRequest): void {
    this.counts.answered++;
    const responseTime = performance.now() - started;
    const level = answeredLevel('GET', 200, responseTime);
    // the app's level, not the request's: reading the request's logger would make it
    if (level === 'info' || logsDebug(this.#app!.log.level)) {
      const { url, log } = request();
      log[level](
        { req: { method: 'GET', url }, res: { statusCode: 200 }, responseTime },
        'request completed',
      );
    }
  }

  /** An error, or something only Fastify has: Fastify runs the request from the start. */
  #toFastify(request: LaneRequest, reply: LaneReply, fastify: FastifyHandler): void {
    if (reply.raw.headersSent) return void reply.raw.destroy();
    this.counts.declined++;
    fastify(request.raw, reply.raw);
  }
}

/** What Fastify hands its server factory (the options it would set on its own server). */
interface ServerFactoryOptions {
  http?: object;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** Fastify's own pretty-print metadata of a route (its hooks, error handler and log settings), for printRoutes. */
function prettyMeta(route: { store: RouteContext } | undefined): Record<string, unknown> {
  if (!route?.store) return {};
  const meta: Record<string, unknown> = {};
  for (const key of [
    'errorHandler',
    'logLevel',
    'logSerializers',
    'onRoute',
    'onRegister',
    'onReady',
    'onListen',
  ]
    .concat(LIFECYCLE_HOOKS)
    .concat(['onClose', 'preClose']))
    meta[key] = route.store[key];
  return meta;
}

const REFUSED = Symbol('refused');
/** A URL the lane does not answer whatever the request: no route of its, or params or a query the schemas refuse. */
const NOT_HERE = Symbol('not here');
/** URLs whose lookup is kept; past it the lookups start afresh (a crawler's many URLs cost one lookup each). */
const KEPT_URLS = 4096;

/** A URL's lane route, with its parsed params and query (frozen when kept, as every request of the URL shares them). */
interface Found {
  route: LaneRoute;
  params: unknown;
  query: unknown;
  kept: boolean;
}

/**
 * Freezes a parsed params or query object whose values are primitives or arrays of them (the route table's), and says
 * so; anything else (a date, a nested object) may be changed by a handler, so it is not shared between requests.
 */
function freezePlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  // a plain object: made by a literal (Object.prototype, of whichever realm made it) or with no prototype
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return false;
  const primitive = (x: unknown) => x === null || typeof x !== 'object';
  const values = Object.values(value);
  if (!values.every((v) => primitive(v) || (Array.isArray(v) && v.every(primitive)))) return false;
  for (const v of values) if (Array.isArray(v)) Object.freeze(v);
  Object.freeze(value);
  return true;
}

/** The value as the route's schema parses it (Fastify's validator for zod does the same), or REFUSED. */
function parsed(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  return result.success ? result.data : REFUSED;
}

const declined = (what: string) => (): never => {
  throw new LaneDeclined(what);
};
const notInLane = (what: string): PropertyDescriptor => ({ get: declined(what), enumerable: false });

/** The request a handler gets in the lane: what a route-table read uses; the rest of Fastify's declines. */
class LaneRequest {
  #log: FastifyBaseLogger | undefined;
  constructor(
    readonly raw: IncomingMessage,
    readonly params: unknown,
    readonly query: unknown,
    readonly principal: Principal | null,
    private readonly number: number,
    private readonly parentLog: FastifyBaseLogger,
  ) {}
  /** Fastify's are `req-<n>`; made when read, as most requests never read it. */
  get id(): string {
    return `lane-${this.number}`;
  }
  get headers() {
    return this.raw.headers;
  }
  get url() {
    return this.raw.url!;
  }
  get originalUrl() {
    return this.raw.url!;
  }
  get method() {
    return 'GET';
  }
  get is404() {
    return false;
  }
  get log(): FastifyBaseLogger {
    return (this.#log ??= this.parentLog.child({ reqId: this.id }));
  }
}
for (const name of [
  'body',
  'server',
  'routeOptions',
  'socket',
  'ip',
  'ips',
  'host',
  'hostname',
  'port',
  'protocol',
  'validationError',
  'signal',
  'context',
  'routeConfig',
  'routerPath',
  'routerMethod',
])
  Object.defineProperty(LaneRequest.prototype, name, notInLane(`request.${name}`));

type HeaderValue = string | number | string[];

/** The data answer's security headers, by name and as the flat list `writeHead` takes. */
interface DataHeaders {
  byName: Readonly<Record<string, string>>;
  list: readonly string[];
  /** The whole list of an answer with no headers of the handler's own, in Fastify's order. */
  with: (contentType: string, length: number) => string[];
}

function dataHeadersOf(byName: Readonly<Record<string, string>>): DataHeaders {
  const list = Object.entries(byName).flat();
  return {
    byName,
    list,
    with: (contentType, length) => [...list, 'content-type', contentType, 'content-length', String(length)],
  };
}

/** The reply a handler gets in the lane: headers, a content type and a 200 body; the rest of Fastify's declines. */
class LaneReply {
  /** The handler's own headers, by lower-case name (most handlers set none). */
  #headers: Map<string, HeaderValue> | undefined;
  #sent = false;
  readonly statusCode = 200;
  constructor(
    readonly raw: ServerResponse,
    private readonly dataHeaders: DataHeaders,
  ) {}
  get sent(): boolean {
    return this.#sent;
  }
  header(name: string, value: HeaderValue): this {
    (this.#headers ??= new Map()).set(name.toLowerCase(), value);
    return this;
  }
  headers(values: Record<string, HeaderValue>): this {
    for (const [name, value] of Object.entries(values)) this.header(name, value);
    return this;
  }
  getHeader(name: string): HeaderValue | undefined {
    const lower = name.toLowerCase();
    return this.#headers?.get(lower) ?? this.dataHeaders.byName[lower];
  }
  hasHeader(name: string): boolean {
    return this.getHeader(name) !== undefined;
  }
  removeHeader(name: string): this {
    if (name.toLowerCase() in this.dataHeaders.byName) throw new LaneDeclined('a security header removed');
    this.#headers?.delete(name.toLowerCase());
    return this;
  }
  type(contentType: string): this {
    return this.header('content-type', contentType);
  }
  code(status: number): this {
    if (status !== 200) throw new LaneDeclined(`status ${status}`);
    return this;
  }
  status(status: number): this {
    return this.code(status);
  }
  /** Bytes the handler serialised itself (a string or a Buffer), as Fastify sends them. */
  send(payload?: unknown): this {
    if (typeof payload === 'string') this.answer(payload, 'text/plain; charset=utf-8');
    else if (Buffer.isBuffer(payload)) this.answer(payload, 'application/octet-stream');
    else throw new LaneDeclined('a body Fastify would serialise');
    return this;
  }
  /**
   * Writes the 200 answer: the data answer's security headers, the handler's, the type and the length, in Fastify's
   * order. A flat list, not an object: an object built per answer cost a new hidden class and its keys' enumeration
   * each time (the lane's profile).
   */
  answer(body: string | Buffer, defaultType: string): void {
    if (this.#sent) throw new Error('the answer was already sent');
    const own = this.#headers;
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    let headers: HeaderValue[];
    if (!own) {
      headers = this.dataHeaders.with(defaultType, length);
    } else {
      headers = [];
      const { list } = this.dataHeaders;
      for (let i = 0; i < list.length; i += 2) headers.push(list[i]!, own.get(list[i]!) ?? list[i + 1]!);
      for (const [name, value] of own)
        if (!(name in this.dataHeaders.byName) && name !== 'content-length') headers.push(name, value);
      if (!own.has('content-type')) headers.push('content-type', defaultType);
      headers.push('content-length', String(length));
    }
    this.#sent = true;
    this.raw.writeHead(200, headers as string[]);
    this.raw.end(body);
  }
}
for (const name of ['request', 'server', 'log', 'elapsedTime', 'context', 'routeOptions'])
  Object.defineProperty(LaneReply.prototype, name, notInLane(`reply.${name}`));
