// The API's read caches of one process (issue 18) and the bus events that make them stale: the one place that says
// which change drops what. A dashboard polls the same few dozen reads every 10 to 60 s for every screen open; they
// are read from the database once and kept (platform/read-cache.ts), each service tagging what it keeps with what
// it was read from. Every API process receives the same events, so a change made through any process is seen by the
// next request to every process; the time to live bounds what has no event.
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../db/client.ts';
import { ReadCache } from '../../platform/read-cache.ts';
import { Prepared } from '../../platform/route.ts';
import { LocationAccess } from './location-access.ts';
import { READ_TTL_MS, readTags } from './read-tags.ts';

/** What the API's route modules read through: the cache, and the locations a caller may see. */
export interface ApiReads {
  cache: ReadCache;
  locations: LocationAccess;
}

/** The API's reads of one process, the cache dropped by the bus; `close()` stops listening. */
export function createApiReads(db: Database, bus: Bus, clock: Clock): ApiReads & { close: () => void } {
  const cache = new ReadCache({ now: () => clock.now().getTime() });
  const customerChanged = (e: { customerId: number }) => cache.drop(readTags.customer(e.customerId));
  const offs = [
    bus.subscribe('location-changed', (e) => {
      cache.drop(readTags.location(e.locationId));
      customerChanged(e);
    }),
    bus.subscribe('user-changed', (e) => {
      cache.drop(readTags.user(e.userId));
      customerChanged(e);
    }),
    bus.subscribe('policies-changed', customerChanged),
    bus.subscribe('lightning-changed', (e) => cache.drop(readTags.lightning(e.locationId))),
    bus.subscribe('observations-changed', () => cache.drop(readTags.observations)),
    bus.subscribe('warnings-changed', (e) => {
      if (e.policyWarnings) cache.drop(readTags.warnings);
      if (e.advisories) cache.drop(readTags.advisories);
    }),
    bus.subscribe('proactive-forecasts-changed', (e) =>
      cache.drop(readTags.proactiveForecasts(e.customerId)),
    ),
  ];
  return {
    cache,
    locations: new LocationAccess(db, cache),
    close: () => offs.forEach((off) => off()),
  };
}

/**
 * An answer kept under `key` (read by `load` when missing), tagged with what it was read from, served as a Prepared
 * answer: serialised once, not on every request.
 */
export function keep<T>(
  cache: ReadCache,
  key: string,
  tags: readonly string[],
  load: () => Promise<T>,
  ttlMs = READ_TTL_MS,
): Promise<Prepared<T>> {
  return cache.get(key, ttlMs, tags, async () => new Prepared(await load()));
}
