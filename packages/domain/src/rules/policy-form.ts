// Policy form: threshold precision, all-clear minimum, defaults per type (spec 01 §9, spec 02 §3, §5, §9).

/** New policy defaults: threshold 0, re-alert 10 minutes, all clear 30 minutes (spec 02 §9). */
export const NEW_POLICY_DEFAULTS = { threshold: 0, reAlertMinutes: 10, allClearMinutes: 30 } as const;
/** Lightning trigger messages speak of the threshold minus this many miles (spec 01 §9). */
export const LIGHTNING_MESSAGE_OFFSET_MILES = 0.4;
/** Default threshold of non-lightning types, °F (spec 01 §9). */
export const DEFAULT_OTHER_THRESHOLD_F = 80;

/** True for the lightning radius types LR1..LR4. */
export function isLightningPolicyType(policyTypeShortName: string): boolean {
  return /^LR[1-4]$/.test(policyTypeShortName);
}

/** A threshold rounded to the policy's precision (decimal places) (spec 02 §5 'Policy'). */
export function roundThreshold(value: number, precision: number): number {
  const factor = 10 ** Math.max(0, precision);
  return Math.round(value * factor) / factor;
}

/** Default all-clear minutes: 10 for lightning, 60 for other types (spec 01 §9). */
export function defaultAllClearMinutes(policyTypeShortName: string): number {
  return isLightningPolicyType(policyTypeShortName) ? 10 : 60;
}

/** Default threshold on choosing a type: 80 °F for non-lightning types; lightning keeps the new-policy 0 miles (spec 01 §9, spec 02 §9). */
export function defaultThreshold(policyTypeShortName: string): number {
  return isLightningPolicyType(policyTypeShortName)
    ? NEW_POLICY_DEFAULTS.threshold
    : DEFAULT_OTHER_THRESHOLD_F;
}

/** Default lightning trigger message using threshold − 0.4 miles, one decimal (spec 01 §9; wording ours). */
export function defaultLightningTriggerMessage(thresholdMiles: number): string {
  const miles = roundThreshold(thresholdMiles - LIGHTNING_MESSAGE_OFFSET_MILES, 1);
  return `Lightning has been detected within ${miles} miles. Seek shelter.`;
}

export interface PolicyFormDraft {
  threshold: number | null | undefined;
  allClearMinutes: number | null | undefined;
  /** Minimum all-clear minutes of the policy type. */
  minAllClear: number;
}

/** Errors keyed Threshold and AllClearMinutes: threshold a number, all-clear an integer at or above the type's minimum; texts ours (spec 02 §5 'Policy'). */
export function validatePolicyForm(
  draft: PolicyFormDraft,
): Partial<Record<'Threshold' | 'AllClearMinutes', string>> {
  const errors: Partial<Record<'Threshold' | 'AllClearMinutes', string>> = {};
  if (draft.threshold === null || draft.threshold === undefined || !Number.isFinite(draft.threshold))
    errors.Threshold = 'Threshold is required.';
  const minutes = draft.allClearMinutes;
  if (minutes === null || minutes === undefined || !Number.isInteger(minutes))
    errors.AllClearMinutes = 'All clear minutes must be a whole number.';
  else if (minutes < draft.minAllClear)
    errors.AllClearMinutes = `All clear minutes must be at least ${draft.minAllClear}.`;
  return errors;
}
