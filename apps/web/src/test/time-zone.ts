// Runs a test file's process in a given IANA zone (Node re-reads TZ when it is assigned), so a test of times shown
// in a venue's zone fails when the code reads the process's zone instead. Restored after the file.
import { afterAll, beforeAll } from 'vitest';

/** Honolulu, a venue whose zone (HST, UTC−10, no daylight saving) differs from any test process's. */
export const HONOLULU = { latitude: 21.3069, longitude: -157.8583 } as const;

/** Sets the process's zone for the tests of the calling file. */
export function pinProcessTimeZone(timeZone: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.TZ;
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
