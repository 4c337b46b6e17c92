// The signed-in shell: top bar, sidebar, customer banner, the admin roles' banner while alerts are held back by a
// database outage, and the current screen behind the route guard and the error boundary.
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { canVisitRoute, visibleSidebarEntries, type AccessSubject } from '@allclear/domain';
import { ErrorBoundary } from '../../components/error/error-boundary.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { BUILT_PATHS } from '../routes.tsx';
import { SIDEBAR_WIDTH } from '../theme.ts';
import { CustomerBanner } from './customer-banner.tsx';
import { ENVIRONMENT_STRIP_HEIGHT, currentEnvironment, environmentBadge } from './environment.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useShellData } from './use-shell-data.ts';
import { IMPERSONATION_BANNER_HEIGHT, useIsImpersonating } from '../auth/impersonation-banner.tsx';

const TOOLBAR_HEIGHT = 64;

// its own small chunk: the first download does not grow (bench web)
const AlertsHeldBanner = lazy(() => import('../../features/operations/components/alerts-held-banner.tsx'));

export interface AppLayoutProps {
  /** Environment name; defaults to the build's (VITE_ENVIRONMENT or Vite mode). */
  environment?: string;
}

/** The signed-in layout. */
export function AppLayout({ environment = currentEnvironment() }: AppLayoutProps) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  const { userQuery, user, subject, isAdmin, customer, hasAirQualitySensors } = useShellData();
  const badge = environmentBadge(environment);
  const impersonating = useIsImpersonating();
  // Top padding grows in non-production environments and for impersonated sessions (spec 03 §2.3).
  const topOffset =
    TOOLBAR_HEIGHT +
    (badge ? ENVIRONMENT_STRIP_HEIGHT : 0) +
    (impersonating ? IMPERSONATION_BANNER_HEIGHT : 0);

  const entries = useMemo(
    () => (subject ? visibleSidebarEntries(subject, { hasAirQualitySensors, builtPaths: BUILT_PATHS }) : []),
    [subject, hasAirQualitySensors],
  );

  if (userQuery.isPending) return <CenteredSpinner label="Loading your account" />;
  if (!user || !subject) {
    const unauthorised = userQuery.error instanceof ApiError && userQuery.error.status === 401;
    // A 401 has set needsLogin: the auth gate is already sending the user to sign in.
    if (unauthorised) return <CenteredSpinner label="Signing in again" />;
    return (
      <Box component="main" sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void userQuery.refetch()}>
              Retry
            </Button>
          }
        >
          Problem loading your account. Check internet connection.
        </Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (t) => t.zIndex.tooltip,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper' },
        }}
      >
        Skip to main content
      </Link>
      <TopBar
        environmentBadge={badge}
        showMenuButton={!isDesktop}
        userName={user.fullName || `${user.firstName} ${user.lastName}`}
        userEmail={user.email}
        declinesNotifications={user.declinesNotifications}
      />
      <Sidebar entries={entries} permanent={isDesktop} topOffset={topOffset} />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          pt: `${topOffset + 24}px`,
          px: { xs: 2, md: 4 },
          pb: 4,
          width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` },
          outline: 'none',
        }}
      >
        <CustomerBanner banner={customer?.banner} />
        {isAdmin && (
          <Suspense fallback={null}>
            <AlertsHeldBanner />
          </Suspense>
        )}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<CenteredSpinner label="Loading" inline />}>
            <RouteGuard subject={subject} pathname={pathname}>
              <Outlet />
            </RouteGuard>
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}

/** Sends the user to /Unauthorized when the route's access rule fails (spec 02 §2.1, spec 03 §6). */
function RouteGuard({
  subject,
  pathname,
  children,
}: {
  subject: AccessSubject;
  pathname: string;
  children: ReactNode;
}) {
  if (!canVisitRoute(subject, pathname)) return <Navigate to="/Unauthorized" replace />;
  return <>{children}</>;
}

function CenteredSpinner({ label, inline = false }: { label: string; inline?: boolean }) {
  return (
    <Box
      component={inline ? 'div' : 'main'}
      role="status"
      sx={{ display: 'grid', placeItems: 'center', minHeight: inline ? 200 : '100vh' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
