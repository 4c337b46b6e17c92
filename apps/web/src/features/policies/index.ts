// The policies feature's public edge: the Policies page (/Policies, spec 02 §2.10), registered lazily by the app's
// routes; its queries, for screens that read the policies.
export { getPoliciesQueryOptions, usePolicies } from './api/get-policies.ts';
export { getPolicyTypesQueryOptions, usePolicyTypes } from './api/get-policy-types.ts';
