// The security headers of every answer: exactly what @fastify/helmet sends for the same options, worked out once at
// start. @fastify/helmet builds helmet's middleware again for every request (its CSP directives parsed and written
// each time), which was a fifth of the time of a /healthz answer (issue 18 profile); the headers do not change
// between requests, so they are computed by one request to a private Fastify with @fastify/helmet and then set
// from one hook. A route may still replace one (the identity pages send their own CSP).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

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

/** Sets @fastify/helmet's headers (for `options`) on every answer, computed once at registration. */
export const securityHeaders: FastifyPluginAsync<FastifyHelmetOptions> = fp(
  async (app, options) => {
    const headers = await helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'allclear-security-headers', fastify: '5.x' },
);
