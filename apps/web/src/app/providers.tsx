// Theme, query cache and the toast around the app. The auth provider sits outside (main.tsx) so tests can
// supply their own auth context.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Toast } from '../components/toast/toast.tsx';
import { theme } from './theme.ts';

/** App-wide providers except authentication. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toast />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
