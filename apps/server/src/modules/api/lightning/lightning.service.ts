// The lightning calls: a location's delay items and lightning status, and the dashboard's threat counts, at the
// server clock; every location is scoped to the caller. The delay and the status are served from memory (issue 18):
// the location and its customer's lightning policies from the API's read cache, the zones from the engine's states
// mirrored in this process (zone-state-mirror.ts), the strikes near the location read once per change of its zones
// (or per delay poll); the countdowns are computed at each request's time, to the second.
import type { TLightningDelay, TLightningLocationStatus, TLightningThreatCounts } from '@allclear/contracts';
import { delayItems, outermostRadius, zonesInForce, type LightningPolicy } from '@allclear/domain';
import type { Database } from '../../../db/client.ts';
import { loadLightningPolicies } from '../../../engine/lightning/lightning.repository.ts';
import {
  locationsInDelay,
  nearestInWindow,
  strikesByDistance,
  strikesNear,
  threatOf,
  type StrikeFromLocation,
  type ZoneStateView,
} from '../../../engine/lightning/queries.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Principal } from '../../../platform/auth.ts';
import { Prepared } from '../../../platform/route.ts';
import { SecondAnswers } from '../../../platform/second-answers.ts';
import type { VisibleLocation } from '../../shared/location-access.ts';
import { READ_TTL_MS, readTags } from '../../shared/read-tags.ts';
import type { ApiReads } from '../../shared/reads.ts';
import type { LightningRepository } from './lightning.repository.ts';
import { DATABASE_ROWS_TTL_MS, type ZoneStateMirror } from './zone-state-mirror.ts';

const presentStrike = (s: StrikeFromLocation | undefined) =>
  s ? { time: s.time.toISOString(), distanceMiles: s.distanceMiles, bearingDeg: s.bearingDeg } : null;

/** Distinct delay answers kept prepared (a few hours of one countdown); past it they are prepared afresh. */
const DELAY_ANSWERS_KEPT = 10_000;

/** The strikes near a location without zones: one array, so its status answers can be kept (status). */
const NO_STRIKES: StrikeFromLocation[] = [];

/** Locations whose last status answer is kept for the rest of its second; past it they start afresh. */
const STATUS_ANSWERS_KEPT = 10_000;

export class LightningService {
  private readonly delayAnswers = new Map<string, Prepared<TLightningDelay>>();
  private readonly statusAnswers = new SecondAnswers<number, Prepared<TLightningLocationStatus>>(
    STATUS_ANSWERS_KEPT,
  );

  constructor(
    private readonly repo: LightningRepository,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly reads: ApiReads,
    private readonly zoneStates: ZoneStateMirror,
  ) {}

  /** A location the caller may see (the location policy's 'view'; 404 otherwise) with its zones in force. */
  private async inForce(p: Principal, id: number) {
    const location = await this.reads.locations.visible(p, id);
    const policies = await this.policiesOf(location.customerId);
    return { location, policies, zones: zonesInForce(location, policies) };
  }

  /** A customer's LR1..LR4 policies, kept until its policies (or anything of it) change. */
  private policiesOf(customerId: number): Promise<LightningPolicy[]> {
    return this.reads.cache.get(
      `lightningPolicies:${customerId}`,
      READ_TTL_MS,
      [readTags.customer(customerId)],
      async () => (await loadLightningPolicies(this.db, [customerId])).get(customerId) ?? [],
    );
  }

  /**
   * item1..item4 as 'hh:mm:ss' (spec 01 §3 'Lightning delay'), computed at the request's time. The answers themselves
   * are few (every clear location has the same one, a countdown a new one per second), so each distinct answer is
   * prepared (serialised) once and served to every request that computes it.
   */
  async delay(p: Principal, id: number): Promise<Prepared<TLightningDelay>> {
    const { location, zones } = await this.inForce(p, id);
    const states = await this.zoneStates.zones(location.id);
    const last = [1, 2, 3, 4].map((zone, i) => {
      if (zones.radii[i]! <= 0) return null;
      return states.find((s) => s.zone === zone)?.lastStrikeAt?.getTime() ?? null;
    }) as [number | null, number | null, number | null, number | null];
    const items = delayItems(last, zones.allClearMinutes, this.clock.now().getTime());
    const key = `${items.item1} ${items.item2} ${items.item3} ${items.item4}`;
    let answer = this.delayAnswers.get(key);
    if (!answer) {
      if (this.delayAnswers.size >= DELAY_ANSWERS_KEPT) this.delayAnswers.clear();
      this.delayAnswers.set(key, (answer = new Prepared(items)));
    }
    return answer;
  }

  /**
   * The counted strikes near a location within its outermost zone since its all-clear span began, nearest first
   * (strikesByDistance): read and sorted once per change of its zones (a strike in reach changes them), at most once a
   * delay poll; each request takes the first one inside its own window.
   */
  private strikesNear(
    location: VisibleLocation,
    radiusMiles: number,
    allClearMinutes: number,
  ): Promise<StrikeFromLocation[]> {
    if (radiusMiles <= 0) return Promise.resolve(NO_STRIKES);
    return this.reads.cache.get(
      `strikesNear:${location.id}:${radiusMiles}:${allClearMinutes}`,
      DATABASE_ROWS_TTL_MS,
      [readTags.lightning(location.id), readTags.customer(location.customerId)],
      async () => {
        const from = new Date(this.clock.now().getTime() - allClearMinutes * 60_000);
        const candidates = await strikesNear(this.db, location, radiusMiles, from);
        return strikesByDistance(location, radiusMiles, candidates);
      },
    );
  }

  /**
   * Per-zone countdowns, last and nearest strike, effective radii and all-clear minutes. The countdowns count whole
   * seconds, so one answer serves every request for the location within the same second of the clock while its inputs
   * (the location, its policies, its zones, the strikes near it: each replaced, never changed, by its change event)
   * are the ones it was computed from; it is prepared (serialised) once.
   */
  async status(p: Principal, id: number): Promise<Prepared<TLightningLocationStatus>> {
    const { location, policies, zones } = await this.inForce(p, id);
    const [states, near] = await Promise.all([
      this.zoneStates.zones(location.id),
      this.strikesNear(location, outermostRadius(zones.radii), zones.allClearMinutes),
    ]);
    const now = this.clock.now();
    return this.statusAnswers.get(
      location.id,
      now.getTime(),
      [location, policies, states, near],
      () => new Prepared(this.statusAt(id, location, zones, states, near, now)),
    );
  }

  private statusAt(
    id: number,
    location: VisibleLocation,
    zones: ReturnType<typeof zonesInForce>,
    states: readonly ZoneStateView[],
    near: readonly StrikeFromLocation[],
    now: Date,
  ): TLightningLocationStatus {
    const nearest = nearestInWindow(near, zones.allClearMinutes, now);
    const threat = threatOf(location, zones, states, nearest, now);
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
