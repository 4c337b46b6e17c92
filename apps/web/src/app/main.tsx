// Entry point: the impersonation entry (before sign-in), else auth, providers and the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from 'react-oidc-context';
import { UserManager } from 'oidc-client-ts';
import { SigningIn } from './auth/auth-gate.tsx';
import { completeImpersonation, isImpersonationPath } from './auth/impersonation.ts';
import { buildOidcSettings } from './auth/oidc-config.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { buildRoutes } from './router.tsx';

const userManager = new UserManager(buildOidcSettings(window.location.origin, window.sessionStorage));
const queryClient = createQueryClient();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);

if (isImpersonationPath(window.location.pathname)) {
  // Spec 03 §2.14: handled before sign-in; a full load of '/' then starts the app with the stored user.
  root.render(
    <AppProviders queryClient={queryClient}>
      <SigningIn />
    </AppProviders>,
  );
  completeImpersonation(userManager, window.location, document.referrer, Math.floor(Date.now() / 1000)).then(
    () => window.location.replace('/'),
    () => window.location.replace('/Unauthorized'),
  );
} else {
  const router = createBrowserRouter(buildRoutes());
  root.render(
    <StrictMode>
      <AuthProvider userManager={userManager}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </AuthProvider>
    </StrictMode>,
  );
}
