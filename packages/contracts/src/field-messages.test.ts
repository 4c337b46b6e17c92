// A field error worded for a person: one row per kind of zod issue, parsed with `personMessage` as the `error` of
// the parse (as the server's validator does), and a schema's own message kept.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, personMessage } from './field-messages.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { error: (issue) => personMessage(issue, 'The request body') });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};
const field = (schema: z.ZodType) => z.object({ phoneNumber: schema }).strict();

describe('personMessage', () => {
  it.each([
    ['a missing field is required', field(z.string()), {}, 'Phone number is required.'],
    [
      'a number where text goes must be text',
      field(z.string()),
      { phoneNumber: 5 },
      'Phone number must be text.',
    ],
    ['text where a number goes', field(z.number()), { phoneNumber: 'x' }, 'Phone number must be a number.'],
    [
      'a fraction where a whole number goes',
      field(z.number().int()),
      { phoneNumber: 1.5 },
      'Phone number must be a whole number.',
    ],
    [
      'a beyond-double number',
      field(z.number()),
      { phoneNumber: -Infinity },
      'Phone number must be a finite number.',
    ],
    ['a flag', field(z.boolean()), { phoneNumber: 'yes' }, 'Phone number must be true or false.'],
    ['a list', field(z.array(z.number())), { phoneNumber: 1 }, 'Phone number must be a list.'],
    [
      'text over its limit',
      field(z.string().max(3)),
      { phoneNumber: 'abcd' },
      'Phone number must be at most 3 characters.',
    ],
    [
      'a list over its limit',
      field(z.array(z.number()).max(1_000)),
      { phoneNumber: Array(1001).fill(1) },
      'Phone number must have at most 1,000 items.',
    ],
    [
      'a number under its limit',
      field(z.number().min(1)),
      { phoneNumber: 0 },
      'Phone number must be at least 1.',
    ],
    [
      'empty text where text is required',
      field(z.string().min(1)),
      { phoneNumber: '' },
      'Phone number is required.',
    ],
    ['an e-mail', field(z.email()), { phoneNumber: 'x' }, 'Phone number must be an e-mail address.'],
    ['an id', field(z.uuid()), { phoneNumber: 'x' }, 'Phone number must be an ID (a UUID).'],
    [
      'a choice',
      field(z.enum(['CST', 'EST'])),
      { phoneNumber: 'x' },
      "Phone number must be one of 'CST' or 'EST'.",
    ],
    [
      'a union of values',
      field(z.union([z.literal(0), z.literal(1)])),
      { phoneNumber: 3 },
      'Phone number must be one of 0 or 1.',
    ],
    ['an unknown field', field(z.string()), { phoneNumber: 'x', colour: 1 }, "Unknown field 'colour'."],
    ['the whole body', field(z.string()), [], 'The request body must be an object with fields.'],
    [
      'an item of a list',
      z.object({ sites: z.array(z.number()) }),
      { sites: [1, 'x'] },
      'Sites (item 2) must be a number.',
    ],
    [
      'a refinement without a message',
      field(z.string().refine(() => false)),
      { phoneNumber: 'x' },
      'Phone number is not valid.',
    ],
  ])('%s', (_name, schema, value, message) => {
    expect(messageOf(schema, value)).toEqual([message]);
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(field(z.string({ error: 'Enter a phone number.' })), {})).toEqual([
      'Enter a phone number.',
    ]);
    expect(messageOf(field(z.string().max(3, 'Too long.')), { phoneNumber: 'abcd' })).toEqual(['Too long.']);
  });
});

describe('fieldLabel', () => {
  it.each([
    ['phoneNumber', 'Phone number'],
    ['ipAddress', 'IP address'],
    ['siteId', 'Site ID'],
    ['PAList', 'PA list'],
    ['StartTimeOfDay', 'Start time of day'],
  ])('%s reads %s', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });
});
