// A covered lesson's actions are its substitute's (docs/decisions/031): starting it, ending it,
// marking its attendance, renaming it. The class's own teacher still sees it, but is refused these
// with the substitute's name; admin and staff act as on any lesson.
import { actsOnLesson } from '#common/lessons.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';

export { actsOnLesson };

export interface CoveredLesson {
  substitute_teacher_id: string | null;
  substitute_name: string | null;
}

type Actor = Pick<SessionUser, 'user_id' | 'role'>;

/** Refuses a teacher other than the substitute an action on a covered lesson (403). */
export function refuseUnlessTeachesLesson(actor: Actor, lesson: CoveredLesson) {
  if (actsOnLesson(actor, lesson)) return;
  throw new AppError('LESSON_COVERED_BY_SUBSTITUTE', {
    params: { name: lesson.substitute_name ?? '' },
  });
}
