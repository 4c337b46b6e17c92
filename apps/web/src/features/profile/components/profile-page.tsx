// My Profile (/Profile, spec 02 §2.11; issue 15): the caller's name and phone number (the e-mail shown, not changed:
// it is the sign-in name), saved with POST user/profile; the phone hint links to /NotificationSettings; Change
// Password opens its modal. Loading, error and saved states; every field keyboard-reachable.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZProfileUpdate, type TCurrentUser } from '@allclear/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import {
  CHANGE_PASSWORD,
  EMAIL_HINT,
  LABELS,
  PHONE_HINT_BEFORE,
  PHONE_HINT_LINK,
  PROFILE_FAILED,
  PROFILE_SAVED,
  PROFILE_SAVE_FAILED,
  PROFILE_TITLE,
} from './profile-texts.ts';

/** The page. */
export default function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {PROFILE_TITLE}
      </Typography>
      {user.isPending ? (
        <Skeleton variant="rounded" height={320} aria-label="Loading your profile" />
      ) : user.isError || !user.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void user.refetch()}>
              Retry
            </Button>
          }
        >
          {PROFILE_FAILED}. Check internet connection.
        </Alert>
      ) : (
        <ProfileForm user={user.data} />
      )}
    </Box>
  );
}

function ProfileForm({ user }: { user: TCurrentUser }) {
  const form = useContractForm(ZProfileUpdate, {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
  });
  const save = useSaveProfile();
  const openToast = useToastStore((s) => s.open);
  const [changingPassword, setChangingPassword] = useState(false);
  const errors = form.formState.errors;

  const submit = (e: FormEvent) =>
    void form.handleSubmit((body) =>
      save.mutate(
        { ...body, phoneNumber: body.phoneNumber || null },
        {
          onSuccess: (saved) => {
            form.reset({
              firstName: saved.firstName,
              lastName: saved.lastName,
              phoneNumber: saved.phoneNumber,
            });
            openToast({ variant: 'success', header: PROFILE_SAVED });
          },
          onError: (err) => {
            const rest = applyServerErrors(form, err);
            const detail =
              err instanceof ApiError ? (Object.values(rest).flat()[0] ?? err.serverMessage) : undefined;
            openToast({ variant: 'error', header: PROFILE_SAVE_FAILED, message: detail });
          },
        },
      ),
    )(e);

  const text = (name: 'firstName' | 'lastName' | 'phoneNumber', props: Record<string, unknown> = {}) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={LABELS[name]}
          error={Boolean(errors[name])}
          fullWidth
          {...props}
          helperText={errors[name]?.message ?? (props.helperText as ReactNode) ?? ' '}
        />
      )}
    />
  );

  return (
    <>
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {text('firstName', { required: true, autoComplete: 'given-name' })}
          {text('lastName', { autoComplete: 'family-name' })}
          <TextField
            label={LABELS.email}
            value={user.email ?? ''}
            slotProps={{ input: { readOnly: true } }}
            helperText={EMAIL_HINT}
            fullWidth
          />
          {text('phoneNumber', {
            type: 'tel',
            autoComplete: 'tel',
            helperText: (
              <>
                {PHONE_HINT_BEFORE}
                <Link component={RouterLink} to="/NotificationSettings">
                  {PHONE_HINT_LINK}
                </Link>
                .
              </>
            ),
          })}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            disabled={!form.formState.isDirty}
          >
            Save
          </Button>
          <Button variant="outlined" onClick={() => setChangingPassword(true)}>
            {CHANGE_PASSWORD}
          </Button>
        </Box>
      </Paper>
      <ChangePasswordModal
        open={changingPassword}
        userId={user.id}
        onClose={() => setChangingPassword(false)}
      />
    </>
  );
}
