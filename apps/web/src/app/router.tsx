// The route table (spec 03 §2.1). React Router matches paths case-insensitively by default, so /callback also
// serves /Callback and /silentrenew also serves /SilentRenew.
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../components/error/error-screen.tsx';
import { AuthGate } from './auth/auth-gate.tsx';
import CallbackPage from './auth/callback-page.tsx';
import SilentRenewPage from './auth/silent-renew-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFound } from './layout/not-found.tsx';
import { SCREEN_ROUTES } from './routes.tsx';

const UnauthorizedPage = lazy(() => import('./auth/unauthorized-page.tsx'));
// the station historical page answers visitors without a session too (spec 03 §6): outside the sign-in gate
const HistoricalRoute = lazy(() => import('../features/historical/components/historical-route.tsx'));

/** The app's routes: the OIDC return pages and /Unauthorized outside sign-in, the screens inside it. */
export function buildRoutes(): RouteObject[] {
  return [
    { path: '/callback', element: <CallbackPage /> },
    { path: '/silentrenew', element: <SilentRenewPage /> },
    {
      path: '/Unauthorized',
      element: (
        <Suspense fallback={null}>
          <UnauthorizedPage />
        </Suspense>
      ),
    },
    {
      path: '/Historical/:weatherStationId/:imageUrl?',
      element: (
        <Suspense fallback={null}>
          <HistoricalRoute />
        </Suspense>
      ),
      errorElement: <ErrorScreen />,
    },
    {
      element: (
        <AuthGate>
          <AppLayout />
        </AuthGate>
      ),
      errorElement: <ErrorScreen />,
      children: [
        ...SCREEN_ROUTES.map(({ path, Screen }) => ({ path, element: <Screen /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}
