// 'Send PA Message' (spec 02 §2.5, §5 'PA message', §7 POST PA/SendMessage, §8 'PA send'): the PA units (required;
// the server reports PAList), a stored message to start from, the text with its counter ('{n} characters left',
// warning under 100, error under 20, in error over 350), how many times to play it (from the units' largest default
// play count to 5, the choice rising to it), and 'Go To Message Library'. Sent, each unit's status is listed.
import { useMemo, useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
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
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ZPaSendInput, type TPaResult, type TPaUnit } from '@allclear/contracts';
import { paCharacterCounter, playCountOptions, raisePlayCount } from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useStoredMessages } from '../../pa-messages/index.ts';
import { usePaUnits, useSendPaMessage } from '../api/pa.ts';
import { CANCEL, SEND_PA_MESSAGE } from './hardware-texts.ts';

export const PA_SEND_FAILED = 'Failed To Send Message';
export const MESSAGE_LIBRARY = 'Go To Message Library';

export interface PaModalProps {
  /** PA units to start with selected (those of the units selected on the page). */
  initialUnitIds: number[];
  onClose: () => void;
}

export function PaModal({ initialUnitIds, onClose }: PaModalProps) {
  const units = usePaUnits(true);
  return (
    <Dialog open onClose={onClose} aria-labelledby="pa-modal-title" fullWidth maxWidth="sm">
      <DialogTitle id="pa-modal-title">{SEND_PA_MESSAGE}</DialogTitle>
      {units.isPending ? (
        <DialogContent>
          <CircularProgress aria-label="Loading PA units" />
        </DialogContent>
      ) : units.isError ? (
        <DialogContent>
          <Alert severity="error">The PA units could not be loaded.</Alert>
        </DialogContent>
      ) : (
        <PaForm units={units.data} initialUnitIds={initialUnitIds} onClose={onClose} />
      )}
    </Dialog>
  );
}

function PaForm({
  units,
  initialUnitIds,
  onClose,
}: {
  units: TPaUnit[];
  initialUnitIds: number[];
  onClose: () => void;
}) {
  const openToast = useToastStore((s) => s.open);
  const send = useSendPaMessage();
  const stored = useStoredMessages();
  const [results, setResults] = useState<TPaResult[] | null>(null);
  const initial = useMemo(
    () => initialUnitIds.filter((id) => units.some((u) => u.id === id)),
    [initialUnitIds, units],
  );
  const form = useContractForm(ZPaSendInput, {
    pAList: initial,
    message: '',
    repeatCount: raisePlayCount(
      1,
      units.filter((u) => initial.includes(u.id)),
    ),
  });
  const values = form.watch();
  const chosen = units.filter((u) => values.pAList.includes(u.id));
  const counter = paCharacterCounter(values.message ?? '');
  const errors = form.formState.errors;

  const toggleUnit = (id: number, on: boolean) => {
    const next = on ? [...values.pAList, id] : values.pAList.filter((x) => x !== id);
    form.setValue('pAList', next, { shouldValidate: form.formState.isSubmitted });
    // the play count rises to the largest default of the units chosen (spec 02 §5)
    form.setValue(
      'repeatCount',
      raisePlayCount(
        values.repeatCount,
        units.filter((u) => next.includes(u.id)),
      ),
    );
  };

  const submit = (e: FormEvent) =>
    void form.handleSubmit((body) =>
      send.mutate(body, {
        onSuccess: (answer) => {
          setResults(answer);
          const failed = answer.filter((r) => r.status !== 1).length;
          openToast(
            failed === 0
              ? { variant: 'success', header: `Message sent to ${answer.length} PA unit(s).` }
              : {
                  variant: 'warning',
                  header: `${failed} of ${answer.length} PA unit(s) did not receive the message.`,
                },
          );
        },
        onError: (err) => {
          applyServerErrors(form, err);
          openToast({
            variant: 'error',
            header: (err instanceof ApiError ? err.firstServerError : undefined) ?? PA_SEND_FAILED,
          });
        },
      }),
    )(e);

  if (results) {
    return (
      <>
        <DialogContent>
          <List aria-label="PA results">
            {results.map((r, i) => (
              <ListItem key={`${r.paName}-${i}`} divider>
                <ListItemText
                  primary={r.paName}
                  secondary={r.status === 1 ? 'Delivered' : 'Not delivered: the unit did not answer'}
                  slotProps={{ secondary: { color: r.status === 1 ? 'success.main' : 'error' } }}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResults(null)}>Send another</Button>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <FormControl error={Boolean(errors.pAList)} component="fieldset">
          <FormLabel component="legend">PA units</FormLabel>
          <FormGroup>
            {units.map((u) => (
              <FormControlLabel
                key={u.id}
                control={
                  <Checkbox
                    checked={values.pAList.includes(u.id)}
                    onChange={(e) => toggleUnit(u.id, e.target.checked)}
                  />
                }
                label={u.name}
              />
            ))}
          </FormGroup>
          {errors.pAList?.message ? <FormHelperText>{errors.pAList.message}</FormHelperText> : null}
        </FormControl>
        <TextField
          select
          label="Stored message"
          value=""
          onChange={(e) => {
            const m = stored.data?.find((s) => s.id === Number(e.target.value));
            if (m) form.setValue('message', m.message, { shouldValidate: form.formState.isSubmitted });
          }}
          helperText={
            <Link component={RouterLink} to="/PAStoredMessages">
              {MESSAGE_LIBRARY}
            </Link>
          }
        >
          {(stored.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Message"
          multiline
          minRows={3}
          required
          {...form.register('message')}
          error={counter.inError || Boolean(errors.message)}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{errors.message?.message}</span>
              <Box
                component="span"
                sx={{ color: counter.colour === 'default' ? 'text.secondary' : `${counter.colour}.main` }}
              >
                {counter.text}
              </Box>
            </Box>
          }
        />
        <Controller
          control={form.control}
          name="repeatCount"
          render={({ field }) => (
            <TextField
              select
              label="Play"
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={Boolean(errors.repeatCount)}
              helperText={errors.repeatCount?.message}
            >
              {playCountOptions(chosen).map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          {CANCEL}
        </Button>
        <Button type="submit" variant="contained" disabled={send.isPending || counter.inError}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </DialogActions>
    </Box>
  );
}
