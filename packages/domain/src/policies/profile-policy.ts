// A user's own profile and notification settings (spec 02 §6 'Notification Settings, Profile: any signed-in
// user'; 'Alert Mode selection: geofence permission and Admin, Assistant Admin or Super Admin'). Another
// user's record is the user policy's.
import { matrixPolicy } from './entity-policy.ts';

export const PROFILE_ACTIONS = ['view', 'edit', 'alertMode'] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

export interface ProfilePolicyRow {
  userId: string;
  customerId: number;
}

export const profilePolicy = matrixPolicy('profile', PROFILE_ACTIONS, {
  see: 'view',
  scope: (row: ProfilePolicyRow) => ({ customerId: row.customerId, ownerId: row.userId }),
});
