// Who may see and change a user group, "site" (spec 02 §6 'Manage Groups', 'create group', '+ New group...',
// 'Assistant Admin data: only their own group'). Creating one has no row: reachFor(p, 'group', 'create').
import { matrixPolicy } from './entity-policy.ts';

export const GROUP_ACTIONS = ['view', 'edit', 'delete'] as const;
export type GroupAction = (typeof GROUP_ACTIONS)[number];

export interface GroupPolicyRow {
  id: number;
  customerId: number;
}

export const groupPolicy = matrixPolicy('group', GROUP_ACTIONS, {
  see: 'view',
  scope: (row: GroupPolicyRow) => ({ customerId: row.customerId, siteIds: [row.id] }),
});
