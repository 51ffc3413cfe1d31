// Providers and start-up: the app renders only once the active theme and the center settings
// have loaded (product.md §2), then the router decides what to show.
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { FullScreenLoader } from '#web/components/full-screen-loader.tsx';
import { SESSION_KEY, writeCachedSession } from '#web/features/auth/api.ts';
import { useCenterSettings } from '#web/features/settings/api.ts';
import { useActiveTheme } from '#web/features/themes/api.ts';
import { buildMantineTheme, cssVariables } from '#web/features/themes/mantine-theme.ts';
import { t } from '#web/i18n/index.ts';
import { ApiError, isRefusal } from '#web/lib/api-client.ts';
import { forgetBootAnswers } from '#web/lib/boot.ts';
import { notifyError } from '#web/lib/notify.ts';
import { AppRoutes } from './router.tsx';

/**
 * The toasts' container (and its transitions) is not needed to sign in: it loads beside the login
 * page instead of in its first download. A toast raised before it arrives waits in the
 * notifications store and shows when it mounts.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Any request answered 401 means the session is over (expired, signed out elsewhere): the cached
 * profile goes and the guards send the user to /login, instead of a page of failed requests.
 */
function onUnauthenticated(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  forgetBootAnswers();
  writeCachedSession(null);
  queryClient.setQueryData(SESSION_KEY, null);
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onUnauthenticated }),
  mutationCache: new MutationCache({ onError: onUnauthenticated }),
  defaultOptions: {
    queries: {
      // Client errors (401, 403, 404…) will not change on a retry; network failures may.
      retry: (count, error) => count < 2 && !isRefusal(error),
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
  // Once both have answered (or failed), the app is up for good: a later refetch of a failed
  // query (which reads as "pending" again while it has no data) must not take it down.
  const [started, setStarted] = useState(false);
  const settled = !theme.isPending && !center.isPending;
  useEffect(() => {
    if (settled) setStarted(true);
  }, [settled]);
  const ready = started || settled;
  // The app goes on with the default name and logo; the failure is said, once, not swallowed (§8).
  const told = useRef(false);
  useEffect(() => {
    if (center.isError && !told.current) {
      told.current = true;
      notifyError(t('error.CENTER_LOAD_FAILED'));
    }
    if (center.isSuccess) told.current = false;
  }, [center.isError, center.isSuccess]);

  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={resolver}
      defaultColorScheme="light"
    >
      <Suspense fallback={null}>
        {/* Bottom left: over no control of a page's header (top right), of the chat panel (bottom
            right) or of a dialog's buttons (right-aligned), on a desktop and at 900 px. */}
        <Notifications position="bottom-left" limit={5} containerWidth={360} />
      </Suspense>
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
