// One weekday of the notification schedule (spec 02 §4 'Alert-time rows', §9: every 15 minutes plus ALL DAY): enabled
// or not, a start or ALL DAY, an end (12:00 AM is the end of the day); the domain's rules normalise each change and
// an end before the start shows the overnight note.
import { useId } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_DAY_VALUE,
  NOTIFICATION_TIME_STEP_MINUTES,
  normaliseAlertTimeRow,
  notificationSettingsTimeOptions,
  overnightNote,
  setRowAllDay,
  timeOfDayOptions,
  type AlertTimeRow,
} from '@allclear/domain';
import { DAY_NAMES } from './settings-texts.ts';

const START_OPTIONS = notificationSettingsTimeOptions();
const END_OPTIONS = timeOfDayOptions(NOTIFICATION_TIME_STEP_MINUTES);

export interface ScheduleRowValues {
  day: number;
  startTime: string;
  endTime: string;
  allDay: boolean;
  enabled: boolean;
}

export interface ScheduleRowProps {
  row: ScheduleRowValues;
  onChange: (row: ScheduleRowValues) => void;
  startError?: string;
  endError?: string;
  disabled?: boolean;
}

const plain = (r: AlertTimeRow): ScheduleRowValues => ({
  day: r.day,
  startTime: r.startTime,
  endTime: r.endTime,
  allDay: r.allDay,
  enabled: r.enabled,
});

export function ScheduleRow({ row, onChange, startError, endError, disabled = false }: ScheduleRowProps) {
  const id = useId();
  const day = DAY_NAMES[row.day] ?? `Day ${row.day}`;
  const dayId = `${id}-day`;
  const off = disabled || !row.enabled;
  const note = row.allDay ? null : overnightNote(row.day, row.startTime, row.endTime);
  const change = (next: ScheduleRowValues) => onChange(plain(normaliseAlertTimeRow(next)));
  return (
    <Box
      role="group"
      aria-labelledby={dayId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '7.5rem auto 1fr 1fr' },
        gap: 1.5,
        alignItems: 'start',
        py: 0.75,
      }}
    >
      <Typography id={dayId} sx={{ pt: 1, fontWeight: 500 }}>
        {day}
      </Typography>
      <Switch
        checked={row.enabled}
        disabled={disabled}
        onChange={(e) => onChange({ ...row, enabled: e.target.checked })}
        slotProps={{ input: { 'aria-label': `Notifications on ${day}` } }}
      />
      <TextField
        select
        size="small"
        label={`${day} start`}
        value={row.allDay ? ALL_DAY_VALUE : row.startTime}
        disabled={off}
        error={Boolean(startError)}
        helperText={startError}
        onChange={(e) =>
          e.target.value === ALL_DAY_VALUE
            ? onChange(plain(setRowAllDay(row, true)))
            : change({ ...row, allDay: false, startTime: e.target.value })
        }
      >
        {START_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={`${day} end`}
        value={row.endTime}
        disabled={off || row.allDay}
        error={Boolean(endError)}
        helperText={endError}
        onChange={(e) => change({ ...row, endTime: e.target.value })}
      >
        {END_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {note ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ gridColumn: { xs: '1 / -1', sm: '3 / -1' }, mt: -0.5 }}
        >
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}
