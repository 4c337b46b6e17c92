// The confirmation of a bulk siren action (ours, beyond the spec): before a test or Stop Test reaches several sirens
// it names each unit it will act on, so nobody sounds a siren at a venue they are not looking at; units selected
// without a siren are named as left out.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { THardware } from '@allclear/contracts';
import {
  BULK_UNITS_LABEL,
  CANCEL,
  CONFIRM,
  bulkConfirmText,
  bulkConfirmTitle,
  bulkLeftOutText,
} from './hardware-texts.ts';

export function BulkConfirmModal({
  action,
  units,
  onConfirm,
  onClose,
}: {
  /** The menu item's label ('Start Delay', 'Stop Test'). */
  action: string;
  units: readonly THardware[];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const reached = units.filter((u) => u.siren !== null);
  const leftOut = units.filter((u) => u.siren === null).map((u) => u.name);
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-confirm-title" fullWidth maxWidth="xs">
      <DialogTitle id="bulk-confirm-title">{bulkConfirmTitle(action)}</DialogTitle>
      <DialogContent dividers>
        <Typography>{bulkConfirmText(action, reached.length)}</Typography>
        <List dense aria-label={BULK_UNITS_LABEL} sx={{ listStyle: 'disc', pl: 3 }}>
          {reached.map((u) => (
            <ListItem key={u.id} sx={{ display: 'list-item', py: 0 }}>
              {u.name}
            </ListItem>
          ))}
        </List>
        {leftOut.length > 0 ? (
          <Typography color="text.secondary">{bulkLeftOutText(leftOut)}</Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{CANCEL}</Button>
        <Button
          variant="contained"
          disabled={reached.length === 0}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {CONFIRM}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
