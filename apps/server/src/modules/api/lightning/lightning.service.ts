// The lightning calls: a location's delay items and lightning status, and the dashboard's threat
// counts, read from the engine's queries at the server clock; every location is scoped to the caller.
import type { TLightningDelay, TLightningLocationStatus, TLightningThreatCounts } from '@allclear/contracts';
import { locationPolicy } from '@allclear/domain';
import type { Database } from '../../../db/client.ts';
import {
  getDelayItems,
  getLightningThreat,
  locationsInDelay,
  type StrikeFromLocation,
} from '../../../engine/lightning/queries.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Principal } from '../../../platform/auth.ts';
import { authorize } from '../../shared/authorize.ts';
import type { LightningRepository } from './lightning.repository.ts';

const presentStrike = (s: StrikeFromLocation | undefined) =>
  s ? { time: s.time.toISOString(), distanceMiles: s.distanceMiles, bearingDeg: s.bearingDeg } : null;

export class LightningService {
  constructor(
    private readonly repo: LightningRepository,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** A location the caller may see (the location policy's 'view'); 404 otherwise. */
  private async visible(p: Principal, id: number): Promise<void> {
    authorize(p, locationPolicy, 'view', await this.repo.findLocation(id), 'Location');
  }

  /** item1..item4 as 'hh:mm:ss' (spec 01 §3 'Lightning delay'). */
  async delay(p: Principal, id: number): Promise<TLightningDelay> {
    await this.visible(p, id);
    return getDelayItems(this.db, id, this.clock.now());
  }

  /** Per-zone countdowns, last and nearest strike, effective radii and all-clear minutes. */
  async status(p: Principal, id: number): Promise<TLightningLocationStatus> {
    await this.visible(p, id);
    const now = this.clock.now();
    const threat = await getLightningThreat(this.db, id, now);
    return {
      locationId: id,
      inDelay: threat.inDelay,
      allClearMinutes: threat.allClearMinutes,
      policyLocked: threat.policyLocked,
      countCloudToGroundOnly: threat.countCloudToGroundOnly,
      zones: threat.zones.map((z) => ({
        zone: z.zone,
        radius: z.radiusMiles,
        enabled: z.radiusMiles > 0,
        inDelay: z.inDelay,
        remainingSeconds: z.remainingSeconds,
        delay: z.delay,
        lastStrikeTime: z.lastStrikeAt?.toISOString() ?? null,
        lastStrikeDistanceMiles: z.lastStrikeDistanceMiles,
        allClearTime: z.allClearAt?.toISOString() ?? null,
      })),
      lastStrike: presentStrike(threat.lastStrike),
      nearestStrike: presentStrike(threat.nearestStrike),
      checkedAt: now.toISOString(),
    };
  }

  /** Of the caller's dashboard locations (own and shared), how many are in a lightning delay. */
  async threatCounts(p: Principal): Promise<TLightningThreatCounts> {
    const ids = await this.repo.dashboardLocationIds(p.userId, p.customerId);
    const inDelay = await locationsInDelay(this.db, ids, this.clock.now());
    return { locations: ids.length, inDelay: inDelay.length, locationIdsInDelay: inDelay };
  }
}
