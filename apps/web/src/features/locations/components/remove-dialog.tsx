// The remove confirmation dialog: title 'Remove {item}', text 'Are you sure you want to remove
// {identifier}? This action cannot be undone.', buttons Cancel / Remove (spec 01 §2 'Other panels and shared pieces').
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface RemoveDialogProps {
  open: boolean;
  item: string;
  identifier: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Remove {item}' confirmation. */
export function RemoveDialog({
  open,
  item,
  identifier,
  busy = false,
  onCancel,
  onConfirm,
}: RemoveDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="remove-dialog-title">
      <DialogTitle id="remove-dialog-title">{`Remove ${item}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{`Are you sure you want to remove ${identifier}? This action cannot be undone.`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
