// Who teaches a lesson, wherever the teacher's name is shown: a covered lesson names its
// substitute as "Dạy thay: <name>" (docs/decisions/031), any other its class's teacher.
import type { LessonDto } from '#common/lessons.ts';
import { t } from '#web/i18n/index.ts';

/** The lesson's teacher as lists show it; null when the class has none. */
export function lessonTeacherText(lesson: LessonDto): string | null {
  if (lesson.substitute_name) return t('substitutes.covers', { name: lesson.substitute_name });
  return lesson.class.teacher?.full_name ?? null;
}
