// The policy form's values and the body they make (spec 02 §4 'Policy', §5 'Policy', §9): numbers are edited as
// text, the threshold is rounded to the type's precision, 'Notify Users' and 'Notify On All Clear' become the
// policy's notification actions (the all-clear only with the trigger). A new policy starts at the spec's defaults
// (threshold 0, re-alert 10, all clear 30) until a type is chosen, which brings that type's defaults.
import type { TPolicy, TPolicyInput, TPolicyType } from '@allclear/contracts';
import {
  NEW_POLICY_DEFAULTS,
  defaultAllClearMessage,
  defaultAllClearMinutes,
  defaultThreshold,
  defaultTriggerMessage,
  roundThreshold,
} from '@allclear/domain';

export interface PolicyFormValues {
  /** The type's id; 0 while none is chosen. */
  policyType: number;
  threshold: string;
  allClearMinutes: string;
  reAlertMinutes: string;
  sites: number[];
  allGroups: boolean;
  notifyUsers: boolean;
  triggerMessage: string;
  notifyOnAllClear: boolean;
  allClearMessage: string;
}

export interface PolicyFormContext {
  types: readonly TPolicyType[];
  /** The saved trigger action's triggerId, kept on save. */
  triggerId: number | null;
}

/** The values of `policy` (null: a new one). */
export function policyFormValues(policy: TPolicy | null): PolicyFormValues {
  const trigger = policy?.notificationActions.find((a) => !a.allClear);
  const allClear = policy?.notificationActions.find((a) => a.allClear);
  return {
    policyType: policy?.policyType ?? 0,
    threshold: String(policy?.threshold ?? NEW_POLICY_DEFAULTS.threshold),
    allClearMinutes: String(policy?.allClearMinutes ?? NEW_POLICY_DEFAULTS.allClearMinutes),
    reAlertMinutes: String(policy?.reAlertMinutes ?? NEW_POLICY_DEFAULTS.reAlertMinutes),
    sites: policy?.sites ?? [],
    allGroups: policy?.allGroups ?? false,
    notifyUsers: trigger !== undefined,
    triggerMessage: trigger?.message ?? '',
    notifyOnAllClear: trigger !== undefined && allClear !== undefined,
    allClearMessage: allClear?.message ?? '',
  };
}

/** The values a new policy takes on choosing `type`: its default threshold and all-clear (spec 01 §9). */
export function valuesForType(values: PolicyFormValues, type: TPolicyType): PolicyFormValues {
  const threshold = defaultThreshold(type.shortName);
  return {
    ...values,
    policyType: type.id,
    threshold: String(threshold),
    allClearMinutes: String(Math.max(type.minAllClear, defaultAllClearMinutes(type.shortName))),
    triggerMessage: values.notifyUsers ? defaultTriggerMessage(type, threshold) : '',
    allClearMessage: values.notifyOnAllClear ? defaultAllClearMessage(type) : '',
  };
}

/** A number typed in a field; undefined when empty or not a number (the schema then names the field). */
export function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/** The body the form sends. */
export function toPolicyInput(
  values: PolicyFormValues,
  context: PolicyFormContext | undefined,
): TPolicyInput {
  const type = context?.types.find((t) => t.id === values.policyType);
  const threshold = numberOf(values.threshold);
  const actions: TPolicyInput['notificationActions'] = [];
  if (values.notifyUsers) {
    actions.push({ triggerId: context?.triggerId ?? null, allClear: false, message: values.triggerMessage });
    if (values.notifyOnAllClear)
      actions.push({ triggerId: null, allClear: true, message: values.allClearMessage });
  }
  return {
    policyType: values.policyType,
    threshold: (threshold !== undefined && type
      ? roundThreshold(threshold, type.precision)
      : threshold) as number,
    limit: null,
    allClearMinutes: numberOf(values.allClearMinutes) as number,
    reAlertMinutes: numberOf(values.reAlertMinutes) as number,
    sites: values.allGroups ? [] : values.sites,
    allGroups: values.allGroups,
    notificationActions: actions,
  };
}
