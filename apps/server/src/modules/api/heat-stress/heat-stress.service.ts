// Heat-stress profiles for the dashboard's Heat Stress card (spec 02 §2.4, §7): who may read them (the
// organisation-location and risk-profile policies) and presentation.
import { organizationLocationPolicy, riskProfilePolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { ReadCache } from '../../../platform/read-cache.ts';
import { Prepared } from '../../../platform/route.ts';
import { authorize } from '../../shared/authorize.ts';
import { READ_TTL_MS, readTags } from '../../shared/read-tags.ts';
import { keep } from '../../shared/reads.ts';
import type { HeatStressRepository } from './heat-stress.repository.ts';
import type { TRiskProfile, TWorkRestProfile } from '@allclear/contracts';

const METRICS = ['WBGT', 'Temperature', 'Heat Index'] as const;
type Metric = (typeof METRICS)[number];
const metricOf = (value: string): Metric =>
  (METRICS as readonly string[]).includes(value) ? (value as Metric) : 'WBGT';

/**
 * Profiles, organisation locations and risk profiles are written by the seed only (no call edits them yet): what is
 * read is kept READ_TTL_MS, and a change of the customer (its locations, users, policies) drops it too.
 */
export class HeatStressService {
  constructor(
    private readonly repo: HeatStressRepository,
    private readonly cache: ReadCache,
  ) {}

  /** The work/rest profile of an organisation location of the caller's customer; null when none applies. */
  async workRestForOrganizationLocation(
    p: Principal,
    organizationLocationId: number,
  ): Promise<Prepared<TWorkRestProfile | null>> {
    const owner = await this.cache.get(
      `organizationLocationCustomer:${organizationLocationId}`,
      READ_TTL_MS,
      (customerId) => (customerId === undefined ? [] : [readTags.customer(customerId)]),
      () => this.repo.organizationLocationCustomer(organizationLocationId),
    );
    const org = authorize(
      p,
      organizationLocationPolicy,
      'view',
      owner === undefined ? undefined : { customerId: owner },
      'Organization location',
    );
    const tags = [readTags.customer(org.customerId)];
    return keep(this.cache, `workRest:${org.customerId}`, tags, () => this.readWorkRest(org.customerId));
  }

  private async readWorkRest(customerId: number): Promise<TWorkRestProfile | null> {
    const found = await this.repo.workRestProfileFor(customerId);
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
  async riskProfile(p: Principal, id: number): Promise<Prepared<TRiskProfile>> {
    const found = await this.cache.get(
      `riskProfile:${id}`,
      READ_TTL_MS,
      (f) => (f?.profile.customerId ? [readTags.customer(f.profile.customerId)] : []),
      async () => {
        const row = await this.repo.riskProfile(id);
        return row && { profile: row.profile, answer: new Prepared(presentRiskProfile(row)) };
      },
    );
    authorize(p, riskProfilePolicy, 'view', found?.profile, 'Risk profile');
    return found!.answer;
  }
}

function presentRiskProfile(
  found: NonNullable<Awaited<ReturnType<HeatStressRepository['riskProfile']>>>,
): TRiskProfile {
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
