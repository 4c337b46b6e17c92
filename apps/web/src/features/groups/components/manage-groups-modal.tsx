// Manage User Groups (spec 02 §2.8, §6): the caller's groups as expandable cards, and '+ New group...' for Admin
// and Super Admin only (the domain's reach for creating a group, the rule the server enforces). Loaded lazily
// (manage-groups-modal-lazy.tsx), so the Users page carries none of it until the modal opens.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { reachFor, type RoleName } from '@allclear/domain';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useSites } from '../api/get-sites.ts';
import { GroupCard } from './group-card.tsx';
import {
  GROUPS_FAILED,
  GROUPS_LOADING,
  MANAGE_GROUPS_TITLE,
  NEW_GROUP_BUTTON,
  NO_GROUPS,
} from './group-texts.ts';

export interface ManageGroupsModalProps {
  open: boolean;
  onClose: () => void;
}

/** The modal. */
export default function ManageGroupsModal({ open, onClose }: ManageGroupsModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useCurrentUser().data;
  const sites = useSites(open);
  const [expanded, setExpanded] = useState<number | 'new' | null>(null);
  const [drafting, setDrafting] = useState(false);
  const canCreate =
    user !== undefined &&
    reachFor(
      {
        userId: user.id,
        customerId: user.customerId,
        role: user.roleName as RoleName,
        siteId: user.siteId,
        permissions: user.permissions,
      },
      'group',
      'create',
    ) !== 'none';

  const startDraft = () => {
    setDrafting(true);
    setExpanded('new');
  };
  const toggle = (key: number | 'new') => (isOpen: boolean) => setExpanded(isOpen ? key : null);

  let body;
  if (sites.isPending) {
    body = (
      <Box
        role="progressbar"
        aria-label={GROUPS_LOADING}
        sx={{ display: 'flex', justifyContent: 'center', p: 4 }}
      >
        <CircularProgress />
      </Box>
    );
  } else if (sites.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void sites.refetch()}>
            Retry
          </Button>
        }
      >
        {GROUPS_FAILED}
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={1}>
        {drafting ? (
          <GroupCard
            site={null}
            expanded={expanded === 'new'}
            onExpandedChange={toggle('new')}
            onDone={() => {
              setDrafting(false);
              setExpanded(null);
            }}
          />
        ) : null}
        {sites.data.length === 0 && !drafting ? (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {NO_GROUPS}
          </Typography>
        ) : null}
        {sites.data.map((site) => (
          <GroupCard
            key={site.id}
            site={site}
            expanded={expanded === site.id}
            onExpandedChange={toggle(site.id)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby="manage-groups-title"
    >
      <DialogTitle id="manage-groups-title">{MANAGE_GROUPS_TITLE}</DialogTitle>
      <DialogContent dividers>
        {canCreate && !drafting && sites.isSuccess ? (
          <Button onClick={startDraft} sx={{ mb: 1 }}>
            {NEW_GROUP_BUTTON}
          </Button>
        ) : null}
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
