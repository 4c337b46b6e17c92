// Threats, policy warnings and the threat forecast of a location, customer-scoped (spec 01 §3, §4
// 'Severe-location tracking', ARCHITECTURE.md 'Threat forecast').
import type { TPolicyWarning, TThreatEntry, TThreatForecastItem } from '@allclear/contracts';
import { severeLocationsReducer, timeZoneAt, type SevereLocations } from '@allclear/domain';
import type { ConfiguredWeather } from '@allclear/weather';
import type { Database } from '../../../db/client.ts';
import { getLightningThreat } from '../../../engine/lightning/queries.ts';
import { warningMessage } from '../../../engine/policies/messages.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Prepared } from '../../../platform/route.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import { todaysHours } from '../forecasts/index.ts';
import type { VisibleLocation } from '../../shared/location-access.ts';
import { ObservationReadRepository } from '../observations/index.ts';
import { freshObservation, threatForecast } from './threat-forecast.ts';
import { ThreatRepository, type ActiveWarningRow } from './threat.repository.ts';

/** An active warning in the spec's shape (spec 01 §3 'Policy warning (active)'). */
export function presentWarning(
  w: ActiveWarningRow,
  location: { label: string; latitude: number; longitude: number },
): TPolicyWarning {
  return {
    id: w.id,
    policyId: w.policyId,
    policyTypeShortName: w.shortName,
    policyName: w.shortName,
    policyDisplayName: w.displayName,
    thresholdValue: w.threshold,
    isDesc: w.isDesc,
    unit: w.unit,
    precision: w.precision,
    value: w.value,
    startedTime: w.startedAt.toISOString(),
    lastAlertTime: w.lastNotifiedAt ? w.lastNotifiedAt.toISOString() : null,
    lastUpdateTime: w.lastUpdateAt.toISOString(),
    message: warningMessage(
      {
        locationLabel: location.label,
        timeZone: timeZoneAt(location.latitude, location.longitude),
        displayName: w.displayName,
        value: w.value,
        threshold: w.threshold,
        unit: w.unit,
        precision: w.precision,
        isDesc: w.isDesc,
        allClearMinutes: w.allClearMinutes,
        allClearAt: w.allClearAt,
        peak: { value: w.peakValue, at: w.peakAt },
      },
      false,
    ).body,
    allClearMinutes: w.allClearMinutes,
    allClearTime: w.allClearAt ? w.allClearAt.toISOString() : null,
  };
}

export class ThreatService {
  private readonly repo: ThreatRepository;
  private readonly observations: ObservationReadRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly weather: ConfiguredWeather,
    private readonly reads: ApiReads,
  ) {
    this.repo = new ThreatRepository(db);
    this.observations = new ObservationReadRepository(db);
  }

  /** `GET observations/Violations/{id}`, `GET PolicyWarnings/Location/{id}`: the active policy warnings. */
  async warnings(p: Principal, id: number): Promise<Prepared<TPolicyWarning[]>> {
    const location = await this.reads.locations.visible(p, id);
    const tags = [readTags.warnings, readTags.customer(location.customerId)];
    return keep(this.reads.cache, `policyWarnings:${location.id}`, tags, async () =>
      (await this.repo.activeWarnings(location.id)).map((w) => presentWarning(w, location)),
    );
  }

  /** `GET Threats/{id}`: lightning (LR1), NWS and '{display name} Policy Warning' entries, by the domain's tracker. */
  async threats(p: Principal, id: number): Promise<TThreatEntry[]> {
    const location = await this.reads.locations.visible(p, id);
    const now = this.clock.now();
    const [lightning, nws, warnings] = await Promise.all([
      getLightningThreat(this.db, location.id, now),
      this.repo.nwsAlerts(location.id, now),
      this.repo.activeWarnings(location.id),
    ]);
    let state: SevereLocations = {};
    state = severeLocationsReducer(state, {
      type: 'lightning-updated',
      locationId: location.id,
      zoneSeconds: lightning.zones.map((z) => z.remainingSeconds),
    });
    state = severeLocationsReducer(state, {
      type: 'nws-updated',
      locationId: location.id,
      events: [...new Set(nws.map((a) => a.event))],
    });
    state = severeLocationsReducer(state, {
      type: 'policy-alerts-updated',
      locationId: location.id,
      alerts: warnings.map((w) => ({ policyName: w.shortName, policyDisplayName: w.displayName })),
    });
    return (state[String(location.id)] ?? []).map((t) => ({
      shortName: t.shortName,
      longName: [...t.longName],
    }));
  }

  /**
   * `GET ThreatForecast/Location/{id}`: 'Today's Policy Risks', breached now by the active warnings; kept until the
   * policies, the warnings or the observations change, and at most READ_TTL_MS (the forecast's own hours roll).
   */
  async forecast(p: Principal, id: number): Promise<Prepared<TThreatForecastItem[]>> {
    const location = await this.reads.locations.visible(p, id);
    const tags = [readTags.warnings, readTags.observations, readTags.customer(location.customerId)];
    return keep(this.reads.cache, `threatForecast:${location.id}`, tags, () => this.readForecast(location));
  }

  private async readForecast(location: VisibleLocation): Promise<TThreatForecastItem[]> {
    const now = this.clock.now();
    const policies = await this.repo.customerPolicies(location.customerId);
    if (policies.length === 0) return [];
    const hourly = await this.weather.providers.forecast.hourly(location, now, 48);
    const [current, warnings] = await Promise.all([
      this.observations.conditionsOf(location.id),
      this.repo.activeWarnings(location.id),
    ]);
    // Breached now is what the active warnings say: the Active Warnings panel reads the same rows.
    return threatForecast(
      policies,
      location.customerId,
      todaysHours(hourly.hours, now, location.longitude),
      location,
      freshObservation(current, now),
      { now, warnings },
    );
  }
}
