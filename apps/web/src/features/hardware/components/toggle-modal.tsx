// Disable/enable a unit or its OWS (spec 02 §4 'Enable/disable', §5, §8): a confirm modal whose 'Disable' or
// 'Enable' stays disabled until the reason has a non-blank character; the reason is kept with who and when.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { THardware } from '@allclear/contracts';
import { TOGGLE_REASON_MAX } from '@allclear/contracts';
import { isToggleReasonValid } from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useToggleHardware, type ToggleTarget } from '../api/toggle-hardware.ts';
import {
  CANCEL,
  DISABLE,
  DISABLE_HARDWARE,
  DISABLE_OWS,
  ENABLE,
  ENABLE_HARDWARE,
  ENABLE_OWS,
  REASON_LABEL,
  TOGGLE_TOASTS,
} from './hardware-texts.ts';

export interface ToggleModalProps {
  unit: THardware;
  target: ToggleTarget;
  enable: boolean;
  onClose: () => void;
}

export function ToggleModal({ unit, target, enable, onClose }: ToggleModalProps) {
  const [reason, setReason] = useState('');
  const toggle = useToggleHardware();
  const openToast = useToastStore((s) => s.open);
  const title =
    target === 'hardware' ? (enable ? ENABLE_HARDWARE : DISABLE_HARDWARE) : enable ? ENABLE_OWS : DISABLE_OWS;
  const texts = TOGGLE_TOASTS[target][enable ? 'enable' : 'disable'];
  const what = target === 'hardware' ? unit.name : `the OWS of ${unit.name}`;

  const submit = () =>
    toggle.mutate(
      { target, enable, hardwareId: unit.id, message: reason },
      {
        onSuccess: () => {
          openToast({ variant: 'success', header: texts.ok });
          onClose();
        },
        onError: (err) =>
          openToast({
            variant: 'error',
            header: texts.failed,
            message: err instanceof ApiError ? (err.firstServerError ?? err.serverMessage ?? '') : '',
          }),
      },
    );

  return (
    <Dialog
      open
      onClose={toggle.isPending ? undefined : onClose}
      aria-labelledby="toggle-modal-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="toggle-modal-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {`Why ${enable ? 'enable' : 'disable'} ${what}? The reason is kept with your name and the time.`}
        </DialogContentText>
        <TextField
          label={REASON_LABEL}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          autoFocus
          slotProps={{ htmlInput: { maxLength: TOGGLE_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={toggle.isPending}>
          {CANCEL}
        </Button>
        <Button
          variant="contained"
          color={enable ? 'primary' : 'error'}
          disabled={!isToggleReasonValid(reason) || toggle.isPending}
          onClick={submit}
        >
          {enable ? ENABLE : DISABLE}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
