// The location form inside the Add Location / Edit Location modal (spec 01 §2, §4 'Location form', §5, §8). This
// file composes: the state is in use-location-form (values, lock, errors), use-place-pick (address, organisation
// location, pin), use-add-warning and use-location-save (Save, Delete, banner); the parts beside it draw them.
import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { POLICY_LOCK_NOTICE } from '@allclear/domain';
import type { TLocation } from '@allclear/contracts';
import { PositionPicker } from '../position-picker.tsx';
import { POLICY_OVERWRITE_WARNING } from './location-form-texts.ts';
import { useLocationForm } from './use-location-form.ts';
import { usePlacePick } from './use-place-pick.ts';
import { useAddWarning } from './use-add-warning.ts';
import { useLocationSave } from './use-location-save.ts';
import { AddressField, NameField } from './name-address-fields.tsx';
import { LocationSettingsFields } from './location-settings-fields.tsx';
import { AddWarningDialog, DeleteLocationDialog, LocationFormActions } from './location-form-actions.tsx';

export interface LocationFormProps {
  /** The location to edit; null when adding. */
  location: TLocation | null;
  customerFeatures: readonly number[];
  onClose: () => void;
}

/** The form, its buttons and its dialogs. */
export function LocationForm({ location, customerFeatures, onClose }: LocationFormProps) {
  const isEdit = location !== null;
  const state = useLocationForm(location, customerFeatures);
  const addWarning = useAddWarning();
  const place = usePlacePick(location, state, addWarning);
  const contentRef = useRef<HTMLDivElement>(null);
  const save = useLocationSave(location, state, contentRef, onClose);
  const { values, lock, lockedZones, errors } = state;

  return (
    <>
      <Box
        component="form"
        noValidate
        aria-label={location ? `Edit location ${location.label}` : 'Add location'}
        onSubmit={save.submit}
        sx={{ display: 'contents' }}
      >
        <DialogContent dividers ref={contentRef}>
          <Stack spacing={2.5}>
            {save.banner ? (
              <Alert severity="error" role="alert">
                {save.banner}
              </Alert>
            ) : null}
            {lock.anyLocked ? <Alert severity="info">{POLICY_LOCK_NOTICE}</Alert> : null}
            {state.overwritesSaved ? <Alert severity="warning">{POLICY_OVERWRITE_WARNING}</Alert> : null}

            <Box
              sx={{
                display: 'grid',
                gap: 2.5,
                // wide screens: the map beside the form, kept in view while the zone sliders move its rings
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              }}
            >
              <Stack spacing={2.5} sx={{ gridColumn: 1, gridRow: { md: 1 } }}>
                <NameField state={state} location={location} />
                <AddressField place={place} isEdit={isEdit} error={errors.LocationName?.[0]} />
              </Stack>

              <Box
                sx={{
                  gridColumn: { xs: 1, md: 2 },
                  gridRow: { md: '1 / span 2' },
                  alignSelf: 'start',
                  position: { md: 'sticky' },
                  top: { md: 0 },
                }}
              >
                <PositionPicker
                  value={{ latitude: values.latitude, longitude: values.longitude }}
                  radii={[
                    lockedZones[0],
                    lockedZones[1],
                    lockedZones[2],
                    state.showFourthZone ? lockedZones[3] : 0,
                  ]}
                  disabled={isEdit}
                  onChange={state.setPosition}
                  onCommit={place.commitPosition}
                  errors={errors}
                />
              </Box>

              <Stack spacing={2.5} sx={{ gridColumn: 1, gridRow: { md: 2 } }}>
                <LocationSettingsFields state={state} place={place} isEdit={isEdit} />
              </Stack>
            </Box>
          </Stack>
        </DialogContent>
        <LocationFormActions location={location} save={save} onClose={onClose} />
      </Box>

      <AddWarningDialog addWarning={addWarning} />
      {location ? <DeleteLocationDialog location={location} save={save} /> : null}
    </>
  );
}
