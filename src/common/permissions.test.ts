import { describe, expect, test } from 'vitest';
import { canCreateRole, canManageRole, hasPermission, ROLE_PERMISSIONS } from './permissions.ts';

describe('the permission table of product.md §6', () => {
  test('matches the specification row by row', () => {
    expect(ROLE_PERMISSIONS.staff).toEqual([
      'create_teacher',
      'create_student',
      'create_class',
      'create_schedule',
      'view_class_students',
    ]);
    expect(ROLE_PERMISSIONS.teacher).toEqual([
      'update_schedule_topic',
      'view_class_students',
      'start_meeting',
      'join_meeting',
    ]);
    expect(ROLE_PERMISSIONS.student).toEqual(['join_meeting', 'view_schedules']);
    expect(ROLE_PERMISSIONS.admin).toHaveLength(11);
    expect(hasPermission('admin', 'manage_zoom_accounts')).toBe(true);
    expect(hasPermission('staff', 'manage_zoom_accounts')).toBe(false);
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
});
