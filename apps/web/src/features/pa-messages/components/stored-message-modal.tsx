// Add / Update Stored Message (spec 02 §2.12, §5 'Stored PA message', §8): Title and Message (350 characters at most,
// the counter 'n characters left' in the warning colour under 100 and the error colour under 20, the field in error
// over 350), the server's errors under Title and Message.
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { STORED_MESSAGE_TITLE_MAX, ZStoredPaMessageInput, type TStoredPaMessage } from '@allclear/contracts';
import { paCharacterCounter } from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useAddStoredMessage, useUpdateStoredMessage } from '../api/stored-messages.ts';
import {
  ADD_FAILED,
  ADD_TITLE,
  ADDED,
  UPDATE_FAILED,
  UPDATE_TITLE,
  UPDATED,
} from './stored-message-texts.ts';

export interface StoredMessageModalProps {
  /** The message to update; null to add one. */
  message: TStoredPaMessage | null;
  onClose: () => void;
}

export function StoredMessageModal({ message, onClose }: StoredMessageModalProps) {
  const openToast = useToastStore((s) => s.open);
  const add = useAddStoredMessage();
  const update = useUpdateStoredMessage();
  const form = useContractForm(ZStoredPaMessageInput, {
    title: message?.title ?? '',
    message: message?.message ?? '',
  });
  const values = form.watch();
  const counter = paCharacterCounter(values.message ?? '');
  const errors = form.formState.errors;
  const saving = add.isPending || update.isPending;

  const failed = (header: string) => (err: unknown) => {
    applyServerErrors(form, err);
    openToast({
      variant: 'error',
      // the server's message when it has one of its own; field errors show under their fields
      header: (err instanceof ApiError ? err.firstServerError : undefined) ?? header,
    });
  };
  const submit = (e: FormEvent) =>
    void form.handleSubmit((body) => {
      const done = (text: string) => () => {
        openToast({ variant: 'success', header: text });
        onClose();
      };
      if (message)
        update.mutate(
          { ...body, id: message.id },
          { onSuccess: done(UPDATED), onError: failed(UPDATE_FAILED) },
        );
      else add.mutate(body, { onSuccess: done(ADDED), onError: failed(ADD_FAILED) });
    })(e);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="stored-message-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="stored-message-title">{message ? UPDATE_TITLE : ADD_TITLE}</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Title"
            required
            autoFocus
            {...form.register('title')}
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
            slotProps={{ htmlInput: { maxLength: STORED_MESSAGE_TITLE_MAX } }}
          />
          <TextField
            label="Message"
            required
            multiline
            minRows={4}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {message ? 'Update' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
