// Reads a location by id for the calls that serve a location's data (conditions, forecasts, threats,
// advisories, air quality, proactive forecasts), under the location policy's 'view' (own, shared, the
// customer's or their group's for admin roles; else 404). Shared by those API modules, so none of them
// reaches into another for it.
import { locationPolicy } from '@allclear/domain';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { authorize } from './authorize.ts';
import { LocationAccessRepository, type LocationWithOwnerGroup } from './location-access.repository.ts';

export type VisibleLocation = LocationWithOwnerGroup;

/** The location with this id if the caller may read it; 404 otherwise (another customer's is never revealed). */
export async function visibleLocation(db: Database, p: Principal, id: number): Promise<VisibleLocation> {
  const row = await new LocationAccessRepository(db).locationWithOwnerGroup(id);
  return authorize(p, locationPolicy, 'view', row, 'Location');
}
