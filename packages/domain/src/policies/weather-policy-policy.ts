// Who may see and change a weather policy, the threshold rules of spec 02 §2.10 and §3 'Policy' (spec 02 §6
// 'Policies page', 'Add policy, edit policy: Admin and Super Admin only', 'Assistant Admin data: only their
// own group'). A policy belongs to the groups it applies to. Adding one has no row:
// reachFor(p, 'weatherPolicy', 'create').
import { matrixPolicy } from './entity-policy.ts';

export const WEATHER_POLICY_ACTIONS = ['view', 'edit', 'delete'] as const;
export type WeatherPolicyAction = (typeof WEATHER_POLICY_ACTIONS)[number];

export interface WeatherPolicyRow {
  customerId: number;
  /** The groups the policy applies to (all the customer's groups for an all-groups policy). */
  siteIds: readonly number[];
}

export const weatherPolicyPolicy = matrixPolicy('weatherPolicy', WEATHER_POLICY_ACTIONS, {
  see: 'view',
  scope: (row: WeatherPolicyRow) => row,
});
