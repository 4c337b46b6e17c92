// The Add/Edit User modal (spec 02 §2.8 'Add New User' / 'Editing "{name}"', §4 'User modal', §5 'User modal', §6,
// §8 'User'): react-hook-form on the contract's schema (lib/forms) with the server's field errors on the same fields
// (FirstName, Email, PhoneNumber, TimeZone, RoleId, SiteId; UserName shown under Email with 'UserName' read as
// 'Email'); role options below the editor's hierarchy only; the group dropdown disabled for an editor above
// hierarchy 2; a full user's locations saved as preloaded locations after the save; a contact given a full role is
// promoted, a full user given Notification Only is demoted after the warning.
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Controller } from 'react-hook-form';
import {
  TIME_ZONES,
  isRoleOptionDisabled,
  isUserGroupDropdownDisabled,
  permissionLevelChoices,
} from '@allclear/domain';
import {
  NOTIFICATION_ONLY_ROLE_ID,
  ZUserForm,
  type TOrganizationLocation,
  type TRole,
} from '@allclear/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { fieldErrorTexts } from '../../../lib/forms/contract-resolver.ts';
import { WarningDialog } from '../../../components/dialogs/warning-dialog.tsx';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useSavePerson, type PersonSave } from '../api/save-person.ts';
import type { PersonRow } from './people.ts';
import {
  isDemotion,
  personSave,
  toUserFormInput,
  userFormValues,
  type UserFormValues,
} from './user-form-values.ts';
import {
  ADD_NEW_USER,
  DEMOTE_WARNING_TEXT,
  DEMOTE_WARNING_TITLE,
  ERROR_ADDING_USER,
  ERROR_UPDATING_NOTIFICATION_USER,
  ERROR_UPDATING_USER,
  LABELS,
  PROMOTED,
  UNABLE_TO_PROMOTE,
  USER_ADDED,
  USER_DEMOTED,
  USER_UPDATED,
  editingTitle,
  withEmailForUserName,
} from './user-texts.ts';

/** Who edits: their hierarchy and group decide the options (spec 02 §5, §6). */
export interface Editor {
  roleHierarchy: number;
  siteId: number | null;
}

export interface UserModalProps {
  open: boolean;
  /** The person edited; null when adding. */
  row: PersonRow | null;
  editor: Editor;
  roles: readonly TRole[];
  groups: readonly { id: number; name: string }[];
  organizationLocations: readonly TOrganizationLocation[];
  onClose: () => void;
}

export function UserModal({ open, row, onClose, ...rest }: UserModalProps) {
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
      aria-labelledby="user-modal-title"
    >
      <DialogTitle id="user-modal-title">{row ? editingTitle(row.fullName) : ADD_NEW_USER}</DialogTitle>
      {open ? <UserForm key={row?.rowId ?? 'new'} row={row} onClose={onClose} {...rest} /> : null}
    </Dialog>
  );
}

/** Toasts of a refused save, by call (spec 02 §8 'User'). */
const FAILED: Record<PersonSave['kind'], string> = {
  addUser: ERROR_ADDING_USER,
  addContact: ERROR_ADDING_USER,
  updateUser: ERROR_UPDATING_USER,
  demote: ERROR_UPDATING_USER,
  updateContact: ERROR_UPDATING_NOTIFICATION_USER,
  promote: UNABLE_TO_PROMOTE,
};
const DONE: Record<PersonSave['kind'], string> = {
  addUser: USER_ADDED,
  addContact: USER_ADDED,
  updateUser: USER_UPDATED,
  demote: USER_DEMOTED,
  updateContact: USER_UPDATED,
  promote: PROMOTED,
};

function UserForm({
  row,
  editor,
  roles,
  groups,
  organizationLocations,
  onClose,
}: Omit<UserModalProps, 'open'>) {
  const mayChooseGroup = !isUserGroupDropdownDisabled(editor.roleHierarchy);
  const form = useContractForm(ZUserForm, userFormValues(row, editor.siteId, mayChooseGroup), {
    toInput: toUserFormInput,
    reValidateMode: 'onSubmit',
  });
  const save = useSavePerson();
  const openToast = useToastStore((s) => s.open);
  const [pending, setPending] = useState<PersonSave | null>(null);
  const errors = fieldErrorTexts(form.formState.errors);
  const roleId = form.watch('roleId');
  const contactOnly = roleId === NOTIFICATION_ONLY_ROLE_ID;

  const send = (request: PersonSave) =>
    save.mutate(request, {
      onSuccess: () => {
        setPending(null);
        openToast({ variant: 'success', header: DONE[request.kind] });
        onClose();
      },
      onError: (err) => {
        setPending(null);
        const rest = applyServerErrors(form, err);
        // the server names the e-mail as the user name (spec 02 §8: 'UserName replaced by Email in the text')
        const userName = rest.UserName?.[0];
        if (userName) form.setError('email', { type: 'server', message: withEmailForUserName(userName) });
        const detail = err instanceof ApiError ? (err.firstServerError ?? userName) : undefined;
        openToast({
          variant: 'error',
          header: FAILED[request.kind],
          message: detail ? withEmailForUserName(detail) : undefined,
        });
      },
    });

  const submit = (e: FormEvent) =>
    void form.handleSubmit((body) => {
      const values = form.getValues();
      const request = personSave(row, body, values.orgLocations);
      if (isDemotion(row, values)) setPending(request);
      else send(request);
    })(e);

  const roleChoices = permissionLevelChoices(roles);
  const text = (
    name: keyof UserFormValues,
    key: string,
    required = false,
    type = 'text',
    autoComplete?: string,
  ) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={LABELS[name]}
          type={type}
          required={required}
          autoComplete={autoComplete}
          error={Boolean(errors[key])}
          helperText={errors[key]?.[0] ?? ' '}
          fullWidth
        />
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
          {text('firstName', 'FirstName', true, 'text', 'off')}
          {text('lastName', 'LastName', false, 'text', 'off')}
          {text('email', 'Email', !contactOnly, 'email', 'off')}
          {text('phoneNumber', 'PhoneNumber', false, 'tel', 'off')}
          <Controller
            name="timeZone"
            control={form.control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required
                label={LABELS.timeZone}
                error={Boolean(errors.TimeZone)}
                helperText={errors.TimeZone?.[0] ?? ' '}
                fullWidth
              >
                {TIME_ZONES.map((z) => (
                  <MenuItem key={z} value={z}>
                    {z}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="roleId"
            control={form.control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required
                label={LABELS.roleId}
                error={Boolean(errors.RoleId)}
                helperText={errors.RoleId?.[0] ?? ' '}
                fullWidth
              >
                {roleChoices.map((r) => (
                  <MenuItem
                    key={r.id}
                    value={r.id}
                    disabled={isRoleOptionDisabled(editor.roleHierarchy, r.hierarchy)}
                  >
                    {r.displayName}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="siteId"
            control={form.control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required
                disabled={!mayChooseGroup}
                label={LABELS.siteId}
                error={Boolean(errors.SiteId)}
                helperText={errors.SiteId?.[0] ?? ' '}
                fullWidth
              >
                {groups.map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {g.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {contactOnly ? null : (
            <Controller
              name="orgLocations"
              control={form.control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label={LABELS.orgLocations}
                  helperText=" "
                  fullWidth
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (ids) =>
                        organizationLocations
                          .filter((o) => (ids as number[]).includes(o.id))
                          .map((o) => o.name)
                          .join(', '),
                    },
                  }}
                >
                  {organizationLocations.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      <Checkbox checked={field.value.includes(o.id)} size="small" />
                      <ListItemText primary={o.name} />
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
      <WarningDialog
        open={pending !== null}
        title={DEMOTE_WARNING_TITLE}
        busy={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && send(pending)}
      >
        {DEMOTE_WARNING_TEXT}
      </WarningDialog>
    </Box>
  );
}
