// Heat-stress profiles for the dashboard's Heat Stress card (spec 02 §2.4, §7): who may read them (the
// organisation-location and risk-profile policies) and presentation.
import { organizationLocationPolicy, riskProfilePolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { authorize } from '../../shared/authorize.ts';
import type { HeatStressRepository } from './heat-stress.repository.ts';
import type { TRiskProfile, TWorkRestProfile } from '@allclear/contracts';

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
    const org = authorize(
      p,
      organizationLocationPolicy,
      'view',
      owner === undefined ? undefined : { customerId: owner },
      'Organization location',
    );
    const found = await this.repo.workRestProfileFor(org.customerId);
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

  /** A risk profile the caller may read: a product default (no customer) or their customer's own (404 otherwise). */
  async riskProfile(p: Principal, id: number): Promise<TRiskProfile> {
    const found = await this.repo.riskProfile(id);
    authorize(p, riskProfilePolicy, 'view', found?.profile, 'Risk profile');
    return {
      id: found!.profile.id,
      name: found!.profile.name,
      riskLevels: found!.levels.map((l) => ({
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
