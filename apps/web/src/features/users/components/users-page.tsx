// The Users page (/Users, spec 02 §2.8): search (case-insensitive, every field), the Filter popover with its chips,
// Manage Groups and Add User (admin roles), and the table of users and notification-only contacts with the Add/Edit
// User modal. Everyone the caller may see is read once (in pages, get-people.ts) and searched and filtered here,
// so typing never waits for the server; the table renders one page.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Groups from '@mui/icons-material/GroupsOutlined';
import Search from '@mui/icons-material/Search';
import {
  ROLE_NAMES,
  canManageUsers,
  defaultDirectoryFilter,
  directorySearchText,
  filterDirectory,
  permissionLevelChoices,
  type DirectoryFilter,
  type RoleName,
} from '@allclear/domain';
import { RemoveDialog } from '../../../components/dialogs/remove-dialog.tsx';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { ManageGroupsModal, useSites } from '../../groups/index.ts';
import { useOrganizationLocations } from '../../locations/api/get-organization-locations.ts';
import { useDeletePerson } from '../api/delete-person.ts';
import { useNotificationUsers, useUsers } from '../api/get-people.ts';
import { useRoles } from '../api/get-roles.ts';
import { peopleRows, type PersonRow } from './people.ts';
import { UserFilterButton, UserFilterChips } from './user-filter.tsx';
import { UserModal } from './user-modal.tsx';
import { UsersTable } from './users-table.tsx';
import {
  ADD_USER,
  ERROR_DELETING_USER,
  MANAGE_GROUPS,
  PERSON_DELETED,
  RETRY,
  SEARCH_LABEL,
  USERS_FAILED,
  USERS_TITLE,
} from './user-texts.ts';

/** The modal's state: adding (row null) or editing a row; the row stays while it closes. */
interface Editing {
  open: boolean;
  row: PersonRow | null;
}

export default function UsersPage() {
  const me = useCurrentUser().data;
  const users = useUsers();
  const contacts = useNotificationUsers();
  const roles = useRoles();
  const sites = useSites();
  const organizationLocations = useOrganizationLocations();
  const remove = useDeletePerson();
  const openToast = useToastStore((s) => s.open);

  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [chosenFilter, setFilter] = useState<DirectoryFilter | null>(null);
  const filter =
    chosenFilter ??
    defaultDirectoryFilter({ roleHierarchy: me?.roleHierarchy ?? 0, siteId: me?.siteId ?? null });
  const [editing, setEditing] = useState<Editing>({ open: false, row: null });
  const [deleting, setDeleting] = useState<PersonRow | null>(null);
  const [groupsOpen, setGroupsOpen] = useState(false);

  const rows = useMemo(() => peopleRows(users.data ?? [], contacts.data ?? []), [users.data, contacts.data]);
  const searchTexts = useMemo(() => rows.map(directorySearchText), [rows]);
  const shown = useMemo(
    () => filterDirectory(rows, searchTexts, query, filter),
    [rows, searchTexts, query, filter],
  );

  const groupChoices = useMemo(
    () => (sites.data ?? []).map((s) => ({ value: s.id, label: s.name })),
    [sites.data],
  );
  const levelChoices = useMemo(
    () => permissionLevelChoices(roles.data ?? []).map((r) => ({ value: r.id, label: r.displayName })),
    [roles.data],
  );
  const role = (ROLE_NAMES as readonly string[]).includes(me?.roleName ?? '')
    ? (me!.roleName as RoleName)
    : null;
  const admin = role !== null && canManageUsers(role);

  const onEdit = useCallback((row: PersonRow) => setEditing({ open: true, row }), []);
  const onDelete = useCallback((row: PersonRow) => setDeleting(row), []);
  const confirmDelete = () => {
    if (!deleting) return;
    const person =
      deleting.person.kind === 'user'
        ? ({ kind: 'user', id: deleting.person.user.id } as const)
        : ({ kind: 'contact', id: deleting.person.contact.id } as const);
    remove.mutate(person, {
      onSuccess: () => {
        setDeleting(null);
        openToast({ variant: 'success', header: PERSON_DELETED });
      },
      onError: (err) => {
        setDeleting(null);
        openToast({ variant: 'error', header: ERROR_DELETING_USER, message: err.message });
      },
    });
  };

  const failed = users.isError || contacts.isError;
  const filterProps = { filter, groups: groupChoices, permissionLevels: levelChoices, onChange: setFilter };

  return (
    <Box component="section" aria-labelledby="users-title" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400 }}>
      <Typography id="users-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {USERS_TITLE}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 1.5, alignItems: { sm: 'center' } }}
      >
        <TextField
          size="small"
          type="search"
          label={SEARCH_LABEL}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ minWidth: { sm: 280 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <UserFilterButton {...filterProps} />
        <Box sx={{ flex: 1 }} />
        {admin ? (
          <>
            <Button variant="outlined" startIcon={<Groups />} onClick={() => setGroupsOpen(true)}>
              {MANAGE_GROUPS}
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              disabled={!roles.data || !sites.data}
              onClick={() => setEditing({ open: true, row: null })}
            >
              {ADD_USER}
            </Button>
          </>
        ) : null}
      </Stack>
      <Box sx={{ mb: 1.5 }}>
        <UserFilterChips {...filterProps} />
      </Box>
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void users.refetch();
                void contacts.refetch();
              }}
            >
              {RETRY}
            </Button>
          }
        >
          {USERS_FAILED}
        </Alert>
      ) : (
        <UsersTable
          rows={shown}
          roles={roles.data ?? []}
          loading={users.isPending || contacts.isPending}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {me && roles.data && sites.data ? (
        <UserModal
          open={editing.open}
          row={editing.row}
          editor={{ roleHierarchy: me.roleHierarchy, siteId: me.siteId }}
          roles={roles.data ?? []}
          groups={sites.data ?? []}
          organizationLocations={organizationLocations.data ?? []}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
      <RemoveDialog
        open={deleting !== null}
        item="User"
        identifier={deleting?.fullName ?? ''}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <ManageGroupsModal open={groupsOpen} onClose={() => setGroupsOpen(false)} />
    </Box>
  );
}
