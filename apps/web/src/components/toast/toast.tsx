// Renders the toast store as an MUI Snackbar with an Alert (spec 01 §4 'Toast'). In a portal of its own: an open
// modal hides the app behind it from assistive technology (aria-hidden), and a toast raised by a modal that stays
// open (Manage User Groups) must still be announced.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useToastStore } from './toast-store.ts';

/** The single app toast, bottom centre; it hides after the store's autoHideDuration. */
export function Toast() {
  const { show, variant, header, message, autoHideDuration, close } = useToastStore();
  return (
    <Portal>
      <Snackbar
        open={show}
        autoHideDuration={autoHideDuration}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity={variant} variant="filled" onClose={close} sx={{ minWidth: 300 }}>
          {header ? <AlertTitle>{header}</AlertTitle> : null}
          {message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
