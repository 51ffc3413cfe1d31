// Lessons' rules and limits without their schemas (lessons.ts and lesson-filters.ts re-export
// them): what the web app's pages use, so a page showing lessons does not download zod.

/**
 * Whether a user acts on a lesson (starts, ends, marks, renames it): anyone whose role allows it,
 * but of teachers, on a covered lesson, only its substitute (docs/decisions/031).
 */
export const actsOnLesson = (
  user: { user_id: string; role: string },
  lesson: { substitute_teacher_id: string | null },
) =>
  user.role !== 'teacher' ||
  !lesson.substitute_teacher_id ||
  lesson.substitute_teacher_id === user.user_id;

/** At most this many lessons in one week's grid; `more` says some were left out. */
export const WEEK_LESSON_LIMIT = 300;
