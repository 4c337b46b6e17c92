// A form's check is the contract schema's: the same fields refused with the same first texts, keyed as the server
// keys them, and with `toInput` the body the form would send is what is checked.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from '@allclear/contracts';
import { contractResolver, fieldErrorTexts, resolverErrors } from './contract-resolver.ts';

const ZThing = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  limit: z.number().max(50, 'Limit must be at most 50.'),
  alertTimes: z
    .array(z.object({ startTime: z.string().regex(/^\d\d:\d\d$/, 'Start time must be HH:MM.') }))
    .max(2, 'At most 2 alert times.'),
  note: z.string().default(''),
});
type Thing = z.input<typeof ZThing>;
const good: Thing = { name: 'Field', limit: 50, alertTimes: [{ startTime: '07:00' }] };
const options = { fields: {}, shouldUseNativeValidation: false };

describe('contractResolver', () => {
  it("accepts a limit of exactly 50 and submits the schema's output (defaults applied)", async () => {
    const result = await contractResolver(ZThing)(good, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ ...good, note: '' });
  });

  it('refuses 50.01 and a bad nested time, each on its own field', async () => {
    const result = await contractResolver(ZThing)(
      { ...good, limit: 50.01, alertTimes: [{ startTime: '07:00' }, { startTime: '7am' }] },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(fieldErrorTexts(result.errors)).toEqual({
      Limit: ['Limit must be at most 50.'],
      'AlertTimes[1].StartTime': ['Start time must be HH:MM.'],
    });
  });

  it("keys an array field's own error by the array", async () => {
    const times = [{ startTime: '07:00' }, { startTime: '08:00' }, { startTime: '09:00' }];
    expect(await resolverErrors(contractResolver(ZThing), { ...good, alertTimes: times })).toEqual({
      AlertTimes: 'At most 2 alert times.',
    });
  });

  it('checks the body toInput makes from the values and the context, not the values', async () => {
    // a policy locks the limit: the form's own 10 is never sent
    const locked = contractResolver(
      ZThing,
      (values: Thing, context: { lockedLimit: number } | undefined) => ({
        ...values,
        limit: context?.lockedLimit ?? values.limit,
      }),
    );
    const values = { ...good, limit: 10 };
    expect(await resolverErrors(locked, values, { lockedLimit: 60 })).toEqual({
      Limit: 'Limit must be at most 50.',
    });
    const sent = await locked(values, { lockedLimit: 40 }, options);
    expect(sent.values).toMatchObject({ limit: 40 });
  });
});

describe('resolverErrors', () => {
  it.each([
    ['an empty name', { ...good, name: '  ' }],
    ['two broken fields', { ...good, name: '', limit: 51 }],
    ['a broken time', { ...good, alertTimes: [{ startTime: '' }] }],
    ['nothing broken', good],
  ])('agrees with the schema on %s: the same fields, each with its first text', async (_, body) => {
    const parsed = ZThing.safeParse(body);
    const schemaErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    const first = Object.fromEntries(Object.entries(schemaErrors).map(([k, texts]) => [k, texts[0]]));
    expect(await resolverErrors(contractResolver(ZThing), body)).toEqual(first);
  });
});
