// What a signed-in page needs on its first load, so the server can send it with the HTML
// (src/server/plugins/web-boot.ts, issue 31 point 4): on a phone on a slow network each thing the
// page would otherwise ask for after the one before (the theme, then the session, then the
// layout's and the page's scripts, then the page's data) is another round trip.
//
// The page modules are the ones src/web/app/router.tsx loads lazily for each path (a unit test
// holds the two together); the data are the requests the layout and each page make first, as
// the web app's api() calls them (its path after /api). A request listed here that the page no
// longer makes costs the server one read per page load and changes nothing else; one the page
// makes that is not listed is fetched by the browser as before.
import type { Role } from './constants.ts';

/** Read by every page before anything else (src/web/app/app.tsx, features/auth/api.ts). */
export const APP_FIRST_DATA = ['/themes/active', '/center-settings'] as const;

/** Read by the signed-in layout on every page (the notifications bell). */
export const SIGNED_IN_FIRST_DATA = ['/notifications'] as const;

export interface PageFirstLoad {
  module: string;
  /** Requests the page makes first, whoever opens it. */
  data?: readonly string[];
  /** And those it makes first for one role only. */
  dataFor?: Partial<Record<Role, readonly string[]>>;
}

/** Each signed-in path: its page module under src/web, and the requests it makes first. */
export const PAGE_FIRST_LOAD: Record<string, PageFirstLoad> = {
  // A student's or teacher's lessons; a parent's dashboard lists the children first.
  '/dashboard': {
    module: 'features/dashboard/dashboard-page.tsx',
    data: ['/dashboard'],
    dataFor: { parent: ['/family/children'] },
  },
  // "My Classes" for a teacher or student, the class list for the staff.
  '/classes': {
    module: 'features/classes/classes-page.tsx',
    data: ['/classes?page=1&sort=-created_at'],
  },
  '/schedules': { module: 'features/schedules/schedules-page.tsx' },
  '/teachers': { module: 'features/users/teachers-page.tsx' },
  '/students': { module: 'features/users/students-page.tsx' },
  '/parents': { module: 'features/users/parents-page.tsx' },
  '/staffs': { module: 'features/users/staffs-page.tsx' },
  '/zoom-accounts': { module: 'features/providers/zoom/zoom-accounts-page.tsx' },
  '/settings': { module: 'features/settings/settings-page.tsx' },
  '/rooms': { module: 'features/rooms/rooms-page.tsx' },
  '/attendance': { module: 'features/attendance/my-attendance-page.tsx' },
  '/closed-days': { module: 'features/closed-days/closed-days-page.tsx' },
  '/children': { module: 'features/family/children-page.tsx', data: ['/family/children'] },
  '/tuition': { module: 'features/tuition/tuition-page.tsx' },
  '/bank-transfers': { module: 'features/bank/bank-page.tsx' },
  '/debts': { module: 'features/debts/debts-page.tsx' },
  '/teacher-pay': { module: 'features/teacher-pay/teacher-pay-page.tsx' },
  '/my-pay': { module: 'features/teacher-pay/my-pay-page.tsx' },
  '/lesson-reports': { module: 'features/lesson-reports/lesson-reports-page.tsx' },
  '/library': { module: 'features/materials/library-page.tsx' },
  '/live-room': { module: 'features/placeholders/live-room-page.tsx' },
  '/audit': { module: 'features/audit/audit-page.tsx' },
};

/** The signed-in layout and the after-sign-in texts: every page above loads both. */
export const SIGNED_IN_MODULES = ['app/layout/main-layout.tsx', 'i18n/after-sign-in.ts'] as const;
