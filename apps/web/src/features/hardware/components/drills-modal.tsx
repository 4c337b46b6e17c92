// Scheduled siren drills (issue 16, beyond the spec): the drills with their next run and last result, and a form to
// schedule one: the sirens, the test, the first run's date and time in the sirens' zone, and the recurrence. At that
// time the product runs the test, records each siren's answer and e-mails the report.
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { ZDrillInput, type TDrill, type TSirenSummary } from '@allclear/contracts';
import {
  DRILL_RECURRENCE_LABELS,
  DRILL_RECURRENCES,
  SIREN_TEST_NAMES,
  localDateOf,
  localTimeOf,
} from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { localTime, zoneName } from '../../../lib/local-time.ts';
import { useAddDrill, useDeleteDrill, useDrills, useSirens } from '../api/drills.ts';
import { CANCEL, DRILL_OUTCOME_TEXTS } from './hardware-texts.ts';

export const DRILL_SCHEDULED = 'Drill scheduled';
export const DRILL_SCHEDULE_FAILED = 'Unable to schedule the drill.';
export const DRILL_DELETED = 'Drill deleted';

const TESTS = (['delay', 'all-clear', 'light'] as const).map((t) => ({
  value: t,
  label: SIREN_TEST_NAMES[t],
}));

export function DrillsModal({ onClose }: { onClose: () => void }) {
  const drills = useDrills(true);
  const sirens = useSirens(true);
  const remove = useDeleteDrill();
  const openToast = useToastStore((s) => s.open);
  const [adding, setAdding] = useState(false);

  return (
    <Dialog open onClose={onClose} aria-labelledby="drills-modal-title" fullWidth maxWidth="sm">
      <DialogTitle id="drills-modal-title">Siren drills</DialogTitle>
      {adding && sirens.data ? (
        <DrillForm sirens={sirens.data} onDone={() => setAdding(false)} />
      ) : (
        <>
          <DialogContent dividers>
            {drills.isPending ? (
              <CircularProgress aria-label="Loading drills" />
            ) : drills.isError ? (
              <Alert severity="error">The drills could not be loaded.</Alert>
            ) : drills.data.length === 0 ? (
              <Typography color="text.secondary">No drills are scheduled.</Typography>
            ) : (
              <List aria-label="Drills">
                {drills.data.map((d) => (
                  <ListItem
                    key={d.id}
                    divider
                    secondaryAction={
                      d.abilities.delete ? (
                        <IconButton
                          edge="end"
                          aria-label={`Delete the ${SIREN_TEST_NAMES[d.testType]} drill`}
                          onClick={() =>
                            remove.mutate(d.id, {
                              onSuccess: () => openToast({ variant: 'success', header: DRILL_DELETED }),
                            })
                          }
                        >
                          <DeleteOutlined />
                        </IconButton>
                      ) : null
                    }
                  >
                    <ListItemText primary={drillTitle(d)} secondary={drillDetail(d)} />
                  </ListItem>
                ))}
              </List>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" disabled={!sirens.data?.length} onClick={() => setAdding(true)}>
              Schedule a drill
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function drillTitle(d: TDrill): string {
  // a drill may be set years ahead: its dates carry the year
  const next = d.nextRunAt ? `next ${localTime(d.nextRunAt, d.timeZone, { withYear: true })}` : 'ran';
  return `${SIREN_TEST_NAMES[d.testType]} test · ${DRILL_RECURRENCE_LABELS[d.recurrence]} · ${next}`;
}

function drillDetail(d: TDrill): string {
  const sirens = d.sirens.map((s) => s.name).join(', ');
  const last = d.lastRun?.outcome
    ? `Last run ${localTime(d.lastRun.startedAt, d.timeZone, { withYear: true })}: ${DRILL_OUTCOME_TEXTS[d.lastRun.outcome]} · ${d.lastRun.summary ?? ''}`
    : d.lastRun
      ? 'Running now…'
      : 'Not run yet';
  return `${sirens}. ${last}`;
}

function DrillForm({ sirens, onDone }: { sirens: TSirenSummary[]; onDone: () => void }) {
  const add = useAddDrill();
  const openToast = useToastStore((s) => s.open);
  const zone = sirens[0]?.timeZoneId ?? 'UTC';
  // two minutes from when the form opened, in the sirens' zone, as a starting point
  const [opened] = useState(() => Date.now());
  const soon = opened + 2 * 60_000;
  const form = useContractForm(ZDrillInput, {
    sirenIds: [],
    testType: 'light',
    localDate: localDateOf(soon, zone),
    localTime: localTimeOf(soon, zone),
    recurrence: 'monthly',
  });
  const values = form.watch();
  const errors = form.formState.errors;
  const chosenZone = sirens.find((s) => values.sirenIds.includes(s.id))?.timeZoneId ?? zone;

  const toggle = (id: number, on: boolean) =>
    form.setValue('sirenIds', on ? [...values.sirenIds, id] : values.sirenIds.filter((x) => x !== id), {
      shouldValidate: form.formState.isSubmitted,
    });

  const submit = (e: FormEvent) =>
    void form.handleSubmit((body) =>
      add.mutate(body, {
        onSuccess: () => {
          openToast({ variant: 'success', header: DRILL_SCHEDULED });
          onDone();
        },
        onError: (err) => {
          applyServerErrors(form, err);
          openToast({
            variant: 'error',
            header: (err instanceof ApiError ? err.firstServerError : undefined) ?? DRILL_SCHEDULE_FAILED,
          });
        },
      }),
    )(e);

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <FormControl component="fieldset" error={Boolean(errors.sirenIds)}>
          <FormLabel component="legend">Sirens</FormLabel>
          <FormGroup sx={{ maxHeight: 220, overflow: 'auto', flexWrap: 'nowrap' }}>
            {sirens.map((s) => (
              <FormControlLabel
                key={s.id}
                control={
                  <Checkbox
                    checked={values.sirenIds.includes(s.id)}
                    onChange={(e) => toggle(s.id, e.target.checked)}
                  />
                }
                label={s.name}
              />
            ))}
          </FormGroup>
          {errors.sirenIds?.message ? <FormHelperText>{errors.sirenIds.message}</FormHelperText> : null}
        </FormControl>
        <Controller
          control={form.control}
          name="testType"
          render={({ field }) => (
            <TextField select label="Test" {...field}>
              {TESTS.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            type="date"
            label="Date"
            {...form.register('localDate')}
            error={Boolean(errors.localDate)}
            helperText={errors.localDate?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="time"
            label={`Time (${zoneName(opened, chosenZone)})`}
            {...form.register('localTime')}
            error={Boolean(errors.localTime)}
            helperText={errors.localTime?.message ?? `In the sirens' zone, ${chosenZone}`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Controller
          control={form.control}
          name="recurrence"
          render={({ field }) => (
            <TextField select label="Repeat" {...field}>
              {DRILL_RECURRENCES.map((r) => (
                <MenuItem key={r} value={r}>
                  {DRILL_RECURRENCE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone} disabled={add.isPending}>
          {CANCEL}
        </Button>
        <Button type="submit" variant="contained" disabled={add.isPending}>
          Schedule
        </Button>
      </DialogActions>
    </Box>
  );
}
