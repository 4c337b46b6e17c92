// The compiled serialiser writes what zod's would, for the routes that use it, and declines what it cannot reduce.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import { compileSerializer, writableSchema } from './compiled-serializer.ts';

const zodWrites = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

const status = {
  locationId: 7,
  inDelay: true,
  allClearMinutes: 30,
  policyLocked: false,
  countCloudToGroundOnly: true,
  zones: [
    {
      zone: 1,
      radius: 8,
      enabled: true,
      inDelay: true,
      remainingSeconds: 1788,
      delay: '00:29:48',
      lastStrikeTime: '2026-07-01T21:05:00.000Z',
      lastStrikeDistanceMiles: 4.25,
      allClearTime: '2026-07-01T21:35:00.000Z',
    },
    {
      zone: 2,
      radius: 0,
      enabled: false,
      inDelay: false,
      remainingSeconds: 0,
      delay: '00:00:00',
      lastStrikeTime: null,
      lastStrikeDistanceMiles: null,
      allClearTime: null,
    },
  ],
  lastStrike: { time: '2026-07-01T21:05:00.000Z', distanceMiles: 4.25, bearingDeg: 271.5 },
  nearestStrike: null,
  checkedAt: '2026-07-01T21:05:12.345Z',
};

describe('compileSerializer', () => {
  it("writes the lightning status exactly as zod's serialiser, nulls and all", () => {
    const schema = envelope(routes.lightningStatus.response!);
    const compiled = compileSerializer(schema)!;
    expect(compiled).toBeDefined();
    for (const data of [status, { ...status, lastStrike: null, nearestStrike: status.lastStrike }]) {
      expect(compiled({ data })).toBe(zodWrites(schema, { data }));
      expect(JSON.parse(compiled({ data }))).toEqual({ data });
    }
  });

  it('writes only the properties of the schema, as zod does', () => {
    const schema = z.object({ a: z.number(), b: z.string().nullable() });
    const compiled = compileSerializer(schema)!;
    expect(compiled({ a: 1, b: null, secret: 'x' })).toBe(zodWrites(schema, { a: 1, b: null }));
  });

  it('declines a schema it cannot reduce, so the route keeps zod', () => {
    expect(
      compileSerializer(z.union([z.object({ a: z.number() }), z.object({ b: z.string() })])),
    ).toBeUndefined();
    expect(compileSerializer(z.record(z.string(), z.number()))).toBeUndefined();
    expect(writableSchema({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBeUndefined();
  });

  it('folds a null alternative into the type and drops the checks', () => {
    expect(
      writableSchema({
        anyOf: [{ type: 'string', format: 'date-time', pattern: '^x$' }, { type: 'null' }],
      }),
    ).toEqual({ type: ['string', 'null'] });
    expect(writableSchema({ type: 'integer', minimum: 0, maximum: 9 })).toEqual({ type: 'integer' });
  });
});
