// The lightning calls: a location's delay items and lightning status, and the dashboard's threat counts, at the
// server clock; every location is scoped to the caller. The delay and the status are served from memory (issue 18):
// the location and its customer's lightning policies from the API's read cache, the zones from the engine's states
// mirrored in this process (zone-state-mirror.ts), the strikes near the location read once per change of its zones
// (or per delay poll); the countdowns are computed at each request's time, to the second.
import type { TLightningDelay, TLightningLocationStatus, TLightningThreatCounts } from '@allclear/contracts';
import {
  delayItems,
  outermostRadius,
  zonesInForce,
  type LightningPolicy,
  type ZonesInForce,
} from '@allclear/domain';
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
    const policies = await this.reads.cache.get(...this.policiesOf(location.customerId));
    return { location, policies, zones: zonesInForce(location, policies) };
  }

  /** As `inForce`, at once when the location and its customer's policies are kept; undefined when one must be read. */
  private inForceNow(p: Principal, id: number) {
    const location = this.reads.locations.visibleNow(p, id);
    if (!location) return undefined;
    const policies = this.reads.cache.peek(...this.policiesOf(location.customerId));
    return policies && { location, policies, zones: zonesInForce(location, policies) };
  }

  /** A customer's LR1..LR4 policies, kept until its policies (or anything of it) change: the read cache's arguments. */
  private policiesOf(customerId: number) {
    return [
      `lightningPolicies:${customerId}`,
      READ_TTL_MS,
      [readTags.customer(customerId)],
      async (): Promise<LightningPolicy[]> =>
        (await loadLightningPolicies(this.db, [customerId])).get(customerId) ?? [],
    ] as const;
  }

  /**
   * item1..item4 as 'hh:mm:ss' (spec 01 §3 'Lightning delay'), computed at the request's time. The answers themselves
   * are few (every clear location has the same one, a countdown a new one per second), so each distinct answer is
   * prepared (serialised) once and served to every request that computes it.
   */
  async delay(p: Principal, id: number): Promise<Prepared<TLightningDelay>> {
    const { location, zones } = await this.inForce(p, id);
    return this.delayOf(zones, await this.zoneStates.zones(location.id));
  }

  /** As `delay`, at once when every input is in memory (a refusal thrown); undefined when one must be read. */
  delayNow(p: Principal, id: number): Prepared<TLightningDelay> | undefined {
    const inForce = this.inForceNow(p, id);
    const states = inForce && this.zoneStates.zones(inForce.location.id);
    return states && !(states instanceof Promise) ? this.delayOf(inForce.zones, states) : undefined;
  }

  private delayOf(zones: ZonesInForce, states: readonly ZoneStateView[]): Prepared<TLightningDelay> {
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
   * delay poll; each request takes the first one inside its own window. The read cache's arguments.
   */
  private strikesNear(location: VisibleLocation, radiusMiles: number, allClearMinutes: number) {
    return [
      `strikesNear:${location.id}:${radiusMiles}:${allClearMinutes}`,
      DATABASE_ROWS_TTL_MS,
      [readTags.lightning(location.id), readTags.customer(location.customerId)],
      async (): Promise<StrikeFromLocation[]> => {
        const from = new Date(this.clock.now().getTime() - allClearMinutes * 60_000);
        const candidates = await strikesNear(this.db, location, radiusMiles, from);
        return strikesByDistance(location, radiusMiles, candidates);
      },
    ] as const;
  }

  /**
   * Per-zone countdowns, last and nearest strike, effective radii and all-clear minutes. The countdowns count whole
   * seconds, so one answer serves every request for the location within the same second of the clock while its inputs
   * (the location, its policies, its zones, the strikes near it: each replaced, never changed, by its change event)
   * are the ones it was computed from; it is prepared (serialised) once.
   */
  async status(p: Principal, id: number): Promise<Prepared<TLightningLocationStatus>> {
    const { location, policies, zones } = await this.inForce(p, id);
    const radius = outermostRadius(zones.radii);
    const [states, near] = await Promise.all([
      this.zoneStates.zones(location.id),
      radius > 0
        ? this.reads.cache.get(...this.strikesNear(location, radius, zones.allClearMinutes))
        : NO_STRIKES,
    ]);
    return this.statusOf(id, location, policies, zones, states, near);
  }

  /**
   * As `status`, at once when every input is in memory (a refusal thrown), as most polls find them: the request awaits
   * nothing. Undefined when one must be read.
   */
  statusNow(p: Principal, id: number): Prepared<TLightningLocationStatus> | undefined {
    const inForce = this.inForceNow(p, id);
    if (!inForce) return undefined;
    const { location, policies, zones } = inForce;
    const states = this.zoneStates.zones(location.id);
    if (states instanceof Promise) return undefined;
    const radius = outermostRadius(zones.radii);
    const near =
      radius > 0
        ? this.reads.cache.peek(...this.strikesNear(location, radius, zones.allClearMinutes))
        : NO_STRIKES;
    return near && this.statusOf(id, location, policies, zones, states, near);
  }

  /** The status answer from its inputs: the one kept for the location in this second if made from the same ones. */
  private statusOf(
    id: number,
    location: VisibleLocation,
    policies: LightningPolicy[],
    zones: ZonesInForce,
    states: readonly ZoneStateView[],
    near: readonly StrikeFromLocation[],
  ): Prepared<TLightningLocationStatus> {
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
    zones: ZonesInForce,
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
