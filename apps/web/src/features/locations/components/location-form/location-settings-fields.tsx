// The location form's settings under the map: organisation location, lightning zones, all-clear timer, Enable
// Alerts and Forecast location (spec 01 §4 'Zone enablement', 'Policy lock', §5 'Location zones', 'All-clear
// timer', 'Enable Alerts switch'), with the errors of fields that have no place of their own below them.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import {
  ALL_CLEAR_MAX_MINUTES,
  ALL_CLEAR_MIN_MINUTES,
  ALL_CLEAR_STEP_MINUTES,
  enableAlertsFlags,
  isSilenced,
} from '@allclear/domain';
import { ZoneSliders } from '../zone-sliders.tsx';
import type { LocationFormState } from './use-location-form.ts';
import type { PlacePick } from './use-place-pick.ts';

export interface LocationSettingsFieldsProps {
  state: LocationFormState;
  place: PlacePick;
  isEdit: boolean;
}

/** The settings column. */
export function LocationSettingsFields({ state, place, isEdit }: LocationSettingsFieldsProps) {
  const { values, lock, lockedZones, errors } = state;
  const alertsOn = !isSilenced(values.flags);
  const otherErrors = (['AllClearMinutes', 'OrganizationLocationId', 'Flags'] as const)
    .map((f) => errors[f]?.[0])
    .filter(Boolean);
  return (
    <>
      <TextField
        select
        label="Organization location"
        value={values.organizationLocationId ?? ''}
        disabled={isEdit}
        onChange={(e) =>
          place.chooseOrganizationLocation(e.target.value === '' ? null : Number(e.target.value))
        }
        error={Boolean(errors.OrganizationLocationId)}
      >
        <MenuItem value="">None</MenuItem>
        {place.orgOptions.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label || o.name}
          </MenuItem>
        ))}
      </TextField>

      <ZoneSliders
        zones={lockedZones}
        onChange={state.setZones}
        showFourthZone={state.showFourthZone}
        locked={lock.locked}
        errors={errors}
      />

      <Box>
        <Typography id="all-clear-label" variant="subtitle1">
          All-clear timer: {lock.allClearMinutes} minutes
        </Typography>
        <Slider
          value={lock.allClearMinutes}
          min={ALL_CLEAR_MIN_MINUTES}
          max={ALL_CLEAR_MAX_MINUTES}
          step={ALL_CLEAR_STEP_MINUTES}
          marks
          disabled={lock.locked.allClearMinutes}
          onChange={(_e, value) => state.set('allClearMinutes', value as number)}
          getAriaValueText={(v) => `${v} minutes`}
          slotProps={{ input: { 'aria-labelledby': 'all-clear-label' } }}
        />
      </Box>

      <Box>
        <Typography variant="subtitle1">Enable Alerts</Typography>
        <FormControlLabel
          control={
            <Switch
              checked={alertsOn}
              onChange={(e) => state.set('flags', enableAlertsFlags(e.target.checked))}
              slotProps={{ input: { 'aria-label': 'Enable Alerts' } }}
            />
          }
          label={alertsOn ? 'Yes, please' : 'No, thanks'}
        />
      </Box>

      <Controller
        name="forecastLocation"
        control={state.form.control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                name={field.name}
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
              />
            }
            label="Forecast location"
          />
        )}
      />
      {otherErrors.map((e) => (
        <FormHelperText key={e} error>
          {e}
        </FormHelperText>
      ))}
    </>
  );
}
