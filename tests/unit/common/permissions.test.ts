import { describe, expect, test } from 'vitest';
import {
  canCreateRole,
  canDeleteLesson,
  canManageRole,
  hasPermission,
  type Permission,
  ROLE_PERMISSIONS,
  rolesWith,
  takesPartInMeetings,
} from '#common/permissions.ts';

describe('the permission table of product.md §6', () => {
  test("holds the specification's rows, plus the view and end permissions its rules name", () => {
    // product.md's (and the specification's) table, as written there.
    const row = (text: string) => text.split(', ') as Permission[];
    const spec = {
      admin: row(
        'manage_all, manage_zoom_accounts, create_staff, create_teacher, create_student, create_class, create_schedule, update_schedule_topic, view_class_students, start_meeting, join_meeting',
      ),
      staff: row(
        'create_teacher, create_student, create_class, create_schedule, view_class_students',
      ),
      teacher: row('update_schedule_topic, view_class_students, start_meeting, join_meeting'),
      student: row('join_meeting, view_schedules'),
    };
    for (const [role, permissions] of Object.entries(spec)) {
      expect(ROLE_PERMISSIONS[role as keyof typeof spec]).toEqual(
        expect.arrayContaining([...permissions]),
      );
    }
    // The start rule of §6 lets staff start lessons (docs/decisions/009).
    expect(ROLE_PERMISSIONS.staff).toEqual([
      ...spec.staff,
      'start_meeting',
      'view_zoom_accounts',
      'view_schedule_list',
      // The center's rooms (docs/decisions/019).
      'manage_rooms',
      'mark_attendance',
      'manage_closed_days',
      // Tuition (docs/decisions/028): staff see and take money, never set plans or undo entries.
      'view_tuition',
      'record_payments',
      'issue_invoices',
      // Make-up lessons (docs/decisions/032): staff book any student's credit.
      'book_makeups',
      // Families (docs/decisions/036): staff add parents and link them to students.
      'manage_parents',
      // Lesson reports (docs/decisions/037): staff write, correct and chase them.
      'write_lesson_reports',
      'view_lesson_reports',
      // Materials (docs/decisions/038): staff attach to any class and delete any material.
      'manage_materials',
    ]);
    expect(ROLE_PERMISSIONS.teacher).toEqual([
      ...spec.teacher,
      'view_schedule_list',
      'end_lesson',
      'mark_attendance',
      // Teachers' pay (docs/decisions/033): a teacher reads their own statements.
      'view_own_pay',
      // Lesson reports (docs/decisions/037): a teacher writes those of the lessons they taught.
      'write_lesson_reports',
      'view_lesson_reports',
      // Materials (docs/decisions/038): their classes' and the lessons they cover; the Library.
      'manage_materials',
      'view_library',
    ]);
    expect(ROLE_PERMISSIONS.student).toEqual([
      ...spec.student,
      'view_lesson_reports',
      'view_library',
    ]);
    // A parent follows their own children and holds nothing else (issue 29 point 1): of lesson
    // reports, their children's (docs/decisions/037); of materials, their children's classes'.
    expect(ROLE_PERMISSIONS.parent).toEqual([
      'view_own_children',
      'view_lesson_reports',
      'view_library',
    ]);
    expect(rolesWith('write_lesson_reports')).toEqual(['admin', 'staff', 'teacher']);
    expect(rolesWith('view_lesson_reports')).toEqual([
      'admin',
      'staff',
      'teacher',
      'student',
      'parent',
    ]);
    expect(rolesWith('manage_materials')).toEqual(['admin', 'staff', 'teacher']);
    expect(rolesWith('view_library')).toEqual(['teacher', 'student', 'parent']);
    expect(rolesWith('manage_parents')).toEqual(['admin', 'staff']);
    expect(hasPermission('staff', 'manage_zoom_accounts')).toBe(false);
    expect(hasPermission('staff', 'end_lesson')).toBe(false);
    expect(rolesWith('view_zoom_accounts')).toEqual(['admin', 'staff']);
    expect(rolesWith('view_schedule_list')).toEqual(['admin', 'staff', 'teacher']);
    expect(rolesWith('manage_rooms')).toEqual(['admin', 'staff']);
    // Attendance by hand (docs/decisions/021): the class's teacher, admin and staff.
    expect(rolesWith('mark_attendance')).toEqual(['admin', 'staff', 'teacher']);
    // Admin and staff keep the calendar of closed days (issue 25 point 5).
    expect(rolesWith('manage_closed_days')).toEqual(['admin', 'staff']);
    // Money (issue 27): the admin sets plans and undoes entries; staff read and take payments;
    // teachers and students hold no money permission (a student reads only their own account).
    expect(rolesWith('manage_fee_plans')).toEqual(['admin']);
    expect(rolesWith('manage_ledger')).toEqual(['admin']);
    expect(rolesWith('view_tuition')).toEqual(['admin', 'staff']);
    expect(rolesWith('record_payments')).toEqual(['admin', 'staff']);
    expect(rolesWith('issue_invoices')).toEqual(['admin', 'staff']);
    // Teachers' pay (issue 28): the admin's; a teacher reads their own; staff nothing.
    expect(rolesWith('manage_teacher_pay')).toEqual(['admin']);
    expect(rolesWith('view_own_pay')).toEqual(['teacher']);
  });

  test('a lesson is deleted by who adds lessons; a completed one by admin only; a running one by no one', () => {
    expect(canDeleteLesson('staff', 'pending')).toBe(true);
    expect(canDeleteLesson('staff', 'completed')).toBe(false);
    expect(canDeleteLesson('admin', 'completed')).toBe(true);
    expect(canDeleteLesson('admin', 'active')).toBe(false);
    expect(canDeleteLesson('teacher', 'pending')).toBe(false);
    expect(canDeleteLesson('student', 'pending')).toBe(false);
  });

  test('admin creates any role; staff only teachers and students; others none', () => {
    expect(
      ['admin', 'staff', 'teacher', 'student'].every((r) => canCreateRole('admin', r as never)),
    ).toBe(true);
    expect(canCreateRole('staff', 'teacher')).toBe(true);
    expect(canCreateRole('staff', 'student')).toBe(true);
    expect(canCreateRole('staff', 'staff')).toBe(false);
    expect(canCreateRole('staff', 'admin')).toBe(false);
    expect(canCreateRole('teacher', 'student')).toBe(false);
    expect(canCreateRole('student', 'student')).toBe(false);
  });

  test('only admin manages staff accounts', () => {
    expect(canManageRole('admin', 'staff')).toBe(true);
    expect(canManageRole('staff', 'staff')).toBe(false);
    expect(canManageRole('staff', 'student')).toBe(true);
    expect(canManageRole('teacher', 'student')).toBe(false);
  });

  test('everyone but a parent takes part in meetings (docs/decisions/036)', () => {
    for (const role of ['admin', 'staff', 'teacher', 'student'] as const) {
      expect(takesPartInMeetings(role)).toBe(true);
    }
    expect(takesPartInMeetings('parent')).toBe(false);
  });
});
