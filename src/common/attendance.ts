// Attendance: each student's status in a lesson, a class's grid and a student's own record.
import { z } from 'zod';

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent'] as const;
export type AttendanceStatusDto = (typeof ATTENDANCE_STATUSES)[number];

/** One student in one lesson: what the video provider reported, and the status that counts. */
export const attendanceEntrySchema = z.object({
  student_id: z.string(),
  full_name: z.string(),
  /** When the student left the class; null while they are in it. */
  left_at: z.string().nullable(),
  first_join: z.string().nullable(),
  last_leave: z.string().nullable(),
  minutes: z.number(),
  /** From the provider's joins and leaves; null before the lesson has begun. */
  reported_status: z.enum(ATTENDANCE_STATUSES).nullable(),
  /** The correction when there is one, else the reported status. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  corrected: z.boolean(),
  corrected_by: z.string().nullable(),
});
export type AttendanceEntryDto = z.infer<typeof attendanceEntrySchema>;

export const lessonAttendanceSchema = z.object({
  schedule_id: z.string(),
  topic: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  lesson_status: z.string(),
  /** When the lesson was ended, if before its end time: the rule is measured up to then. */
  ended_early_at: z.string().nullable(),
  present_percent: z.number(),
  late_minutes: z.number(),
  students: z.array(attendanceEntrySchema),
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
       * One per lesson, in the lessons' order (null: the lesson has not begun, or the student was
       * not in the class for it).
       */
      statuses: z.array(z.enum(ATTENDANCE_STATUSES).nullable()),
      /** One per lesson: whether the student was in the class for it (enrolled, not yet left). */
      enrolled: z.array(z.boolean()),
      /** Present or late, over the lessons that have begun while in the class; null when none has. */
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
        }),
      ),
      rate: z.number().nullable(),
    }),
  ),
  /** Over every class's lessons that have begun; null when none has. */
  rate: z.number().nullable(),
});
export type StudentAttendanceDto = z.infer<typeof studentAttendanceSchema>;
/** The signed-in student's own (GET /api/attendance/me). */
export const myAttendanceSchema = studentAttendanceSchema;
export type MyAttendanceDto = StudentAttendanceDto;
