// The location form's buttons and dialogs: Delete Location (editing, as the served abilities allow), Cancel, Save;
// the add warning with 'I Understand'; the delete confirmation (spec 01 §2, §5 'Delete Location').
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TLocation } from '@allclear/contracts';
import { RemoveDialog } from '../../../../components/dialogs/remove-dialog.tsx';
import type { AddWarning } from './use-add-warning.ts';
import type { useLocationSave } from './use-location-save.ts';

type LocationSave = ReturnType<typeof useLocationSave>;

/** Delete on the left (editing only), Cancel and Save on the right. */
export function LocationFormActions(props: {
  location: TLocation | null;
  save: LocationSave;
  onClose: () => void;
}) {
  const { location, save, onClose } = props;
  return (
    <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
      <Box>
        {location ? (
          <Button
            color="error"
            onClick={save.askDelete}
            disabled={!location.abilities.delete || save.deleting}
          >
            Delete Location
          </Button>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={save.saving}>
          Save
        </Button>
      </Box>
    </DialogActions>
  );
}

/** The server's warning about a picked place. */
export function AddWarningDialog({ addWarning }: { addWarning: AddWarning }) {
  const { warning } = addWarning;
  return (
    <Dialog open={addWarning.open} onClose={addWarning.close} aria-labelledby="location-warning-title">
      <DialogTitle id="location-warning-title">{warning?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{warning?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={addWarning.close} autoFocus>
          I Understand
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Remove Location' before a delete. */
export function DeleteLocationDialog({ location, save }: { location: TLocation; save: LocationSave }) {
  return (
    <RemoveDialog
      open={save.confirmingDelete}
      item="Location"
      identifier={location.label}
      busy={save.deleting}
      onCancel={save.cancelDelete}
      onConfirm={save.remove}
    />
  );
}
