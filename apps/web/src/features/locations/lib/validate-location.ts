// The location modal's check before it saves: the one schema of every location write (ZLocationInput
// of @allclear/contracts, the same the server's location/Add and location/Update validate with), its
// field errors keyed as the server keys them (Label, LocationName, Latitude, Radius1, ...), so the
// modal shows them where it shows the server's (spec 01 §5 'Location fields', §8).
import { ZLocationInput, fieldErrorsOf, type TLocationInput } from '@allclear/contracts';

/** The body's broken fields, texts keyed by server field name; empty when the body may be sent. */
export function validateLocationBody(body: TLocationInput): Record<string, string[]> {
  const parsed = ZLocationInput.safeParse(body);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}
