// Decides which location fields leave the server (spec 01 §3 'Location'), with the zones in force
// under the customer's LR1..LR4 policies (spec 01 §4 'Policy lock'), computed on read so a policy
// change shows at once on every location it locks; and with what the caller may do to it (the domain's
// location policy, the rule the location service enforces), so the web offers only those actions.
import {
  locationAbilities,
  zonesInForce,
  type LightningPolicy,
  type LocationPrincipal,
} from '@allclear/domain';
import type { TLocation } from '@allclear/contracts';
import type { LocationRow } from './location.repository.ts';

export function presentLocation(
  row: LocationRow,
  lightningPolicies: readonly LightningPolicy[],
  viewer: LocationPrincipal,
): TLocation {
  return {
    id: row.id,
    label: row.label,
    locationName: row.locationName,
    latitude: row.latitude,
    longitude: row.longitude,
    radius1: row.radius1,
    radius2: row.radius2,
    radius3: row.radius3,
    radius4: row.radius4,
    allClearMinutes: row.allClearMinutes,
    flags: row.flags,
    forecastLocation: row.forecastLocation,
    organizationLocationId: row.organizationLocationId,
    type: row.type,
    zonesInForce: zonesInForce(row, lightningPolicies),
    abilities: locationAbilities(viewer, row),
  };
}
