// Registers a route from its entry in the contracts' route table (packages/contracts/src/routes): the
// method, the URL (the entry's full path less the prefix the plugin is mounted at), the schemas Fastify
// validates with, the `{ data }` envelope (or the bare body of a 'json' answer) and the standard error answers,
// and the OpenAPI tags. A route module writes no path and no schema of its own:
// `register(app, routes.locationList, {}, handler)`. A 'raw' or 'stream' route answers through `reply`.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ZResponseException } from '@allclear/contracts';
import type { AnyRoute } from '@allclear/contracts/routes';
import { compileSerializer } from './compiled-serializer.ts';
import { LaneDeclined, type LaneTarget } from './read-lane.ts';

type SchemaOf<R, Field extends string> = R extends { [K in Field]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** Path params a registration fixes, one route per value (`/map/past`, `/map/future`...). */
type FixedParams<R> = Partial<SchemaOf<R, 'params'>>;

/** The request a handler of route R receives: params, query, body and headers as its schemas parse them. */
export type RouteRequest<R, F = object> = FastifyRequest<{
  Params: Omit<SchemaOf<R, 'params'>, keyof F>;
  Querystring: SchemaOf<R, 'query'>;
  Body: SchemaOf<R, 'body'>;
  Headers: SchemaOf<R, 'headers'>;
}>;

/**
 * What a handler of route R returns: the data of a `{ data }` route; the body of a 'json' route (serialised
 * against its schema), or the reply when it sends bytes itself (JSON it has serialised, with its own headers);
 * the reply of a 'raw' or 'stream' route, which answers through `reply` (headers, bytes, a redirect, a stream).
 */
export type RouteAnswer<R> = R extends { answer: 'data'; response: infer S extends z.ZodType }
  ? z.output<S> | Prepared<z.output<S>>
  : R extends { answer: 'json'; response: infer S extends z.ZodType }
    ? z.output<S> | FastifyReply
    : FastifyReply;

export type RouteHandler<R, F = object> = (
  request: RouteRequest<R, F>,
  reply: FastifyReply,
) => Promise<RouteAnswer<R>> | RouteAnswer<R>;

export interface RegisterOptions<F> {
  /** Path params fixed by this registration (see FixedParams). */
  fixed?: F;
  /**
   * Serialise the 200 answer with code compiled from its schema (platform/compiled-serializer.ts) rather than zod's
   * encoding: for an answer computed on every request of a hot route. Errors keep zod's.
   */
  compiled?: boolean;
  /** Route config, read by hooks (e.g. `signedUrl` in modules/api/index.ts). */
  config?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry a route was registered from (by `register`). */
    route?: AnyRoute;
  }
}

/**
 * The data of a `{ data }` answer that is kept and served again (platform/read-cache.ts): its body is serialised once
 * per route that sends it, against that route's schema, rather than on every request. Treat the value as immutable:
 * every request that gets it shares it.
 */
export class Prepared<T> {
  /** The serialised `{ data }` body, by the route entry that sent it. */
  readonly bodies = new Map<AnyRoute, Buffer>();
  constructor(readonly value: T) {}
}

/** Registers `route` on `app`, mounted at a prefix its path starts with. */
export function register<const R extends AnyRoute, const F extends FixedParams<R> = object>(
  app: FastifyInstance,
  route: R,
  options: RegisterOptions<F>,
  handler: RouteHandler<R, F>,
): void {
  const fixed: Record<string, unknown> = options.fixed ?? {};
  const params = paramsLessFixed(route, fixed);
  const response: Record<number, z.ZodType> = { ...errorResponses };
  if (route.answer === 'data' && route.response) response[200] = envelope(route.response);
  // a 'json' body is the schema itself; bytes a handler sends (a string, a Buffer) are not serialised again
  if (route.answer === 'json' && route.response) response[200] = route.response;
  for (const status of route.errors ?? []) response[status] = ZResponseException;
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...route.tags],
    ...(route.summary && { summary: fill(route.summary, fixed, (v) => v) }),
    ...(route.description && { description: route.description }),
    ...(route.public && { security: [] }),
    ...(route.hide && { hide: true }),
    ...(route.answer === 'stream' && { produces: ['text/event-stream'] }),
    ...(params && { params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    ...(route.headers && { headers: route.headers }),
    response,
  };
  // Fastify validated the request against these schemas before the handler runs.
  const typed = handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;
  // the read lane (platform/read-lane.ts) answers a GET's 200 as Fastify would (a data or json answer)
  const inLane = route.method === 'GET' && (route.answer === 'data' || route.answer === 'json');
  // a Prepared answer is serialised here, once, by the serialiser Fastify would use for the 200 answer; so is a lane's
  const serializeZod =
    response[200] && (route.answer === 'data' || inLane)
      ? serializerCompiler({
          schema: response[200],
          method: route.method,
          url: route.path,
          httpStatus: '200',
        })
      : undefined;
  const preparedBody = (data: Prepared<unknown>): Buffer => {
    let body = data.bodies.get(route);
    if (!body) {
      body = Buffer.from(
        serializeZod ? serializeZod({ data: data.value }) : JSON.stringify({ data: data.value }),
      );
      data.bodies.set(route, body);
    }
    return body;
  };
  const sendData = async (request: FastifyRequest, reply: FastifyReply) => {
    const data = await typed(request, reply);
    if (!(data instanceof Prepared)) return { data };
    return reply.type('application/json; charset=utf-8').send(preparedBody(data));
  };
  const compiled = options.compiled && response[200] ? compileSerializer(response[200]) : undefined;
  const serialize200 = compiled ?? serializeZod ?? JSON.stringify;
  const lane: LaneTarget | undefined = !inLane
    ? undefined
    : route.answer === 'data'
      ? {
          handler: typed,
          body: (answer) =>
            answer instanceof Prepared ? preparedBody(answer) : serialize200({ data: answer }),
        }
      : {
          handler: typed,
          body: (answer, reply) => {
            if (answer === reply) return undefined;
            if (typeof answer !== 'object' || answer === null || Buffer.isBuffer(answer))
              throw new LaneDeclined('an answer Fastify sends unserialised');
            return serialize200(answer);
          },
        };
  app.route({
    method: route.method,
    url: urlUnder(app.prefix, fill(route.path, fixed, encodeURIComponent)),
    schema,
    ...(compiled && {
      serializerCompiler: (compiling: FastifyRouteSchemaDef<unknown>) =>
        String(compiling.httpStatus) === '200'
          ? compiled
          : serializerCompiler(compiling as Parameters<typeof serializerCompiler>[0]),
    }),
    config: { ...options.config, route, ...(lane && { lane }) },
    handler: route.answer === 'data' ? sendData : typed,
  });
}

/** `text` with each fixed `:name` (paths) or `{name}` (summaries) replaced by its value. */
function fill(text: string, fixed: Record<string, unknown>, encode: (value: string) => string): string {
  return text.replace(/:(\w+)|\{(\w+)\}/g, (whole, colon?: string, brace?: string) => {
    const name = (colon ?? brace)!;
    return name in fixed ? encode(String(fixed[name])) : whole;
  });
}

/** The route's params schema without the fixed ones (none left: no schema); a fixed value must parse. */
function paramsLessFixed(route: AnyRoute, fixed: Record<string, unknown>): z.ZodType | undefined {
  const names = Object.keys(fixed);
  if (names.length === 0) return route.params;
  if (!(route.params instanceof z.ZodObject)) throw new Error(`${route.path}: no params to fix`);
  const { shape, catchall } = route.params.def;
  for (const name of names) if (!(name in shape)) throw new Error(`${route.path}: no param :${name}`);
  const rest: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) {
    if (names.includes(name)) schema.parse(fixed[name]);
    else rest[name] = schema;
  }
  if (Object.keys(rest).length === 0) return undefined;
  return catchall ? z.object(rest).catchall(catchall) : z.object(rest);
}

/** The path relative to the plugin's prefix; a path outside the prefix is a wiring mistake. */
function urlUnder(prefix: string, path: string): string {
  const under = path.toLowerCase().startsWith(prefix.toLowerCase()) ? path.slice(prefix.length) : null;
  if (under === null || (under !== '' && !under.startsWith('/')))
    throw new Error(`${path} is not under the prefix '${prefix}'`);
  return under;
}
