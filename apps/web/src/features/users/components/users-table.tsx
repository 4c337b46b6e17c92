// The Users table (spec 02 §2.8): MUI X DataGrid with a hidden id column; Full Name with '(inactive)' and the
// resend-invite link; Email with a warning icon for a contact who unsubscribed; Permission Level with the role's
// description as a tooltip; User Group blank below hierarchy 3; edit and delete where the caller may. Page sizes 10,
// 25 and 50, rows 54 px high, sorted by first name case-insensitively. Only one page of rows is ever rendered. On a
// phone the table keeps two columns, the person (name, then e-mail, permission level and group on a second line) and
// the actions, so Edit and Delete are on screen without scrolling sideways.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { INACTIVE_SUFFIX, compareText, userGroupCell } from '@allclear/domain';
import type { TRole } from '@allclear/contracts';
import type { PersonRow } from './people.ts';
import { ResendInviteLink } from './resend-invite-link.tsx';
import {
  COLUMN_ACTIONS,
  COLUMN_EMAIL,
  COLUMN_FULL_NAME,
  COLUMN_ID,
  COLUMN_PERMISSION_LEVEL,
  COLUMN_USER_GROUP,
  NO_USERS,
  UNSUBSCRIBED,
  USERS_PAGE_SIZES,
  USERS_ROW_HEIGHT,
  USERS_TITLE,
} from './user-texts.ts';

export interface UsersTableProps {
  rows: readonly PersonRow[];
  roles: readonly TRole[];
  loading: boolean;
  onEdit: (row: PersonRow) => void;
  onDelete: (row: PersonRow) => void;
}

/** First name, then last name, lower-cased: what the Full Name column sorts by. */
const sortKey = (row: PersonRow) => `${row.firstName.toLowerCase()}\u0000${row.lastName.toLowerCase()}`;

/** Columns a phone leaves out: their values are read under the name instead. */
const PHONE_HIDDEN_COLUMNS = { id: false, email: false, roleDisplayName: false, siteName: false };
const HIDDEN_COLUMNS = { id: false };

/** A phone's second line under the name: e-mail, permission level and group, those present. */
function personDetail(row: PersonRow): string {
  return [row.email, row.roleDisplayName, userGroupCell(row)].filter(Boolean).join(' · ');
}

export function UsersTable({ rows, roles, loading, onEdit, onDelete }: UsersTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const describe = useMemo(() => new Map(roles.map((r) => [r.id, r.description])), [roles]);
  const columns = useMemo<GridColDef<PersonRow>[]>(
    () => [
      { field: 'id', headerName: COLUMN_ID, width: 120 },
      {
        field: 'fullName',
        headerName: COLUMN_FULL_NAME,
        flex: 1.2,
        minWidth: phone ? 0 : 200,
        valueGetter: (_value, row) => sortKey(row),
        sortComparator: compareText,
        renderCell: ({ row }) => (
          <Box
            sx={{
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              lineHeight: phone ? 1.4 : undefined,
            }}
          >
            {row.fullName}
            {row.isActive ? null : (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.5 }}>
                {INACTIVE_SUFFIX}
              </Typography>
            )}
            {!row.isActive && row.abilities.resendInvite ? (
              <ResendInviteLink userId={String(row.id)} name={row.fullName} />
            ) : null}
            {phone ? (
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                sx={{ display: 'block' }}
                title={personDetail(row)}
              >
                {row.emailUnsubscribed ? (
                  <WarningAmber
                    color="warning"
                    role="img"
                    aria-label={UNSUBSCRIBED}
                    aria-hidden={false}
                    focusable={false}
                    sx={{ fontSize: 14, verticalAlign: 'text-bottom', mr: 0.5 }}
                  />
                ) : null}
                {personDetail(row)}
              </Typography>
            ) : null}
          </Box>
        ),
      },
      {
        field: 'email',
        headerName: COLUMN_EMAIL,
        flex: 1.2,
        minWidth: 200,
        valueGetter: (_value, row) => row.email ?? '',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.email}
            </Box>
            {row.emailUnsubscribed ? (
              <Tooltip title={UNSUBSCRIBED}>
                <WarningAmber
                  color="warning"
                  fontSize="small"
                  role="img"
                  aria-label={UNSUBSCRIBED}
                  aria-hidden={false}
                  focusable={false}
                />
              </Tooltip>
            ) : null}
          </Box>
        ),
      },
      {
        field: 'roleDisplayName',
        headerName: COLUMN_PERMISSION_LEVEL,
        flex: 0.9,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Tooltip title={describe.get(row.roleId) ?? ''} describeChild>
            <span tabIndex={-1}>{row.roleDisplayName}</span>
          </Tooltip>
        ),
      },
      {
        field: 'siteName',
        headerName: COLUMN_USER_GROUP,
        flex: 0.8,
        minWidth: 130,
        valueGetter: (_value, row) => userGroupCell(row),
      },
      {
        field: 'actions',
        headerName: COLUMN_ACTIONS,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: phone ? 88 : 110,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            {row.abilities.edit ? (
              <IconButton aria-label={`Edit ${row.fullName}`} onClick={() => onEdit(row)} size="small">
                <EditOutlined fontSize="small" />
              </IconButton>
            ) : null}
            {row.abilities.delete ? (
              <IconButton aria-label={`Delete ${row.fullName}`} onClick={() => onDelete(row)} size="small">
                <DeleteOutlined fontSize="small" />
              </IconButton>
            ) : null}
          </Box>
        ),
      },
    ],
    [describe, onEdit, onDelete, phone],
  );

  return (
    <DataGrid<PersonRow>
      aria-label={USERS_TITLE}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.rowId}
      loading={loading}
      rowHeight={USERS_ROW_HEIGHT}
      pageSizeOptions={[...USERS_PAGE_SIZES]}
      initialState={{
        pagination: { paginationModel: { pageSize: USERS_PAGE_SIZES[0], page: 0 } },
        sorting: { sortModel: [{ field: 'fullName', sort: 'asc' }] },
      }}
      columnVisibilityModel={phone ? PHONE_HIDDEN_COLUMNS : HIDDEN_COLUMNS}
      localeText={{ noRowsLabel: NO_USERS }}
      disableRowSelectionOnClick
      disableColumnFilter
      // a page holds at most 50 rows and six columns: all of them in the DOM, so the actions column is reachable on a
      // narrow screen (scrolled to) rather than left unrendered
      disableVirtualization
      autoHeight
    />
  );
}
