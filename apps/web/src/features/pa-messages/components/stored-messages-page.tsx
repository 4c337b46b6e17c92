// Stored PA Messages, the Message Library (/PAStoredMessages; spec 02 §2.12, §5, §8, §9): a table of Title and Message
// with edit and delete, 10 a page, and the Add, Update and Delete modals with the toasts of §8.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { TStoredPaMessage } from '@allclear/contracts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteStoredMessage, useStoredMessages } from '../api/stored-messages.ts';
import { StoredMessageModal } from './stored-message-modal.tsx';
import {
  ADD_MESSAGE,
  COLUMN_ACTIONS,
  COLUMN_MESSAGE,
  COLUMN_TITLE,
  DELETE_FAILED,
  DELETE_TITLE,
  DELETED,
  NO_STORED_MESSAGES,
  STORED_MESSAGES_FAILED,
  STORED_MESSAGES_FAILED_DETAIL,
  STORED_MESSAGES_LOADING,
  STORED_MESSAGES_PAGE_SIZE,
  STORED_MESSAGES_TITLE,
} from './stored-message-texts.ts';

export default function StoredMessagesPage() {
  const messages = useStoredMessages();
  const remove = useDeleteStoredMessage();
  const openToast = useToastStore((s) => s.open);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<TStoredPaMessage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TStoredPaMessage | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        openToast({ variant: 'success', header: DELETED });
        setDeleting(null);
      },
      onError: (err) =>
        openToast({
          variant: 'error',
          header:
            (err instanceof ApiError ? (err.firstServerError ?? err.serverMessage) : undefined) ??
            DELETE_FAILED,
        }),
    });
  };

  let content;
  if (messages.isPending) {
    content = (
      <Box
        role="progressbar"
        aria-busy="true"
        aria-label={STORED_MESSAGES_LOADING}
        sx={{ display: 'grid', gap: 1 }}
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Box>
    );
  } else if (messages.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
            Retry
          </Button>
        }
      >
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {STORED_MESSAGES_FAILED}
        </Typography>
        {STORED_MESSAGES_FAILED_DETAIL}
      </Alert>
    );
  } else if (messages.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
        <Typography variant="h6" component="h2">
          {NO_STORED_MESSAGES}
        </Typography>
      </Paper>
    );
  } else {
    const rows = messages.data;
    const last = Math.max(0, Math.ceil(rows.length / STORED_MESSAGES_PAGE_SIZE) - 1);
    const current = Math.min(page, last);
    const shown = rows.slice(current * STORED_MESSAGES_PAGE_SIZE, (current + 1) * STORED_MESSAGES_PAGE_SIZE);
    content = (
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={STORED_MESSAGES_TITLE}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '25%' }}>{COLUMN_TITLE}</TableCell>
                <TableCell>{COLUMN_MESSAGE}</TableCell>
                <TableCell align="right" sx={{ width: 112 }}>
                  {COLUMN_ACTIONS}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((m) => (
                <TableRow key={m.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {m.title}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`Edit ${m.title}`} onClick={() => setEditing(m)}>
                      <EditOutlined />
                    </IconButton>
                    <IconButton aria-label={`Delete ${m.title}`} onClick={() => setDeleting(m)}>
                      <DeleteOutlined />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          rowsPerPage={STORED_MESSAGES_PAGE_SIZE}
          rowsPerPageOptions={[STORED_MESSAGES_PAGE_SIZE]}
          onPageChange={(_, p) => setPage(p)}
        />
      </Paper>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {STORED_MESSAGES_TITLE}
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {ADD_MESSAGE}
        </Button>
      </Box>
      {content}
      {editing ? (
        <StoredMessageModal message={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        open={deleting !== null}
        onClose={remove.isPending ? undefined : () => setDeleting(null)}
        aria-labelledby="delete-stored-message-title"
      >
        <DialogTitle id="delete-stored-message-title">{DELETE_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting ? `Delete "${deleting.title}"? This action cannot be undone.` : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
