// A unit's activity (issue 16): who disabled or enabled it and why, its tests, settings changes, relay switches, PA
// messages and drills, newest first, with what the device answered.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { THardware } from '@allclear/contracts';
import { useHardwareAudit } from '../api/get-hardware-audit.ts';
import { ACTIVITY } from './hardware-texts.ts';

export function ActivityModal({ unit, onClose }: { unit: THardware; onClose: () => void }) {
  const audit = useHardwareAudit(unit.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="activity-modal-title" fullWidth maxWidth="sm">
      <DialogTitle id="activity-modal-title">{`${ACTIVITY}: ${unit.name}`}</DialogTitle>
      <DialogContent>
        {audit.isPending ? (
          <CircularProgress aria-label="Loading activity" />
        ) : audit.isError ? (
          <Alert severity="error">The activity could not be loaded.</Alert>
        ) : audit.data.length === 0 ? (
          <Typography color="text.secondary">Nothing has been done to this unit yet.</Typography>
        ) : (
          <List dense aria-label={ACTIVITY}>
            {audit.data.map((entry) => (
              <ListItem key={entry.id} divider>
                <ListItemText
                  primary={entry.text}
                  secondary={[
                    entry.actorName,
                    entry.reason,
                    entry.outcome === 'failed'
                      ? 'No answer from the device'
                      : entry.outcome === 'ok'
                        ? 'Acknowledged'
                        : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
