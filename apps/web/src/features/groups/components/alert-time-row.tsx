// One weekday of a group's alert times (spec 02 §4 'Alert-time rows', §5 'User group', §9): enabled or not, a start
// from the 30-minute options or ALL DAY, an end from the 30-minute options (12:00 AM is the end of the day). Each
// change goes through the domain's rules: ALL DAY ends the row at 12:00 AM, a start equal to its end (other than
// midnight) makes the row all day, and an end before the start shows the overnight note.
import { useId } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_DAY_VALUE,
  GROUP_TIME_STEP_MINUTES,
  groupTimeOptions,
  normaliseAlertTimeRow,
  overnightNote,
  setRowAllDay,
  setRowEnabled,
  timeOfDayOptions,
} from '@allclear/domain';
import { DAY_NAMES } from './group-texts.ts';
import type { GroupAlertTimeValues } from './group-form-values.ts';

const START_OPTIONS = groupTimeOptions();
const END_OPTIONS = timeOfDayOptions(GROUP_TIME_STEP_MINUTES);

export interface AlertTimeRowProps {
  row: GroupAlertTimeValues;
  onChange: (row: GroupAlertTimeValues) => void;
  /** The start's error text (the server's AlertTimes[day].StartTime, or the form's). */
  startError?: string;
  endError?: string;
  disabled?: boolean;
}

/** The row of one weekday. */
export function AlertTimeRow({ row, onChange, startError, endError, disabled = false }: AlertTimeRowProps) {
  const id = useId();
  const day = DAY_NAMES[row.day] ?? `Day ${row.day}`;
  const dayId = `${id}-day`;
  const note = row.allDay ? null : overnightNote(row.day, row.startTime, row.endTime);
  const off = disabled || !row.enabled;
  const change = (next: GroupAlertTimeValues) =>
    onChange(normaliseAlertTimeRow(next) as GroupAlertTimeValues);

  const setStart = (value: string) =>
    value === ALL_DAY_VALUE
      ? onChange(setRowAllDay(row, true) as GroupAlertTimeValues)
      : change({ ...row, allDay: false, startTime: value });

  return (
    <Box
      role="group"
      aria-labelledby={dayId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: '7.5rem auto 1fr 1fr' },
        gap: 1.5,
        alignItems: 'start',
        py: 1,
      }}
    >
      <Typography id={dayId} sx={{ pt: 1, fontWeight: 500, gridColumn: { xs: '1', sm: 'auto' } }}>
        {day}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}
      >
        <Switch
          checked={row.enabled}
          disabled={disabled}
          onChange={(e) => onChange(setRowEnabled(row, e.target.checked) as GroupAlertTimeValues)}
          slotProps={{ input: { 'aria-label': `Alerts on ${day}` } }}
        />
      </Box>
      <TextField
        select
        size="small"
        id={`${id}-start`}
        label="Start"
        value={row.allDay ? ALL_DAY_VALUE : row.startTime}
        disabled={off}
        error={Boolean(startError)}
        helperText={startError}
        onChange={(e) => setStart(e.target.value)}
        slotProps={{ select: { labelId: `${dayId} ${id}-start-label` } }}
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
        id={`${id}-end`}
        label="End"
        value={row.endTime}
        disabled={off || row.allDay}
        error={Boolean(endError)}
        helperText={endError}
        onChange={(e) => change({ ...row, endTime: e.target.value })}
        slotProps={{ select: { labelId: `${dayId} ${id}-end-label` } }}
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
