// NWS advisories in force at a location (spec 01 §3 'NWS advisory'), from the alerts the policy engine applied
// (polygon containment first, zone second), customer-scoped.
import type { TNwsAdvisory, TNwsAdvisoryDetail } from '@allclear/contracts';
import type { Database } from '../../../db/client.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { visibleLocation } from '../../shared/location-access.ts';
import { ThreatRepository } from '../threats/index.ts';

/** Colour of an advisory by NWS severity (CSS hex). */
export const SEVERITY_COLORS: Readonly<Record<string, string>> = {
  Extreme: '#8B0000',
  Severe: '#FF0000',
  Moderate: '#FFA500',
  Minor: '#FFD700',
  Unknown: '#808080',
};

export class AdvisoryService {
  private readonly repo: ThreatRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new ThreatRepository(db);
  }

  /** `GET Advisory/{id}`: identifier and event of each advisory in force. */
  async list(p: Principal, id: number): Promise<TNwsAdvisory[]> {
    return (await this.details(p, id)).map((a) => ({ Identifier: a.Identifier, Event: a.Event }));
  }

  /** `GET Advisory/Detail/{id}`: the full advisories in force. */
  async details(p: Principal, id: number): Promise<TNwsAdvisoryDetail[]> {
    const location = await visibleLocation(this.db, p, id);
    const rows = await this.repo.nwsAlerts(location.id, this.clock.now());
    return rows.map((r) => ({
      Identifier: r.alertId,
      Event: r.event,
      Headline: r.headline,
      Description: r.description,
      Color: SEVERITY_COLORS[r.severity] ?? SEVERITY_COLORS.Unknown!,
      Onset: r.onset.toISOString(),
      Expires: r.endsAt.toISOString(),
      Severity: r.severity,
    }));
  }
}
