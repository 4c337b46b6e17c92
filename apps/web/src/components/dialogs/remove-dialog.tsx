// Remove confirmation (spec 01 §2 'Other panels and shared pieces'): 'Remove {item}', the irreversibility text,
// buttons Cancel / Remove.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface RemoveDialogProps {
  open: boolean;
  /** What kind of thing is removed ('Location'). */
  item: string;
  /** Which one ('AT&T Stadium'). */
  identifier: string;
  /** True while the removal runs: buttons are disabled. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The text of the remove confirmation (spec 01 §2). */
export function removeConfirmationText(identifier: string): string {
  return `Are you sure you want to remove ${identifier}? This action cannot be undone.`;
}

/** Asks before removing something. */
export function RemoveDialog({
  open,
  item,
  identifier,
  busy = false,
  onCancel,
  onConfirm,
}: RemoveDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="remove-dialog-title">
      <DialogTitle id="remove-dialog-title">{`Remove ${item}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{removeConfirmationText(identifier)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
