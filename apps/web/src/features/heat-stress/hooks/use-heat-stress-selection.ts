// The chosen intensity and clothing modifiers, remembered per location and profile in local storage (spec 02 §4
// 'Heat stress').
import { useCallback, useState } from 'react';

export interface HeatStressSelection {
  intensityId: number | null;
  modifierIds: number[];
}

/** localStorage key of a location's and profile's selection. */
export function heatStressStorageKey(locationId: number, profileId: number): string {
  return `allclear.heatStress.${locationId}.${profileId}`;
}

function read(key: string): HeatStressSelection {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<HeatStressSelection> | null;
    return {
      intensityId: typeof parsed?.intensityId === 'number' ? parsed.intensityId : null,
      modifierIds: Array.isArray(parsed?.modifierIds)
        ? parsed.modifierIds.filter((n) => typeof n === 'number')
        : [],
    };
  } catch {
    return { intensityId: null, modifierIds: [] };
  }
}

/** The selection and its setter, persisted under the location's and profile's key. */
export function useHeatStressSelection(locationId: number, profileId: number) {
  const key = heatStressStorageKey(locationId, profileId);
  const [state, setState] = useState<{ key: string; value: HeatStressSelection }>(() => ({
    key,
    value: read(key),
  }));
  const value = state.key === key ? state.value : read(key);
  const update = useCallback(
    (next: HeatStressSelection) => {
      setState({ key, value: next });
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage unavailable: the choice lasts for this view
      }
    },
    [key],
  );
  return [value, update] as const;
}
