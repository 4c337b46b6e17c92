// Texts of the location form (spec 01 §4 'Policy lock', §8 location errors).

/** Banner when a save fails without a ServerErrors entry (spec 01 §8). */
export const ERROR_ADDING_LOCATION = 'Error adding location';
export const ERROR_UPDATING_LOCATION = 'Error updating location';
/** Warning when the policy lock changed saved values (spec 01 §4 'Policy lock'). */
export const POLICY_OVERWRITE_WARNING =
  "Your saved lightning zones or all-clear timer differ from your organization's policies and have been overwritten. Save this location to apply them.";
