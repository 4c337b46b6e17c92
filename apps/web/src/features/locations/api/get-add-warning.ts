// GET /api/Location/AddWarning?Latitude&Longitude: the location-add warning lookup after an address or map
// pick; a title and message shown with 'I Understand', or null (spec 01 §2, §7).
import type { TLocationAddWarning } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** The warning for a picked point, or null; failures are silent (null). */
export async function getAddWarning(latitude: number, longitude: number): Promise<TLocationAddWarning> {
  try {
    return await call('locationAddWarning', { query: { Latitude: latitude, Longitude: longitude } });
  } catch {
    return null;
  }
}
