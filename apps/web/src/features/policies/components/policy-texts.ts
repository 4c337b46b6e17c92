// The texts of the Policies page and its modals (spec 02 §2.10, §4 'Policy', §5 'Policy', §8 'Policy'); the
// spec's own are exact, the rest are ours.
import { AQI_SENSOR_REACH_MILES } from '@allclear/domain';

export const POLICIES_TITLE = 'Policies';
export const ADD_POLICY = 'Add Policy';
export const NO_POLICIES = "You don't have any policies added";
export const POLICY_SAVED = 'Saved';
export const POLICY_UPDATED = 'Updated';
export const POLICY_DELETED = 'Deleted';
export const ERROR_ADDING_POLICY = 'Error adding policy';
export const ERROR_UPDATING_POLICY = 'Error updating policy';
export const ERROR_DELETING_POLICY = 'Error deleting policy';
/** Ours. */
export const POLICIES_LOADING = 'Loading policies';
export const POLICIES_FAILED = 'Problem retrieving policies';
export const POLICIES_FAILED_DETAIL = 'Check internet connection.';
export const EDIT_POLICY_TITLE = 'Edit Policy';
export const INACTIVE = 'Inactive';
export const INACTIVE_NOTE = 'A policy with no groups is inactive: choose a group for it to alert anyone.';
export const TYPE_FIXED_NOTE = 'The policy type cannot be changed once saved.';
export const AQI_NOTE = `Air quality data is only available within ${AQI_SENSOR_REACH_MILES} miles of a sensor.`;
export const LIGHTNING_ZONE_1_TITLE = 'Lightning Zone 1 Policy';
export const LIGHTNING_ZONE_1_WARNING =
  'This policy sets lightning zone 1 and the all-clear timer of every location in your organization. Saved zone 1 radii and timers that differ are overwritten, and users can no longer change them.';
