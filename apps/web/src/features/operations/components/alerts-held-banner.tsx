// The admin roles' banner while alerts are held back by a database outage (issue 21): strikes are kept in the
// product's journal and applied when the database answers, so alerts come late, not never. The shell loads it
// lazily, for the admin roles only; it shows nothing while nothing is held back (or the status cannot be read).
import Alert from '@mui/material/Alert';
import type { TIngestStatus } from '@allclear/contracts';
import { useIngestStatus } from '../api/get-ingest-status.ts';

/** '42 s', '3 min 5 s', '1 h 2 min': how long the oldest strike has waited. */
export function waitedText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** What the banner says for a status; null when alerts are not held back. */
export function heldBackText(status: TIngestStatus): string | null {
  if (!status.alertsHeldBack) return null;
  const strikes = `${status.strikesWaiting} ${status.strikesWaiting === 1 ? 'strike' : 'strikes'}`;
  if (status.state === 'catching-up') {
    return `The database is back: the ${strikes} that waited are being applied and their alerts sent now.`;
  }
  const oldest =
    status.oldestWaitingSeconds === null
      ? ''
      : ` (the oldest for ${waitedText(status.oldestWaitingSeconds)})`;
  return (
    `Alerts are held back: the database is unavailable. ${strikes} kept${oldest}; ` +
    'they will be applied and their alerts sent as soon as it answers again.'
  );
}

export default function AlertsHeldBanner() {
  const { data } = useIngestStatus();
  const text = data ? heldBackText(data) : null;
  if (!text) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}
