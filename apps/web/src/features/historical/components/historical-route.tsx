// /Historical/{weatherStationId}/{imageUrl?} outside the sign-in gate (spec 03 §2.1, §6 'Public ... station page: no
// sign-in'): a visitor with a session calls with its token (the page offers Back and the exports), one without is
// anonymous (the 'Powered by' view, where the server allows it). Its own lazily loaded chunk.
import { useEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useAuthStore } from '../../../lib/session/auth-store.ts';
import { HistoricalPage } from './historical-page.tsx';
import { NO_ACCESS } from './historical-texts.ts';

export default function HistoricalRoute() {
  const auth = useAuth();
  const setToken = useAuthStore((s) => s.setToken);
  const { weatherStationId, imageUrl } = useParams();
  const [ready, setReady] = useState(false);
  const token = auth.isAuthenticated ? (auth.user?.access_token ?? null) : null;

  useEffect(() => {
    if (auth.isLoading) return;
    setToken(token);
    setReady(true);
  }, [auth.isLoading, token, setToken]);

  const id = Number(weatherStationId);
  if (!ready)
    return (
      <Box
        component="main"
        role="status"
        aria-live="polite"
        sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}
      >
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (!Number.isInteger(id) || id <= 0)
    return (
      <Box component="main" sx={{ p: 4 }}>
        {NO_ACCESS}
      </Box>
    );
  return (
    <HistoricalPage
      stationId={id}
      imageUrl={imageUrl ? safeImageUrl(imageUrl) : null}
      signedIn={token !== null}
    />
  );
}

/** The route's image URL when it is one of ours (a path on this origin), else none. */
function safeImageUrl(value: string): string | null {
  const decoded = (() => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  })();
  return decoded.startsWith('/api/') ? decoded : null;
}
