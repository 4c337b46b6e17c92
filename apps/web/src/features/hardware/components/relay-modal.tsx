// The relay modal 'StormBridge' (spec 02 §2.5, §3 'Remote relay', §4 'Relays', §8 'Relay'): the unit's relays as
// its board reports them, each with its badge ('Automation Active' with a trigger, else 'No Automation Set') and a
// switch that goes through 'Confirm Manual Override'. 'No relays found' for none; 'An unexpected error occurred.'
// when the board cannot be read; 'Failed to toggle relay, please try again.' when a switch fails.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { THardware, TRemoteRelay } from '@allclear/contracts';
import { relayBadgeText } from '@allclear/domain';
import { WarningDialog } from '../../../components/dialogs/warning-dialog.tsx';
import { useRelays, useSetRelay } from '../api/relays.ts';
import {
  CONFIRM_MANUAL_OVERRIDE,
  NO_RELAYS,
  overrideText,
  RELAY_TOGGLE_FAILED,
  RELAY_UNEXPECTED,
  RETRY,
  STORMBRIDGE,
} from './hardware-texts.ts';

export interface RelayModalProps {
  unit: THardware;
  onClose: () => void;
}

export function RelayModal({ unit, onClose }: RelayModalProps) {
  const address = unit.ipAddress ?? '';
  const relays = useRelays(address, address !== '');
  const setRelay = useSetRelay(address);
  const [pending, setPending] = useState<{ relay: TRemoteRelay; toggled: boolean } | null>(null);
  const [failed, setFailed] = useState(false);

  const confirm = () => {
    if (!pending) return;
    setFailed(false);
    setRelay.mutate(
      { name: pending.relay.name, toggled: pending.toggled },
      { onSuccess: () => setPending(null), onError: () => (setPending(null), setFailed(true)) },
    );
  };

  let content;
  if (relays.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading relays" />
      </Box>
    );
  } else if (relays.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void relays.refetch()}>
            {RETRY}
          </Button>
        }
      >
        {RELAY_UNEXPECTED}
      </Alert>
    );
  } else if (relays.data.length === 0) {
    content = <Typography color="text.secondary">{NO_RELAYS}</Typography>;
  } else {
    content = (
      <List disablePadding aria-label="Relays">
        {relays.data.map((relay) => {
          const automated = relay.remoteRelayTrigger !== null;
          const switchId = `relay-${relay.id}-switch`;
          return (
            <ListItem key={relay.id} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                id={`relay-${relay.id}-name`}
                primary={relay.name}
                secondary={automated ? `Trigger: ${relay.remoteRelayTrigger!.policyType.displayName}` : null}
              />
              <Chip
                size="small"
                label={relayBadgeText(relay)}
                color={automated ? 'info' : 'default'}
                variant={automated ? 'filled' : 'outlined'}
              />
              <Switch
                id={switchId}
                checked={relay.toggled}
                disabled={!unit.abilities.manage || setRelay.isPending}
                onChange={(e) => setPending({ relay, toggled: e.target.checked })}
                slotProps={{ input: { 'aria-labelledby': `relay-${relay.id}-name`, role: 'switch' } }}
              />
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="relay-modal-title" fullWidth maxWidth="sm">
      <DialogTitle id="relay-modal-title">{`${STORMBRIDGE}: ${unit.name}`}</DialogTitle>
      <DialogContent>
        {content}
        {failed ? (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
            {RELAY_TOGGLE_FAILED}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <WarningDialog
        open={pending !== null}
        title={CONFIRM_MANUAL_OVERRIDE}
        busy={setRelay.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      >
        {pending ? overrideText(pending.relay.name, pending.toggled) : null}
      </WarningDialog>
    </Dialog>
  );
}
