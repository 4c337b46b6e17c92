// The location form's state: react-hook-form on the contract schema (lib/forms) with the values of
// location-form-values.ts, and what the form shows from them: the policy lock (spec 01 §4 'Policy lock'), whether
// saved values are overwritten by it, zone 4 (§4 'Zone enablement') and the field errors in the server's naming.
// Errors change only on Save, as the server's do (reValidateMode 'onSubmit'); focus stays where it is, the banner
// at the top says what failed (spec 01 §8).
import { applyPolicyLock, isFourthZoneVisible, type PolicyLock, type ZoneRadii } from '@allclear/domain';
import type { FieldPath, PathValue } from 'react-hook-form';
import { ZLocationInput, type TLocation } from '@allclear/contracts';
import { useContractForm } from '../../../../lib/forms/use-contract-form.ts';
import { fieldErrorTexts } from '../../../../lib/forms/contract-resolver.ts';
import { useLightningPolicies } from '../../api/get-lightning-policies.ts';
import {
  locationFormValues,
  toLocationInput,
  type LocationFormContext,
  type LocationFormValues,
} from './location-form-values.ts';

/** The form on `location` (null: adding) for a customer with `customerFeatures`. */
export function useLocationForm(location: TLocation | null, customerFeatures: readonly number[]) {
  const policies = useLightningPolicies();
  const showFourthZone = isFourthZoneVisible(customerFeatures, location?.radius4);
  const context: LocationFormContext = {
    policies: policies.data ?? [],
    showFourthZone,
    locationId: location?.id,
  };
  const form = useContractForm(ZLocationInput, locationFormValues(location), {
    toInput: toLocationInput,
    context,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = form.watch();

  const lock: PolicyLock = applyPolicyLock(context.policies, values);
  const lockedZones: ZoneRadii = [lock.radius1, lock.radius2, lock.radius3, lock.radius4];
  const overwritesSaved =
    location !== null &&
    applyPolicyLock(context.policies, {
      radius1: location.radius1,
      radius2: location.radius2,
      radius3: location.radius3,
      radius4: location.radius4,
      allClearMinutes: location.allClearMinutes,
    }).overwritesSaved;

  const set = <K extends FieldPath<LocationFormValues>>(name: K, value: PathValue<LocationFormValues, K>) =>
    form.setValue(name, value, { shouldDirty: true });
  const setZones = (zones: ZoneRadii) => {
    set('radius1', zones[0]);
    set('radius2', zones[1]);
    set('radius3', zones[2]);
    set('radius4', zones[3]);
  };
  const setPosition = (p: { latitude: number; longitude: number }) => {
    set('latitude', p.latitude);
    set('longitude', p.longitude);
  };

  return {
    form,
    values,
    set,
    setZones,
    setPosition,
    lock,
    lockedZones,
    overwritesSaved,
    showFourthZone,
    /** Field errors keyed as the server keys them (Label, Latitude, Radius1). */
    errors: fieldErrorTexts(form.formState.errors),
  };
}

export type LocationFormState = ReturnType<typeof useLocationForm>;
