// The impersonation banner (spec 03 §2.14): shown while the session carries an acting-user claim.
import { useAuth } from 'react-oidc-context';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAuthStore } from '../../lib/session/auth-store.ts';
import { IMPERSONATION_REFERRER_KEY, actingUserOf, endImpersonationUrl } from './impersonation.ts';

/** Height of the banner in px; the layout's top padding grows by this much. */
export const IMPERSONATION_BANNER_HEIGHT = 48;

/** True when the signed-in session is an impersonation. */
export function useIsImpersonating(): boolean {
  const auth = useAuth();
  return actingUserOf(auth.user?.profile) !== null;
}

export interface ImpersonationBannerProps {
  /** Navigates the browser away; defaults to a full-page navigation. */
  navigateTo?: (url: string) => void;
}

/** Banner naming the impersonated user, with 'End Impersonation'. */
export function ImpersonationBanner({
  navigateTo = (url) => window.location.assign(url),
}: ImpersonationBannerProps) {
  const auth = useAuth();
  const profile = auth.user?.profile;
  const actor = actingUserOf(profile);
  if (!actor || !profile) return null;
  const who = profile.name ?? profile.email ?? profile.sub;

  // Signs out locally only: the administrator's own session at the identity provider stays.
  const end = async () => {
    const target = endImpersonationUrl(sessionStorage.getItem(IMPERSONATION_REFERRER_KEY), profile.sub);
    sessionStorage.removeItem(IMPERSONATION_REFERRER_KEY);
    useAuthStore.getState().setToken(null);
    await auth.removeUser();
    navigateTo(target);
  };

  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      sx={{ height: IMPERSONATION_BANNER_HEIGHT, alignItems: 'center', py: 0 }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={() => void end()}>
          End Impersonation
        </Button>
      }
    >
      You are signed in as {who}
      {actor.name ? ` (impersonated by ${actor.name})` : ''}.
    </Alert>
  );
}
