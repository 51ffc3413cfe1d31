// Attendance: each student's status in a lesson, a class's grid and a student's own record, and
// which lessons may be marked by hand (docs/decisions/021-attendance-by-hand.md).
import { z } from 'zod';
import { ATTENDANCE_STATUSES, REPORTED_STATUSES } from './attendance-rules.ts';

export {
  ATTENDANCE_STATUSES,
  type AttendanceStatusDto,
  canMarkLesson,
  isMarkableStatus,
  lessonHasBegun,
  MARKABLE_LESSON_STATUSES,
  REPORTED_STATUSES,
} from './attendance-rules.ts';

/** One student in one lesson: what the video provider reported, and the status that counts. */
export const attendanceEntrySchema = z.object({
  student_id: z.string(),
  full_name: z.string(),
  /** When the student left the class; null while they are in it. */
  left_at: z.string().nullable(),
  first_join: z.string().nullable(),
  last_leave: z.string().nullable(),
  minutes: z.number(),
  /**
   * From the provider's joins and leaves; null when it reported nothing (the lesson has not begun
   * on a provider that reports who joins: never started, or held in a room).
   */
  reported_status: z.enum(REPORTED_STATUSES).nullable(),
  /** The mark by hand when there is one, else the reported status. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  /** Whether `status` is a mark by hand (it wins over the report). */
  by_hand: z.boolean(),
  /** Who marked it (their name), when by hand. */
  marked_by: z.string().nullable(),
  /** A make-up visitor from another class, in this lesson only (docs/decisions/032). */
  visitor: z.boolean().optional(),
});
export type AttendanceEntryDto = z.infer<typeof attendanceEntrySchema>;

export const PROVIDER_REPORT_STATES = ['pending', 'done', 'unavailable', 'failed'] as const;
export type ProviderReportState = (typeof PROVIDER_REPORT_STATES)[number];

export const lessonAttendanceSchema = z.object({
  schedule_id: z.string(),
  topic: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  lesson_status: z.string(),
  /** Whether its attendance may be marked now (canMarkLesson by the server's clock). */
  markable: z.boolean(),
  /** When the lesson was ended, if before its end time: the rule is measured up to then. */
  ended_early_at: z.string().nullable(),
  present_percent: z.number(),
  late_minutes: z.number(),
  students: z.array(attendanceEntrySchema),
  /**
   * Where reconciling with the provider's participants report stands (docs/decisions/035):
   * pending, done (at `reconciled_at`), unavailable (the account's plan has no reports: attendance
   * stays on webhooks) or failed; null for a lesson whose report is not read.
   */
  provider_report: z
    .object({
      state: z.enum(PROVIDER_REPORT_STATES),
      reconciled_at: z.string().nullable(),
    })
    .nullable(),
});
export type LessonAttendanceDto = z.infer<typeof lessonAttendanceSchema>;

export const classAttendanceSchema = z.object({
  lessons: z.array(
    z.object({ schedule_id: z.string(), topic: z.string(), start_time: z.string() }),
  ),
  students: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      /** When the student left the class (kept in the grid, marked as left); null while in it. */
      left_at: z.string().nullable(),
      /**
       * One per lesson, in the lessons' order (null: nothing reported nor marked, or the student
       * was not in the class for it).
       */
      statuses: z.array(z.enum(ATTENDANCE_STATUSES).nullable()),
      /** One per lesson: whether the student was in the class for it (enrolled, not yet left). */
      enrolled: z.array(z.boolean()),
      /**
       * Present or late, over the lessons with a status while in the class, excused ones left out;
       * null when there are none.
       */
      rate: z.number().nullable(),
    }),
  ),
});
export type ClassAttendanceDto = z.infer<typeof classAttendanceSchema>;

/**
 * A student's attendance across their classes (their own page, and admin/staff from the student's
 * details): the classes they are in and those they left, each with the lessons they were in the
 * class for.
 */
export const studentAttendanceSchema = z.object({
  classes: z.array(
    z.object({
      class_id: z.string(),
      class_name: z.string(),
      /** When the student left the class; null while they are in it. */
      left_at: z.string().nullable(),
      lessons: z.array(
        z.object({
          schedule_id: z.string(),
          topic: z.string(),
          start_time: z.string(),
          status: z.enum(ATTENDANCE_STATUSES).nullable(),
          minutes: z.number(),
          /** Whether the status was marked by hand. */
          by_hand: z.boolean(),
        }),
      ),
      rate: z.number().nullable(),
    }),
  ),
  /** Over every class's lessons with a status (excused left out); null when there are none. */
  rate: z.number().nullable(),
});
export type StudentAttendanceDto = z.infer<typeof studentAttendanceSchema>;
/** The signed-in student's own (GET /api/attendance/me). */
export const myAttendanceSchema = studentAttendanceSchema;
export type MyAttendanceDto = StudentAttendanceDto;
