// Routes of product.md §2. The login page is in the first bundle; everything after sign-in loads
// lazily, so the login page downloads little.
import { type ComponentType, Suspense } from 'react';
import { Redirect, useLocation } from 'wouter';
import { FullScreenLoader } from '#web/components/full-screen-loader.tsx';
import { RouteErrorBoundary } from '#web/components/route-error-boundary.tsx';
import { useSession } from '#web/features/auth/api.ts';
import { LoginPage } from '#web/features/auth/login-page.tsx';
import { type LazyPage, lazyPage } from '#web/lib/lazy-page.ts';
import { RedirectIfSignedIn, RequireSession, RoleGate } from './guards.tsx';
import { type AppRouteName, appRouteAt, appRoutes, paths, samePath } from './paths.ts';

const MainLayout = lazyPage('main-layout', () => import('./layout/main-layout.tsx'));
// 'Quên mật khẩu?' and the reset link's page (docs/decisions/040): lazily, not in the login bundle.
const ForgotPasswordPage = lazyPage(
  'forgot-password-page',
  () => import('#web/features/email/forgot-password-page.tsx'),
);
const ResetPasswordPage = lazyPage(
  'reset-password-page',
  () => import('#web/features/email/reset-password-page.tsx'),
);
const MeetingPage = lazyPage(
  'meeting-page',
  () => import('#web/features/meeting/meeting-page.tsx'),
);

const pages: Record<AppRouteName, LazyPage<ComponentType>> = {
  dashboard: lazyPage('dashboard-page', () => import('#web/features/dashboard/dashboard-page.tsx')),
  classes: lazyPage('classes-page', () => import('#web/features/classes/classes-page.tsx')),
  schedules: lazyPage('schedules-page', () => import('#web/features/schedules/schedules-page.tsx')),
  teachers: lazyPage('teachers-page', () => import('#web/features/users/teachers-page.tsx')),
  students: lazyPage('students-page', () => import('#web/features/users/students-page.tsx')),
  parents: lazyPage('parents-page', () => import('#web/features/users/parents-page.tsx')),
  staffs: lazyPage('staffs-page', () => import('#web/features/users/staffs-page.tsx')),
  hostAccounts: lazyPage(
    'host-accounts-page',
    () => import('#web/features/providers/zoom/zoom-accounts-page.tsx'),
  ),
  settings: lazyPage('settings-page', () => import('#web/features/settings/settings-page.tsx')),
  rooms: lazyPage('rooms-page', () => import('#web/features/rooms/rooms-page.tsx')),
  closedDays: lazyPage(
    'closed-days-page',
    () => import('#web/features/closed-days/closed-days-page.tsx'),
  ),
  myAttendance: lazyPage(
    'my-attendance-page',
    () => import('#web/features/attendance/my-attendance-page.tsx'),
  ),
  children: lazyPage('children-page', () => import('#web/features/family/children-page.tsx')),
  tuition: lazyPage('tuition-page', () => import('#web/features/tuition/tuition-page.tsx')),
  bank: lazyPage('bank-page', () => import('#web/features/bank/bank-page.tsx')),
  debts: lazyPage('debts-page', () => import('#web/features/debts/debts-page.tsx')),
  teacherPay: lazyPage(
    'teacher-pay-page',
    () => import('#web/features/teacher-pay/teacher-pay-page.tsx'),
  ),
  myPay: lazyPage('my-pay-page', () => import('#web/features/teacher-pay/my-pay-page.tsx')),
  lessonReports: lazyPage(
    'lesson-reports-page',
    () => import('#web/features/lesson-reports/lesson-reports-page.tsx'),
  ),
  library: lazyPage('library-page', () => import('#web/features/materials/library-page.tsx')),
  audit: lazyPage('audit-page', () => import('#web/features/audit/audit-page.tsx')),
  liveRoom: lazyPage(
    'live-room-page',
    () => import('#web/features/placeholders/live-room-page.tsx'),
  ),
};

/** Loading shows the loader; a chunk that fails or a render error shows the boundary's panel. */
const suspended = (element: React.ReactNode) => (
  <RouteErrorBoundary>
    <Suspense fallback={<FullScreenLoader />}>{element}</Suspense>
  </RouteErrorBoundary>
);

/**
 * What the address opens. Every path is fixed (no parameters), so a route is a lookup: wouter
 * (2 KB) keeps the address, instead of React Router (12 KB of the login page's download). The
 * layout stays mounted from one of its pages to the next, as the tree above the page is the same.
 */
export function AppRoutes() {
  const [pathname] = useLocation();
  const session = useSession();
  if (samePath(pathname, paths.login)) {
    return (
      <RedirectIfSignedIn>
        <LoginPage />
      </RedirectIfSignedIn>
    );
  }
  if (samePath(pathname, paths.forgotPassword)) {
    return <RedirectIfSignedIn>{suspended(<ForgotPasswordPage />)}</RedirectIfSignedIn>;
  }
  if (samePath(pathname, paths.resetPassword)) return suspended(<ResetPasswordPage />);
  if (samePath(pathname, paths.meeting)) {
    return <RequireSession>{suspended(<MeetingPage />)}</RequireSession>;
  }
  const name = appRouteAt(pathname);
  if (!name) return <Redirect to={paths.dashboard} replace />;
  const Page = pages[name];
  // The layout's and the page's chunks load together, while the session is read: on a slow
  // network each would otherwise wait for the one before (session, then layout, then page). Not
  // for a visitor known to be signed out, who is on the way to the login page.
  if (session.data !== null) {
    MainLayout.preload();
    Page.preload();
  }
  return (
    <RequireSession>
      {suspended(
        <MainLayout>
          <RoleGate route={appRoutes[name]}>{suspended(<Page />)}</RoleGate>
        </MainLayout>,
      )}
    </RequireSession>
  );
}
