// Reads a location by id for the calls that serve a location's data (conditions, forecasts, threats,
// advisories, air quality, proactive forecasts, lightning), under the location policy's 'view' (own, shared, the
// customer's or their group's for admin roles; else 404). Shared by those API modules, so none of them
// reaches into another for it. The row is kept in the API's read cache (reads.ts): a dashboard's polls are
// authorised from memory, and a change of the location, its owner or its customer drops it first.
import { locationPolicy } from '@allclear/domain';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { authorize } from './authorize.ts';
import { LocationAccessRepository, type LocationWithOwnerGroup } from './location-access.repository.ts';
import { READ_TTL_MS, readTags } from './read-tags.ts';

export type VisibleLocation = LocationWithOwnerGroup;

export class LocationAccess {
  private readonly repo: LocationAccessRepository;

  constructor(
    db: Database,
    private readonly cache: ReadCache,
  ) {
    this.repo = new LocationAccessRepository(db);
  }

  /**
   * The location with this id if the caller may read it; 404 otherwise (another customer's is never revealed). The
   * policy decides on every request; only the row is kept (shared by every caller: treat it as read-only).
   */
  async visible(p: Principal, id: number): Promise<VisibleLocation> {
    return authorize(p, locationPolicy, 'view', await this.cache.get(...this.row(id)), 'Location');
  }

  /** As `visible`, at once when the row is kept (a 404 or 403 thrown as `visible` rejects); undefined when it is not. */
  visibleNow(p: Principal, id: number): VisibleLocation | undefined {
    const row = this.cache.peek(...this.row(id));
    return row === undefined ? undefined : authorize(p, locationPolicy, 'view', row, 'Location');
  }

  /** The read cache's key, time to live, tags and load of a location's row. */
  private row(id: number) {
    return [
      `location:${id}`,
      READ_TTL_MS,
      (r: LocationWithOwnerGroup | undefined) =>
        r ? [readTags.location(id), readTags.customer(r.customerId)] : [readTags.location(id)],
      () => this.repo.locationWithOwnerGroup(id),
    ] as const;
  }
}
