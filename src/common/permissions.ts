// The role → permission table (docs/product.md §6), shared by the server (which enforces it) and
// the web app (which only hides what a user cannot do, and draws its menus from it). Every role
// check on either side reads this file; nothing else names roles to decide access.
import type { LessonStatus, Role } from './constants.ts';
import { hasHostedMeeting, type Venue } from './venue-ids.ts';

export const PERMISSIONS = [
  // The specification's permissions.
  'manage_all',
  'manage_zoom_accounts',
  'create_staff',
  'create_teacher',
  'create_student',
  'create_class',
  'create_schedule',
  'update_schedule_topic',
  'view_class_students',
  'start_meeting',
  'join_meeting',
  'view_schedules',
  // Ours: what the specification's rules say in words, made explicit.
  /** See the pool of host accounts (§6: admin and staff view it). */
  'view_zoom_accounts',
  /** Open the Schedules page: every lesson of the classes one may see. */
  'view_schedule_list',
  /** End a running lesson: whoever hosts lessons of the class, not staff (docs/product.md §6). */
  'end_lesson',
  /** Keep the center's rooms: add, rename, archive, delete an unused one (docs/decisions/019). */
  'manage_rooms',
  /** Mark attendance by hand: the class's teacher, admin and staff (docs/decisions/021). */
  'mark_attendance',
  /** Keep the center's calendar of closed days (holidays); everyone signed in reads it. */
  'manage_closed_days',
  // Tuition (issue 27, docs/decisions/028): money reaches only these.
  /** Set a class's fee plan (admin). */
  'manage_fee_plans',
  /** Read fee plans, every student's account and discounts (admin, staff). */
  'view_tuition',
  /** Record a payment to a student's account (admin, staff). */
  'record_payments',
  /** Make, edit and issue invoices, one or a month's run (admin, staff); voids are manage_ledger. */
  'issue_invoices',
  /** Discounts, refunds and reversals of ledger entries (admin). */
  'manage_ledger',
  // Teachers' pay (issue 28, docs/decisions/033): the admin's; a teacher reads their own.
  /** Set teachers' rates, read, adjust, approve and export every teacher's statements (admin). */
  'manage_teacher_pay',
  /** Read one's own pay statements (teacher). */
  'view_own_pay',
  /**
   * Book any student's make-up credit into a lesson of another class, or cancel the booking
   * (admin, staff); a student books their own only when the center allows it (docs/decisions/032).
   */
  'book_makeups',
  // Families (issue 29, docs/decisions/036): a parent sees their own children, nothing else.
  /** Follow one's own children: their classes, lessons, attendance, reports, invoices (parent). */
  'view_own_children',
  /** Link parents to students, add a parent's account (admin, staff). */
  'manage_parents',
  // Lesson reports and homework (issue 29, docs/decisions/037).
  /** Write and correct a held lesson's report (admin, staff; a teacher, the lessons they taught). */
  'write_lesson_reports',
  /** Read lesson reports: one's own lessons', one's children's, or all for who writes them. */
  'view_lesson_reports',
  // Materials (issue 29, docs/decisions/038): a teacher their classes' and the lessons they cover.
  /** Attach files and links to a class or a lesson; delete one's own (admin, staff: any). */
  'manage_materials',
  /** The Library page: the materials of the classes one sees (student, parent, teacher). */
  'view_library',
  // Backups (issue 30, docs/decisions/042): the whole center's data leaves in one file.
  /** Settings → System: run, download and schedule backups (admin). */
  'manage_backups',
  // The audit log (issue 30, docs/decisions/041): who changed what, when and from where.
  /** Read the audit log, a record's history, and export it (admin). */
  'view_audit_log',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  // Admin runs everything; the student's own view of lessons and a teacher's own pay are not theirs.
  admin: PERMISSIONS.filter(
    (permission) =>
      permission !== 'view_schedules' &&
      permission !== 'view_own_pay' &&
      permission !== 'view_own_children' &&
      permission !== 'view_library',
  ),
  // §6's table leaves start_meeting out for staff, but its start rule ("only teacher, admin and
  // staff can start") lets them in: the rule wins (docs/decisions/009).
  staff: [
    'create_teacher',
    'create_student',
    'create_class',
    'create_schedule',
    'view_class_students',
    'start_meeting',
    'view_zoom_accounts',
    'view_schedule_list',
    'manage_rooms',
    'mark_attendance',
    'manage_closed_days',
    'view_tuition',
    'record_payments',
    'issue_invoices',
    'book_makeups',
    'manage_parents',
    'write_lesson_reports',
    'view_lesson_reports',
    'manage_materials',
  ],
  teacher: [
    'update_schedule_topic',
    'view_class_students',
    'start_meeting',
    'join_meeting',
    'view_schedule_list',
    'end_lesson',
    'mark_attendance',
    'view_own_pay',
    'write_lesson_reports',
    'view_lesson_reports',
    'manage_materials',
    'view_library',
  ],
  student: ['join_meeting', 'view_schedules', 'view_lesson_reports', 'view_library'],
  parent: ['view_own_children', 'view_lesson_reports', 'view_library'],
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Whether a role takes part in lessons' meetings (hosts or joins them): not a parent, who follows a
 * child's lessons but never reaches a meeting's links (docs/decisions/036-parents.md).
 */
export const takesPartInMeetings = (role: Role): boolean =>
  hasPermission(role, 'join_meeting') || hasPermission(role, 'start_meeting');

/** The roles that hold a permission, for the web's route table. */
export function rolesWith(permission: Permission): Role[] {
  return (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) =>
    hasPermission(role, permission),
  );
}

/** Which roles a user of `creatorRole` may create (§6: admin any role, staff teacher or student). */
export function canCreateRole(creatorRole: Role, target: Role): boolean {
  if (creatorRole === 'admin') return true;
  if (target === 'staff') return hasPermission(creatorRole, 'create_staff');
  if (target === 'teacher') return hasPermission(creatorRole, 'create_teacher');
  if (target === 'student') return hasPermission(creatorRole, 'create_student');
  if (target === 'parent') return hasPermission(creatorRole, 'manage_parents');
  return false;
}

/** Whether a role creates accounts of any role (the import of accounts is for them). */
export function createsAccounts(creatorRole: Role): boolean {
  return (['staff', 'teacher', 'student', 'parent'] as const).some((target) =>
    canCreateRole(creatorRole, target),
  );
}

/**
 * Which roles' accounts a user may list, view and delete. Staff management (and admin accounts)
 * belong to admin only; teacher and student accounts to admin and staff.
 */
export function canManageRole(actorRole: Role, target: Role): boolean {
  if (actorRole === 'admin') return true;
  return canCreateRole(actorRole, target) && target !== 'admin' && target !== 'staff';
}

/**
 * Whose details (name, e-mail, phone) a user may correct (docs/decisions/026): the admin anyone's,
 * their own included; staff the accounts of the roles they may create and manage (teacher,
 * student), not their own (everyone corrects their own name in the profile, where the e-mail is
 * read-only). A role is the admin's alone to change.
 */
export function canCorrectPerson(actorRole: Role, targetRole: Role, isSelf: boolean): boolean {
  if (actorRole === 'admin') return true;
  return !isSelf && canManageRole(actorRole, targetRole) && canCreateRole(actorRole, targetRole);
}

/** Who changes a person's role: the admin (docs/decisions/026). */
export const canChangeRole = (actorRole: Role): boolean => hasPermission(actorRole, 'manage_all');

/**
 * Whether a running lesson may be ended by this role: whoever hosts lessons (end_lesson); for a
 * lesson with no hosted meeting to close (a room, a link), also whoever may start it
 * (docs/product.md, Deviations). The class's own teacher only: the server checks visibility.
 */
export function canEndLesson(role: Role, venue: Venue): boolean {
  if (hasPermission(role, 'end_lesson')) return true;
  return !hasHostedMeeting(venue) && hasPermission(role, 'start_meeting');
}

/**
 * Whether a lesson in this state may be deleted (§6): by whoever adds lessons, a completed one by
 * admin only, a running one by nobody (it is ended first: it holds a host account).
 */
export function canDeleteLesson(role: Role, status: LessonStatus): boolean {
  if (!hasPermission(role, 'create_schedule') || status === 'active') return false;
  return status !== 'completed' || hasPermission(role, 'manage_all');
}
