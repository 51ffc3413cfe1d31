// Who may move, give away or cancel a lesson (lesson-change-menu.tsx, lesson-change-trigger.tsx).
import type { Role } from '#common/constants.ts';
import type { LessonDto } from '#common/lessons.ts';
import { hasPermission } from '#common/permissions.ts';

/** Whether the role may move or cancel the lesson: whoever adds lessons, while it is pending. */
export const mayChangeLesson = (role: Role, lesson: Pick<LessonDto, 'status'>) =>
  lesson.status === 'pending' && hasPermission(role, 'create_schedule');
