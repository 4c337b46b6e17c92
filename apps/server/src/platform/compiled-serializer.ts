// A serialiser compiled from a zod response schema (issue 18): the answers a route computes on every request (the
// lightning panel's status counts down each second) were serialised by fastify-type-provider-zod, which encodes the
// answer through the whole schema (every check run again) before JSON.stringify: a sixth of the time of such a
// request. fast-json-stringify writes JSON from a JSON Schema with code generated once per route.
//
// The JSON Schema is zod's own (z.toJSONSchema, the output side), reduced to what shapes the output: types, an
// object's properties and required ones, an array's items; a null alternative is folded into the type; the checks
// (patterns, formats, ranges, lengths) are dropped: they validate, they do not change what is written. A schema with
// anything else (a union of shapes, a tuple, a record, a reference) gives no compiled serialiser, and its route keeps
// zod's. What the compiled one does not do is refuse an answer that breaks a check: the routes that use it build
// their answers from typed values, and their tests parse the answers with the contract's schemas.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** What of a JSON Schema node shapes the output, or undefined when it has something this does not reduce. */
export function writableSchema(node: unknown): JsonSchema | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const n = node as JsonSchema;
  if (Array.isArray(n.anyOf)) {
    const options = n.anyOf as unknown[];
    const isNull = (o: unknown) => (o as JsonSchema | null)?.type === 'null';
    const others = options.filter((o) => !isNull(o));
    if (others.length !== 1 || options.length !== 2) return undefined;
    const inner = writableSchema(others[0]);
    if (!inner || typeof inner.type !== 'string') return undefined;
    return { ...inner, type: [inner.type, 'null'] };
  }
  for (const unsupported of ['oneOf', 'allOf', 'not', '$ref', 'prefixItems', 'patternProperties'])
    if (unsupported in n) return undefined;
  const types = Array.isArray(n.type) ? (n.type as unknown[]) : [n.type];
  if (types.some((t) => typeof t !== 'string')) return undefined;
  if (types.every((t) => SCALARS.has(t as string))) return { type: n.type };
  if (types.length !== 1 && !(types.length === 2 && types.includes('null'))) return undefined;
  if (types.includes('array')) {
    const items = writableSchema(n.items);
    return items ? { type: n.type, items } : undefined;
  }
  if (types.includes('object')) {
    if (typeof n.additionalProperties === 'object' && n.additionalProperties !== null) return undefined;
    const properties: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries((n.properties ?? {}) as Record<string, unknown>)) {
      const property = writableSchema(schema);
      if (!property) return undefined;
      properties[name] = property;
    }
    return { type: n.type, properties, ...(Array.isArray(n.required) && { required: n.required }) };
  }
  return undefined;
}

/** A function writing what `schema` outputs as JSON, compiled once; undefined when the schema is not reducible. */
export function compileSerializer(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw' });
  } catch {
    return undefined;
  }
  const writable = writableSchema(json);
  return writable
    ? (fastJson(writable as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string)
    : undefined;
}
