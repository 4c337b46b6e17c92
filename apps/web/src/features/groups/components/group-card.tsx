// One expandable group card of Manage User Groups (spec 02 §2.8, §4, §5 'User group', §8 'Group'): the name and
// the seven alert-time rows on react-hook-form with the contract's schema (lib/forms), Save, Cancel and Delete.
// Save creates or updates the group ('Created user group' / 'Upated user group'); a refusal puts the server's
// field errors under Name and AlertTimes[day].StartTime and toasts 'Error creating/updating user group'. Delete
// is enabled only when the caller may delete the group and no users and no widgets use it; the server's refusal
// ('Cannot delete a group assigned to one or more locations') is the detail of 'Error deleting user group'.
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { ZSiteAdd, type TSite } from '@allclear/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import Alert from '@mui/material/Alert';
import { removeConfirmationText } from '../../../components/dialogs/remove-dialog.tsx';
import { useAddSite, useUpdateSite } from '../api/save-site.ts';
import { useDeleteSite } from '../api/delete-site.ts';
import { AlertTimeRow } from './alert-time-row.tsx';
import { groupFormValues, type GroupFormValues } from './group-form-values.ts';
import {
  ERROR_CREATING_GROUP,
  ERROR_DELETING_GROUP,
  ERROR_UPDATING_GROUP,
  GROUP_CREATED,
  GROUP_DELETED,
  GROUP_IN_USE_HINT,
  GROUP_UPDATED,
} from './group-texts.ts';

export interface GroupCardProps {
  /** The group; null for a new one (opened expanded). */
  site: TSite | null;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** A new group's card is dropped on Cancel, and once saved. */
  onDone?: () => void;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The card of one group. */
export function GroupCard({ site, expanded, onExpandedChange, onDone }: GroupCardProps) {
  const openToast = useToastStore((s) => s.open);
  const add = useAddSite();
  const update = useUpdateSite();
  const remove = useDeleteSite();
  const [confirming, setConfirming] = useState(false);
  const form = useContractForm(ZSiteAdd, groupFormValues(site), {
    toInput: (values: GroupFormValues) => values,
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const values = form.watch();
  const errors = form.formState.errors;
  const canEdit = site === null || site.abilities.edit;
  const inUse = site !== null && (site.users > 0 || site.widgets > 0);
  const canDelete = site !== null && site.abilities.delete && !inUse;
  const title = site?.name ?? 'New group';
  const headingId = `group-${site?.id ?? 'new'}-heading`;

  const failed = (header: string) => (err: unknown) => {
    applyServerErrors(form, err);
    const detail = err instanceof ApiError ? (err.firstServerError ?? err.serverMessage) : undefined;
    openToast({ variant: 'error', header, message: detail });
  };

  const submit = (e: FormEvent) =>
    void form.handleSubmit(
      (body) => {
        if (site) {
          update.mutate(
            { ...body, id: site.id },
            {
              onSuccess: (saved) => {
                form.reset(groupFormValues(saved));
                openToast({ variant: 'success', header: GROUP_UPDATED });
              },
              onError: failed(ERROR_UPDATING_GROUP),
            },
          );
        } else {
          add.mutate(body, {
            onSuccess: () => {
              openToast({ variant: 'success', header: GROUP_CREATED });
              onDone?.();
            },
            onError: failed(ERROR_CREATING_GROUP),
          });
        }
      },
      () => openToast({ variant: 'error', header: site ? ERROR_UPDATING_GROUP : ERROR_CREATING_GROUP }),
    )(e);

  const cancel = () => {
    form.reset(groupFormValues(site));
    if (site) onExpandedChange(false);
    else onDone?.();
  };

  // the deleted group's card leaves the list as soon as the groups are read again, before a mutate() callback
  // would run: the toast follows the mutation's own promise
  const confirmDelete = () => {
    if (!site) return;
    remove.mutateAsync(site.id).then(
      () => {
        setConfirming(false);
        openToast({ variant: 'success', header: GROUP_DELETED });
      },
      (err: unknown) => {
        setConfirming(false);
        const detail = err instanceof ApiError ? (err.firstServerError ?? err.serverMessage) : undefined;
        openToast({ variant: 'error', header: ERROR_DELETING_GROUP, message: detail });
      },
    );
  };

  const saving = add.isPending || update.isPending;
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => onExpandedChange(open)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${headingId}-details`} id={headingId}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline', minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {site ? (
            <Typography variant="body2" color="text.secondary">
              {`${counted(site.users, 'user', 'users')} · ${counted(site.policies, 'policy', 'policies')}`}
            </Typography>
          ) : null}
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-details`}>
        <Box component="form" noValidate onSubmit={submit} aria-label={`Edit ${title}`}>
          <Controller
            control={form.control}
            name="name"
            render={({ field }) => (
              <TextField
                label="Name"
                required
                fullWidth
                size="small"
                disabled={!canEdit}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
                sx={{ mb: 1 }}
              />
            )}
          />
          <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
            Alert Times
          </Typography>
          <Divider />
          {values.alertTimes.map((row, i) => (
            <AlertTimeRow
              key={row.day}
              row={row}
              disabled={!canEdit}
              startError={errors.alertTimes?.[i]?.startTime?.message}
              endError={errors.alertTimes?.[i]?.endTime?.message}
              onChange={(next) => form.setValue(`alertTimes.${i}`, next, { shouldDirty: true })}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {site ? (
              <Button
                color="error"
                variant="outlined"
                disabled={!canDelete || remove.isPending}
                onClick={() => setConfirming(true)}
                aria-describedby={inUse ? `${headingId}-in-use` : undefined}
              >
                Delete
              </Button>
            ) : null}
            <Box sx={{ flexGrow: 1 }} />
            <Button onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={!canEdit || saving}>
              Save
            </Button>
          </Stack>
          {inUse ? (
            <Typography id={`${headingId}-in-use`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {GROUP_IN_USE_HINT}
            </Typography>
          ) : null}
          {confirming ? (
            // asked inside the card, not in a second modal: a nested modal closing hides from assistive
            // technology everything outside the one below it, the toast that reports the deletion included
            <Alert
              severity="warning"
              role="group"
              aria-label={`Remove ${title}`}
              sx={{ mt: 2 }}
              action={
                <Stack direction="row" spacing={1}>
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => setConfirming(false)}
                    disabled={remove.isPending}
                  >
                    Cancel
                  </Button>
                  <Button
                    color="error"
                    variant="contained"
                    size="small"
                    onClick={confirmDelete}
                    disabled={remove.isPending}
                  >
                    Remove
                  </Button>
                </Stack>
              }
            >
              {removeConfirmationText(title)}
            </Alert>
          ) : null}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
