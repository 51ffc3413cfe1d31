// Routes of SPEC.md §2. The login page is in the first bundle; everything after sign-in loads
// lazily, so the login page downloads little.
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RedirectIfSignedIn, RequireSession, RoleGate } from './guards.tsx';
import { type AppRouteName, appRoutes, paths } from './paths.ts';

const MainLayout = lazy(() => import('./layout/main-layout.tsx'));
const MeetingPage = lazy(() => import('../features/meeting/meeting-page.tsx'));

const pages: Record<AppRouteName, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../features/dashboard/dashboard-page.tsx')),
  classes: lazy(() => import('../features/classes/classes-page.tsx')),
  schedules: lazy(() => import('../features/schedules/schedules-page.tsx')),
  teachers: lazy(() => import('../features/users/teachers-page.tsx')),
  students: lazy(() => import('../features/users/students-page.tsx')),
  staffs: lazy(() => import('../features/users/staffs-page.tsx')),
  zoomAccounts: lazy(() => import('../features/zoom/zoom-accounts-page.tsx')),
  settings: lazy(() => import('../features/settings/settings-page.tsx')),
  library: lazy(() => import('../features/placeholders/library-page.tsx')),
  liveRoom: lazy(() => import('../features/placeholders/live-room-page.tsx')),
};

const suspended = (element: React.ReactNode) => (
  <Suspense fallback={<FullScreenLoader />}>{element}</Suspense>
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
                element={
                  <RoleGate route={appRoutes[name]}>
                    <Suspense fallback={<FullScreenLoader />}>
                      <Page />
                    </Suspense>
                  </RoleGate>
                }
              />
            );
          })}
        </Route>
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </BrowserRouter>
  );
}
