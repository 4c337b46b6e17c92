// The security headers are @fastify/helmet's, set once per answer from a table worked out at start.
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '@allclear/contracts/routes';
import { dataAnswerHeaders, helmetHeaders, securityHeaders } from './security-headers.ts';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

async function headersOf(plugin: 'helmet' | 'ours') {
  const app = Fastify({ logger: false });
  if (plugin === 'helmet') await app.register(helmet, OPTIONS);
  else await app.register(securityHeaders, OPTIONS);
  app.get('/a', async () => ({ ok: true }));
  app.get('/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  const [a, own, missing] = await Promise.all([
    app.inject({ method: 'GET', url: '/a' }),
    app.inject({ method: 'GET', url: '/own-csp' }),
    app.inject({ method: 'GET', url: '/missing' }),
  ]);
  await app.close();
  const strip = (h: Record<string, unknown>) => {
    const { date: _date, 'content-length': _length, ...rest } = h;
    return rest;
  };
  return { a: strip(a.headers), own: strip(own.headers), missing: strip(missing.headers) };
}

describe('securityHeaders', () => {
  it("gives a route-table answer the API's headers (OWASP REST), and a document helmet's", async () => {
    const app = Fastify({ logger: false });
    await app.register(securityHeaders, OPTIONS);
    app.get('/page', async () => 'page');
    app.get('/api/thing', { config: { route: {} as AnyRoute } }, async () => ({ data: 1 }));
    const page = await app.inject({ method: 'GET', url: '/page' });
    const data = await app.inject({ method: 'GET', url: '/api/thing' });
    await app.close();
    const helmeted = await helmetHeaders(OPTIONS);
    for (const [name, value] of Object.entries(helmeted)) expect(page.headers[name]).toBe(value);
    expect(data.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': helmeted['strict-transport-security'],
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(data.headers).not.toHaveProperty('cross-origin-opener-policy');
    expect(Object.keys(dataAnswerHeaders(helmeted)).sort()).toEqual(
      Object.keys(data.headers)
        .filter((h) => h in dataAnswerHeaders(helmeted))
        .sort(),
    );
  });

  it("sends exactly @fastify/helmet's headers, on found and not-found answers", async () => {
    expect(await headersOf('ours')).toEqual(await headersOf('helmet'));
  });

  it('works them out once: the CSP with our directives, and no header Fastify sets itself', async () => {
    const headers = await helmetHeaders(OPTIONS);
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers).not.toHaveProperty('content-type');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });
});
