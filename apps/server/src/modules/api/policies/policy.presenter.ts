// A policy as served: its stored fields and what the caller may do to it (the domain's weather-policy policy, the
// rule the policy service enforces), so the Policies page offers only what the server will then allow.
import type { TPolicy } from '@allclear/contracts';
import { weatherPolicyPolicy, type PolicyPrincipal, type WeatherPolicyRow } from '@allclear/domain';
import type { PolicyDetail } from './policy.repository.ts';

/** A policy as the weather-policy policy reads it: its customer and the groups it applies to. */
export function scopeOfPolicy(policy: Pick<PolicyDetail, 'customerId' | 'sites'>): WeatherPolicyRow {
  return { customerId: policy.customerId, siteIds: policy.sites };
}

export function presentPolicy(policy: PolicyDetail, viewer: PolicyPrincipal): TPolicy {
  const { edit, delete: del } = weatherPolicyPolicy.abilities(viewer, scopeOfPolicy(policy));
  return { ...policy, abilities: { edit, delete: del } };
}
