// The Change Password modal of My Profile (spec 02 §2.11, §3 'Password change', §5, §8): current, new and confirmed
// password on the contract's schema; the server's field errors (CurrentPassword, NewPassword, ConfirmedNewPassword)
// under their fields, and 'Error changing password' plus the listed messages as the toast (IdentityError included).
import { useId, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZPasswordChange, type TPasswordChange } from '@allclear/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useChangePassword } from '../api/change-password.ts';
import { CHANGE_PASSWORD, LABELS, PASSWORD_ERROR, PASSWORD_RULES } from './profile-texts.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmedNewPassword'] as const;
const AUTOCOMPLETE = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmedNewPassword: 'new-password',
} as const;

export interface ChangePasswordModalProps {
  open: boolean;
  userId: string;
  onClose: () => void;
}

/** The modal. */
export function ChangePasswordModal({ open, userId, onClose }: ChangePasswordModalProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{CHANGE_PASSWORD}</DialogTitle>
      {open ? <PasswordForm userId={userId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PasswordForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const form = useContractForm(
    ZPasswordChange,
    { userId, currentPassword: '', newPassword: '', confirmedNewPassword: '' },
    { reValidateMode: 'onSubmit' },
  );
  const change = useChangePassword();
  const openToast = useToastStore((s) => s.open);
  const errors = form.formState.errors;

  const submit = (e: FormEvent) =>
    void form.handleSubmit((body: TPasswordChange) =>
      change.mutate(body, {
        onSuccess: (message) => {
          openToast({ variant: 'success', header: message });
          onClose();
        },
        onError: (err) => {
          const rest = applyServerErrors(form, err);
          const listed = [
            ...Object.values(rest).flat(),
            ...(err instanceof ApiError
              ? FIELDS.flatMap((f) => err.errors[f.charAt(0).toUpperCase() + f.slice(1)] ?? [])
              : []),
          ];
          openToast({
            variant: 'error',
            header: PASSWORD_ERROR,
            message: listed.length
              ? listed.join(' ')
              : err instanceof ApiError
                ? err.serverMessage
                : undefined,
          });
        },
      }),
    )(e);

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent dividers sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {PASSWORD_RULES}
        </Typography>
        {FIELDS.map((name) => (
          <Controller
            key={name}
            name={name}
            control={form.control}
            render={({ field }) => (
              <TextField
                {...field}
                type="password"
                label={LABELS[name]}
                autoComplete={AUTOCOMPLETE[name]}
                required
                fullWidth
                autoFocus={name === 'currentPassword'}
                error={Boolean(errors[name])}
                helperText={errors[name]?.message ?? ' '}
              />
            )}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {CHANGE_PASSWORD}
        </Button>
      </DialogActions>
    </form>
  );
}
