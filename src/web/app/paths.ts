// Every route of product.md §2 in one place: its path, the roles that may open it, and its menu
// label per role. Who may open a route comes from the permission table (#common/permissions.ts).
// The router, the menus and the access-denied panels all read this table.
import type { Role } from '#common/constants.ts';
import { rolesWith } from '#common/permissions.ts';
import type { MessageKey } from '#web/i18n/index.ts';

export interface AppRoute {
  path: string;
  roles: readonly Role[];
  /** Roles whose menu shows the entry (defaults to `roles`). */
  menuRoles?: readonly Role[];
  label: MessageKey;
  /** The label teachers and students see, where it differs ("My Classes"). */
  ownLabel?: MessageKey;
  deniedMessage?: MessageKey;
}

const ALL: readonly Role[] = ['admin', 'staff', 'teacher', 'student', 'parent'];

export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  meeting: '/meeting',
  dashboard: '/dashboard',
} as const;

export const appRoutes = {
  dashboard: { path: '/dashboard', roles: ALL, label: 'nav.dashboard' },
  classes: { path: '/classes', roles: ALL, label: 'nav.classes', ownLabel: 'nav.myClasses' },
  schedules: {
    path: '/schedules',
    roles: rolesWith('view_schedule_list'),
    label: 'nav.schedules',
    ownLabel: 'nav.mySchedules',
  },
  teachers: { path: '/teachers', roles: rolesWith('create_teacher'), label: 'nav.teachers' },
  // Admin and staff manage students here; a teacher sees their classes' students, read-only.
  students: {
    path: '/students',
    roles: rolesWith('view_class_students'),
    label: 'nav.students',
    deniedMessage: 'accessDenied.students',
  },
  // Parents (issue 29, docs/decisions/036): admin and staff find them, each with their children.
  // Opened from the Students page ('Phụ huynh'); not in the menu until the menus of issue 29 are
  // settled (tests/e2e/navigation.spec.ts lists them).
  parents: {
    path: '/parents',
    roles: rolesWith('manage_parents'),
    menuRoles: [],
    label: 'nav.parents',
  },
  staffs: {
    path: '/staffs',
    roles: rolesWith('create_staff'),
    label: 'nav.staffs',
    deniedMessage: 'accessDenied.staff',
  },
  // The video provider's pool of host accounts (the path and permission keep product.md's names).
  hostAccounts: {
    path: '/zoom-accounts',
    roles: rolesWith('view_zoom_accounts'),
    label: 'nav.hostAccounts',
  },
  settings: {
    path: '/settings',
    roles: rolesWith('manage_all'),
    label: 'nav.settings',
    deniedMessage: 'accessDenied.settings',
  },
  // The center's rooms (docs/decisions/019): admin opens it from Settings; staff, who cannot open
  // Settings, from the menu.
  rooms: {
    path: '/rooms',
    roles: rolesWith('manage_rooms'),
    menuRoles: rolesWith('manage_rooms').filter((role) => !rolesWith('manage_all').includes(role)),
    label: 'nav.rooms',
  },
  // A student's attendance across their classes (product.md, Deviations).
  myAttendance: {
    path: '/attendance',
    roles: rolesWith('view_schedules'),
    label: 'nav.myAttendance',
  },
  // The center's closed days: everyone reads them; the menu shows them to who keeps them.
  closedDays: {
    path: '/closed-days',
    roles: ALL,
    menuRoles: rolesWith('manage_closed_days'),
    label: 'nav.closedDays',
  },
  // A parent's children (issue 29): each child's lessons, attendance, classes and tuition.
  children: {
    path: '/children',
    roles: rolesWith('view_own_children'),
    label: 'nav.children',
  },
  // Tuition (issue 27): a student's own account; admin and staff find any student's; a parent
  // their children's (issue 29).
  tuition: {
    path: '/tuition',
    roles: [...rolesWith('view_tuition'), 'student', ...rolesWith('view_own_children')],
    label: 'nav.tuition',
  },
  // Matching bank transfers (issue 27): a statement imported, the transfers left unmatched.
  bank: {
    path: '/bank-transfers',
    roles: rolesWith('record_payments'),
    label: 'nav.bank',
  },
  // Who owes what, aged (issue 27): admin and staff; the month's summary is the admin's tab.
  debts: { path: '/debts', roles: rolesWith('view_tuition'), label: 'nav.debts' },
  // Teachers' pay (issue 28): the admin's page; a teacher reads their own statements.
  teacherPay: {
    path: '/teacher-pay',
    roles: rolesWith('manage_teacher_pay'),
    label: 'nav.teacherPay',
  },
  myPay: { path: '/my-pay', roles: rolesWith('view_own_pay'), label: 'nav.myPay' },
  // Lesson reports and homework (issue 29, docs/decisions/037): every role, each their own view.
  lessonReports: {
    path: '/lesson-reports',
    roles: rolesWith('view_lesson_reports'),
    label: 'nav.lessonReports',
  },
  // The Library (issue 29, docs/decisions/038): students, parents and teachers.
  library: { path: '/library', roles: rolesWith('view_library'), label: 'nav.library' },
  liveRoom: { path: '/live-room', roles: rolesWith('view_schedules'), label: 'nav.liveRoom' },
  // The audit log (issue 30): the admin's, reached from Settings → Security; no menu entry.
  audit: {
    path: '/audit',
    roles: rolesWith('view_audit_log'),
    menuRoles: [],
    label: 'nav.audit',
  },
} as const satisfies Record<string, AppRoute>;

export type AppRouteName = keyof typeof appRoutes;

/** Paths match without regard to case or a trailing slash ('/Classes/' opens Classes). */
export const samePath = (pathname: string, path: string) =>
  pathname.replace(/\/+$/, '').toLowerCase() === path.toLowerCase();

/** The page of the layout a pathname opens, if any. */
export function appRouteAt(pathname: string): AppRouteName | undefined {
  return (Object.keys(appRoutes) as AppRouteName[]).find((name) =>
    samePath(pathname, appRoutes[name].path),
  );
}

const MENU_ORDER: AppRouteName[] = [
  'dashboard',
  'children',
  'classes',
  'schedules',
  'teachers',
  'students',
  'parents',
  'staffs',
  'hostAccounts',
  'rooms',
  'closedDays',
  'myAttendance',
  'tuition',
  'debts',
  'bank',
  'teacherPay',
  'myPay',
  'lessonReports',
  'library',
  'liveRoom',
  'settings',
];

export function menuFor(role: Role): { path: string; label: MessageKey; name: AppRouteName }[] {
  return MENU_ORDER.map((name) => ({ name, route: appRoutes[name] as AppRoute }))
    .filter(({ route }) => (route.menuRoles ?? route.roles).includes(role))
    .map(({ name, route }) => ({
      name,
      path: route.path,
      label:
        route.ownLabel && (role === 'teacher' || role === 'student') ? route.ownLabel : route.label,
    }));
}
