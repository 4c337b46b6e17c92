// Warning confirmation (spec 01 §2 'Other panels and shared pieces'): a title, a message, buttons Cancel / Confirm.
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface WarningDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks the user to confirm an action with consequences. */
export function WarningDialog({
  open,
  title,
  children,
  busy = false,
  onCancel,
  onConfirm,
}: WarningDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="warning-dialog-title">
      <DialogTitle id="warning-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="warning" variant="contained" onClick={onConfirm} disabled={busy}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
