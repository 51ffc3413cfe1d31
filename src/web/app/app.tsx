// Providers and start-up: the app renders only once the active theme and the center settings
// have loaded (SPEC.md §2), then the router decides what to show.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { useCenterSettings } from '../features/settings/api.ts';
import { useActiveTheme } from '../features/themes/api.ts';
import { buildMantineTheme, cssVariables } from '../features/themes/mantine-theme.ts';
import { ApiError } from '../lib/api-client.ts';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (401, 403, 404…) will not change on a retry; network failures may.
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: true,
      staleTime: 30_000,
    },
  },
});

/** Browser title '{center name} - Dashboard' and the logo as the browser icon. */
function useBranding(centerName: string | undefined, logoUrl: string | null | undefined) {
  useEffect(() => {
    if (centerName) document.title = `${centerName} - Dashboard`;
  }, [centerName]);
  useEffect(() => {
    const link = document.getElementById('app-favicon') as HTMLLinkElement | null;
    if (link) link.href = logoUrl || '/favicon.svg';
  }, [logoUrl]);
}

function ThemedApp() {
  const theme = useActiveTheme();
  const center = useCenterSettings();
  useBranding(center.data?.center_name, center.data?.logo_url);
  const mantineTheme = useMemo(() => buildMantineTheme(theme.data), [theme.data]);
  const resolver = useMemo(() => cssVariables(theme.data), [theme.data]);
  const ready = !theme.isPending && !center.isPending;

  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={resolver}
      defaultColorScheme="light"
    >
      <Notifications position="top-right" limit={5} />
      {ready ? <AppRoutes /> : <FullScreenLoader />}
    </MantineProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}
