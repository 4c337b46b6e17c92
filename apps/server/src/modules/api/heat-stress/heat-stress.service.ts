// Heat-stress profiles for the dashboard's Heat Stress card (spec 02 §2.4, §7): customer scoping and presentation.
import type { Principal } from '../../../platform/auth.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertCustomerScope, isSuperAdmin } from '../scope.ts';
import type { HeatStressRepository } from './heat-stress.repository.ts';
import type { TRiskProfile, TWorkRestProfile } from './heat-stress.schemas.ts';

const METRICS = ['WBGT', 'Temperature', 'Heat Index'] as const;
type Metric = (typeof METRICS)[number];
const metricOf = (value: string): Metric =>
  (METRICS as readonly string[]).includes(value) ? (value as Metric) : 'WBGT';

export class HeatStressService {
  constructor(private readonly repo: HeatStressRepository) {}

  /** The work/rest profile of an organisation location of the caller's customer; null when none applies. */
  async workRestForOrganizationLocation(
    p: Principal,
    organizationLocationId: number,
  ): Promise<TWorkRestProfile | null> {
    const owner = await this.repo.organizationLocationCustomer(organizationLocationId);
    assertCustomerScope(p, owner, 'Organization location');
    const found = await this.repo.workRestProfileFor(owner!);
    if (!found) return null;
    const { profile, intensities, modifiers, matrices } = found;
    return {
      id: profile.id,
      name: profile.name,
      primaryMetric: metricOf(profile.primaryMetric),
      useRiskProfile: profile.useRiskProfile,
      riskProfileId: profile.riskProfileId,
      durationUnit: profile.durationUnit,
      customStopText: profile.customStopText,
      customContinuousText: profile.customContinuousText,
      intensities,
      modifiers,
      matrices,
    };
  }

  /** A risk profile the caller may read: a product default (no customer) or their customer's own. */
  async riskProfile(p: Principal, id: number): Promise<TRiskProfile> {
    const found = await this.repo.riskProfile(id);
    if (!found) throw notFound('Risk profile');
    const owner = found.profile.customerId;
    if (owner !== null && !isSuperAdmin(p) && owner !== p.customerId) throw notFound('Risk profile');
    return {
      id: found.profile.id,
      name: found.profile.name,
      riskLevels: found.levels.map((l) => ({
        id: l.id,
        name: l.name,
        // an open-ended top level is served as unbounded
        max: l.max ?? Number.MAX_SAFE_INTEGER,
        color: l.color,
        colorSecondary: l.colorSecondary,
        description: l.description,
        riskProfileId: l.riskProfileId,
      })),
    };
  }
}
