// Who may see an organisation location and change its user-group links (spec 01 §7 'Organisation locations and
// sites'; spec 02 §6 'Manage Groups', 'Assistant Admin data: only their own group'). Data read for an
// organisation location (its work/rest profile) reads through 'view'.
import { groupsOf, matrixPolicy } from './entity-policy.ts';

export const ORGANIZATION_LOCATION_ACTIONS = ['view', 'linkGroup'] as const;
export type OrganizationLocationAction = (typeof ORGANIZATION_LOCATION_ACTIONS)[number];

export interface OrganizationLocationPolicyRow {
  customerId: number;
  /** For a group link: the group linked or unlinked. */
  siteId?: number | null;
}

export const organizationLocationPolicy = matrixPolicy(
  'organizationLocation',
  ORGANIZATION_LOCATION_ACTIONS,
  {
    see: 'view',
    scope: (row: OrganizationLocationPolicyRow) => ({
      customerId: row.customerId,
      siteIds: groupsOf(row.siteId),
    }),
  },
);
