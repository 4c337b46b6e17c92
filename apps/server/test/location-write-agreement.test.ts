// Issue 20 'Validation': one schema validates every location write. Random location bodies, valid and
// not, go through (a) the contract schema ZLocationInput, (b) the location modal's own check before it
// saves (apps/web validateLocationBody) and (c) the real API (location/Add or location/Update on a test
// database); the three agree on accept or refuse for every body, the refused fields are the same, and
// a refused write stores nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import { ZLocationInput, fieldErrorsOf } from '@allclear/contracts';
import { ZONE_SOFT_BOUNDS } from '@allclear/domain';
// eslint-disable-next-line import-x/no-restricted-paths -- this test compares the web modal's own check with the API
import { validateLocationBody } from '../../web/src/features/locations/lib/validate-location.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { customers, locations } from '../src/db/schema/index.ts';

let t: TestApp;
let headers: Record<string, string>;
let existingId: number;

beforeAll(async () => {
  t = await createTestApp();
  // the fourth-zone entitlement and no lightning policies: zone 4 and the policy lock do not enter
  await t.db.db
    .update(customers)
    .set({ features: [9] })
    .where(eq(customers.id, t.a.customer.id));
  headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/location/Add',
    headers: { ...headers, ReturnLocation: 'true' },
    payload: { label: 'Edited', locationName: 'Dallas, TX', latitude: 32.8, longitude: -96.8, radius1: 10 },
  });
  existingId = res.json().data.location.id;
});
afterAll(async () => {
  await t.close();
});

const countRows = async () => (await t.db.db.select({ n: count() }).from(locations))[0]!.n;
const rowOf = async (id: number) => (await t.db.db.select().from(locations).where(eq(locations.id, id)))[0];

/** Values on and around every bound of the rules, and anywhere between. */
const edges = ZONE_SOFT_BOUNDS.flatMap(({ min, max }) => [min - 0.01, min, max, max + 0.01]);
const wildRadius = fc.oneof(
  fc.constant(0),
  fc.constantFrom(...edges),
  fc.double({ min: -5, max: 55, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 1, max: 51 }),
);
/** A value in half miles from `min` to `max` (exact in binary, so the bounds are met exactly). */
const halfMiles = (min: number, max: number) => fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2);
/** Zones the rule accepts: 1 to 4 zones on, each within its bounds and 1 mile above the previous. */
const validZones = fc
  .integer({ min: 1, max: 4 })
  .chain((on) =>
    halfMiles(2, 47).chain((r1) =>
      halfMiles(Math.max(4, r1 + 1), 48).chain((r2) =>
        halfMiles(Math.max(6, r2 + 1), 49).chain((r3) =>
          halfMiles(Math.max(8, r3 + 1), 50).map((r4) => [r1, r2, r3, r4].map((r, i) => (i < on ? r : 0))),
        ),
      ),
    ),
  );
const zones = fc.oneof(
  { weight: 3, arbitrary: validZones },
  { weight: 2, arbitrary: fc.tuple(wildRadius, wildRadius, wildRadius, wildRadius) },
);
/** Mostly a good value, sometimes one from `wild` (most bodies break one or two fields, not all). */
const mostly = <T>(good: fc.Arbitrary<T>, wild: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: wild });
const degrees = (limit: number) =>
  mostly(
    fc.double({ min: -limit, max: limit, noNaN: true }),
    fc.oneof(
      fc.constantFrom(-limit - 0.01, -limit, limit, limit + 0.01),
      fc.double({ min: -limit - 10, max: limit + 10, noNaN: true, noDefaultInfinity: true }),
    ),
  );
const text = (max: number, example: string) =>
  mostly(
    fc.constantFrom(example, 'x'.repeat(max)),
    fc.oneof(
      fc.constantFrom('', '   ', 'y'.repeat(max + 1)),
      fc.string({ unit: 'grapheme-ascii', maxLength: max + 5 }),
    ),
  );

const locationBody = fc
  .record({
    label: text(100, 'Field'),
    locationName: text(250, 'Dallas, TX'),
    latitude: degrees(90),
    longitude: degrees(180),
    zones,
    allClearMinutes: mostly(fc.constantFrom(10, 20, 30, 40, 50, 60), fc.constantFrom(0, 5, 35, 70)),
    flags: fc.constantFrom(0, 30),
    forecastLocation: fc.boolean(),
  })
  .map(({ zones: [radius1, radius2, radius3, radius4], ...rest }) => ({
    ...rest,
    radius1,
    radius2,
    radius3,
    radius4,
  }));

describe('every location write path gives the same answer', () => {
  it('the contract schema, the modal and the API agree on accept or refuse, and on the refused fields', async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(locationBody, fc.boolean(), async (input, viaUpdate) => {
        const body = viaUpdate ? { ...input, id: existingId } : input;
        const schema = ZLocationInput.safeParse(body);
        const schemaErrors = schema.success ? {} : fieldErrorsOf(schema.error.issues);
        const modalErrors = validateLocationBody(body);
        const rowsBefore = await countRows();
        const savedBefore = await rowOf(existingId);
        const res = await t.app.inject({
          method: 'POST',
          url: viaUpdate ? '/api/location/Update' : '/api/location/Add',
          headers,
          payload: body,
        });
        const apiErrors = res.statusCode === 200 ? {} : res.json().responseException.errors;

        expect([200, 400]).toContain(res.statusCode);
        expect(modalErrors).toEqual(schemaErrors);
        expect(Object.keys(apiErrors).sort()).toEqual(Object.keys(schemaErrors).sort());
        expect(res.statusCode === 200).toBe(schema.success);
        if (res.statusCode === 400) {
          expect(await countRows()).toBe(rowsBefore);
          expect(await rowOf(existingId)).toEqual(savedBefore);
          seen.refused++;
        } else seen.accepted++;
      }),
      { numRuns: 60 },
    );
    // both answers were exercised
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  }, 240_000);
});
