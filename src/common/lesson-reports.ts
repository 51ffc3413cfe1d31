// Lesson reports and homework (issue 29 point 2, docs/decisions/037-lesson-reports.md): after a
// lesson is held, whoever taught it (or admin, staff) writes what it covered, the homework and a
// short note per student. Students read the report and their own note, parents their children's.
import { z } from 'zod';
import { LESSON_STATUSES } from './constants.ts';
import { dateQuery } from './lesson-filters.ts';
import { REPORT_NOTE_MAX_LENGTH, REPORT_TEXT_MAX_LENGTH } from './lesson-report-rules.ts';
import { codes } from './messages.ts';
import { pageOf } from './page.ts';

export {
  isHeldLesson,
  LESSON_REPORTS_PAGE_SIZE,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_TEXT_MAX_LENGTH,
} from './lesson-report-rules.ts';

const reportText = z
  .string({ error: codes.LESSON_REPORT_COVERED_REQUIRED })
  .trim()
  .max(REPORT_TEXT_MAX_LENGTH, codes.LESSON_REPORT_TOO_LONG);

export const saveLessonReportInput = z.object({
  covered: reportText.min(1, codes.LESSON_REPORT_COVERED_REQUIRED),
  /** Optional: empty or left out means no homework. */
  homework: reportText.nullish(),
  /**
   * The notes, each for a student of the lesson; they replace the notes kept (a student left out,
   * or with an empty note, has none).
   */
  notes: z
    .array(
      z.object({
        student_id: z.string().min(1).max(100),
        note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, codes.LESSON_REPORT_TOO_LONG),
      }),
    )
    .max(500)
    .optional()
    .default([]),
});
export type SaveLessonReportInput = z.input<typeof saveLessonReportInput>;

export const lessonReportBodySchema = z.object({
  covered: z.string(),
  homework: z.string().nullable(),
  created_at: z.string(),
  written_by_name: z.string().nullable(),
  updated_at: z.string(),
  updated_by_name: z.string().nullable(),
});
export type LessonReportBodyDto = z.infer<typeof lessonReportBodySchema>;

/** A student and the note about them (null: none), as the viewer may see it. */
export const reportStudentSchema = z.object({
  student_id: z.string(),
  full_name: z.string(),
  note: z.string().nullable(),
});
export type ReportStudentDto = z.infer<typeof reportStudentSchema>;

export const reportLessonSchema = z.object({
  schedule_id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  topic: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(LESSON_STATUSES),
  /** Whoever taught it: the substitute when one covered it, else the class's teacher. */
  teacher_name: z.string().nullable(),
});

/** One lesson's report as the viewer may see it. */
export const lessonReportSchema = z.object({
  lesson: reportLessonSchema,
  held: z.boolean(),
  /** Whether the viewer may write or correct it now. */
  writable: z.boolean(),
  report: lessonReportBodySchema.nullable(),
  /**
   * Whose notes the viewer sees: every student of the lesson for who writes it; the student
   * themself; a parent's children in the lesson.
   */
  students: z.array(reportStudentSchema),
});
export type LessonReportDto = z.infer<typeof lessonReportSchema>;

export const LESSON_REPORT_STATES = ['missing', 'written', 'all'] as const;

export const lessonReportListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** Admin, staff and teacher: 'missing' (the default for admin and staff), 'written' or 'all'. */
  state: z.enum(LESSON_REPORT_STATES).optional(),
  class_id: z.uuid({ error: codes.VALIDATION }).optional(),
  teacher_id: z.uuid({ error: codes.VALIDATION }).optional(),
  /** YYYY-MM-DD in the center's zone, inclusive (the lesson's start). */
  from: dateQuery,
  to: dateQuery,
});
export type LessonReportListQuery = z.input<typeof lessonReportListQuery>;

export const lessonReportItemSchema = z.object({
  lesson: reportLessonSchema,
  report: lessonReportBodySchema.nullable(),
  /** A student's own note, a parent's children (with their notes); empty for the others. */
  students: z.array(reportStudentSchema),
});
export type LessonReportItemDto = z.infer<typeof lessonReportItemSchema>;

export const lessonReportListSchema = pageOf(lessonReportItemSchema);
export type LessonReportListDto = z.infer<typeof lessonReportListSchema>;
