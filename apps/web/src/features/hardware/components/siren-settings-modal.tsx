// The siren settings modal (Edit on a card; spec 02 §3 'Siren detail', §5 'Siren settings', §7 PATCH
// Hardware/OWS/Settings, §8): sound duration 5–30 s in steps of 5 and 1–10 plays, the same for the all-clear, the
// post-warning and post-all-clear messages, the stored PA message played after the siren, and the alert times of
// each day on the 15-minute options with 'All Day' (start options before the end, end options after the start plus
// 12:00 AM; a mismatch puts the selects in error). Saved, the settings are pushed to the siren, which acknowledges
// them and reports them back (shown under the title).
import { useMemo, type FormEvent } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ZSirenSettingsInput,
  type THardware,
  type TSirenDetail,
  type TSirenSettingsInput,
} from '@allclear/contracts';
import {
  MIDNIGHT,
  PA_MESSAGE_MAX_LENGTH,
  endTimeOptions,
  isTimeRangeMismatch,
  playTimesOptions,
  setRowAllDay,
  sirenTimeOptions,
  soundDurationOptions,
  startTimeOptions,
} from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { localTime } from '../../../lib/local-time.ts';
import { useStoredMessages } from '../../pa-messages/index.ts';
import { useSiren } from '../api/get-siren.ts';
import { useSaveSirenSettings } from '../api/save-siren-settings.ts';
import { CANCEL, SAVE, SETTINGS_FAILED, SETTINGS_SAVED, SIREN_SETTINGS_TITLE } from './hardware-texts.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const OPTIONS = sirenTimeOptions();

type Row = TSirenSettingsInput['alertTimes'][number];

/** The form's values: every day's row (a day without one is off when other days have rows; none at all: always). */
function formValues(siren: TSirenDetail): TSirenSettingsInput {
  const none = siren.alertTimes.length === 0;
  return {
    id: siren.id,
    duration: siren.duration,
    frequency: siren.frequency,
    allClearDuration: siren.allClearDuration,
    allClearFrequency: siren.allClearFrequency,
    postWarnMessage: siren.postWarnMessage ?? '',
    postAllClearMessage: siren.postAllClearMessage ?? '',
    afterSirenPaId: siren.afterSirenPaId,
    alertTimes: DAYS.map((_, day) => {
      const row = siren.alertTimes.find((r) => r.day === day);
      return row
        ? { day, startTime: row.startTime, endTime: row.endTime, allDay: row.allDay, enabled: row.enabled }
        : { day, startTime: MIDNIGHT, endTime: MIDNIGHT, allDay: true, enabled: none };
    }),
  };
}

export interface SirenSettingsModalProps {
  unit: THardware;
  onClose: () => void;
}

export function SirenSettingsModal({ unit, onClose }: SirenSettingsModalProps) {
  const siren = useSiren(unit.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="siren-settings-title" fullWidth maxWidth="md">
      <DialogTitle id="siren-settings-title">{SIREN_SETTINGS_TITLE(unit.name)}</DialogTitle>
      {siren.isPending ? (
        <DialogContent>
          <CircularProgress aria-label="Loading the siren's settings" />
        </DialogContent>
      ) : siren.isError ? (
        <DialogContent>
          <Alert severity="error">The siren's settings could not be loaded.</Alert>
        </DialogContent>
      ) : (
        <SettingsForm siren={siren.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function reportedText(siren: TSirenDetail): { text: string; confirmed: boolean } {
  if (!siren.reported) return { text: 'The siren has not reported its settings yet.', confirmed: false };
  const confirmed = siren.reported.settings.version === siren.settingsVersion;
  const at = localTime(siren.reported.at, siren.timeZoneId, { withDate: true });
  return confirmed
    ? { text: `The siren reported holding these settings at ${at}.`, confirmed }
    : { text: `The siren has not confirmed the latest settings (last report ${at}).`, confirmed };
}

function SettingsForm({ siren, onClose }: { siren: TSirenDetail; onClose: () => void }) {
  const openToast = useToastStore((s) => s.open);
  const save = useSaveSirenSettings();
  const messages = useStoredMessages();
  const defaults = useMemo(() => formValues(siren), [siren]);
  const form = useContractForm(ZSirenSettingsInput, defaults);
  const rows = useFieldArray({ control: form.control, name: 'alertTimes' });
  const values = form.watch();
  const reported = reportedText(siren);
  const errors = form.formState.errors;

  const submit = (e: FormEvent) =>
    void form.handleSubmit(
      (body) =>
        save.mutate(body, {
          onSuccess: () => {
            openToast({ variant: 'success', header: SETTINGS_SAVED });
            onClose();
          },
          onError: (err) => {
            applyServerErrors(form, err);
            openToast({
              variant: 'error',
              header: err instanceof ApiError ? (err.serverMessage ?? SETTINGS_FAILED) : SETTINGS_FAILED,
            });
          },
        }),
      () => undefined,
    )(e);

  const slider = (
    name: 'duration' | 'frequency' | 'allClearDuration' | 'allClearFrequency',
    label: string,
  ) => {
    const seconds = name === 'duration' || name === 'allClearDuration';
    const choices = seconds ? soundDurationOptions() : playTimesOptions();
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Box>
            <Typography id={`${name}-label`} variant="body2" gutterBottom>
              {`${label}: ${field.value} ${seconds ? 'seconds' : field.value === 1 ? 'time' : 'times'}`}
            </Typography>
            <Slider
              value={field.value}
              onChange={(_, v) => field.onChange(v as number)}
              min={choices[0]}
              max={choices[choices.length - 1]}
              step={seconds ? 5 : 1}
              marks
              valueLabelDisplay="auto"
              slotProps={{ input: { 'aria-labelledby': `${name}-label` } }}
            />
            {errors[name]?.message ? (
              <Typography variant="caption" color="error">
                {errors[name]?.message}
              </Typography>
            ) : null}
          </Box>
        )}
      />
    );
  };

  const setRow = (index: number, row: Row) => rows.update(index, row);

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={reported.confirmed ? 'success' : 'info'} variant="outlined">
          {reported.text}
        </Alert>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {slider('duration', 'Sound duration')}
          {slider('frequency', 'Play sound')}
          {slider('allClearDuration', 'All clear sound duration')}
          {slider('allClearFrequency', 'Play all clear sound')}
        </Box>
        <TextField
          label="Post-warning message"
          {...form.register('postWarnMessage')}
          multiline
          slotProps={{ htmlInput: { maxLength: PA_MESSAGE_MAX_LENGTH } }}
          error={Boolean(errors.postWarnMessage)}
          helperText={errors.postWarnMessage?.message}
        />
        <TextField
          label="Post-all-clear message"
          {...form.register('postAllClearMessage')}
          multiline
          slotProps={{ htmlInput: { maxLength: PA_MESSAGE_MAX_LENGTH } }}
          error={Boolean(errors.postAllClearMessage)}
          helperText={errors.postAllClearMessage?.message}
        />
        <Controller
          control={form.control}
          name="afterSirenPaId"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="PA message after the siren"
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              <MenuItem value="">None</MenuItem>
              {(messages.data ?? []).map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Alert times
        </Typography>
        <Box role="group" aria-label="Alert times" sx={{ display: 'grid', gap: 1 }}>
          {rows.fields.map((f, index) => {
            const row = values.alertTimes?.[index] ?? f;
            const mismatch =
              !row.allDay && row.startTime !== row.endTime && isTimeRangeMismatch(row.startTime, row.endTime);
            const rowErrors = errors.alertTimes?.[index];
            const error = rowErrors?.startTime?.message ?? rowErrors?.endTime?.message;
            const day = DAYS[row.day] ?? '';
            return (
              <Box
                key={f.id}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr 1fr', md: '110px auto auto 1fr 1fr' },
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {day}
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={row.enabled}
                      onChange={(e) => setRow(index, { ...row, enabled: e.target.checked })}
                    />
                  }
                  label="On"
                  aria-label={`${day} alerts on`}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={row.allDay}
                      onChange={(e) => setRow(index, setRowAllDay({ ...row }, e.target.checked) as Row)}
                    />
                  }
                  label="All Day"
                />
                <TextField
                  select
                  size="small"
                  label={`${day} start`}
                  value={row.startTime}
                  disabled={row.allDay}
                  error={mismatch || Boolean(error)}
                  helperText={error}
                  onChange={(e) => setRow(index, { ...row, startTime: e.target.value })}
                >
                  {startTimeOptions(OPTIONS, row.endTime).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                  {startTimeOptions(OPTIONS, row.endTime).some((o) => o.value === row.startTime) ? null : (
                    <MenuItem value={row.startTime} sx={{ display: 'none' }}>
                      {row.startTime}
                    </MenuItem>
                  )}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={`${day} end`}
                  value={row.endTime}
                  disabled={row.allDay}
                  error={mismatch}
                  onChange={(e) => setRow(index, { ...row, endTime: e.target.value })}
                >
                  {endTimeOptions(OPTIONS, row.startTime).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                  {endTimeOptions(OPTIONS, row.startTime).some((o) => o.value === row.endTime) ? null : (
                    <MenuItem value={row.endTime} sx={{ display: 'none' }}>
                      {row.endTime}
                    </MenuItem>
                  )}
                </TextField>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {CANCEL}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : SAVE}
        </Button>
      </DialogActions>
    </Box>
  );
}
