// My Notifications (/Notifications, spec 02 §2.6, §9): the notifications sent to the caller in the past 7 days (count
// 20) in three groups, National Weather Service Alerts, AllClear Forecasts and Policy Notifications, each showing 3
// items with Expand/Collapse; an item opens its full message. Live: a notification heard on the stream (the bell's)
// refreshes the list.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TNotification } from '@allclear/contracts';
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_HISTORY_COUNT,
  NOTIFICATIONS_SHOWN_PER_GROUP,
  groupNotifications,
  notificationGroupTitle,
  type NotificationGroup,
} from '@allclear/domain';
import { useNotificationHistory } from '../api/get-notification-history.ts';
import { sentTime } from './notification-time.ts';
import {
  COLLAPSE,
  EXPAND,
  NO_NOTIFICATIONS,
  NOTIFICATIONS_FAILED,
  NOTIFICATIONS_FAILED_DETAIL,
  NOTIFICATIONS_SUBTITLE,
  NOTIFICATIONS_TITLE,
  PRODUCT_NAME,
} from './notification-texts.ts';

/** The page. */
export default function NotificationsPage() {
  const history = useNotificationHistory(NOTIFICATION_HISTORY_COUNT);
  const groups = groupNotifications(history.data ?? []);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {NOTIFICATIONS_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {NOTIFICATIONS_SUBTITLE}
      </Typography>
      {history.isPending ? (
        <Box role="status" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} sx={{ mb: 2 }} />
          ))}
        </Box>
      ) : history.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        >
          {NOTIFICATIONS_FAILED}. {NOTIFICATIONS_FAILED_DETAIL}
        </Alert>
      ) : (history.data ?? []).length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{NO_NOTIFICATIONS}</Typography>
        </Paper>
      ) : (
        NOTIFICATION_GROUPS.map((group) => (
          <NotificationGroupCard key={group} group={group} items={groups[group]} />
        ))
      )}
    </Box>
  );
}

function NotificationGroupCard({ group, items }: { group: NotificationGroup; items: TNotification[] }) {
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const titleId = useId();
  const listId = useId();
  const shown = expanded ? items : items.slice(0, NOTIFICATIONS_SHOWN_PER_GROUP);
  const more = items.length > NOTIFICATIONS_SHOWN_PER_GROUP;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {notificationGroupTitle(group, PRODUCT_NAME)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {items.length}
        </Typography>
        {more ? (
          <Button
            size="small"
            aria-controls={listId}
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? COLLAPSE : EXPAND}
          </Button>
        ) : null}
      </Box>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {NO_NOTIFICATIONS}
        </Typography>
      ) : (
        <List id={listId} disablePadding>
          {shown.map((n) => {
            const isOpen = open === n.id;
            return (
              <Box component="li" key={n.id} sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider' }}>
                <ListItemButton
                  aria-expanded={isOpen}
                  onClick={() => setOpen(isOpen ? null : n.id)}
                  sx={{ display: 'block', py: 1.25 }}
                >
                  <Typography variant="caption" color="text.secondary" component="p">
                    {sentTime(n)}
                  </Typography>
                  {!isOpen ? (
                    <Typography variant="body2" noWrap>
                      {n.message}
                    </Typography>
                  ) : null}
                </ListItemButton>
                <Collapse in={isOpen} unmountOnExit>
                  <Typography variant="body2" sx={{ px: 2, pb: 1.5, whiteSpace: 'pre-wrap' }}>
                    {n.message}
                  </Typography>
                </Collapse>
              </Box>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
