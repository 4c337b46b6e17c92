// /Unauthorized (spec 02 §2.13): says access may need a sign-out and sign-in, with a Sign Out button.
import { useAuth } from 'react-oidc-context';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useAuthStore } from '../../lib/session/auth-store.ts';

/** The Unauthorized page. */
export default function UnauthorizedPage() {
  const auth = useAuth();
  const signOut = () => {
    useAuthStore.getState().setToken(null);
    void auth.signoutRedirect();
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <LockOutlined color="action" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h5" component="h1" gutterBottom>
          Unauthorized
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You don't have access to this page. If your access was changed recently, you may need to sign out
          and sign in again.
        </Typography>
        <Button variant="contained" onClick={signOut}>
          Sign Out
        </Button>
      </Paper>
    </Box>
  );
}
