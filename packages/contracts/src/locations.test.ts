// The location write schema at its limits (spec 01 §5 'Location fields', 'Location zones'): the number
// the form and the server read is tested at the number and one step past it. The API answers the same
// (apps/server location-validation.api.test.ts).
import { describe, expect, it } from 'vitest';
import { zoneBoundsMessage } from '@allclear/domain';
import { fieldErrorsOf } from './common.ts';
import { LOCATION_FIELD_MESSAGES, ZLocationInput } from './locations.ts';

const body = (over: Record<string, unknown> = {}) => ({
  label: 'Track',
  locationName: 'Dallas, TX',
  latitude: 32.7767,
  longitude: -96.797,
  radius1: 10,
  radius2: 20,
  radius3: 30,
  radius4: 40,
  allClearMinutes: 30,
  ...over,
});

/** The field errors of a body, keyed in the server's naming; {} when the schema accepts it. */
function errorsOf(over: Record<string, unknown>): Record<string, string[]> {
  const parsed = ZLocationInput.safeParse(body(over));
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}

describe('ZLocationInput limits', () => {
  it('accepts a name of 100 characters and refuses 101, naming Label', () => {
    expect(errorsOf({ label: 'x'.repeat(100) })).toEqual({});
    expect(errorsOf({ label: 'x'.repeat(101) })).toEqual({ Label: [LOCATION_FIELD_MESSAGES.nameTooLong] });
  });

  it('accepts an address of 250 characters and refuses 251, naming LocationName', () => {
    expect(errorsOf({ locationName: 'x'.repeat(250) })).toEqual({});
    expect(errorsOf({ locationName: 'x'.repeat(251) })).toEqual({
      LocationName: [LOCATION_FIELD_MESSAGES.addressTooLong],
    });
  });

  it('accepts a 50-mile zone 4 and refuses 50.01, naming Radius4', () => {
    expect(errorsOf({ radius4: 50 })).toEqual({});
    expect(errorsOf({ radius4: 50.01 })).toEqual({ Radius4: [zoneBoundsMessage(4)] });
  });

  it('accepts a 47-mile zone 1 and refuses 47.01, naming Radius1', () => {
    const alone = { radius2: 0, radius3: 0, radius4: 0 };
    expect(errorsOf({ ...alone, radius1: 47 })).toEqual({});
    expect(errorsOf({ ...alone, radius1: 47.01 })).toEqual({ Radius1: [zoneBoundsMessage(1)] });
  });

  it('accepts latitude ±90 and longitude ±180 and refuses 0.01 past them', () => {
    for (const edge of [{ latitude: 90 }, { latitude: -90 }, { longitude: 180 }, { longitude: -180 }])
      expect(errorsOf(edge)).toEqual({});
    expect(errorsOf({ latitude: 90.01 })).toEqual({ Latitude: [LOCATION_FIELD_MESSAGES.latitude] });
    expect(errorsOf({ longitude: -180.01 })).toEqual({ Longitude: [LOCATION_FIELD_MESSAGES.longitude] });
  });

  it('accepts an all-clear of 60 minutes and refuses 70, naming AllClearMinutes', () => {
    expect(errorsOf({ allClearMinutes: 60 })).toEqual({});
    expect(errorsOf({ allClearMinutes: 70 })).toEqual({
      AllClearMinutes: [LOCATION_FIELD_MESSAGES.allClear],
    });
  });
});
