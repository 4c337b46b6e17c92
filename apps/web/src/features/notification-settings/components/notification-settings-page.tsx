// My Notification Settings (/NotificationSettings, spec 02 §2.9, §3 'User notification settings', §4 'Alert mode',
// §6, §8, §9; issue 15): the enable toggle (POST User/Notifications at once), the weekly schedule (15-minute options
// plus ALL DAY), daily forecast e-mails with the locations they cover, alert types, notification type (push, with this
// browser's subscription, or SMS; a channel the server has turned off is shown unavailable), the alert mode (only for
// the geofence permission and an admin role: the server's ability) and the time zone. Saving sends the schedule and
// the settings; the server's message shows 1 s later (spec 02 §8), and its field errors under their fields.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ZAlertTimesUpdate,
  ZNotificationSettingsUpdate,
  type TNotificationChannels,
  type TNotificationSettings,
  type TUserAlertTimes,
} from '@allclear/contracts';
import { ALERT_MODE_LABELS, SETTINGS_MESSAGE_DELAY_MS, TIME_ZONES, type AlertMode } from '@allclear/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { saveForecastLocations, useMyLocations } from '../api/forecast-locations.ts';
import { pushState, subscribeThisBrowser, type PushState } from '../api/push-subscription.ts';
import {
  useAlertTimes,
  useChannels,
  useNotificationSettings,
  useSaveSettings,
  useSaveUserNotifications,
} from '../api/settings.ts';
import { ScheduleRow, type ScheduleRowValues } from './schedule-row.tsx';
import {
  ALERT_MODE_NOTE,
  ALERT_TYPES,
  CHANNEL_OFF,
  ENABLE_LABEL,
  ENABLE_OFF_NOTE,
  FORECAST_LABEL,
  FORECAST_LOCATIONS,
  MY_PROFILE,
  NO_LOCATIONS,
  PUSH,
  PUSH_ENABLE,
  PUSH_STATES,
  SAVE,
  SAVE_FAILED,
  SCHEDULE_NOTE,
  SECTIONS,
  SETTINGS_FAILED,
  SETTINGS_TITLE,
  SMS,
  SMS_NEEDS_PHONE_BEFORE,
  UNAVAILABLE,
} from './settings-texts.ts';

/** Shows the server's message after the spec's delay (spec 02 §8). */
function useDelayedMessage() {
  const openToast = useToastStore((s) => s.open);
  return (variant: 'success' | 'error', header: string, message?: string) =>
    setTimeout(() => openToast({ variant, header, message }), SETTINGS_MESSAGE_DELAY_MS);
}

/** The page. */
export default function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const times = useAlertTimes();
  const channels = useChannels();
  const failed = settings.isError || times.isError;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {SETTINGS_TITLE}
      </Typography>
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void Promise.all([settings.refetch(), times.refetch()])}
            >
              Retry
            </Button>
          }
        >
          {SETTINGS_FAILED}. Check internet connection.
        </Alert>
      ) : settings.isPending || times.isPending ? (
        <Box role="status" aria-label="Loading your notification settings">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} sx={{ mb: 2 }} />
          ))}
        </Box>
      ) : (
        <SettingsForm settings={settings.data} times={times.data} channels={channels.data} />
      )}
    </Box>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2.5, mb: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function SettingsForm({
  settings,
  times,
  channels,
}: {
  settings: TNotificationSettings;
  times: TUserAlertTimes;
  channels: TNotificationChannels | undefined;
}) {
  const ids = useId();
  const user = useCurrentUser().data;
  const locations = useMyLocations();
  const save = useSaveSettings();
  const toggle = useSaveUserNotifications();
  const later = useDelayedMessage();
  const form = useContractForm(ZNotificationSettingsUpdate, {
    optOutForecast: settings.optOutForecast,
    precipitationNotification: settings.precipitationNotification,
    severeWeatherNotification: settings.severeWeatherNotification,
    proactiveForecastNotification: settings.proactiveForecastNotification,
    notificationType: settings.notificationType,
    timeZone: settings.timeZone as (typeof TIME_ZONES)[number],
    ...(settings.abilities.alertMode ? { alertMode: settings.alertMode } : {}),
  });
  const schedule = useContractForm(ZAlertTimesUpdate, {
    alertTimes: times.map(({ day, startTime, endTime, allDay, enabled }) => ({
      day,
      startTime,
      endTime,
      allDay,
      enabled,
    })),
  });
  const rows = useWatch({ control: schedule.control, name: 'alertTimes' }) as ScheduleRowValues[];
  const notificationType = useWatch({ control: form.control, name: 'notificationType' });
  const optOutForecast = useWatch({ control: form.control, name: 'optOutForecast' });
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const forecastChoice =
    chosen ?? new Set((locations.data ?? []).filter((l) => l.forecastLocation).map((l) => l.id));
  const [push, setPush] = useState<PushState | null>(null);
  const [pushError, setPushError] = useState<string | null>(null);
  useEffect(() => {
    void pushState()
      .then(setPush)
      .catch(() => setPush('unsupported'));
  }, []);
  const declines = settings.declinesNotifications;
  const errors = form.formState.errors;
  const scheduleErrors = schedule.formState.errors.alertTimes;

  const setDeclines = (enable: boolean) =>
    toggle.mutate(
      { declinesNotifications: !enable },
      {
        onSuccess: (message) => later('success', message),
        onError: (err) =>
          later('error', err instanceof ApiError ? (err.serverMessage ?? SAVE_FAILED) : SAVE_FAILED),
      },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void schedule.handleSubmit((scheduleBody) =>
      form.handleSubmit(async (settingsBody) => {
        try {
          const message = await save.mutateAsync({ settings: settingsBody, schedule: scheduleBody });
          if (locations.data && chosen) await saveForecastLocations(locations.data, chosen);
          later('success', message);
        } catch (err) {
          applyServerErrors(schedule, err);
          const rest = applyServerErrors(form, err);
          const detail = Object.values(rest).flat()[0];
          later('error', err instanceof ApiError ? (err.serverMessage ?? SAVE_FAILED) : SAVE_FAILED, detail);
        }
      })(),
    )();
  };

  const enablePush = () => {
    setPushError(null);
    subscribeThisBrowser()
      .then(setPush)
      .catch((err: unknown) => setPushError(err instanceof Error ? err.message : String(err)));
  };

  const channelOff = (channel: 'push' | 'sms') => channels?.[channel] === 'off';
  const channelLabel = (label: string, channel: 'push' | 'sms') =>
    channelOff(channel) ? `${label} (${UNAVAILABLE})` : label;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Section title={SECTIONS.enable} id={`${ids}-enable`}>
        <FormControlLabel
          control={
            <Switch
              checked={!declines}
              disabled={toggle.isPending}
              onChange={(e) => setDeclines(e.target.checked)}
            />
          }
          label={ENABLE_LABEL}
        />
        {declines ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {ENABLE_OFF_NOTE}
          </Alert>
        ) : null}
      </Section>

      <Box>
        <Section title={SECTIONS.schedule} id={`${ids}-schedule`}>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {SCHEDULE_NOTE}
          </Typography>
          {rows.map((row, i) => (
            <ScheduleRow
              key={row.day}
              row={row}
              disabled={declines}
              startError={scheduleErrors?.[i]?.startTime?.message}
              endError={scheduleErrors?.[i]?.endTime?.message}
              onChange={(next) =>
                schedule.setValue(`alertTimes.${i}`, next, { shouldDirty: true, shouldValidate: false })
              }
            />
          ))}
        </Section>

        <Section title={SECTIONS.forecast} id={`${ids}-forecast`}>
          <Controller
            name="optOutForecast"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={!field.value}
                    disabled={declines}
                    onChange={(e) => field.onChange(!e.target.checked)}
                  />
                }
                label={FORECAST_LABEL}
              />
            )}
          />
          {(locations.data ?? []).length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {locations.isPending ? 'Loading your locations' : NO_LOCATIONS}
            </Typography>
          ) : (
            <TextField
              select
              label={FORECAST_LOCATIONS}
              value={[...forecastChoice]}
              disabled={declines || optOutForecast}
              fullWidth
              sx={{ mt: 1 }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (v) => locationNames(v as number[], locations.data ?? []),
                },
              }}
              onChange={(e) => setChosen(new Set(e.target.value as unknown as number[]))}
            >
              {(locations.data ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  <Checkbox checked={forecastChoice.has(l.id)} size="small" tabIndex={-1} />
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Section>

        <Section title={SECTIONS.alertTypes} id={`${ids}-types`}>
          <FormGroup>
            {(Object.keys(ALERT_TYPES) as (keyof typeof ALERT_TYPES)[]).map((name) => (
              <Controller
                key={name}
                name={name}
                control={form.control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        disabled={declines}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                    label={ALERT_TYPES[name]}
                  />
                )}
              />
            ))}
          </FormGroup>
        </Section>

        <Section title={SECTIONS.notificationType} id={`${ids}-type`}>
          <Controller
            name="notificationType"
            control={form.control}
            render={({ field }) => (
              <FormControl error={Boolean(errors.notificationType)}>
                <FormLabel id={`${ids}-type-label`} sx={{ position: 'absolute', left: -9999 }}>
                  {SECTIONS.notificationType}
                </FormLabel>
                <RadioGroup
                  aria-labelledby={`${ids}-type-label`}
                  value={String(field.value)}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                >
                  <FormControlLabel
                    value="0"
                    control={<Radio />}
                    disabled={declines}
                    label={channelLabel(PUSH, 'push')}
                  />
                  <FormControlLabel
                    value="1"
                    control={<Radio />}
                    disabled={declines}
                    label={channelLabel(SMS, 'sms')}
                  />
                </RadioGroup>
                {errors.notificationType?.message ? (
                  <FormHelperText>{errors.notificationType.message}</FormHelperText>
                ) : null}
              </FormControl>
            )}
          />
          {notificationType === 1 && !user?.phoneNumber ? (
            <Typography variant="body2" color="text.secondary">
              {SMS_NEEDS_PHONE_BEFORE}
              <Link component={RouterLink} to="/Profile">
                {MY_PROFILE}
              </Link>
              .
            </Typography>
          ) : null}
          {channelOff(notificationType === 1 ? 'sms' : 'push') ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {CHANNEL_OFF}
            </Alert>
          ) : null}
          {notificationType === 0 && !channelOff('push') ? (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
              <Typography variant="body2" role="status">
                {push ? PUSH_STATES[push] : 'Checking this browser…'}
              </Typography>
              {push === 'not-subscribed' ? (
                <Button variant="outlined" size="small" onClick={enablePush} disabled={declines}>
                  {PUSH_ENABLE}
                </Button>
              ) : null}
              {pushError ? (
                <Typography variant="body2" color="error">
                  {pushError}
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </Section>

        {settings.abilities.alertMode ? (
          <Section title={SECTIONS.alertMode} id={`${ids}-mode`}>
            <Controller
              name="alertMode"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  label={SECTIONS.alertMode}
                  value={field.value ?? 0}
                  disabled={declines}
                  onChange={(e) => field.onChange(Number(e.target.value) as AlertMode)}
                  error={Boolean(errors.alertMode)}
                  helperText={errors.alertMode?.message}
                  sx={{ minWidth: 280 }}
                >
                  {([0, 1, 2] as const).map((m) => (
                    <MenuItem key={m} value={m}>
                      {ALERT_MODE_LABELS[m]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {ALERT_MODE_NOTE}
            </Typography>
          </Section>
        ) : null}

        <Section title={SECTIONS.timeZone} id={`${ids}-zone`}>
          <Controller
            name="timeZone"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label={SECTIONS.timeZone}
                value={field.value}
                disabled={declines}
                onChange={(e) => field.onChange(e.target.value)}
                error={Boolean(errors.timeZone)}
                helperText={errors.timeZone?.message ?? ' '}
                sx={{ minWidth: 200 }}
              >
                {TIME_ZONES.map((z) => (
                  <MenuItem key={z} value={z}>
                    {z}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Section>
      </Box>

      <Button type="submit" variant="contained" size="large" loading={save.isPending}>
        {SAVE}
      </Button>
    </Box>
  );
}

function locationNames(ids: readonly number[], locations: readonly { id: number; label: string }[]): string {
  return locations
    .filter((l) => ids.includes(l.id))
    .map((l) => l.label)
    .join(', ');
}
