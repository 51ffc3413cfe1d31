// Routes of product.md §2. The login page is in the first bundle; everything after sign-in loads
// lazily, so the login page downloads little.
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { RedirectIfSignedIn, RequireSession, RoleGate } from './guards.tsx';
import { type AppRouteName, appRoutes, paths } from './paths.ts';

const MainLayout = lazyPage('main-layout', () => import('./layout/main-layout.tsx'));
const MeetingPage = lazyPage('meeting-page', () => import('../features/meeting/meeting-page.tsx'));

const pages: Record<AppRouteName, LazyExoticComponent<ComponentType>> = {
  dashboard: lazyPage('dashboard-page', () => import('../features/dashboard/dashboard-page.tsx')),
  classes: lazyPage('classes-page', () => import('../features/classes/classes-page.tsx')),
  schedules: lazyPage('schedules-page', () => import('../features/schedules/schedules-page.tsx')),
  teachers: lazyPage('teachers-page', () => import('../features/users/teachers-page.tsx')),
  students: lazyPage('students-page', () => import('../features/users/students-page.tsx')),
  staffs: lazyPage('staffs-page', () => import('../features/users/staffs-page.tsx')),
  zoomAccounts: lazyPage(
    'zoom-accounts-page',
    () => import('../features/zoom/zoom-accounts-page.tsx'),
  ),
  settings: lazyPage('settings-page', () => import('../features/settings/settings-page.tsx')),
  library: lazyPage('library-page', () => import('../features/placeholders/library-page.tsx')),
  liveRoom: lazyPage('live-room-page', () => import('../features/placeholders/live-room-page.tsx')),
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
