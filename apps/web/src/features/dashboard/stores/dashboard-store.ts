// The dashboard's client state (spec 01 §3 'Client state' dashboard): selectedLocation, editedLocation and the
// severe-location tracker keyed by location id. The selection is mirrored in the URL (?location=id).
import { create } from 'zustand';
import type { TLocation } from '@allclear/contracts';
import { severeLocationsReducer, type SevereLocationAction, type SevereLocations } from '@allclear/domain';

export interface DashboardState {
  /** Id of the location the panels show. */
  selectedLocation: number | null;
  /** The location open in the edit form, null when the form is closed. */
  editedLocation: TLocation | null;
  severeLocations: SevereLocations;
  selectLocation: (id: number | null) => void;
  editLocation: (location: TLocation | null) => void;
  /** Feeds the domain reducer (spec 01 §4 'Severe-location tracking'). */
  track: (action: SevereLocationAction) => void;
}

export const useDashboardStore = create<DashboardState>()((set) => ({
  selectedLocation: null,
  editedLocation: null,
  severeLocations: {},
  selectLocation: (id) => set({ selectedLocation: id }),
  editLocation: (location) => set({ editedLocation: location }),
  track: (action) =>
    set((state) => {
      const next = severeLocationsReducer(state.severeLocations, action);
      return next === state.severeLocations ? state : { severeLocations: next };
    }),
}));
