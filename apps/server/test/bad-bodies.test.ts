// Every route that takes a body answers a body it cannot use with a 4xx (400 when its schema refuses it) in the
// spec's `responseException` shape (spec 02 §3 'Server error shape'), never a 5xx, and writes nothing. The routes
// are the app's own, seen as they are registered (API, identity, map, dev: every module), so a route added
// tomorrow is covered the day it is added. Each is sent, as an Admin, the bodies below: whole bodies no route can
// use, and each field the route's schema names set to an extreme (a 5,000-character text, NaN, -1e308, a
// 2,000-element array).
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { READ_BACK, ZResponseException } from '@allclear/contracts';
import { createTestApp, type TestApp } from './helpers.ts';

interface Registered {
  method: string;
  url: string;
  params?: z.ZodType;
  body?: z.ZodType;
}

/** A body as sent: its text and, when it is JSON, what it parses to (to ask the route's schema about it). */
interface BadBody {
  name: string;
  text: string;
  contentType?: string;
}

const LONG_TEXT = 'x'.repeat(5000);
const LONG_ARRAY = Array.from({ length: 2000 }, (_, i) => i + 1);

/** Bodies no route can use, whatever its fields. */
const WHOLE_BODIES: BadBody[] = [
  { name: 'an empty object', text: '{}' },
  { name: 'an array', text: '[]' },
  { name: 'a string', text: '"a string"' },
  { name: 'invalid JSON', text: '{"name": ' },
  { name: 'an empty JSON body', text: '' },
  { name: 'a body of no known type', text: 'name=x', contentType: 'text/plain' },
  { name: 'NaN', text: 'NaN' },
  { name: 'a number beyond double', text: '-1e309' },
  { name: 'a 5,000-character id', text: JSON.stringify({ id: LONG_TEXT }) },
  {
    name: 'prototype keys',
    text: '{"__proto__": {"roleId": 1}, "constructor": {"prototype": {"roleId": 1}}, "prototype": {"roleId": 1}}',
  },
  { name: 'a 2,000-element array', text: JSON.stringify(LONG_ARRAY.map((id) => ({ id }))) },
];

/** Field values no field can use, put in every field the body's schema names at once. */
const FIELD_VALUES: { name: string; json: string }[] = [
  { name: '5,000-character texts', json: JSON.stringify(LONG_TEXT) },
  { name: 'NaN', json: 'NaN' },
  { name: '-1e308', json: '-1e308' },
  { name: '2,000-element arrays', json: JSON.stringify(LONG_ARRAY) },
  { name: '2,000-element arrays of texts', json: JSON.stringify(LONG_ARRAY.map(String)) },
  { name: 'prototype keys', json: '{"__proto__": {"x": 1}, "constructor": {"prototype": {"x": 1}}}' },
];

/** The top-level field names of a body schema (through refinements, pipes and unions). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.def.in as z.ZodType);
  if (schema instanceof z.ZodUnion)
    return [...new Set(schema.options.flatMap((o) => fieldsOf(o as z.ZodType)))];
  if (schema instanceof z.ZodIntersection)
    return [...fieldsOf(schema.def.left as z.ZodType), ...fieldsOf(schema.def.right as z.ZodType)];
  const inner = (schema.def as { innerType?: z.ZodType }).innerType;
  return inner ? fieldsOf(inner) : [];
}

/** The bodies sent to one route. */
function badBodies(route: Registered): BadBody[] {
  const fields = fieldsOf(route.body);
  const perField = fields.length
    ? FIELD_VALUES.map(({ name, json }) => ({
        name: `every field set to ${name}`,
        text: `{${fields.map((f) => `${JSON.stringify(f)}: ${json}`).join(', ')}}`,
      }))
    : [];
  return [...WHOLE_BODIES, ...perField];
}

/** Whether the route's own schema takes the body: then it is not a bad body for that route. */
function schemaTakes(route: Registered, body: BadBody): boolean {
  if (!route.body || (body.contentType ?? 'application/json') !== 'application/json') return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return false;
  }
  try {
    return route.body.safeParse(parsed).success;
  } catch (err) {
    // the app answers it 400, but a schema's rule that throws on a body is a bug of the rule
    schemaThrew.push(`${route.method} ${route.url} with ${body.name}: the schema threw ${String(err)}`);
    return false;
  }
}

/** Bodies whose schema threw (rather than refusing them). */
const schemaThrew: string[] = [];

/** Values a path param may take that name no row: its schema picks the first it parses. */
const PARAM_CANDIDATES = ['987654', '00000000-0000-4000-8000-000000000000', '10.255.255.254', 'none'];

/** The URL of a route with every param given a value its schema takes (a row that does not exist). */
function urlOf(route: Registered, longParam = false): string {
  const shape = route.params instanceof z.ZodObject ? route.params.shape : {};
  const withParams = route.url.replace(/:(\w+)/g, (_whole, name: string) => {
    if (longParam) return 'x'.repeat(5000);
    const schema = shape[name] as z.ZodType | undefined;
    if (schema instanceof z.ZodEnum) return String(schema.options[0]);
    return PARAM_CANDIDATES.find((v) => !schema || schema.safeParse(v).success) ?? 'none';
  });
  // the identity's pass-through to the OpenID provider: its own endpoints are sent the bodies below
  return withParams.replace(/\/\*$/, '/token');
}

/**
 * Every table's row count and a checksum of its rows, in one query: equal before and after means nothing was
 * written. Left out: what changes without any request (the OpenID provider's own records of its sessions).
 */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const select = tables
    .map(
      ({ name }) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from "${name}" t`,
    )
    .join(' union all ');
  const rows = await t.db.query<{ name: string; print: string }>(select);
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/** Values put, one at a time, in a field of a body its route otherwise takes. */
const EXTREMES: { name: string; value: unknown }[] = [
  { name: 'a 5,000-character text', value: LONG_TEXT },
  { name: '-1e308', value: -1e308 },
  { name: '1e308', value: 1e308 },
  { name: 'a 2,000-element array', value: LONG_ARRAY },
  { name: 'null', value: null },
  { name: 'an object', value: { id: 1 } },
];

/** Texts and numbers a field is tried with, first its own smallest: the first its schema takes is its sample. */
const SAMPLE_TEXTS = [
  'someone@example.com',
  '+1 214 555 0101',
  '00000000-0000-4000-8000-000000000000',
  'https://example.com/',
  '2026-12-07T18:00:00Z',
  '2026-12-07',
  '08:00:00',
  '#336699',
  '10.255.255.254',
];
const SAMPLE_NUMBERS = [1, 5, 10, 30, 60, 200, 1440, 0];

const takes = (schema: z.ZodType, value: unknown) => {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
};
const firstTaken = (schema: z.ZodType, candidates: unknown[]) => candidates.find((v) => takes(schema, v));

/**
 * A value a schema takes, built from its definition and a few tries (its smallest number, its shortest list, a text
 * of a known form), or undefined: the body an extreme field goes into, so the route's handler runs with it.
 * Read-back fields are left out (ignored anyway).
 */
function sampleOf(schema: z.ZodType): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const bag = schema._zod.bag as { minimum?: number };
  const inner = def.innerType as z.ZodType | undefined;
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, z.ZodType>)
        .filter(([, field]) => field.description !== READ_BACK)
        .map(([key, field]) => [key, sampleOf(field)] as const);
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
    }
    case 'string':
      return firstTaken(schema, ['x'.repeat(Math.max(1, bag.minimum ?? 1)), ...SAMPLE_TEXTS]);
    case 'number':
      return firstTaken(
        schema,
        [bag.minimum, ...SAMPLE_NUMBERS].filter((n) => Number.isFinite(n)),
      );
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array': {
      const item = sampleOf(def.element as z.ZodType);
      return firstTaken(schema, [[], [item]]);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return inner ? sampleOf(inner) : undefined;
    case 'pipe':
      return firstTaken(schema, [sampleOf(def.in as z.ZodType), sampleOf(def.out as z.ZodType)]);
    case 'union':
      return firstTaken(schema, (def.options as z.ZodType[]).map(sampleOf));
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** A body the route's schema takes, with nothing extreme in it: the base of the bodies below, or none. */
function baseOf(route: Registered): Record<string, unknown> | undefined {
  if (!route.body) return undefined;
  const sample = sampleOf(route.body);
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return undefined;
  return takes(route.body, sample) ? (sample as Record<string, unknown>) : undefined;
}

/** Answers that are not ours to shape: the sign-in forms' pages (HTML) and the OAuth endpoints' RFC 6749 errors. */
const OWN_SHAPE = [/^\/identity\/interaction\//, /^\/identity\/account\/activate$/, /^\/identity(\/\*)?$/];

let t: TestApp;
const routes: Registered[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (options: RouteOptions) => {
      for (const method of [options.method].flat()) {
        if (!['POST', 'PUT', 'PATCH'].includes(method) && !(method === 'DELETE' && options.schema?.body))
          continue;
        routes.push({
          method,
          url: options.url,
          params: options.schema?.params as z.ZodType | undefined,
          body: options.schema?.body as z.ZodType | undefined,
        });
      }
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('a bad body', () => {
  it('finds the routes that take a body, identity and API alike', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /identity/account/change');
    expect(urls).toContain('POST /api/user');
    expect(urls).toContain('PUT /dev/faults');
  });

  it('is refused with a 4xx in the responseException shape, never a 5xx, and writes nothing', async () => {
    const headers = {
      authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}`,
      origin: t.config.server.publicUrl,
    };
    const failures: string[] = [];
    // each route's writes are what changed since the route before it was done
    let before = await fingerprint(t);
    for (const route of routes) {
      const sent: { body: BadBody; url: string }[] = badBodies(route)
        .filter((body) => !schemaTakes(route, body))
        .map((body) => ({ body, url: urlOf(route) }));
      if (route.params) sent.push({ body: WHOLE_BODIES[0]!, url: urlOf(route, true) });
      for (const { body, url } of sent) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': body.contentType ?? 'application/json' },
          payload: body.text,
        });
        const what = `${route.method} ${route.url} with ${body.name}${url.length > 4000 ? ' (a 5,000-character param)' : ''}`;
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        else if (route.body && res.statusCode < 400) failures.push(`${what}: accepted (${res.statusCode})`);
        else if (res.statusCode >= 400 && !OWN_SHAPE.some((p) => p.test(route.url))) {
          const shaped = ZResponseException.safeParse(safeJson(res.body));
          if (!shaped.success)
            failures.push(`${what}: ${res.statusCode} not a responseException: ${res.body.slice(0, 300)}`);
        }
      }
      const after = await fingerprint(t);
      const written = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (written.length) failures.push(`${route.method} ${route.url}: wrote to ${written.join(', ')}`);
      before = after;
    }
    expect([...schemaThrew, ...failures]).toEqual([]);
  });
});

describe('an extreme field in a body its route otherwise takes', () => {
  it('never answers a 5xx, and is refused in the responseException shape when the schema refuses it', async () => {
    const headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
    const failures: string[] = [];
    const based = routes.flatMap((route) => {
      const base = baseOf(route);
      return base ? [{ route, base }] : [];
    });
    // most bodies can be built from their schema; a route whose rules need more (a time range) is not sent these
    expect(based.length).toBeGreaterThan(routes.filter((r) => r.body).length / 2);
    for (const { route, base } of based) {
      for (const field of fieldsOf(route.body)) {
        for (const extreme of EXTREMES) {
          const body = { ...base, [field]: extreme.value };
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: urlOf(route),
            headers,
            payload: body,
          });
          const what = `${route.method} ${route.url} with ${field} set to ${extreme.name}`;
          if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          else if (!schemaTakes(route, { name: what, text: JSON.stringify(body) })) {
            if (res.statusCode !== 400) failures.push(`${what}: ${res.statusCode}, not 400`);
            else if (!ZResponseException.safeParse(safeJson(res.body)).success)
              failures.push(`${what}: not a responseException: ${res.body.slice(0, 300)}`);
          }
        }
      }
    }
    expect([...schemaThrew, ...failures]).toEqual([]);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
