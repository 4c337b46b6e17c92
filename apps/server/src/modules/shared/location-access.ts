// Reads a location by id for the calls that serve a location's data (conditions, forecasts, threats,
// advisories, air quality, proactive forecasts), under the location policy's 'view' (own, shared, the
// customer's or their group's for admin roles; else 404).
import { locationPolicy } from '@allclear/domain';
import type { Database } from '../../../db/client.ts';
import type { Principal } from '../../../platform/auth.ts';
import { authorize } from '../../shared/authorize.ts';
import { ObservationReadRepository, type LocationWithOwnerGroup } from './observation.repository.ts';

export type VisibleLocation = LocationWithOwnerGroup;

/** The location with this id if the caller may read it; 404 otherwise (another customer's is never revealed). */
export async function visibleLocation(db: Database, p: Principal, id: number): Promise<VisibleLocation> {
  const row = await new ObservationReadRepository(db).locationWithOwnerGroup(id);
  return authorize(p, locationPolicy, 'view', row, 'Location');
}
