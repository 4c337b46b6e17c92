// The Add Location / Edit Location modal (spec 01 §2, §4 'Location form', 'Zone enablement', 'Policy lock',
// §5 'Location zones', 'All-clear timer', 'Location fields', 'Enable Alerts switch', 'Delete Location',
// §8 location errors and success banners).
import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_CLEAR_MAX_MINUTES,
  ALL_CLEAR_MIN_MINUTES,
  ALL_CLEAR_STEP_MINUTES,
  POLICY_LOCK_NOTICE,
  applyPolicyLock,
  enableAlertsFlags,
  isFourthZoneVisible,
  isSilenced,
  newLocationDefaults,
  type ZoneRadii,
} from '@allclear/domain';
import {
  LOCATION_LABEL_MAX_LENGTH,
  type TGeocodeSuggestion,
  type TLocation,
  type TLocationAddWarning,
  type TLocationInput,
} from '@allclear/contracts';
import { ApiError, type ApiFieldErrors } from '../../../lib/api-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';

import { getLocationsQueryOptions } from '../../dashboard/api/get-locations.ts';
import { useAddLocation } from '../api/add-location.ts';
import { useUpdateLocation } from '../api/update-location.ts';
import { useDeleteLocation } from '../api/delete-location.ts';
import {
  selectableOrganizationLocations,
  useOrganizationLocations,
} from '../api/get-organization-locations.ts';
import { useAddressSuggestions } from '../api/autocomplete.ts';
import { pickAddress } from '../api/geocode-address.ts';
import { getAddWarning } from '../api/get-add-warning.ts';
import { useLightningPolicies } from '../api/get-lightning-policies.ts';
import { ZoneSliders } from './zone-sliders.tsx';
import { PositionPicker, type Position } from './position-picker.tsx';
import { RemoveDialog } from '../../../components/dialogs/remove-dialog.tsx';
import { validateLocationBody } from '../lib/validate-location.ts';

/** The form's start position when adding: the Dallas area (spec 01 §3). */
export const DEFAULT_POSITION: Position = { latitude: 32.7767, longitude: -96.797 };
/** Banner when a save fails without a ServerErrors entry (spec 01 §8). */
export const ERROR_ADDING_LOCATION = 'Error adding location';
export const ERROR_UPDATING_LOCATION = 'Error updating location';
/** Warning when the policy lock changed saved values (spec 01 §4 'Policy lock'). */
export const POLICY_OVERWRITE_WARNING =
  "Your saved lightning zones or all-clear timer differ from your organization's policies and have been overwritten. Save this location to apply them.";

export interface LocationModalProps {
  open: boolean;
  /** The location to edit; null or absent when adding. */
  location?: TLocation | null;
  /** The customer's feature ids (spec 01 §3 'Customer feature'): zone 4 needs FOURTH_LIGHTNING_ZONE_SUPPORT. */
  customerFeatures: readonly number[];
  onClose: () => void;
}

/** The modal; its form starts afresh on every open (spec 01 §4 'Location form'). */
export function LocationModal({ open, location, customerFeatures, onClose }: LocationModalProps) {
  const isEdit = Boolean(location);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="location-modal-title"
      scroll="paper"
    >
      <DialogTitle id="location-modal-title">
        {isEdit ? `Editing "${location!.label}"` : 'Add Location'}
      </DialogTitle>
      {open ? (
        <LocationForm
          key={location?.id ?? 'new'}
          location={location ?? null}
          customerFeatures={customerFeatures}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  location: TLocation | null;
  customerFeatures: readonly number[];
  onClose: () => void;
}

function LocationForm({ location, customerFeatures, onClose }: FormProps) {
  const isEdit = location !== null;
  const defaults = newLocationDefaults('map-modal');
  const [label, setLabel] = useState(location?.label ?? '');
  const [locationName, setLocationName] = useState(location?.locationName ?? '');
  const [addressText, setAddressText] = useState(location?.locationName ?? '');
  const [position, setPosition] = useState<Position>(
    location ? { latitude: location.latitude, longitude: location.longitude } : DEFAULT_POSITION,
  );
  const [zones, setZones] = useState<ZoneRadii>(
    location
      ? [location.radius1, location.radius2, location.radius3, location.radius4 ?? 0]
      : [defaults.radius1, defaults.radius2, defaults.radius3, defaults.radius4],
  );
  const [allClearMinutes, setAllClearMinutes] = useState(
    location?.allClearMinutes ?? defaults.allClearMinutes,
  );
  const [flags, setFlags] = useState(location?.flags ?? defaults.flags);
  const [forecastLocation, setForecastLocation] = useState(location?.forecastLocation ?? false);
  const [organizationLocationId, setOrganizationLocationId] = useState<number | null>(
    location?.organizationLocationId ?? null,
  );
  const [fieldErrors, setFieldErrors] = useState<ApiFieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  // the text stays while the dialog fades out
  const [warning, setWarning] = useState<TLocationAddWarning>(null);
  const [warningOpen, setWarningOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const openToast = useToastStore((s) => s.open);

  const addMutation = useAddLocation();
  const updateMutation = useUpdateLocation();
  const deleteMutation = useDeleteLocation();
  const policies = useLightningPolicies();
  const organizationLocations = useOrganizationLocations();
  const savedLocations = useQuery(getLocationsQueryOptions());
  const suggestions = useAddressSuggestions(addressText, !isEdit && addressText !== locationName);

  const lock = applyPolicyLock(policies.data ?? [], {
    radius1: zones[0],
    radius2: zones[1],
    radius3: zones[2],
    radius4: zones[3],
    allClearMinutes,
  });
  const lockedZones: ZoneRadii = [lock.radius1, lock.radius2, lock.radius3, lock.radius4];
  const overwritesSaved =
    isEdit &&
    applyPolicyLock(policies.data ?? [], {
      radius1: location.radius1,
      radius2: location.radius2,
      radius3: location.radius3,
      radius4: location.radius4,
      allClearMinutes: location.allClearMinutes,
    }).overwritesSaved;
  const showFourthZone = isFourthZoneVisible(customerFeatures, location?.radius4);
  const orgOptions = useMemo(
    () =>
      selectableOrganizationLocations(
        organizationLocations.data ?? [],
        (savedLocations.data ?? []).map((l) => l.organizationLocationId),
        location?.organizationLocationId,
      ),
    [organizationLocations.data, savedLocations.data, location?.organizationLocationId],
  );
  const saving = addMutation.isPending || updateMutation.isPending;
  const deleting = deleteMutation.isPending;

  async function afterPick(point: Position) {
    const found = await getAddWarning(point.latitude, point.longitude);
    if (found) {
      setWarning(found);
      setWarningOpen(true);
    }
  }

  function choosePlace(place: TGeocodeSuggestion) {
    setLocationName(place.label);
    setAddressText(place.label);
    const point = { latitude: place.latitude, longitude: place.longitude };
    setPosition(point);
    void afterPick(point);
  }

  async function pickTypedAddress(text: string) {
    if (!text.trim()) return;
    const place = await pickAddress(text, position);
    if (place) choosePlace(place);
  }

  function chooseOrganizationLocation(id: number | null) {
    setOrganizationLocationId(id);
    const org = organizationLocations.data?.find((o) => o.id === id);
    if (!org) return;
    if (!label.trim()) setLabel(org.label || org.name);
    const address = org.address || org.name;
    setLocationName(address);
    setAddressText(address);
    const point = { latitude: org.latitude, longitude: org.longitude };
    setPosition(point);
    void afterPick(point);
  }

  function showFailure(err: unknown, fallback: string) {
    const api = err instanceof ApiError ? err : undefined;
    setFieldErrors(api?.errors ?? {});
    setBanner(api?.firstServerError ?? fallback);
    contentRef.current?.scrollTo?.({ top: 0 });
    if (contentRef.current) contentRef.current.scrollTop = 0;
  }

  function save() {
    setBanner(null);
    setFieldErrors({});
    const body: TLocationInput = {
      label,
      locationName,
      latitude: position.latitude,
      longitude: position.longitude,
      radius1: lockedZones[0],
      radius2: lockedZones[1],
      radius3: lockedZones[2],
      radius4: showFourthZone ? lockedZones[3] : 0,
      allClearMinutes: lock.allClearMinutes,
      flags,
      forecastLocation,
      organizationLocationId,
    };
    // the one schema of every location write: a body the server would refuse is not sent
    const problems = validateLocationBody(isEdit ? { ...body, id: location.id } : body);
    if (Object.keys(problems).length > 0) {
      showFailure(
        new ApiError(400, 'invalid', problems),
        isEdit ? ERROR_UPDATING_LOCATION : ERROR_ADDING_LOCATION,
      );
      return;
    }
    if (isEdit) {
      updateMutation.mutate(
        { ...body, id: location.id },
        {
          onSuccess: (text) => {
            openToast({ variant: 'success', header: text });
            onClose();
          },
          onError: (err) => showFailure(err, ERROR_UPDATING_LOCATION),
        },
      );
    } else {
      addMutation.mutate(body, {
        onSuccess: (result) => {
          openToast({ variant: 'success', header: result.message });
          onClose();
        },
        onError: (err) => showFailure(err, ERROR_ADDING_LOCATION),
      });
    }
  }

  function remove() {
    if (!location) return;
    deleteMutation.mutate(location.id, {
      onSuccess: (text) => {
        setConfirmingDelete(false);
        openToast({ variant: 'success', header: text });
        onClose();
      },
      onError: (err) => {
        setConfirmingDelete(false);
        setFieldErrors({});
        setBanner(err instanceof Error ? err.message : ERROR_UPDATING_LOCATION);
        if (contentRef.current) contentRef.current.scrollTop = 0;
      },
    });
  }

  const alertsOn = !isSilenced(flags);
  const otherErrors = (['AllClearMinutes', 'OrganizationLocationId', 'Flags'] as const)
    .map((f) => fieldErrors[f]?.[0])
    .filter(Boolean);

  return (
    <>
      <Box
        component="form"
        noValidate
        aria-label={isEdit ? `Edit location ${location.label}` : 'Add location'}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogContent dividers ref={contentRef}>
          <Stack spacing={2.5}>
            {banner ? (
              <Alert severity="error" role="alert">
                {banner}
              </Alert>
            ) : null}
            {lock.anyLocked ? <Alert severity="info">{POLICY_LOCK_NOTICE}</Alert> : null}
            {overwritesSaved ? <Alert severity="warning">{POLICY_OVERWRITE_WARNING}</Alert> : null}

            <Box
              sx={{
                display: 'grid',
                gap: 2.5,
                // wide screens: the map beside the form, kept in view while the zone sliders move its rings
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              }}
            >
              <Stack spacing={2.5} sx={{ gridColumn: 1, gridRow: { md: 1 } }}>
                <TextField
                  label="Name"
                  required
                  value={label}
                  onChange={(e) => setLabel(e.target.value)}
                  // a type-1 location keeps its name (spec 01 §5); the served abilities say so
                  disabled={location ? !location.abilities.rename : false}
                  error={Boolean(fieldErrors.Label)}
                  helperText={fieldErrors.Label?.[0]}
                  slotProps={{ htmlInput: { maxLength: LOCATION_LABEL_MAX_LENGTH } }}
                />

                <Autocomplete<TGeocodeSuggestion, false, false, true>
                  freeSolo
                  disabled={isEdit}
                  options={suggestions}
                  filterOptions={(options) => options}
                  getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
                  isOptionEqualToValue={(a, b) => a.label === (typeof b === 'string' ? b : b.label)}
                  inputValue={addressText}
                  onInputChange={(_e, value, reason) => {
                    if (reason !== 'reset') setAddressText(value);
                  }}
                  onChange={(_e, value) => {
                    if (value === null) return;
                    if (typeof value === 'string') void pickTypedAddress(value);
                    else choosePlace(value);
                  }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Address"
                      error={Boolean(fieldErrors.LocationName)}
                      helperText={
                        fieldErrors.LocationName?.[0] ??
                        (isEdit ? undefined : 'Type a town or address and pick a match')
                      }
                    />
                  )}
                />
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
                  value={position}
                  radii={[
                    lockedZones[0],
                    lockedZones[1],
                    lockedZones[2],
                    showFourthZone ? lockedZones[3] : 0,
                  ]}
                  disabled={isEdit}
                  onChange={setPosition}
                  onCommit={(p) => void afterPick(p)}
                  errors={fieldErrors}
                />
              </Box>

              <Stack spacing={2.5} sx={{ gridColumn: 1, gridRow: { md: 2 } }}>
                <TextField
                  select
                  label="Organization location"
                  value={organizationLocationId ?? ''}
                  disabled={isEdit}
                  onChange={(e) =>
                    chooseOrganizationLocation(e.target.value === '' ? null : Number(e.target.value))
                  }
                  error={Boolean(fieldErrors.OrganizationLocationId)}
                >
                  <MenuItem value="">None</MenuItem>
                  {orgOptions.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.label || o.name}
                    </MenuItem>
                  ))}
                </TextField>

                <ZoneSliders
                  zones={lockedZones}
                  onChange={setZones}
                  showFourthZone={showFourthZone}
                  locked={lock.locked}
                  errors={fieldErrors}
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
                    onChange={(_e, value) => setAllClearMinutes(value as number)}
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
                        onChange={(e) => setFlags(enableAlertsFlags(e.target.checked))}
                        slotProps={{ input: { 'aria-label': 'Enable Alerts' } }}
                      />
                    }
                    label={alertsOn ? 'Yes, please' : 'No, thanks'}
                  />
                </Box>

                <FormControlLabel
                  control={
                    <Checkbox
                      checked={forecastLocation}
                      onChange={(e) => setForecastLocation(e.target.checked)}
                    />
                  }
                  label="Forecast location"
                />
                {otherErrors.map((e) => (
                  <FormHelperText key={e} error>
                    {e}
                  </FormHelperText>
                ))}
              </Stack>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
          <Box>
            {isEdit ? (
              <Button
                color="error"
                onClick={() => setConfirmingDelete(true)}
                disabled={!location.abilities.delete || deleting}
              >
                Delete Location
              </Button>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={saving}>
              Save
            </Button>
          </Box>
        </DialogActions>
      </Box>

      <Dialog
        open={warningOpen}
        onClose={() => setWarningOpen(false)}
        aria-labelledby="location-warning-title"
      >
        <DialogTitle id="location-warning-title">{warning?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{warning?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setWarningOpen(false)} autoFocus>
            I Understand
          </Button>
        </DialogActions>
      </Dialog>

      {isEdit ? (
        <RemoveDialog
          open={confirmingDelete}
          item="Location"
          identifier={location.label}
          busy={deleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={remove}
        />
      ) : null}
    </>
  );
}
