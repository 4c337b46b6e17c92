// The Name and Address fields of the location form (spec 01 §5 'Location fields'): the name is required and kept
// for a type-1 location (its served abilities say so); the address autocompletes while adding and is fixed when
// editing.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { LOCATION_LABEL_MAX_LENGTH, type TGeocodeSuggestion, type TLocation } from '@allclear/contracts';
import type { LocationFormState } from './use-location-form.ts';
import type { PlacePick } from './use-place-pick.ts';

/** The Name field, bound to `label`. */
export function NameField({ state, location }: { state: LocationFormState; location: TLocation | null }) {
  return (
    <Controller
      name="label"
      control={state.form.control}
      render={({ field, fieldState }) => (
        <TextField
          label="Name"
          required
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          // a type-1 location keeps its name (spec 01 §5); the served abilities say so
          disabled={location ? !location.abilities.rename : false}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { maxLength: LOCATION_LABEL_MAX_LENGTH } }}
        />
      )}
    />
  );
}

export interface AddressFieldProps {
  place: PlacePick;
  isEdit: boolean;
  /** The address's field error (LocationName). */
  error: string | undefined;
}

/** The Address field: free text with the geocoder's suggestions; Enter on typed text looks it up. */
export function AddressField({ place, isEdit, error }: AddressFieldProps) {
  return (
    <Autocomplete<TGeocodeSuggestion, false, false, true>
      freeSolo
      disabled={isEdit}
      options={place.suggestions}
      filterOptions={(options) => options}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      isOptionEqualToValue={(a, b) => a.label === (typeof b === 'string' ? b : b.label)}
      inputValue={place.addressText}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') place.setAddressText(value);
      }}
      onChange={(_e, value) => {
        if (value === null) return;
        if (typeof value === 'string') void place.pickTypedAddress(value);
        else place.choosePlace(value);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Address"
          error={Boolean(error)}
          helperText={error ?? (isEdit ? undefined : 'Type a town or address and pick a match')}
        />
      )}
    />
  );
}
