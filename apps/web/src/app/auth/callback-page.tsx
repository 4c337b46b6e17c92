// /callback: the identity provider returns here. AuthProvider exchanges the code; this page decides where to go
// (spec 02 §2.1): with a profile, store the token, clear needsLogin and go to the saved path or '/';
// without one, /Unauthorized.
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../lib/session/auth-store.ts';
import { SigningIn } from './auth-gate.tsx';
import { returnPathFrom } from './oidc-config.ts';

/** Finishes sign-in and navigates away. */
export default function CallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (auth.isLoading || auth.activeNavigator) return;
    const user = auth.user;
    if (user?.profile && user.access_token) {
      const { setToken, setNeedsLogin } = useAuthStore.getState();
      setToken(user.access_token);
      setNeedsLogin(false);
      void navigate(returnPathFrom(user.state), { replace: true });
    } else {
      void navigate('/Unauthorized', { replace: true });
    }
  }, [auth.isLoading, auth.activeNavigator, auth.user, navigate]);

  return <SigningIn />;
}
