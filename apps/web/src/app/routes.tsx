// The signed-in screens built so far (spec 03 §2.1). A later issue registers its screen here when it is built;
// the sidebar shows an entry only once its path is listed.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ScreenRoute {
  path: string;
  Screen: LazyExoticComponent<ComponentType>;
}

/** Screen routes inside the signed-in layout, lazy-loaded so the first download stays small. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: '/', Screen: lazy(() => import('../features/dashboard/components/dashboard-home.tsx')) },
  { path: '/LiveRadar', Screen: lazy(() => import('../features/radar/components/live-radar-page.tsx')) },
  { path: '/Broadcast', Screen: lazy(() => import('../features/broadcast/components/broadcast-page.tsx')) },
  { path: '/Users', Screen: lazy(() => import('../features/users/components/users-page.tsx')) },
  { path: '/Policies', Screen: lazy(() => import('../features/policies/components/policies-page.tsx')) },
  // on-site hardware and the PA message library (issue 16)
  { path: '/Hardware', Screen: lazy(() => import('../features/hardware/components/hardware-page.tsx')) },
  {
    path: '/PAStoredMessages',
    Screen: lazy(() => import('../features/pa-messages/components/stored-messages-page.tsx')),
  },
  // the caller's own account (issue 15)
  { path: '/Profile', Screen: lazy(() => import('../features/profile/components/profile-page.tsx')) },
  {
    path: '/NotificationSettings',
    Screen: lazy(() => import('../features/notification-settings/components/notification-settings-page.tsx')),
  },
  {
    path: '/Notifications',
    Screen: lazy(() => import('../features/notifications/components/notifications-page.tsx')),
  },
  {
    path: '/Consultation',
    Screen: lazy(() => import('../features/consultation/components/consultation-page.tsx')),
  },
  // the Air Quality page (issue 17; /Historical is the router's, outside the sign-in gate)
  {
    path: '/AirQuality',
    Screen: lazy(() => import('../features/air-quality/components/air-quality-page.tsx')),
  },
];

/** Paths of the registered screens, for visibleSidebarEntries and the avatar menu. */
export const BUILT_PATHS: readonly string[] = SCREEN_ROUTES.map((r) => r.path);

/** True when the path has a registered screen (case-insensitive, as routes match). */
export function isBuilt(path: string): boolean {
  return BUILT_PATHS.some((p) => p.toLowerCase() === path.toLowerCase());
}
