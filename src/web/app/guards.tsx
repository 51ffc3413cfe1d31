// Who sees what: signed-out visitors go to /login, a pending password change comes first, and a
// role that types a URL it may not open sees the access-denied panel.
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '../components/access-denied.tsx';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { useSession } from '../features/auth/api.ts';
import { t } from '../i18n/index.ts';
import { useRealtime } from '../lib/realtime.ts';
import { type AppRoute, paths } from './paths.ts';

const FirstPasswordChangePage = lazy(
  () => import('../features/auth/first-password-change-page.tsx'),
);

export function RequireSession({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useRealtime(Boolean(session.data));
  if (session.isPending) return <FullScreenLoader />;
  if (!session.data) {
    return (
      <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />
    );
  }
  if (session.data.mustChangePassword) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <FirstPasswordChangePage />
      </Suspense>
    );
  }
  return <>{children ?? <Outlet />}</>;
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

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullScreenLoader />;
  if (session.data) return <Navigate to={afterSignInPath(location.state)} replace />;
  return <>{children}</>;
}
