// Write bodies as integrators send them (spec 02 §3): a nullable field may be left out, and is then null, in every
// body of the route table, nested objects and list items included; so a route added tomorrow is held to it too.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { READ_BACK } from '../common.ts';
import { routes } from './table.ts';

/** The object schemas inside a body, each with its path: through pipes, defaults, optionals, nullables and lists. */
function objectsOf(
  schema: z.ZodType,
  path: string,
  out: [string, z.ZodObject][] = [],
): [string, z.ZodObject][] {
  if (schema instanceof z.ZodObject) {
    out.push([path, schema]);
    for (const [name, field] of Object.entries(schema.shape))
      objectsOf(field as z.ZodType, `${path}.${name}`, out);
  } else if (schema instanceof z.ZodArray) objectsOf(schema.element as z.ZodType, `${path}[]`, out);
  else if (schema instanceof z.ZodPipe) objectsOf(schema.def.in as z.ZodType, path, out);
  else if (schema instanceof z.ZodUnion) for (const o of schema.options) objectsOf(o as z.ZodType, path, out);
  else {
    const inner = (schema.def as { innerType?: z.ZodType }).innerType;
    if (inner) objectsOf(inner, path, out);
  }
  return out;
}

const bodies = Object.entries(routes).flatMap(([key, route]) =>
  'body' in route && route.body ? [[key, route.body as z.ZodType] as const] : [],
);

describe('write bodies', () => {
  it('finds the bodies of the table', () => {
    expect(bodies.map(([key]) => key)).toContain('userAdd');
  });

  it('take an omitted nullable field as null', () => {
    const refused: string[] = [];
    for (const [key, body] of bodies)
      for (const [path, object] of objectsOf(body, key))
        for (const [name, field] of Object.entries(object.shape)) {
          const schema = field as z.ZodType;
          // a field that takes anything (a fault's answer body) has no null of its own
          const takesAnything = [null, 'x', 1, { x: [] }].every((v) => schema.safeParse(v).success);
          // a field read back is ignored: null or absent, nothing is written
          const ignored = schema.description === READ_BACK;
          if (takesAnything || ignored || !schema.safeParse(null).success) continue;
          const omitted = schema.safeParse(undefined);
          if (!omitted.success || omitted.data !== null)
            refused.push(
              `${path}.${name}: ${omitted.success ? `omitted reads as ${String(omitted.data)}` : 'refused when omitted'}`,
            );
        }
    expect(refused).toEqual([]);
  });
});
