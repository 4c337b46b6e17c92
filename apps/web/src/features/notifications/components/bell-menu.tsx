// The top bar's notification bell (spec 03 §2.3), loaded lazily by the shell: a menu of the last 3 notifications of
// the past 7 days with a View All link to /Notifications ('No recent notifications.' when none); red, with a
// 'Notifications Disabled' link to /NotificationSettings, when the user declines notifications. It listens to the
// notification stream, so a notification sent to the user shows at once, without a reload.
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import NotificationsOff from '@mui/icons-material/NotificationsOffOutlined';
import { BELL_NOTIFICATION_COUNT } from '@allclear/domain';
import { useNotificationHistory } from '../api/get-notification-history.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { sentTime } from './notification-time.ts';
import { BELL_EMPTY, BELL_VIEW_ALL, NOTIFICATIONS_DISABLED } from './notification-texts.ts';

export interface BellMenuProps {
  /** The user declines notifications (GET user/current). */
  declines: boolean;
}

/** The bell with its menu. */
export default function BellMenu({ declines }: BellMenuProps) {
  useNotificationStream();
  const history = useNotificationHistory(BELL_NOTIFICATION_COUNT);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const items = history.data ?? [];
  // what arrived since the menu was last opened
  const [seenNewest, setSeenNewest] = useState<number | null>(null);
  const newest = items[0]?.id ?? null;
  const unseen = newest !== null && seenNewest !== null && newest !== seenNewest;
  if (seenNewest === null && history.isSuccess) setSeenNewest(newest ?? 0);

  const open = (el: HTMLElement) => {
    setAnchor(el);
    setSeenNewest(newest ?? 0);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {declines ? (
        <Link
          component={RouterLink}
          to="/NotificationSettings"
          variant="body2"
          color="error"
          underline="hover"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}
        >
          {NOTIFICATIONS_DISABLED}
        </Link>
      ) : null}
      <Tooltip title="Notifications">
        <IconButton
          id={buttonId}
          aria-label={
            declines
              ? `Notifications (disabled)${unseen ? ', new notifications' : ''}`
              : `Notifications${unseen ? ', new notifications' : ''}`
          }
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => open(e.currentTarget)}
          sx={declines ? { color: 'error.main' } : undefined}
          data-state={declines ? 'disabled' : 'enabled'}
        >
          <Badge color="error" variant="dot" invisible={!unseen}>
            {declines ? <NotificationsOff /> : <NotificationsOutlined />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { width: 340, maxWidth: '90vw' } } }}
      >
        {declines ? (
          <MenuItem component={RouterLink} to="/NotificationSettings" onClick={() => setAnchor(null)}>
            <Typography color="error" variant="body2" sx={{ fontWeight: 600 }}>
              {NOTIFICATIONS_DISABLED}
            </Typography>
          </MenuItem>
        ) : null}
        {items.length === 0 ? (
          <MenuItem disabled>
            <Typography variant="body2">
              {history.isPending ? 'Loading notifications' : BELL_EMPTY}
            </Typography>
          </MenuItem>
        ) : (
          items.map((n) => (
            <MenuItem
              key={n.id}
              component={RouterLink}
              to="/Notifications"
              onClick={() => setAnchor(null)}
              sx={{ display: 'block', whiteSpace: 'normal' }}
            >
              <Typography
                variant="body2"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {n.message}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {sentTime(n)}
              </Typography>
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem component={RouterLink} to="/Notifications" onClick={() => setAnchor(null)}>
          <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
            {BELL_VIEW_ALL}
          </Typography>
        </MenuItem>
      </Menu>
    </Box>
  );
}
