// NWS advisories in force at a location (spec 01 §3 'NWS advisory'), from the alerts the policy engine applied
// (polygon containment first, zone second), customer-scoped.
import type { TNwsAdvisory, TNwsAdvisoryDetail } from '@allclear/contracts';
import type { Database } from '../../../db/client.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Prepared } from '../../../platform/route.ts';
import type { VisibleLocation } from '../../shared/location-access.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
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
    db: Database,
    private readonly clock: Clock,
    private readonly reads: ApiReads,
  ) {
    this.repo = new ThreatRepository(db);
  }

  /** What an answer about the location's advisories was read from (the policy engine applies them). */
  private tags(location: VisibleLocation): string[] {
    return [readTags.advisories, readTags.customer(location.customerId)];
  }

  /** `GET Advisory/{id}`: identifier and event of each advisory in force. */
  async list(p: Principal, id: number): Promise<Prepared<TNwsAdvisory[]>> {
    const location = await this.reads.locations.visible(p, id);
    return keep(this.reads.cache, `advisoryList:${location.id}`, this.tags(location), async () =>
      (await this.read(location)).map((a) => ({ Identifier: a.Identifier, Event: a.Event })),
    );
  }

  /** `GET Advisory/Detail/{id}`: the full advisories in force. */
  async details(p: Principal, id: number): Promise<Prepared<TNwsAdvisoryDetail[]>> {
    const location = await this.reads.locations.visible(p, id);
    return keep(this.reads.cache, `advisoryDetails:${location.id}`, this.tags(location), () =>
      this.read(location),
    );
  }

  private async read(location: VisibleLocation): Promise<TNwsAdvisoryDetail[]> {
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
