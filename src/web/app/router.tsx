// Routes of product.md §2. The login page is in the first bundle; everything after sign-in loads
// lazily, so the login page downloads little.
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FullScreenLoader } from '#web/components/full-screen-loader.tsx';
import { RouteErrorBoundary } from '#web/components/route-error-boundary.tsx';
import { LoginPage } from '#web/features/auth/login-page.tsx';
import { lazyPage } from '#web/lib/lazy-page.ts';
import { RedirectIfSignedIn, RequireSession, RoleGate } from './guards.tsx';
import { type AppRouteName, appRoutes, paths } from './paths.ts';

const MainLayout = lazyPage('main-layout', () => import('./layout/main-layout.tsx'));
const MeetingPage = lazyPage(
  'meeting-page',
  () => import('#web/features/meeting/meeting-page.tsx'),
);

const pages: Record<AppRouteName, LazyExoticComponent<ComponentType>> = {
  dashboard: lazyPage('dashboard-page', () => import('#web/features/dashboard/dashboard-page.tsx')),
  classes: lazyPage('classes-page', () => import('#web/features/classes/classes-page.tsx')),
  schedules: lazyPage('schedules-page', () => import('#web/features/schedules/schedules-page.tsx')),
  teachers: lazyPage('teachers-page', () => import('#web/features/users/teachers-page.tsx')),
  students: lazyPage('students-page', () => import('#web/features/users/students-page.tsx')),
  staffs: lazyPage('staffs-page', () => import('#web/features/users/staffs-page.tsx')),
  zoomAccounts: lazyPage(
    'zoom-accounts-page',
    () => import('#web/features/zoom/zoom-accounts-page.tsx'),
  ),
  settings: lazyPage('settings-page', () => import('#web/features/settings/settings-page.tsx')),
  library: lazyPage('library-page', () => import('#web/features/placeholders/library-page.tsx')),
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

/** The route tree; declarative mode keeps the first download smaller than the data router. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={paths.login}
          element={
            <RedirectIfSignedIn>
              <LoginPage />
            </RedirectIfSignedIn>
          }
        />
        <Route path="/" element={<Navigate to={paths.dashboard} replace />} />
        <Route
          path={paths.meeting}
          element={<RequireSession>{suspended(<MeetingPage />)}</RequireSession>}
        />
        <Route element={<RequireSession>{suspended(<MainLayout />)}</RequireSession>}>
          {(Object.keys(appRoutes) as AppRouteName[]).map((name) => {
            const Page = pages[name];
            return (
              <Route
                key={name}
                path={appRoutes[name].path}
                element={<RoleGate route={appRoutes[name]}>{suspended(<Page />)}</RoleGate>}
              />
            );
          })}
        </Route>
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </BrowserRouter>
  );
}
