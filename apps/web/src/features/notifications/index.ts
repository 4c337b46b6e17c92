// The notifications feature's public edge (issue 15): My Notifications (/Notifications) and the top bar's bell, each
// loaded lazily by the app (routes.tsx, app/layout/notification-bell.tsx).
export type { BellMenuProps } from './components/bell-menu.tsx';
