// The Policies page (/Policies, spec 02 §2.10, §6): the title, the card grid, Add Policy for Admin and Super Admin
// (the domain's reach for adding a policy, the rule the server enforces), the empty state 'You don't have any
// policies added', loading and error states, and the Add / Edit Policy modal.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import type { TPolicy } from '@allclear/contracts';
import { reachFor, type RoleName } from '@allclear/domain';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useSites } from '../../groups/api/get-sites.ts';
import { usePolicies } from '../api/get-policies.ts';
import { usePolicyTypes } from '../api/get-policy-types.ts';
import { PolicyCard } from './policy-card.tsx';
import { PolicyModal } from './policy-modal.tsx';
import {
  ADD_POLICY,
  NO_POLICIES,
  POLICIES_FAILED,
  POLICIES_FAILED_DETAIL,
  POLICIES_LOADING,
  POLICIES_TITLE,
} from './policy-texts.ts';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
};

/** The page. */
export default function PoliciesPage() {
  const user = useCurrentUser().data;
  const policies = usePolicies();
  const types = usePolicyTypes();
  const groups = useSites();
  const [editing, setEditing] = useState<TPolicy | 'new' | null>(null);
  const canAdd =
    user !== undefined &&
    reachFor(
      {
        userId: user.id,
        customerId: user.customerId,
        role: user.roleName as RoleName,
        siteId: user.siteId,
        permissions: user.permissions,
      },
      'weatherPolicy',
      'create',
    ) !== 'none';
  const ready = types.isSuccess && groups.isSuccess;
  const addButton =
    canAdd && ready ? (
      <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
        {ADD_POLICY}
      </Button>
    ) : null;

  let content;
  if (policies.isPending) {
    content = (
      <Box role="progressbar" aria-busy="true" aria-label={POLICIES_LOADING} sx={GRID}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={200} />
        ))}
      </Box>
    );
  } else if (policies.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void policies.refetch()}>
            Retry
          </Button>
        }
      >
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {POLICIES_FAILED}
        </Typography>
        {POLICIES_FAILED_DETAIL}
      </Alert>
    );
  } else if (policies.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', color: 'text.secondary' }}>
        <Box sx={{ fontSize: 40, mb: 1, '& svg': { fontSize: 'inherit' } }} aria-hidden>
          <PolicyOutlined />
        </Box>
        <Typography variant="h6" component="h2" color="text.primary">
          {NO_POLICIES}
        </Typography>
        {addButton ? <Box sx={{ mt: 2 }}>{addButton}</Box> : null}
      </Paper>
    );
  } else {
    content = (
      <Box sx={GRID}>
        {policies.data.map((policy) => (
          <PolicyCard key={policy.id} policy={policy} groups={groups.data ?? []} onEdit={setEditing} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {POLICIES_TITLE}
        </Typography>
        {policies.isSuccess && policies.data.length > 0 ? addButton : null}
      </Box>
      {content}
      {ready ? (
        <PolicyModal
          open={editing !== null}
          policy={editing === 'new' ? null : editing}
          types={types.data}
          groups={groups.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}
