// The simple export dialog (spec 03 §2.4 'an Export Data button opening a simple export dialog with type
// historical_data or condition_snapshots', §9 limits Daily 180, Hourly 31, ConditionSnaps 7 days): a CSV the server
// streams, saved under the station's name. A failure says 'Error requesting data.' with the server's reason.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { isWithinSimpleExportLimit, SIMPLE_EXPORT_LIMIT_DAYS, type SimpleExportKind } from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useDownloadExport } from '../api/download-export.ts';
import { CANCEL, DOWNLOAD, ERROR_REQUESTING_DATA, EXPORT_DATA } from './export-texts.ts';

const kindOf = (v: { type: string; interval: string }): SimpleExportKind =>
  v.type === 'condition_snapshots' ? 'ConditionSnaps' : v.interval === 'Hourly' ? 'Hourly' : 'Daily';

const today = () => new Date().toLocaleDateString('en-CA');

/** The dialog's values as the export asks for them: both dates, in order, not in the future, within the limit. */
export const ZSimpleExportForm = z
  .object({
    type: z.enum(['historical_data', 'condition_snapshots']),
    interval: z.enum(['Daily', 'Hourly']),
    startDate: z.string().min(1, 'Choose a start date.'),
    endDate: z.string().min(1, 'Choose an end date.'),
  })
  .superRefine((v, ctx) => {
    if (!v.startDate || !v.endDate) return;
    if (v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End must be after start.' });
    else if (v.endDate > today())
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End must be before now.' });
    else if (!isWithinSimpleExportLimit(kindOf(v), v.startDate, v.endDate))
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `At most ${SIMPLE_EXPORT_LIMIT_DAYS[kindOf(v)]} days for this export.`,
      });
  });

export function SimpleExportDialog({
  stationId,
  open,
  onClose,
}: {
  stationId: number;
  open: boolean;
  onClose: () => void;
}) {
  const exporter = useDownloadExport(stationId);
  const toast = useToastStore((s) => s.open);
  const [{ end, start }] = useState(() => ({
    end: today(),
    start: new Date(Date.now() - 6 * 86_400_000).toLocaleDateString('en-CA'),
  }));
  const form = useContractForm(ZSimpleExportForm, {
    type: 'historical_data',
    interval: 'Daily',
    startDate: start,
    endDate: end,
  });
  const type = form.watch('type');
  const interval = form.watch('interval');
  const limit = SIMPLE_EXPORT_LIMIT_DAYS[kindOf({ type, interval })];

  const submit = form.handleSubmit((v) =>
    exporter.mutate(
      v.type === 'historical_data'
        ? { type: 'historical_data', interval: v.interval, startDate: v.startDate, endDate: v.endDate }
        : { type: 'condition_snapshots', startDate: v.startDate, endDate: v.endDate },
      {
        onSuccess: onClose,
        onError: (error) =>
          toast({
            variant: 'error',
            header: ERROR_REQUESTING_DATA,
            message: error instanceof ApiError ? (error.serverMessage ?? '') : '',
          }),
      },
    ),
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="simple-export-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="simple-export-title">{EXPORT_DATA}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="export-type">Type</FormLabel>
                  <RadioGroup {...field} aria-labelledby="export-type">
                    <FormControlLabel value="historical_data" control={<Radio />} label="Historical Data" />
                    <FormControlLabel
                      value="condition_snapshots"
                      control={<Radio />}
                      label="Condition Snapshots"
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
            {type === 'historical_data' && (
              <Controller
                control={form.control}
                name="interval"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id="export-interval">Interval</FormLabel>
                    <RadioGroup {...field} row aria-labelledby="export-interval">
                      <FormControlLabel value="Daily" control={<Radio />} label="Daily" />
                      <FormControlLabel value="Hourly" control={<Radio />} label="Hourly" />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            )}
            <TextField
              label="Start date"
              type="date"
              size="small"
              {...form.register('startDate')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: end } }}
              error={!!form.formState.errors.startDate}
              helperText={form.formState.errors.startDate?.message}
            />
            <TextField
              label="End date"
              type="date"
              size="small"
              {...form.register('endDate')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: end } }}
              error={!!form.formState.errors.endDate}
              helperText={form.formState.errors.endDate?.message ?? `Up to ${limit} days.`}
            />
            {exporter.isError && (
              <Alert severity="error">
                {exporter.error instanceof ApiError && exporter.error.serverMessage
                  ? exporter.error.serverMessage
                  : ERROR_REQUESTING_DATA}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{CANCEL}</Button>
          <Button type="submit" variant="contained" loading={exporter.isPending}>
            {DOWNLOAD}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
