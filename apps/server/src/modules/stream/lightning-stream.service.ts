// The lightning channel of the stream service: every open connection hears, for the locations its
// caller may see (the location policy's 'view', the lightning calls' rule), each change the engine
// commits: a zone entering delay, extended, or clearing (issue 6 'Beyond the spec').
import { delayItems, locationPolicy, reachFor, type LocationPolicyRow } from '@allclear/domain';
import { LIGHTNING_STREAM_EVENT, type TLightningStreamEvent } from '@allclear/contracts';
import type { Bus, LightningChanged } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Principal } from '../../platform/auth.ts';
import type { SseConnection } from './sse.ts';

/** Where the hub reads who owns a location (LocationOwnerRepository.findLocation). */
export interface OwnerSource {
  findLocation(id: number): Promise<LocationPolicyRow | undefined>;
}

interface Listener {
  principal: Principal;
  connection: SseConnection;
}

type Last = readonly [number | null, number | null, number | null, number | null];

/** The event a change becomes, with item1..item4 counted at `now` exactly as the Delay call counts them. */
export function presentChange(change: LightningChanged, now: Date): TLightningStreamEvent {
  const last = [1, 2, 3, 4].map((zone) => {
    const z = change.zones.find((s) => s.zone === zone);
    // a zone switched off shows no countdown, whatever its past strikes (as the Delay call)
    return z && z.radiusMiles > 0 ? (z.lastStrikeAt?.getTime() ?? null) : null;
  }) as unknown as Last;
  const items = delayItems(last, change.allClearMinutes, now.getTime());
  const newest = change.zones
    .filter((z) => z.lastStrikeAt && z.lastStrikeDistanceMiles !== null)
    .sort((x, y) => y.lastStrikeAt!.getTime() - x.lastStrikeAt!.getTime() || x.zone - y.zone)[0];
  return {
    locationId: change.locationId,
    ...items,
    inDelay: Object.values(items).some((item) => item !== '00:00:00'),
    lastStrike: newest
      ? {
          time: newest.lastStrikeAt!.toISOString(),
          distanceMiles: newest.lastStrikeDistanceMiles!,
          bearingDeg: newest.lastStrikeBearingDeg ?? 0,
        }
      : null,
  };
}

/** Fans lightning changes out to the open connections allowed to see them. */
export class LightningStreamHub {
  private readonly listeners = new Set<Listener>();
  // Owners of locations seen in a change, so a storm costs one read per location rather than one per
  // strike batch; a location edit (which may change its owner) drops the entry.
  private readonly owners = new Map<number, Promise<LocationPolicyRow | undefined>>();
  private readonly unsubscribe: (() => void)[];
  private closed = false;

  constructor(
    bus: Bus,
    private readonly owner: OwnerSource,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void,
  ) {
    this.unsubscribe = [
      bus.subscribe('lightning-changed', (change) => {
        // bus handlers run inside the engine's commit path: never throw there, never make it wait
        this.deliver(change).catch(onError);
      }),
      bus.subscribe('location-changed', (e) => this.owners.delete(e.locationId)),
    ];
  }

  /** Adds a connection; returns the function that removes it. After `close()` the connection is ended at once. */
  add(principal: Principal, connection: SseConnection): () => void {
    // a request authenticated while the app was closing would otherwise hold the shutdown open
    if (this.closed) {
      void connection.close();
      return () => {};
    }
    const listener = { principal, connection };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Number of open connections (diagnostics, tests). */
  get size(): number {
    return this.listeners.size;
  }

  /** Stops listening to the bus and ends every connection; resolves once they are closed (app shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    const closing = [...this.listeners].map((l) => l.connection.close());
    this.listeners.clear();
    this.owners.clear();
    await Promise.all(closing);
  }

  private async deliver(change: LightningChanged): Promise<void> {
    // Only callers of the location's customer (or who reach every customer's) can possibly see it: skip the read otherwise.
    const candidates = [...this.listeners].filter(
      (l) =>
        l.principal.customerId === change.customerId || reachFor(l.principal, 'location', 'view') === 'all',
    );
    if (candidates.length === 0) return;
    const row = await this.ownerOf(change.locationId);
    if (!row) return;
    const event = presentChange(change, this.clock.now());
    for (const l of candidates) {
      if (this.listeners.has(l) && locationPolicy.can(l.principal, 'view', row))
        l.connection.send(LIGHTNING_STREAM_EVENT, event);
    }
  }

  private ownerOf(locationId: number): Promise<LocationPolicyRow | undefined> {
    let found = this.owners.get(locationId);
    if (!found) {
      found = this.owner.findLocation(locationId);
      this.owners.set(locationId, found);
      // a failed read is not remembered
      found.catch(() => this.owners.delete(locationId));
    }
    return found;
  }
}
