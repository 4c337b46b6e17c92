// Ask a Meteorologist (/Consultation, spec 02 §2.7, §4 'Consultation form', §6, §8; issue 15): the question, how to be
// answered (email shows the e-mail and the optional copy to other admins and limited admins; phone call or text shows
// the number), and a right-hand panel with the help center, the support e-mail and phone and the hardware page. After
// sending, a status view: sending, success (the server's text) with 'Send another request', or failure with 'Try
// again' and the toast 'Error submitting request: ' plus the server's message. The route is the matrix's (the support
// permission and an admin role; others go to /Unauthorized).
import { useId, useState, type FormEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import {
  CONSULTATION_CONTACTS,
  CONSULTATION_MESSAGE_MAX,
  ZConsultationRequest,
  type TConsultationRequest,
  type TCurrentUser,
} from '@allclear/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useCopyableAdmins, useSendConsultation } from '../api/consultation.ts';
import {
  CONSULTATION_INTRO,
  CONSULTATION_TITLE,
  CONTACT_LABELS,
  ERROR_TOAST,
  FAILURE,
  LABELS,
  PANEL,
  SEND,
  SEND_ANOTHER,
  SENDING,
  TRY_AGAIN,
} from './consultation-texts.ts';

type Status =
  { state: 'editing' } | { state: 'sending' } | { state: 'sent'; text: string } | { state: 'failed' };

/** The page. */
export default function ConsultationPage() {
  const user = useCurrentUser().data;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {CONSULTATION_TITLE}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
        }}
      >
        {user ? <Consultation user={user} /> : null}
        <SidePanel />
      </Box>
    </Box>
  );
}

function defaults(user: TCurrentUser): TConsultationRequest {
  return {
    message: '',
    preferredContact: 'email',
    email: user.email ?? '',
    phone: user.phoneNumber ?? '',
    ccdEmails: [],
  };
}

function Consultation({ user }: { user: TCurrentUser }) {
  const [status, setStatus] = useState<Status>({ state: 'editing' });
  const form = useContractForm(ZConsultationRequest, defaults(user), { reValidateMode: 'onSubmit' });
  const send = useSendConsultation();
  const openToast = useToastStore((s) => s.open);

  const submit = (e: FormEvent) =>
    void form.handleSubmit((body) => {
      setStatus({ state: 'sending' });
      send.mutate(body, {
        onSuccess: (text) => {
          setStatus({ state: 'sent', text });
          form.reset(defaults(user));
        },
        onError: (err) => {
          const rest = applyServerErrors(form, err);
          const detail =
            err instanceof ApiError
              ? (err.firstServerError ?? err.serverMessage ?? err.message)
              : String(err);
          openToast({ variant: 'error', header: `${ERROR_TOAST}${detail}` });
          // a question the server named a field of goes back to the form; anything else is the failure view
          const fieldErrors =
            err instanceof ApiError && Object.keys(err.errors).length > Object.keys(rest).length;
          setStatus(fieldErrors ? { state: 'editing' } : { state: 'failed' });
        },
      });
    })(e);

  if (status.state === 'sending')
    return (
      <Paper variant="outlined" role="status" sx={{ p: 4, display: 'grid', placeItems: 'center', gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography>{SENDING}</Typography>
      </Paper>
    );
  if (status.state === 'sent')
    return (
      <Paper
        variant="outlined"
        role="status"
        sx={{ p: 4, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}
      >
        <CheckCircleOutline color="success" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>{status.text}</Typography>
        <Button variant="contained" onClick={() => setStatus({ state: 'editing' })} autoFocus>
          {SEND_ANOTHER}
        </Button>
      </Paper>
    );
  if (status.state === 'failed')
    return (
      <Paper
        variant="outlined"
        role="alert"
        sx={{ p: 4, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}
      >
        <ErrorOutline color="error" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>{FAILURE}</Typography>
        <Button variant="contained" onClick={() => setStatus({ state: 'editing' })} autoFocus>
          {TRY_AGAIN}
        </Button>
      </Paper>
    );
  return <QuestionForm user={user} form={form} onSubmit={submit} />;
}

function QuestionForm({
  user,
  form,
  onSubmit,
}: {
  user: TCurrentUser;
  form: ReturnType<typeof useContractForm<typeof ZConsultationRequest>>;
  onSubmit: (e: FormEvent) => void;
}) {
  const ids = useId();
  const admins = useCopyableAdmins();
  const preference = useWatch({ control: form.control, name: 'preferredContact' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;
  const copyable = (admins.data ?? []).filter((a) => a.id !== user.id && a.email && a.isActive);
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 3, display: 'grid', gap: 2 }}
    >
      <Typography color="text.secondary">{CONSULTATION_INTRO}</Typography>
      <Controller
        name="message"
        control={form.control}
        render={({ field }) => (
          <TextField
            {...field}
            label={LABELS.message}
            required
            multiline
            minRows={5}
            fullWidth
            error={Boolean(errors.message)}
            helperText={
              errors.message?.message ?? `${CONSULTATION_MESSAGE_MAX - message.length} characters left`
            }
            slotProps={{ htmlInput: { maxLength: CONSULTATION_MESSAGE_MAX } }}
          />
        )}
      />
      <Controller
        name="preferredContact"
        control={form.control}
        render={({ field }) => (
          <FormControl error={Boolean(errors.preferredContact)}>
            <FormLabel id={`${ids}-contact`}>{LABELS.preferredContact}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${ids}-contact`}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {CONSULTATION_CONTACTS.map((c) => (
                <FormControlLabel key={c} value={c} control={<Radio />} label={CONTACT_LABELS[c]} />
              ))}
            </RadioGroup>
            {errors.preferredContact?.message ? (
              <FormHelperText>{errors.preferredContact.message}</FormHelperText>
            ) : null}
          </FormControl>
        )}
      />
      {preference === 'email' ? (
        <>
          <Controller
            name="email"
            control={form.control}
            render={({ field }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                type="email"
                label={LABELS.email}
                autoComplete="email"
                required
                fullWidth
                error={Boolean(errors.email)}
                helperText={errors.email?.message ?? ' '}
              />
            )}
          />
          <Controller
            name="ccdEmails"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label={LABELS.ccdEmails}
                value={field.value ?? []}
                fullWidth
                disabled={copyable.length === 0}
                error={Boolean(errors.ccdEmails)}
                helperText={
                  errors.ccdEmails?.message ??
                  (admins.isError
                    ? 'Problem retrieving admins.'
                    : copyable.length === 0 && admins.isSuccess
                      ? 'No other admins to copy.'
                      : ' ')
                }
                onChange={(e) => field.onChange(e.target.value as unknown as string[])}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (v) =>
                      copyable
                        .filter((a) => (v as string[]).includes(a.email!))
                        .map((a) => a.fullName)
                        .join(', '),
                  },
                }}
              >
                {copyable.map((a) => (
                  <MenuItem key={a.id} value={a.email!}>
                    <Checkbox checked={(field.value ?? []).includes(a.email!)} size="small" tabIndex={-1} />
                    {a.fullName} ({a.roleDisplayName})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </>
      ) : (
        <Controller
          name="phone"
          control={form.control}
          render={({ field }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              type="tel"
              label={LABELS.phone}
              autoComplete="tel"
              required
              fullWidth
              error={Boolean(errors.phone)}
              helperText={errors.phone?.message ?? ' '}
            />
          )}
        />
      )}
      {errors.root?.message ? <Alert severity="error">{errors.root.message}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" size="large">
          {SEND}
        </Button>
      </Box>
    </Paper>
  );
}

function SidePanel() {
  const titleId = useId();
  return (
    <Paper component="aside" variant="outlined" aria-labelledby={titleId} sx={{ p: 3, alignSelf: 'start' }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {PANEL.title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <li>
          <Link href={PANEL.helpCenterUrl} target="_blank" rel="noopener noreferrer">
            {PANEL.helpCenter} (opens in a new tab)
          </Link>
        </li>
        <li>
          <Link href={`mailto:${PANEL.email}`}>{PANEL.email}</Link>
        </li>
        <li>
          <Link href={PANEL.phoneHref}>{PANEL.phone}</Link>
        </li>
        <li>
          <Link href={PANEL.hardwareUrl} target="_blank" rel="noopener noreferrer">
            {PANEL.hardware} (opens in a new tab)
          </Link>
        </li>
      </Box>
    </Paper>
  );
}
