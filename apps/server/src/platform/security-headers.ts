// The security headers of every answer, worked out once at start (issue 18 profile: @fastify/helmet built helmet's
// middleware again for every request, its CSP directives parsed and written each time, a fifth of a /healthz answer;
// and each header costs every answer again in Node's header checks).
//
// Documents (the web app, the identity pages, the API docs, anything not from the route table and not marked
// `dataAnswer`) get exactly what
// @fastify/helmet sends for our options, computed by one request to a private Fastify with @fastify/helmet. The
// answers of the route table and /healthz (JSON, images, tiles, event streams: never a page a browser renders)
// get the headers the
// OWASP REST Security Cheat Sheet asks of an API ('Security Headers'): a CSP that loads nothing and frames nowhere,
// X-Frame-Options DENY, nosniff, helmet's HSTS and Cross-Origin-Resource-Policy; helmet's other headers (COOP,
// Origin-Agent-Cluster, the referrer policy, DNS prefetch, download options, Flash policies, XSS auditor) only
// concern documents. A route may still replace one (the identity pages send their own CSP).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyPluginAsync, type onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { addRouteOnRequest } from './route-hooks.ts';

/** The headers @fastify/helmet adds to an answer with these options, by lower-case name. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return res.headers;
  };
  const [bare, helmeted] = [await answer(false), await answer(true)];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmeted)) {
    if (value === undefined || name in bare) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** The headers of a route-table answer (JSON, an image, a tile, a stream), from the document headers. */
export function dataAnswerHeaders(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const kept = ['strict-transport-security', 'cross-origin-resource-policy'];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  for (const name of kept) if (documentHeaders[name]) headers[name] = documentHeaders[name];
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of a route-table answer (dataAnswerHeaders), as every such answer sends them. */
    dataAnswerHeaders: Readonly<Record<string, string>>;
  }
  interface FastifyContextConfig {
    /** An answer that is data, not a page, outside the route table (/healthz): it gets the API's headers. */
    dataAnswer?: boolean;
  }
}

/**
 * Sets the security headers on every answer: @fastify/helmet's (for `options`) on documents, the API's on the answers of
 * routes registered from the route table (platform/route.ts marks them). Register it before the routes.
 */
export const securityHeaders: FastifyPluginAsync<FastifyHelmetOptions> = fp(
  async (app, options) => {
    const documents = await helmetHeaders(options);
    const data = dataAnswerHeaders(documents);
    // each route sets its own table, chosen once at registration: `request.routeOptions` builds a new object
    // of a dozen fields on every read (Fastify 5), and a hook that read it per request showed in the profile.
    // The read lane (platform/read-lane.ts) knows these hooks by name.
    const setDataHeaders: onRequestHookHandler = (_request, reply, done) => {
      reply.headers(data);
      done();
    };
    const setDocumentHeaders: onRequestHookHandler = (_request, reply, done) => {
      reply.headers(documents);
      done();
    };
    app.decorate('dataAnswerHeaders', data);
    app.addHook('onRoute', (route) => {
      const own = route.config?.route || route.config?.dataAnswer ? setDataHeaders : setDocumentHeaders;
      addRouteOnRequest(route, 'first', own);
    });
    // no route was found (Fastify's 404 and the SPA's fallback): a document's
    app.addHook('onRequest', function documentHeadersOn404(request, reply, done) {
      if (request.is404) reply.headers(documents);
      done();
    });
  },
  { name: 'allclear-security-headers', fastify: '5.x' },
);
