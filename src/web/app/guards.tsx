// Who sees what: signed-out visitors go to /login, a pending password change comes first, and a
// role that types a URL it may not open sees the access-denied panel.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { AccessDenied } from '#web/components/access-denied.tsx';
import { FullScreenLoader } from '#web/components/full-screen-loader.tsx';
import { RouteErrorBoundary } from '#web/components/route-error-boundary.tsx';
import { useSession } from '#web/features/auth/api.ts';
import { t } from '#web/i18n/index.ts';
import { lazyPage } from '#web/lib/lazy-page.ts';
import { type AppRoute, paths } from './paths.ts';

const FirstPasswordChangePage = lazyPage(
  'first-password-change-page',
  () => import('#web/features/auth/first-password-change-page.tsx'),
);

/**
 * The profile could not be loaded and there is no cached one (product.md §8): the session is kept,
 * not dropped to /login, and the load is retried, by itself and on demand.
 */
function ProfileUnavailable({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  return (
    <Center h="100vh" p="md">
      <Stack align="center" maw={420} role="alert">
        <Text fw={700}>{t('session.unavailableTitle')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('session.unavailableText')}
        </Text>
        {retrying ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          <Button onClick={retry}>{t('common.retry')}</Button>
        )}
      </Stack>
    </Center>
  );
}

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  if (session.isPending) return <FullScreenLoader />;
  // Not a refusal (that is data: null), but no answer: keep the session and try again.
  if (session.isError && !session.data) {
    return (
      <ProfileUnavailable retry={() => void session.refetch()} retrying={session.isFetching} />
    );
  }
  if (!session.data) {
    return (
      <Redirect
        to={paths.login}
        replace
        state={{ from: pathname + (search ? `?${search}` : '') }}
      />
    );
  }
  if (session.data.mustChangePassword) {
    return (
      <RouteErrorBoundary>
        <Suspense fallback={<FullScreenLoader />}>
          <FirstPasswordChangePage />
        </Suspense>
      </RouteErrorBoundary>
    );
  }
  return <>{children}</>;
}

export function RoleGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const role = session.data?.user.role;
  if (!role || !route.roles.includes(role)) {
    return <AccessDenied message={route.deniedMessage ? t(route.deniedMessage) : undefined} />;
  }
  return <>{children}</>;
}

/** Where a signed-in user goes from /login: back to the page that sent them there, or home. */
export function afterSignInPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from?.startsWith('/') && from !== paths.login ? from : paths.dashboard;
}

/**
 * The login page for a visitor not signed in. While the session is still being asked for (no
 * profile kept in this browser: a signed-in one shows at once and is sent on), the form shows
 * rather than a loader: on a slow network the reply is a round trip the visitor need not wait for.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.data) return <Redirect to={afterSignInPath(window.history.state)} replace />;
  return <>{children}</>;
}
