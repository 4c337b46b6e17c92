// The top bar's notification bell (spec 03 §2.3; issue 15): the menu, its history and its live stream are a chunk of
// their own (features/notifications), loaded once the shell shows, so the first download barely grows (bench web).
import { lazy, Suspense } from 'react';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';

const BellMenu = lazy(() => import('../../features/notifications/components/bell-menu.tsx'));

/** The bell; red with 'Notifications Disabled' when the user declines notifications. */
export function NotificationBell({ declines }: { declines: boolean }) {
  return (
    <Suspense
      fallback={
        <IconButton aria-label="Notifications" disabled>
          <NotificationsOutlined />
        </IconButton>
      }
    >
      <BellMenu declines={declines} />
    </Suspense>
  );
}
