// The role → permission table of product.md §6, shared by the server (which enforces it) and the
// web app (which only hides what a user cannot do).
import type { Role } from './constants.ts';

export const PERMISSIONS = [
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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: [
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
  ],
  staff: [
    'create_teacher',
    'create_student',
    'create_class',
    'create_schedule',
    'view_class_students',
  ],
  teacher: ['update_schedule_topic', 'view_class_students', 'start_meeting', 'join_meeting'],
  student: ['join_meeting', 'view_schedules'],
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Which roles a user of `creatorRole` may create (§6: admin any role, staff teacher or student). */
export function canCreateRole(creatorRole: Role, target: Role): boolean {
  if (creatorRole === 'admin') return true;
  if (target === 'staff') return hasPermission(creatorRole, 'create_staff');
  if (target === 'teacher') return hasPermission(creatorRole, 'create_teacher');
  if (target === 'student') return hasPermission(creatorRole, 'create_student');
  return false;
}

/**
 * Which roles' accounts a user may list, view and delete. Staff management (and admin accounts)
 * belong to admin only; teacher and student accounts to admin and staff.
 */
export function canManageRole(actorRole: Role, target: Role): boolean {
  if (actorRole === 'admin') return true;
  return canCreateRole(actorRole, target) && target !== 'admin' && target !== 'staff';
}
