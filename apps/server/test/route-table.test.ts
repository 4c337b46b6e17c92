// The route table (packages/contracts/src/routes) and the app agree: every route the app registers under a
// service prefix is an entry of the table, registered from that entry by platform/route.ts, and every entry
// is registered. Not ours to list: the identity service (the OpenID provider, its sign-in pages and
// user-info endpoint) and the OpenAPI pages at /api/docs.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type AnyRoute, type RouteKey } from '@allclear/contracts/routes';
import { SERVICE_PREFIXES } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

interface Registered {
  method: string;
  url: string;
  route: AnyRoute | undefined;
}

/** Routes that are not ours to list. */
const NOT_LISTED = [/^\/identity(\/|$)/i, /^\/api\/docs(\/|$)/i];

const inScope = (url: string) =>
  SERVICE_PREFIXES.some((p) => url.toLowerCase() === p || url.toLowerCase().startsWith(`${p}/`)) &&
  !NOT_LISTED.some((pattern) => pattern.test(url));

/**
 * The method and paths an entry is registered at. A path param whose schema is an enum (the radar type, the
 * station history's range) is registered once per value: `/map/past`, `/map/future`...
 */
function expectedRoutes(key: RouteKey): string[] {
  const entry: AnyRoute = routes[key];
  const shape = entry.params instanceof z.ZodObject ? entry.params.shape : {};
  let paths = [entry.path];
  for (const [, name] of entry.path.matchAll(/:(\w+)/g)) {
    const param = shape[name!];
    if (!(param instanceof z.ZodEnum)) continue;
    paths = paths.flatMap((p) => param.options.map((value) => p.replace(`:${name}`, String(value))));
  }
  return paths.map((p) => `${entry.method} ${p.toLowerCase()}`);
}

let t: TestApp;
const registered: Registered[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (options: RouteOptions) => {
      for (const method of [options.method].flat()) {
        // Fastify adds a HEAD route to every GET one
        if (method !== 'HEAD') registered.push({ method, url: options.url, route: options.config?.route });
      }
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('route table', () => {
  it('lists every route the app registers under a service prefix, and each is registered from its entry', () => {
    const byRoute = new Map<string, RouteKey>();
    for (const key of Object.keys(routes) as RouteKey[])
      for (const r of expectedRoutes(key)) byRoute.set(r, key);

    const unlisted: string[] = [];
    const handWritten: string[] = [];
    for (const { method, url, route } of registered.filter((r) => inScope(r.url))) {
      const key = byRoute.get(`${method} ${url.toLowerCase()}`);
      if (!key) unlisted.push(`${method} ${url}`);
      else if (route !== routes[key]) handWritten.push(`${key} (${method} ${url})`);
    }
    expect(unlisted, 'registered but not in the route table').toEqual([]);
    expect(handWritten, 'registered by hand, not from its table entry').toEqual([]);
  });

  it('registers every entry of the table', () => {
    const seen = new Set(registered.map((r) => `${r.method} ${r.url.toLowerCase()}`));
    const missing = (Object.keys(routes) as RouteKey[]).flatMap((key) =>
      expectedRoutes(key)
        .filter((r) => !seen.has(r))
        .map((r) => `${key}: ${r}`),
    );
    expect(missing, 'in the route table but not registered').toEqual([]);
  });
});
