// The Add / Edit Policy modal (spec 02 §2.10, §4 'Policy', §5 'Policy', §8 'Policy'): the type (fixed once saved),
// the threshold in the type's unit rounded to its precision, the all-clear minutes (at least the type's minimum),
// re-alert minutes, the groups (none: inactive), 'Notify Users' with its trigger message and, only after it,
// 'Notify On All Clear'; 'Show on Dashboard' is always on and locked; AQI types carry the 10-mile note. Saving a
// Lightning Zone 1 policy asks first (the warning modal). Toasts 'Saved', 'Updated', 'Deleted', or 'Error adding /
// updating / deleting policy' (the first ServerErrors entry when there is one); field errors under Threshold,
// AllClearMinutes and Sites.
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ZPolicyInput, type TPolicy, type TPolicyType, type TSite } from '@allclear/contracts';
import {
  defaultAllClearMessage,
  defaultTriggerMessage,
  policyThresholdRange,
  roundThreshold,
  validatePolicyForm,
} from '@allclear/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { RemoveDialog } from '../../../components/dialogs/remove-dialog.tsx';
import { WarningDialog } from '../../../components/dialogs/warning-dialog.tsx';
import { useAddPolicy, useUpdatePolicy } from '../api/save-policy.ts';
import { useDeletePolicy } from '../api/delete-policy.ts';
import {
  numberOf,
  policyFormValues,
  toPolicyInput,
  valuesForType,
  type PolicyFormContext,
  type PolicyFormValues,
} from './policy-form-values.ts';
import {
  ADD_POLICY,
  AQI_NOTE,
  EDIT_POLICY_TITLE,
  ERROR_ADDING_POLICY,
  ERROR_DELETING_POLICY,
  ERROR_UPDATING_POLICY,
  INACTIVE_NOTE,
  LIGHTNING_ZONE_1_TITLE,
  LIGHTNING_ZONE_1_WARNING,
  POLICY_DELETED,
  POLICY_SAVED,
  POLICY_UPDATED,
  TYPE_FIXED_NOTE,
} from './policy-texts.ts';

export interface PolicyModalProps {
  open: boolean;
  /** The policy to edit; null when adding. */
  policy: TPolicy | null;
  types: readonly TPolicyType[];
  groups: readonly TSite[];
  onClose: () => void;
}

/** The modal; its form starts afresh on every open. */
export function PolicyModal({ open, policy, types, groups, onClose }: PolicyModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby="policy-modal-title"
    >
      <DialogTitle id="policy-modal-title">{policy ? EDIT_POLICY_TITLE : ADD_POLICY}</DialogTitle>
      {open ? (
        <PolicyForm
          key={policy?.id ?? 'new'}
          policy={policy}
          types={types}
          groups={groups}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

type FormProps = Omit<PolicyModalProps, 'open'>;

function PolicyForm({ policy, types, groups, onClose }: FormProps) {
  const openToast = useToastStore((s) => s.open);
  const add = useAddPolicy();
  const update = useUpdatePolicy();
  const remove = useDeletePolicy();
  const [confirmingZone1, setConfirmingZone1] = useState<PolicyFormValues | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const context: PolicyFormContext = {
    types,
    triggerId: policy?.notificationActions.find((a) => !a.allClear)?.triggerId ?? null,
  };
  const form = useContractForm(ZPolicyInput, policyFormValues(policy), {
    toInput: toPolicyInput,
    context,
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();
  const errors = form.formState.errors;
  // the body's errors on its notification actions (the trigger is the first, the all-clear the second)
  const actionErrors = (
    errors as unknown as {
      notificationActions?: { message?: string } & Record<number, { message?: { message?: string } }>;
    }
  ).notificationActions;
  const triggerError = actionErrors?.[0]?.message?.message ?? actionErrors?.message;
  const allClearError = actionErrors?.[1]?.message?.message;
  const type = types.find((t) => t.id === values.policyType);
  const isAqi = type?.shortName.startsWith('AQI') ?? false;
  const inactive = !values.allGroups && values.sites.length === 0;
  const saving = add.isPending || update.isPending;
  const failedText = policy ? ERROR_UPDATING_POLICY : ERROR_ADDING_POLICY;

  const set = <K extends keyof PolicyFormValues>(name: K, value: PolicyFormValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });

  const done = (text: string) => {
    openToast({ variant: 'success', header: text });
    onClose();
  };
  const failed = (header: string) => (err: unknown) => {
    const rest = applyServerErrors(form, err);
    // the messages are not fields of the form: the server's texts go under the switch they belong to
    for (const [key, texts] of Object.entries(rest)) {
      const name = key.startsWith('NotificationActions[1]') ? 'allClearMessage' : 'triggerMessage';
      if (key.startsWith('NotificationActions') && texts[0])
        form.setError(name, { type: 'server', message: texts[0] });
    }
    openToast({
      variant: 'error',
      header: (err instanceof ApiError ? err.firstServerError : undefined) ?? header,
    });
  };

  const send = (vals: PolicyFormValues) => {
    const body = toPolicyInput(vals, context);
    if (policy)
      update.mutate(
        { ...body, id: policy.id },
        { onSuccess: () => done(POLICY_UPDATED), onError: failed(failedText) },
      );
    else add.mutate(body, { onSuccess: () => done(POLICY_SAVED), onError: failed(failedText) });
  };

  const submit = (e: FormEvent) =>
    void form.handleSubmit(() => {
      const vals = form.getValues();
      // the rules that read the type: its threshold range and minimum all-clear (the domain's, as the server's)
      const problems = type
        ? validatePolicyForm({
            threshold: numberOf(vals.threshold),
            allClearMinutes: numberOf(vals.allClearMinutes),
            minAllClear: type.minAllClear,
            thresholdRange: policyThresholdRange(type.shortName),
          })
        : {};
      if (problems.Threshold) form.setError('threshold', { type: 'type', message: problems.Threshold });
      if (problems.AllClearMinutes)
        form.setError('allClearMinutes', { type: 'type', message: problems.AllClearMinutes });
      if (problems.Threshold || problems.AllClearMinutes) return;
      if (type?.shortName === 'LR1') setConfirmingZone1(vals);
      else send(vals);
    })(e);

  const chooseType = (id: number) => {
    const chosen = types.find((t) => t.id === id);
    if (chosen) form.reset(valuesForType(form.getValues(), chosen), { keepDefaultValues: true });
  };

  const roundOnBlur = () => {
    const n = numberOf(values.threshold);
    if (n !== undefined && type) set('threshold', String(roundThreshold(n, type.precision)));
  };

  const toggleNotify = (on: boolean) => {
    set('notifyUsers', on);
    if (on && !values.triggerMessage && type)
      set('triggerMessage', defaultTriggerMessage(type, numberOf(values.threshold) ?? 0));
    if (!on) set('notifyOnAllClear', false);
  };
  const toggleAllClear = (on: boolean) => {
    set('notifyOnAllClear', on);
    if (on && !values.allClearMessage && type) set('allClearMessage', defaultAllClearMessage(type));
  };

  const confirmDelete = () => {
    if (!policy) return;
    remove.mutate(policy.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        done(POLICY_DELETED);
      },
      onError: (err) => {
        setConfirmingDelete(false);
        openToast({
          variant: 'error',
          header: (err instanceof ApiError ? err.firstServerError : undefined) ?? ERROR_DELETING_POLICY,
        });
      },
    });
  };

  const toggleGroup = (id: number, on: boolean) =>
    set('sites', on ? [...values.sites, id] : values.sites.filter((s) => s !== id));

  return (
    <>
      <DialogContent dividers>
        <Box component="form" id="policy-form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <TextField
              select
              label="Policy Type"
              required
              value={values.policyType || ''}
              disabled={policy !== null}
              onChange={(e) => chooseType(Number(e.target.value))}
              error={Boolean(errors.policyType)}
              helperText={errors.policyType?.message ?? (policy ? TYPE_FIXED_NOTE : undefined)}
            >
              {types.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            {isAqi ? <Alert severity="info">{AQI_NOTE}</Alert> : null}
            <Controller
              control={form.control}
              name="threshold"
              render={({ field }) => (
                <TextField
                  label="Threshold"
                  required
                  type="number"
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onChange={field.onChange}
                  onBlur={() => {
                    field.onBlur();
                    roundOnBlur();
                  }}
                  error={Boolean(errors.threshold)}
                  helperText={errors.threshold?.message}
                  slotProps={{
                    input: type
                      ? { endAdornment: <InputAdornment position="end">{type.unit}</InputAdornment> }
                      : undefined,
                    htmlInput: { step: type ? 10 ** -type.precision : 'any' },
                  }}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={form.control}
                name="allClearMinutes"
                render={({ field }) => (
                  <TextField
                    label="All Clear Minutes"
                    required
                    fullWidth
                    type="number"
                    name={field.name}
                    value={field.value}
                    inputRef={field.ref}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(errors.allClearMinutes)}
                    helperText={
                      errors.allClearMinutes?.message ??
                      (type ? `At least ${type.minAllClear} minutes` : undefined)
                    }
                    slotProps={{ htmlInput: { min: type?.minAllClear, step: 1 } }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="reAlertMinutes"
                render={({ field }) => (
                  <TextField
                    label="Re-alert Minutes"
                    required
                    fullWidth
                    type="number"
                    name={field.name}
                    value={field.value}
                    inputRef={field.ref}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(errors.reAlertMinutes)}
                    helperText={errors.reAlertMinutes?.message}
                    slotProps={{ htmlInput: { min: 1, step: 1 } }}
                  />
                )}
              />
            </Stack>
            <FormControl component="fieldset" error={Boolean(errors.sites)}>
              <FormLabel component="legend">User Groups</FormLabel>
              <FormControlLabel
                control={
                  <Switch checked={values.allGroups} onChange={(e) => set('allGroups', e.target.checked)} />
                }
                label="All groups"
              />
              <FormGroup sx={{ pl: 1 }}>
                {groups.map((g) => (
                  <FormControlLabel
                    key={g.id}
                    control={
                      <Checkbox
                        checked={values.allGroups || values.sites.includes(g.id)}
                        disabled={values.allGroups}
                        onChange={(e) => toggleGroup(g.id, e.target.checked)}
                      />
                    }
                    label={g.name}
                  />
                ))}
              </FormGroup>
              {errors.sites ? <FormHelperText>{errors.sites.message}</FormHelperText> : null}
            </FormControl>
            {inactive ? <Alert severity="warning">{INACTIVE_NOTE}</Alert> : null}
            <Box>
              <FormControlLabel
                control={
                  <Switch checked={values.notifyUsers} onChange={(e) => toggleNotify(e.target.checked)} />
                }
                label="Notify Users"
              />
              {values.notifyUsers ? (
                <TextField
                  label="Trigger Message"
                  fullWidth
                  multiline
                  minRows={2}
                  value={values.triggerMessage}
                  onChange={(e) => set('triggerMessage', e.target.value)}
                  error={Boolean(triggerError ?? errors.triggerMessage)}
                  helperText={triggerError ?? errors.triggerMessage?.message}
                  sx={{ mt: 1 }}
                />
              ) : null}
            </Box>
            {values.notifyUsers ? (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={values.notifyOnAllClear}
                      onChange={(e) => toggleAllClear(e.target.checked)}
                    />
                  }
                  label="Notify On All Clear"
                />
                {values.notifyOnAllClear ? (
                  <TextField
                    label="All Clear Message"
                    fullWidth
                    multiline
                    minRows={2}
                    value={values.allClearMessage}
                    onChange={(e) => set('allClearMessage', e.target.value)}
                    error={Boolean(allClearError ?? errors.allClearMessage)}
                    helperText={allClearError ?? errors.allClearMessage?.message}
                    sx={{ mt: 1 }}
                  />
                ) : null}
              </Box>
            ) : null}
            <FormControlLabel control={<Switch checked disabled />} label="Show on Dashboard" />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {policy?.abilities.delete ? (
          <Button color="error" onClick={() => setConfirmingDelete(true)} disabled={remove.isPending}>
            Delete
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form="policy-form" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
      <WarningDialog
        open={confirmingZone1 !== null}
        title={LIGHTNING_ZONE_1_TITLE}
        busy={saving}
        onCancel={() => setConfirmingZone1(null)}
        onConfirm={() => {
          const vals = confirmingZone1;
          setConfirmingZone1(null);
          if (vals) send(vals);
        }}
      >
        {LIGHTNING_ZONE_1_WARNING}
      </WarningDialog>
      <RemoveDialog
        open={confirmingDelete}
        item="Policy"
        identifier={`the ${policy?.policyTypeName ?? ''} policy`}
        busy={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
