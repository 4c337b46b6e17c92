// Sign-in states (spec 03 §2.14): loading; unauthenticated → redirect to the identity provider;
// authenticated → the app. A 401 anywhere (needsLogin) forces a fresh sign-in.
import { useEffect, useRef, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAuthStore } from '../../lib/session/auth-store.ts';
import { SIGN_IN_TIMEOUT_MS, type SignInState } from './oidc-config.ts';

export interface AuthGateProps {
  children: ReactNode;
  /** Called when sign-in stays loading for SIGN_IN_TIMEOUT_MS; defaults to a full reload of '/'. */
  onSignInTimeout?: () => void;
}

/** Renders children only for a signed-in user whose session has not been rejected by the API. */
export function AuthGate({ children, onSignInTimeout = () => window.location.assign('/') }: AuthGateProps) {
  const auth = useAuth();
  const location = useLocation();
  const needsLogin = useAuthStore((s) => s.needsLogin);
  const setToken = useAuthStore((s) => s.setToken);
  const storedToken = useAuthStore((s) => s.token);
  const redirecting = useRef(false);
  const accessToken = auth.user?.access_token;

  // Keep the API client's token in step with the session (first load, silent renew, sign-out).
  useEffect(() => {
    setToken(auth.isAuthenticated && accessToken ? accessToken : null);
  }, [auth.isAuthenticated, accessToken, setToken]);

  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const mustSignIn =
    !auth.isLoading && !auth.activeNavigator && !auth.error && (!auth.isAuthenticated || needsLogin);

  useEffect(() => {
    if (!mustSignIn || redirecting.current) return;
    redirecting.current = true;
    const state: SignInState = { returnTo };
    // After a 401 the stored session is stale: drop it so the identity provider is asked again.
    const start = needsLogin ? auth.removeUser() : Promise.resolve();
    void start
      .then(() => auth.signinRedirect({ state }))
      .catch(() => {
        redirecting.current = false;
      });
  }, [mustSignIn, needsLogin, returnTo, auth]);

  const waiting = auth.isLoading || mustSignIn || auth.activeNavigator !== undefined;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(onSignInTimeout, SIGN_IN_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, onSignInTimeout]);

  if (auth.error && !auth.isAuthenticated) {
    return (
      <Box component="main" sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          Sign-in failed: {auth.error.message}
        </Alert>
        <Button variant="contained" onClick={() => void auth.signinRedirect({ state: { returnTo } })}>
          Sign In Again
        </Button>
      </Box>
    );
  }

  // Children's queries start on mount: hold them until the API client carries a token of this session. A silent
  // renew only swaps the token under a mounted app (the old one stays valid until it expires), so it must not
  // unmount the screen: the map, an open form and the playback would all start again.
  if (waiting || !auth.isAuthenticated || !accessToken || storedToken === null) return <SigningIn />;
  return <>{children}</>;
}

/** The loading state while the session is read or the browser is on its way to the identity provider. */
export function SigningIn() {
  return (
    <Box
      component="main"
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-label="Signing in" />
      <Typography color="text.secondary">Signing in…</Typography>
    </Box>
  );
}
